/**
 * A generated card pool for the compile benchmark: a small game plus N cards, about half of
 * them with an ability (a trigger or an activated action tied to the card by name) drawn from a
 * dozen templates — draw, damage, pump, tap, bounce, search, conditional effects. Deterministic
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
turn { window main }
`;

type Template = (name: string, n: number, el: string) => string;

const abilities: Template[] = [
  (c, n) => `trigger ${c}_登場 "${c}: on entry, draw ${n}" cite "generated" {
  on moved x from hand to board
  if x.name == "${c}"
  controller x.owner
  speed immediate
  effect { do draw(me, ${n}) }
}`,
  (c, n) => `trigger ${c}_炎 "${c}: on entry, ${n} damage" {
  on moved x from hand to board
  if x.name == "${c}"
  controller x.owner
  effect { do hurt(other(me), ${n}) }
}`,
  (c, n) => `action ${c}_強化 "${c}: +${n} attack this turn" {
  when me == active
  using k: 1 from me.board where it.name == "${c}" and not it.tapped
  cost { set k.tapped = true }
  effect { modify k.attack by ${n} until end of turn }
}`,
  (c, n, el) => `action ${c}_号令 "${c}: every ${el} creature gets +${n}" {
  when me == active and count(me.board where it.element == ${el}) >= 2
  using k: 1 from me.board where it.name == "${c}" and not it.tapped
  cost { set k.tapped = true }
  effect {
    for each x in me.board where it.element == ${el} { modify x.attack by ${n} until end of turn }
  }
}`,
  (c) => `action ${c}_帰還 "${c}: return a creature to its owner's hand" {
  when me == active
  using k: 1 from me.board where it.name == "${c}" and not it.tapped
  target t: 1 from opponent.board
  cost { set k.tapped = true }
  effect { move t to t.owner.hand }
}`,
  (c, n) => `action ${c}_探索 "${c}: search for a creature costing ${n} or less" {
  when me == active and not is_empty(me.deck)
  using k: 1 from me.hand where it.name == "${c}"
  cost { move k to me.graveyard }
  effect {
    choose x: 0..1 from me.deck where it.cost <= ${n} "a creature to put in your hand"
    move x to me.hand
    shuffle me.deck
  }
}`,
  (c, n) => `trigger ${c}_遺言 "${c}: when it dies, its owner gains ${n} life" {
  on moved x from board to graveyard
  if x.name == "${c}"
  controller x.owner
  speed immediate
  effect { set me.life = me.life + ${n} }
}`,
  (c, n) => `action ${c}_狙撃 "${c}: ${n} damage to a creature" {
  using k: 1 from me.hand where it.name == "${c}"
  target t: 1 from opponent.board where it.toughness - it.damage <= ${n} + 2
  cost { move k to me.graveyard }
  effect {
    set t.damage = t.damage + ${n}
    if t.damage >= t.toughness { move t to t.owner.graveyard }
  }
}`,
  (c, n) => `action ${c}_打消 "${c}: cancel a request" {
  speed normal
  using k: 1 from me.hand where it.name == "${c}"
  target r: 1 from stack where controller(it) != me
  cost { do hurt(me, ${Math.min(n, 3)}) }
  effect { cancel r }
}`,
  (c, n) => `trigger ${c}_成長 "${c}: grows at the start of its owner's turn" {
  on turn start
  if any(active.board, it.name == "${c}")
  controller active
  speed immediate
  effect {
    for each x in active.board where it.name == "${c}" { modify x.attack by ${n} }
  }
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
    out.push(`card ${name} "Creature ${i}": Creature { cost = ${cost} power = ${power} toughness = ${toughness} element = ${el} keywords = [${kw}] }`);
    if (rng.below(2) === 0) out.push(abilities[rng.below(abilities.length)]!(name, 1 + rng.below(3), el));
  }
  return out.join('\n') + '\n';
}
