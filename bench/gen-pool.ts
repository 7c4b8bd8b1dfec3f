/**
 * A generated card pool for the compile benchmark: a small game plus N cards, about half of
 * them with an ability written inside the card (an activated action or a trigger) drawn from ten
 * templates — draw, damage, pump, tap, bounce, search, cancel, conditional effects. Deterministic
 * for a seed, so every run compiles the same text.
 */
import { Rng } from '../runtime/rng.ts';

const base = `
game pool "Generated pool" { players 2 stack stack leftover graveyard max turns 200 }
zone deck per player hidden ordered "Deck"
zone hand per player private "Hand"
zone board per player public ordered "Board"
zone graveyard per player public "Graveyard"
zone stack shared public ordered "Stack"
enum Element { fire "火", water "水", wind "風", earth "土", light "光", dark "闇" }
label 速攻 "haste"
label 飛行 "flying"
label 守護 "guardian"
card type Creature {
  attr cost: number
  attr power: number
  attr toughness: number
  attr element: Element
  attr keywords: labels
  state tapped: bool = false
  state damage: number = 0
  value attack: number = this.power
  value labels: labels = this.keywords
}
player state life: number = 20
procedure draw(p: player, n: number) {
  repeat n {
    if is_empty(p.deck) { lose p reason "drew from an empty deck" } else { move top(p.deck, 1) to p.hand }
  }
}
procedure hurt(p: player, n: number) {
  set p.life = p.life - n
  if p.life <= 0 { lose p reason "life reached 0" }
}
function board_attack(p: player): number = sum(p.board, it.attack)
turn { window main }
`;

type Template = (n: number, el: string) => string;

/** Card text as a designer writes it: abilities inside the card, `this` being the card. */
const abilities: Template[] = [
  (n) => `trigger 登場 "On entry, draw ${n}" cite "generated" {
    on moved this from hand to board
    speed immediate
    effect { do draw(me, ${n}) }
  }`,
  (n) => `trigger 炎 "On entry, ${n} damage" {
    on moved this from hand to board
    effect { do hurt(other(me), ${n}) }
  }`,
  (n) => `action 強化 "+${n} attack this turn" {
    while in board
    when me == active and not this.tapped
    cost { set this.tapped = true }
    effect { modify this.attack by ${n} until end of turn }
  }`,
  (n, el) => `action 号令 "Every ${el} creature gets +${n}" {
    while in board
    when me == active and not this.tapped and count(me.board where it.element == ${el}) >= 2
    limit 1 per turn
    cost { set this.tapped = true }
    effect {
      for each x in me.board where it.element == ${el} { modify x.attack by ${n} until end of turn }
    }
  }`,
  () => `action 帰還 "Return a creature to its owner's hand" {
    while in board
    when me == active and not this.tapped
    target t: 1 from opponent.board
    cost { set this.tapped = true }
    effect { move t to t.owner.hand }
  }`,
  (n) => `action 探索 "Search for a creature costing ${n} or less" {
    while in hand
    when me == active and not is_empty(me.deck)
    cost { move this to me.graveyard }
    effect {
      choose x: 0..1 from me.deck where it.cost <= ${n} "a creature to put in your hand"
      move x to me.hand
      shuffle me.deck
    }
  }`,
  (n) => `trigger 遺言 "When it dies, its controller gains ${n} life" {
    on moved this from board to graveyard
    speed immediate
    effect { set me.life = me.life + ${n} }
  }`,
  (n) => `action 狙撃 "${n} damage to a creature" {
    while in hand
    target t: 1 from opponent.board where it.toughness - it.damage <= ${n} + 2
    cost { move this to me.graveyard }
    effect {
      set t.damage = t.damage + ${n}
      if t.damage >= t.toughness { move t to t.owner.graveyard }
    }
  }`,
  (n) => `action 打消 "Cancel a request" {
    while in hand
    speed normal
    target r: 1 from stack where controller(it) != me
    cost { do hurt(me, ${Math.min(n, 3)}) }
    effect { cancel r }
  }`,
  (n) => `trigger 成長 "Grows at the start of its controller's turn" {
    on turn start
    while in board
    if me == active
    speed immediate
    effect { modify this.attack by ${n} }
  }`,
];

const elements = ['fire', 'water', 'wind', 'earth', 'light', 'dark'];
const keywordSets = ['', '速攻', '飛行', '守護', '速攻, 飛行'];

/** The text of a pool of `cards` cards (one file). */
export function generatePool(cards: number, seed = 1): string {
  const rng = new Rng(seed);
  const out: string[] = [base];
  for (let i = 1; i <= cards; i++) {
    const name = `C${String(i).padStart(5, '0')}`;
    const cost = 1 + rng.below(8);
    const power = Math.max(0, cost + rng.below(3) - 1);
    const toughness = Math.max(1, cost + rng.below(3) - 1);
    const el = elements[rng.below(elements.length)]!;
    const kw = keywordSets[rng.below(keywordSets.length)]!;
    const ability = rng.below(2) === 0 ? `\n  ${abilities[rng.below(abilities.length)]!(1 + rng.below(3), el)}\n` : ' ';
    out.push(`card ${name} "Creature ${i}": Creature { cost = ${cost} power = ${power} toughness = ${toughness} element = ${el} keywords = [${kw}]${ability}}`);
  }
  return out.join('\n') + '\n';
}
