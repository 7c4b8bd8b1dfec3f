/**
 * Game states as data (runtime/snapshot.ts): a state saved at the start of a turn and loaded
 * into another engine — or back into the same one, later — plays on exactly as the game did:
 * the same decisions, the same end, the same hash, the same final board.
 */
import { describe, expect, it } from 'vitest';
import { Engine, type Decision } from '../runtime/engine.ts';
import { GameSnapshot, loadValue } from '../runtime/snapshot.ts';
import { Request, type Card } from '../runtime/model.ts';
import { Rng } from '../runtime/rng.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import { compiledGame } from './helpers.ts';

const games: [string, string | undefined][] = [
  ['vanilla', undefined],
  ['skirmish', undefined],
  ['trump', 'master'],
  ['trump', 'light'],
  ['summon-magic', undefined],
  ['t-magic', undefined],
  ['spimate', undefined],
];

interface Recorded {
  engine: Engine;
  snapshot: GameSnapshot | null;
  /** Every answer of the game, in order, and how many came before the snapshot. */
  answers: number[];
  before: number;
}

/** Plays a game with answers from a seeded generator; saves the state when turn `at` starts. */
function playAndSave(game: string, format: string | undefined, seed: number, at: number): Recorded {
  const answers: number[] = [];
  const rec: Recorded = { engine: null!, snapshot: null, answers, before: 0 };
  const engine = new Engine(compiledGame(game), {
    seed,
    format,
    log: true,
    onLog: (e, g) => {
      if (e.kind === 'turn' && e.turn === at && !rec.snapshot) {
        rec.snapshot = g.saveState();
        rec.before = answers.length;
      }
    },
  });
  rec.engine = engine;
  const rng = new Rng(seed * 7 + 1);
  engine.run((d: Decision) => {
    const i = rng.below(d.count);
    answers.push(i);
    return i;
  });
  return rec;
}

/** A snapshot's contents as plain data (typed arrays cut to the cards and zones in use). */
function contents(s: GameSnapshot): Record<string, unknown> {
  const n = s.cardCount;
  const slots = s.zoneSlots + 1;
  const cut = (a: ArrayLike<number>, k: number) => Array.from(a).slice(0, k);
  return {
    ...s,
    def: cut(s.def, n), owner: cut(s.owner, n), zone: cut(s.zone, n), host: cut(s.host, n), facedown: cut(s.facedown, n),
    revealed: cut(s.revealed, n), known: cut(s.known, n), origin: cut(s.origin, n), entered: cut(s.entered, n), attachedStart: cut(s.attachedStart, n + 1),
    attachedCards: cut(s.attachedCards, s.attachedStart[n]!), zoneStart: cut(s.zoneStart, slots), zoneCards: cut(s.zoneCards, s.zoneStart[slots - 1]!),
    fields: s.fields.map((v) => (v !== null && typeof v === 'object' && 'id' in v ? `card ${(v as { id: number }).id}` : v)),
  };
}

/** Plays on from a loaded state, answering with the recorded answers after the snapshot. */
function replayFrom(engine: Engine, rec: Recorded): void {
  engine.loadState(rec.snapshot!);
  // Saved again at once, the loaded state is the state that was saved.
  expect(contents(engine.saveState())).toEqual(contents(rec.snapshot!));
  let next = rec.before;
  engine.runFrom('turn', () => {
    if (next >= rec.answers.length) throw new Error('the replay asks more than the game did');
    return rec.answers[next++]!;
  });
  expect(next, 'every recorded answer used').toBe(rec.answers.length);
}

describe('saving and loading a game state', () => {
  for (const [game, format] of games) {
    it(`${game}${format ? ` (${format})` : ''}: a state loaded into another engine plays on as the game did`, () => {
      const ir = compiledGame(game);
      // An engine that has played other games: its cards and zones hold another game's state.
      const other = newEngine(ir, 1, { format });
      let saved = 0;
      for (let seed = 1; seed <= 25; seed++) {
        playOn(other, 500 + seed, { format });
        const rec = playAndSave(game, format, seed, 2 + (seed % 5));
        if (!rec.snapshot) continue; // the game ended before that turn
        saved++;
        const a = rec.engine;
        replayFrom(other, rec);
        expect(other.result).toEqual(a.result);
        expect(other.hash, `seed ${seed}`).toBe(a.hash);
        expect(other.turn).toBe(a.turn);
        expect(other.decisions).toBe(a.decisions);
        expect(other.view(null)).toEqual(a.view(null));
      }
      expect(saved).toBeGreaterThan(15);
    });
  }

  it('rewinds one engine: loaded back into the engine that saved it, the state plays the same end again', () => {
    const rec = playAndSave('summon-magic', undefined, 9, 4);
    const a = rec.engine;
    const end = { result: a.result, hash: a.hash, view: a.view(null) };
    replayFrom(a, rec);
    expect({ result: a.result, hash: a.hash, view: a.view(null) }).toEqual(end);
  });

  it('a snapshot is reused from copy to copy: its arrays keep their size and the state is the last saved', () => {
    const e = newEngine(compiledGame('trump'), 3, { format: 'master' });
    playOn(e, 3, { format: 'master' });
    const s = e.saveState();
    const defs = s.def;
    playOn(e, 4, { format: 'master' });
    e.saveState(s);
    expect(s.def).toBe(defs);
    expect(s.hash).toBe(e.hash);
  });

  it("a request held in a state loads into another engine as that engine's (controller, cards)", () => {
    const ir = compiledGame('trump');
    const a = newEngine(ir, 3, { format: 'master' });
    playOn(a, 3, { format: 'master' });
    const b = newEngine(ir, 4, { format: 'master' });
    playOn(b, 4, { format: 'master' });
    const held = new Request(7, 0, a.players[1]!, [a.players[0]], [a.allCards()[4]!]);
    const requests = new Map<number, Request>();
    const target = { cards: b.allCards() as Card[], players: b.players, sharedZones: b.sharedZones, requests };
    const loaded = loadValue([held, held], target) as Request[];
    expect(loaded[0]).not.toBe(held);
    expect(loaded[0]).toBe(loaded[1]);
    expect(loaded[0]!.controller).toBe(b.players[1]);
    expect(loaded[0]!.frame[0]).toBe(b.players[0]);
    expect(loaded[0]!.cards[0]).toBe(b.allCards()[4]);
    // Loaded into its own engine, it stays the same object.
    expect(loadValue(held, { cards: a.allCards() as Card[], players: a.players, sharedZones: a.sharedZones, requests: new Map() })).toBe(held);
  });

  it('refuses to save inside a trial', () => {
    const e = newEngine(compiledGame('vanilla'), 3);
    e.journal.mark();
    expect(() => e.saveState()).toThrow(/between steps/);
  });
});
