/**
 * Small games written in the language, generated (fast-check arbitraries) for the property tests
 * of test/generated-programs.test.ts: zones of every visibility, a card type with number attrs,
 * cards, a setup that deals them, a turn with a window, actions that move cards under conditions,
 * a check that ends the game, and an evaluation. Every generated game is valid by construction;
 * `mangled` turns one into text with a mistake in it.
 *
 * The generator grows with the language: a construct added to it is then checked by every
 * property (compiles, plays to an end with its cards conserved, formats idempotently).
 */
import fc from 'fast-check';

export interface GeneratedGame {
  text: string;
  /** How many card instances the setup makes (the conservation properties' expectation). */
  cards: number;
}

const VISIBILITY = ['public', 'private', 'hidden'] as const;
const OPS = ['<', '<=', '>', '>=', '==', '!='] as const;

/** A zone: a name, its visibility and whether its order matters. */
const zoneArb = fc.record({ visibility: fc.constantFrom(...VISIBILITY), ordered: fc.boolean() });

/** An action: from which zone to which, under what comparison of the card's first attr. */
const actionArb = (zones: number, attrs: number) =>
  fc.record({
    from: fc.nat({ max: zones - 1 }),
    to: fc.nat({ max: zones - 1 }),
    attr: fc.nat({ max: attrs - 1 }),
    op: fc.constantFrom(...OPS),
    value: fc.integer({ min: 0, max: 5 }),
    limit: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    also: fc.constantFrom('none', 'draw', 'set'),
  });

/** A generated game: its text, and how many cards it makes. */
export const gameArb: fc.Arbitrary<GeneratedGame> = fc
  .record({
    zones: fc.array(zoneArb, { minLength: 2, maxLength: 4 }),
    attrs: fc.integer({ min: 1, max: 3 }),
    cards: fc.array(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 5 }),
    copies: fc.integer({ min: 1, max: 3 }),
    hand: fc.integer({ min: 0, max: 4 }),
    maxTurns: fc.integer({ min: 2, max: 12 }),
    endAt: fc.integer({ min: 1, max: 6 }),
  })
  .chain((g) => fc.record({ g: fc.constant(g), actions: fc.array(actionArb(g.zones.length + 1, g.attrs), { minLength: 1, maxLength: 3 }) }))
  .map(({ g, actions }) => {
    // Zone 0 is the deck (hidden, ordered); the generated zones follow, as z1 … zN.
    const zones = [{ visibility: 'hidden', ordered: true }, ...g.zones];
    const zoneName = (i: number) => (i === 0 ? 'deck' : `z${i}`);
    const lines: string[] = [];
    lines.push(`game gen "Generated" {`, `  players 2`, `  max turns ${g.maxTurns}`, `}`, '');
    zones.forEach((z, i) => lines.push(`zone ${zoneName(i)} per player ${z.visibility}${z.ordered ? ' ordered' : ''} "Zone ${i}"`));
    lines.push('', 'card type Piece {');
    for (let a = 0; a < g.attrs; a++) lines.push(`  attr a${a}: number`);
    lines.push('}', '');
    g.cards.forEach((values, c) => lines.push(`card C${c} "Card ${c}": Piece { ${values.slice(0, g.attrs).map((v, a) => `a${a} = ${v}`).join(' ')} }`));
    lines.push('', 'player state score: number = 0', '');
    lines.push('setup {', '  for each p in players {');
    g.cards.forEach((_, c) => lines.push(`    create ${g.copies} of C${c} in p.deck`));
    lines.push('    shuffle p.deck', `    move top(p.deck, ${g.hand}) to p.${zoneName(1)}`, '  }', '  set active = random(players)', '}', '');
    lines.push('turn {', '  window main passable', '}', '');
    actions.forEach((a, i) => {
      const from = zoneName(a.from);
      const to = zoneName(a.to === a.from ? (a.to + 1) % zones.length : a.to);
      lines.push(`action Act${i} "Action ${i}" {`, '  speed immediate', '  when me == active');
      if (a.limit !== null) lines.push(`  limit ${a.limit} per turn`);
      lines.push(`  using c: 1 from me.${from} where it.a${a.attr} ${a.op} ${a.value}`, '  effect {', `    move c to me.${to}`);
      if (a.also === 'draw') lines.push('    if not is_empty(me.deck) { move top(me.deck, 1) to me.z1 }');
      if (a.also === 'set') lines.push(`    set me.score = me.score + c.a${a.attr}`);
      lines.push('  }', '}', '');
    });
    lines.push('check scored {', '  for each p in players {', `    if p.score >= ${g.endAt * 3} { win p }`, '  }', '}', '');
    lines.push('evaluate = me.score - opponent.score', '');
    return { text: lines.join('\n'), cards: 2 * g.copies * g.cards.length };
  });

/** A generated game with a mistake in it: a character or a word taken out, put in or swapped. */
export const mangledArb: fc.Arbitrary<string> = fc
  .record({
    game: gameArb,
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    how: fc.constantFrom('delete', 'insert', 'swap', 'cut'),
    ch: fc.constantFrom('{', '}', '(', ')', '"', ':', '=', '.', ',', 'x', '1', ' ', '\n', 'é', '♠', '\u0000', 'action', 'when'),
    length: fc.integer({ min: 1, max: 12 }),
  })
  .map(({ game, at, how, ch, length }) => {
    const t = game.text;
    const i = Math.min(t.length - 1, Math.floor(at * t.length));
    if (how === 'delete') return t.slice(0, i) + t.slice(i + length);
    if (how === 'insert') return t.slice(0, i) + ch + t.slice(i);
    if (how === 'swap') return t.slice(0, i) + ch + t.slice(i + 1);
    return t.slice(0, i);
  });
