/**
 * Game states as data (runtime/snapshot.ts): a state saved at the start of a turn and loaded
 * into another engine — or back into the same one, later — plays on exactly as the game did:
 * the same decisions, the same end, the same hash, the same final board.
 */
import { describe, expect, it } from 'vitest';
import { Engine, StopRun, type Decision } from '../runtime/engine.ts';
import { GameSnapshot, loadValue } from '../runtime/snapshot.ts';
import { Request, type Card } from '../runtime/model.ts';
import { Rng } from '../runtime/rng.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import { compiledGame } from './helpers.ts';
import { compileGame } from '../compiler/compile.ts';

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

  it('a state saved while a trigger waits holds the trigger: loaded into another engine, it takes effect there', () => {
    // Discarding fires Echo (immediate: it runs once the current step is over); the discarding
    // effect then asks a choice — a moment between steps, with Echo waiting.
    const r = compileGame({
      sources: [{
        path: 'echo.grim',
        text: `
game echo "Echo" { players 2 max turns 4 }
zone hand per player private ordered
zone pile per player public
card type C { attr rank: number }
card A: C { rank = 1 }
card B: C { rank = 2 }
card D: C { rank = 3 }
player state echoes: number = 0
setup { for each p in players { create every C in p.hand } }
turn { window main passable }
action Discard "Discard a card, then look at the others" {
  speed immediate
  when me == active
  limit 1 per turn
  effect {
    move top(me.hand, 1) to me.pile
    choose k: 1 from me.hand "a card to look at"
  }
}
trigger Echo "Echo" {
  on moved c from hand to pile
  controller c.owner
  speed immediate
  effect { set me.echoes = me.echoes + 1 }
}
`,
      }],
    });
    if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    const ir = r.ir;
    const echoes = (e: Engine, p: number) => e.players[p]!.vars[ir.playerStates.findIndex((s) => s.name === 'echoes')];
    const a = new Engine(ir, { seed: 5 });
    let saved: GameSnapshot | null = null;
    let discarder = -1;
    let after: { player: number; labels: string[]; echoes: unknown[] } | null = null;
    a.run((d) => {
      const labels = d.options.map((o) => o.label);
      if (saved === null && d.kind === 'pick') {
        discarder = d.player.index;
        // Echo has not taken effect yet: it waits for this step to end.
        expect(echoes(a, discarder)).toBe(0);
        saved = a.saveState();
        return 0;
      }
      if (saved !== null && after === null) {
        after = { player: d.player.index, labels, echoes: [echoes(a, 0), echoes(a, 1)] };
        throw new StopRun(d);
      }
      return labels.includes('Discard') ? labels.indexOf('Discard') : labels.indexOf('pass');
    });
    expect(saved).not.toBeNull();
    // The saved state says so: one trigger waits, Echo, for the player who discarded.
    const snap = saved! as GameSnapshot;
    expect(snap.pendingImmediate.map((t) => [ir.actions[t.action]!.name, t.controller])).toEqual([['Echo', discarder]]);
    // In the game, Echo took effect once the choice was made: one echo for the discarder.
    expect(after!.echoes[discarder]).toBe(1);
    // Loaded into another engine and played on from the turn's window: Echo takes effect there
    // first, and the window then asks what the game asked.
    const b = new Engine(ir, { seed: 99 });
    b.loadState(snap);
    let first: { player: number; labels: string[]; echoes: unknown[] } | null = null;
    b.runFrom('main', (d) => {
      first = { player: d.player.index, labels: d.options.map((o) => o.label), echoes: [echoes(b, 0), echoes(b, 1)] };
      throw new StopRun(d);
    });
    expect(first).toEqual(after);
  });

  it('refuses to save inside a trial', () => {
    const e = newEngine(compiledGame('vanilla'), 3);
    e.journal.mark();
    expect(() => e.saveState()).toThrow(/between steps/);
  });
});
