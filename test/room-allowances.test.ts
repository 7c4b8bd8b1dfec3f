/**
 * The engine's rooms keep to what they say they use (issue 31; docs/architecture.md, "The engine's
 * rooms"). The engine is one object, a chain of classes, so TypeScript lets every room touch
 * every field below it and call anything through an abstract member: the rooms are boundaries
 * only as far as each says, at the top of its file, what it uses of the others — the rooms below
 * whose methods it calls, the rooms above it calls through its abstract members, and the fields
 * of other rooms it reads or writes — and this test holds the code to it (test/rooms.ts reads
 * both). A new use fails here with the block that would allow it: copy it into the room's file if
 * the use is meant (and the review sees the room's reach grow), or keep the code within the room.
 * A use that is gone fails too, so the blocks stay true.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowancesBlock, crossUses, neededAllowances, parseAllowances, readRooms, type Allowances, type Room } from './rooms.ts';
import { root } from './helpers.ts';

const rooms = readRooms(join(root, 'runtime'));
const room = (name: string): Room => rooms.find((r) => r.name === name)!;

/** Allowances as comparable text. */
const flat = (a: Allowances) => ({ below: a.below, above: [...a.above].map(([r, ms]) => `${r} (${[...ms].sort().join(' ')})`), fields: [...a.fields].sort() });

describe('the engine’s rooms keep to their allowances', () => {
  it('reads the chain, the members and the uses (the check itself works)', () => {
    expect(rooms.map((r) => r.file)).toEqual(['state.ts', 'state-copies.ts', 'seats.ts', 'teams.ts', 'values.ts', 'replacements.ts', 'moves.ts', 'choices.ts', 'triggers.ts', 'actions.ts', 'offers.ts', 'flow.ts', 'engine.ts']);
    expect(room('GameState').members).toContainEqual({ name: 'cards', kind: 'field', abstract: false });
    expect(room('GameState').members).toContainEqual({ name: 'ir', kind: 'field', abstract: false }); // a parameter property
    expect(room('MovesRoom').members).toContainEqual({ name: 'fireMoved', kind: 'method', abstract: true });
    // moves.ts calls fireMoved, which it declares abstract and the triggers room implements: a call upward.
    expect(crossUses(rooms, room('MovesRoom'))).toContainEqual({ member: 'fireMoved', kind: 'method', owner: 'TriggersRoom', up: true });
    expect(crossUses(rooms, room('MovesRoom'))).toContainEqual({ member: 'journal', kind: 'field', owner: 'GameState', up: false });
  });

  it('finds a use the allowances do not name', () => {
    // A planted use: the choices room reading the offers room's field and calling the flow room.
    const planted: Room = { ...room('ChoicesRoom'), uses: new Set([...room('ChoicesRoom').uses, 'offersFound', 'runGame']) };
    const needed = neededAllowances(rooms, planted);
    expect(needed.above.get('FlowRoom')).toEqual(['runGame']);
    expect(needed.above.get('OffersRoom')).toEqual(['offersFound']);
    expect(flat(needed)).not.toEqual(flat(planted.allowances!));
  });

  it('parses a block back to what it states', () => {
    const a: Allowances = { below: ['GameState', 'ValuesRoom'], above: new Map([['TriggersRoom', ['fireMoved', 'runInstantTriggers']]]), fields: ['GameState.cards', 'GameState.journal', 'ValuesRoom.leaveWatch'] };
    expect(flat(parseAllowances(allowancesBlock(room('MovesRoom'), a))!)).toEqual(flat(a));
    const none: Allowances = { below: [], above: new Map(), fields: [] };
    expect(flat(parseAllowances(allowancesBlock(room('GameState'), none))!)).toEqual(flat(none));
  });

  for (const r of rooms) {
    it(`${r.name} (${r.file}) uses exactly what its room-allowances block says`, () => {
      const needed = neededAllowances(rooms, r);
      expect(r.allowances, `runtime/${r.file} has no room-allowances block; add:\n${allowancesBlock(r, needed)}`).not.toBeNull();
      expect(flat(r.allowances!), `runtime/${r.file}: the code uses other rooms as follows; if that is meant, its block becomes:\n${allowancesBlock(r, needed)}\n`).toEqual(flat(needed));
    });
  }
});
