/**
 * `grimoire new <game>`: a new game that compiles, plays and has one passing ruling, to start
 * from. The files are plain text templates; the game's name is checked to be a plain word, so
 * nothing a user types ends up anywhere but a folder name and a string.
 */
import { t } from '../i18n/format.ts';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const gameGrim = (name: string) => `// ${name}: the game, its zones, its card type and the state players keep.
// The language: docs/language.md. A walk-through: docs/tutorial.md.

game ${name} "${name}" {
  version "0.1"
  players 2
  max turns 100
}

param starting_life: number = 10 alternatives 20
  note "How much life each player starts with."

zone deck per player hidden ordered "Deck"
zone hand per player private "Hand"
zone field per player public ordered "Field"
zone discard per player public "Discard"

card type Card {
  attr power: number
}

player state life: number = starting_life

check no_life {
  for each p in players {
    if p.life <= 0 { lose p reason "has no life left" }
  }
}

setup {
  for each p in players {
    do build_deck(p)
    shuffle p.deck
    move top(p.deck, 3) to p.hand
  }
  set active = random(players)
}

turn {
  if is_empty(active.deck) {
    lose active reason "had to draw from an empty deck"
  } else {
    move top(active.deck, 1) to active.hand
  }
  window main passable
}

action Play "Play a card" {
  speed immediate
  when me == active
  limit 1 per turn
  using c: 1 from me.hand
  effect {
    move c to me.field
    set opponent.life = opponent.life - c.power
  }
}
`;

const cardsGrim = (name: string) => `${t('new.cards-file', { name })}

card Spark "Spark": Card { power = 1 }
card Blaze "Blaze": Card { power = 2 }

procedure build_deck(p: player) {
  create 10 of Spark in p.deck
  create 5 of Blaze in p.deck
}
`;

const ruling = (name: string) => `name: "Play · a card on the field deals its power to the opponent"
cite: "rules/${name}/game.grim, action Play"
game: ${name}
strict: true
state:
  active: p1
  p1:
    hand: [Blaze]
    deck: [Spark]
  p2:
    deck: [Spark]
steps:
  - p1: Play
  - p1: pass
expect:
  p1.field: [Blaze]
  vars: { p2.life: 8 }
`;

const readme = (name: string) => `# ${name}

A new Grimoire game. \`rules/${name}/\` holds the rules, \`cards/${name}/\` the cards,
\`rulings/\` the casebook. Document here how the rules are encoded, and every rule parameter
(name, default, alternatives, and why the rulebook leaves it open).

\`\`\`sh
npx grimoire check rules/${name} cards/${name}
npx grimoire demo ${name}
npx grimoire play ${name} --games 1000
npx grimoire scenario rules/${name}/rulings
npx grimoire cards ${name} --sheet ${name}.html
\`\`\`

To print the cards for a paper play-test, \`grimoire cards\` draws each card in a default face;
a \`face\` for the card type lays them out as the game's own, and \`text "…"\` on a card is its
printed text ([docs/cards.md](../../docs/cards.md)).
`;

/** Creates the game's folders; returns the files written. Throws a message for the user. */
export function newGame(root: string, name: string): string[] {
  if (!/^[a-z][a-z0-9_-]*$/.test(name)) throw new Error(t('new.bad-name', { name }));
  const rules = join(root, 'rules', name);
  const cards = join(root, 'cards', name);
  if (existsSync(rules) || existsSync(cards)) throw new Error(t('new.exists', { name }));
  const ident = name.replace(/-/g, '_');
  const files: [string, string][] = [
    [join(rules, 'game.grim'), gameGrim(ident)],
    [join(rules, 'README.md'), readme(name)],
    [join(rules, 'rulings', 'play.yaml'), ruling(name)],
    [join(cards, 'cards.grim'), cardsGrim(ident)],
  ];
  mkdirSync(join(rules, 'rulings'), { recursive: true });
  mkdirSync(cards, { recursive: true });
  for (const [path, text] of files) writeFileSync(path, text);
  return files.map(([p]) => p);
}
