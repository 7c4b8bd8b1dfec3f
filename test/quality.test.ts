/**
 * Game-quality metrics (issue 26 part 6; balance/quality.ts, runtime/course.ts, docs/balance.md
 * "Game quality"): on fixture games whose every turn is known by construction — a leader from
 * the first turn who wins, a forced comeback, games that all reach the turn limit — each metric
 * has the value its definition gives; recording a game's course changes no game (same hashes,
 * same counts) under random players and search agents; `grimoire balance --quality` prints and
 * writes the section, and refuses it where it does not belong.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import type { GameIR } from '../compiler/ir.ts';
import { playBatch, type GameSummary } from '../runtime/batch.ts';
import { foldQuality, gameLead } from '../balance/quality.ts';
import { foldBalance } from '../balance/fold.ts';
import { compareBalance, type ComparedSide } from '../balance/compare.ts';
import { clusteredRatio, meanOf, wilson } from '../balance/statistics.ts';
import { comparisonText, qualityLines } from '../cli/balance-text.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

function fixture(name: string): GameIR {
  const text = readFileSync(join(root, `test/fixtures/quality/${name}.grim`), 'utf8');
  const r = compileGame({ sources: [{ path: `rules/${name}/game.grim`, text }] });
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.ir!;
}

const quality = (ir: GameIR, games = 40) => foldQuality(ir, playBatch(ir, 1, games, { tally: true, course: true }));

describe('the lead of one game (balance/quality.ts gameLead)', () => {
  it('counts changes of the sole leader, skipping ties', () => {
    expect(gameLead([0, 0, 0], 0, 4).changes).toBe(0);
    expect(gameLead([0, -1, 0], 0, 4).changes).toBe(0);
    expect(gameLead([0, -1, 1], 1, 4).changes).toBe(1);
    expect(gameLead([0, 1, 0, 1], -1, 4).changes).toBe(3);
    expect(gameLead([-1, -1], 0, 3).changes).toBe(0);
  });

  it('decisiveness: the share of turn ends before the winner led to the end', () => {
    expect(gameLead([0, 0, 0, 0], 0, 5).decisiveness).toBe(0);
    expect(gameLead([1, 1, 0, 0], 0, 5).decisiveness).toBe(0.5);
    expect(gameLead([0, 1, 0, 0], 0, 5).decisiveness).toBe(0.5);
    // Behind (or level) at the last turn end: decided only by the end.
    expect(gameLead([0, 0, 0, 1], 0, 5).decisiveness).toBe(1);
    expect(gameLead([0, 0, 0, -1], 0, 5).decisiveness).toBe(1);
    // A draw, or a game with no turn end, has none.
    expect(gameLead([0, 0], -1, 3).decisiveness).toBeNull();
    expect(gameLead([], 0, 1).decisiveness).toBeNull();
  });

  it('the midpoint is the end of turn ⌈T/2⌉, when it ended', () => {
    expect(gameLead([0, 1, 1, 0, 0, 0], 0, 7).midpoint).toBe(0);
    expect(gameLead([1, 1, 1, 1, 0, 0], 0, 7).midpoint).toBe(1);
    expect(gameLead([0, -1, 1], 1, 4).midpoint).toBe(-1);
    expect(gameLead([], 0, 1).midpoint).toBeNull();
  });
});

describe('the statistics of the quality metrics (balance/statistics.ts)', () => {
  it('a mean with its t interval, kept inside the range of the values', () => {
    const m = meanOf([1, 2, 3]);
    expect(m.mean).toBe(2);
    // t(0.975, 2) = 4.3027: 2 ± 4.3027 · 1/√3.
    expect(m.ci95[0]).toBeCloseTo(2 - 4.3027 / Math.sqrt(3), 3);
    expect(m.ci95[1]).toBeCloseTo(2 + 4.3027 / Math.sqrt(3), 3);
    expect(meanOf([0, 1, 1], 0, 1).ci95[1]).toBe(1);
    expect(meanOf([]).n).toBe(0);
  });

  it('a ratio over games: the games, not the units, are the independent draws', () => {
    // Two games, each with the same share: no spread between games, so the proportion's
    // interval is Wilson's over the units.
    expect(clusteredRatio([5, 5], [10, 10], true).ci95).toEqual(wilson(10, 20));
    // Games that disagree widen it beyond Wilson's (20 units each, all or nothing).
    const split = clusteredRatio([20, 0, 20, 0], [20, 20, 20, 20], true);
    const [wl, wh] = wilson(40, 80);
    expect(split.rate).toBe(0.5);
    expect(split.ci95[0]).toBeLessThan(wl);
    expect(split.ci95[1]).toBeGreaterThan(wh);
    // Not a proportion (lead changes per turn): may exceed 1, never below 0.
    const perTurn = clusteredRatio([3, 3], [4, 4], false);
    expect(perTurn.rate).toBe(0.75);
    expect(perTurn.ci95).toEqual([0.75, 0.75]);
  });
});

describe('the most-taken actions (balance/quality.ts foldQuality)', () => {
  // A game by hand: three actions, the third offered but never taken. Only what foldQuality reads.
  const ir = {
    game: { players: 2 },
    evaluate: null,
    cards: [{ name: 'Owl' }],
    actions: [
      { name: 'Draw', title: 'Draw a card', source: -1 },
      { name: 'Hoot', title: 'Hoot', source: 0 },
      { name: 'Fold', title: 'Fold', source: -1 },
    ],
  } as unknown as GameIR;
  const game = (seed: number, taken: [number, number][]): GameSummary => ({
    seed, winner: 'p1', reason: 'r', turns: 3, decisions: 4, hash: 0, error: null, zones: null,
    course: { leaders: [], evaluated: false, decisions: 4, offered: [[0, 4], [1, 2], [2, 4]], taken, capped: false },
  });

  it('lists the actions taken, most taken first, and never one no player took', () => {
    // Draw taken 3 + 2 times, Hoot 1 + 2; Fold offered at every decision, never taken.
    const q = foldQuality(ir, [game(1, [[0, 3], [1, 1]]), game(2, [[0, 2], [1, 2]])]);
    expect(q.actions.map((a) => [a.action, a.perGame, a.card])).toEqual([['Draw', 2.5, null], ['Hoot', 1.5, 'Owl']]);
    expect(q.mostUsed!.action).toBe('Draw');
    // Nothing taken at all: no most-used action, and an empty list (not three actions used 0 times).
    const idle = foldQuality(ir, [game(1, []), game(2, [])]);
    expect(idle.actions).toEqual([]);
    expect(idle.mostUsed).toBeNull();
  });
});

describe('game-quality metrics on games whose course is known (test/fixtures/quality/)', () => {
  it('a leader from the first turn who wins: decisiveness 0, no lead change, no comeback', () => {
    const q = quality(fixture('lead'));
    expect(q.evaluation.declared).toBe(true);
    expect(q.outcomes.decided).toMatchObject({ k: 40, n: 40, rate: 1 });
    expect(q.decisiveness).toEqual({ mean: 0, ci95: [0, 0], n: 40 });
    expect(q.leadChanges!.perGame.mean).toBe(0);
    expect(q.leadChanges!.games.k).toBe(0);
    expect(q.comeback!.rate).toMatchObject({ k: 0, n: 40 });
    expect(q.comeback!.tiedAtMidpoint).toBe(0);
    // Every game lasts 7 turns: no spread.
    expect(q.length).toMatchObject({ median: 7, q1: 7, q3: 7, iqr: 0, sd: 0, min: 7, max: 7 });
    expect(q.length.mean.mean).toBe(7);
    // Boost is the one action, offered at every decision to act; random players take it about half the time.
    expect(q.mostUsed!.action).toBe('Boost');
    expect(q.mostUsed!.offered.rate).toBe(1);
    expect(q.mostUsed!.offered.k).toBe(q.mostUsed!.offered.n);
    expect(q.mostUsed!.offered.ci95[1]).toBe(1);
    expect(q.mostUsed!.takenWhenOffered.rate).toBeGreaterThan(0.3);
    expect(q.mostUsed!.takenWhenOffered.rate).toBeLessThan(0.7);
  });

  it('a forced comeback: behind at the midpoint, in the lead for good from the fifth of six turn ends, one lead change', () => {
    const q = quality(fixture('comeback'));
    expect(q.decisiveness!.mean).toBeCloseTo(4 / 6, 4);
    expect(q.decisiveness!.n).toBe(40);
    expect(q.leadChanges!.perGame).toEqual({ mean: 1, ci95: [1, 1], n: 40 });
    // One change in each game's 7 turns.
    expect(q.leadChanges!.perTurn).toMatchObject({ k: 40, n: 280 });
    expect(q.leadChanges!.games).toMatchObject({ k: 40, n: 40 });
    expect(q.comeback!.rate).toMatchObject({ k: 40, n: 40, rate: 1 });
    // No action to take: no most-used action.
    expect(q.mostUsed).toBeNull();
    expect(q.decisionsToAct.mean).toBe(6);
  });

  it('games that all reach the turn limit: capped, not drawn by the rules; no winner to measure decisiveness or comebacks by', () => {
    const q = quality(fixture('capped'));
    expect(q.outcomes.capped).toMatchObject({ k: 40, n: 40, rate: 1 });
    expect(q.outcomes.drawn.k).toBe(0);
    expect(q.outcomes.decided.k).toBe(0);
    expect(q.outcomes.stopped.k).toBe(0);
    expect(q.decisiveness!.n).toBe(0);
    expect(q.comeback!.rate.n).toBe(0);
    // The leader swaps at every turn end: p1, p2, p1, p2.
    expect(q.leadChanges!.perGame.mean).toBe(3);
    const text = qualityLines(q).join('\n');
    expect(text).toContain('decisiveness: — (no decided game with a turn end, n = 0)');
    expect(text).toContain('comebacks: — (no decided game with a leader at the midpoint, n = 0)');
    expect(text).toContain('at the turn limit 100.0%');
  });

  it('without an evaluation, only the outcomes, lengths and actions', () => {
    const ir = fixture('lead');
    const q = quality({ ...ir, evaluate: null } as GameIR, 10);
    expect(q.evaluation.declared).toBe(false);
    expect(q.decisiveness).toBeNull();
    expect(q.leadChanges).toBeNull();
    expect(q.comeback).toBeNull();
    expect(q.outcomes.decided.k).toBe(10);
    expect(q.mostUsed!.action).toBe('Boost');
    expect(qualityLines(q).join('\n')).toContain('declares no evaluate');
  });

  it('folds each kind of ending apart, and a decided game with no turn end as too short', () => {
    const ir = fixture('lead');
    const game = (seed: number, winner: string | null, turns: number, leaders: number[], more: Partial<GameSummary> = {}, capped = false): GameSummary => ({
      seed, winner, reason: '', turns, decisions: 0, hash: 0, error: null, zones: null,
      course: { leaders, evaluated: true, decisions: 0, offered: [], taken: [], capped },
      ...more,
    });
    const q = foldQuality(ir, [
      game(1, 'p1', 3, [0, 0]),
      game(2, 'p2', 1, []),
      game(3, null, 5, [0, 1, 0, 1]),
      game(4, null, 20, [0, 0], {}, true),
      game(5, null, 9, [1, 1], { stopped: 'steps' }),
      game(6, 'p1', 3, [1, 1], { error: 'runtime error: x' }),
    ]);
    expect(q.outcomes.decided).toMatchObject({ k: 2, n: 5 });
    expect(q.outcomes.drawn).toMatchObject({ k: 1, n: 5 });
    expect(q.outcomes.capped).toMatchObject({ k: 1, n: 5 });
    expect(q.outcomes.stopped).toMatchObject({ k: 1, n: 5 });
    // Decisiveness over the one decided game with a turn end; comebacks likewise, the other too short.
    expect(q.decisiveness).toMatchObject({ mean: 0, n: 1 });
    expect(q.comeback).toEqual({ rate: expect.objectContaining({ k: 0, n: 1 }), tiedAtMidpoint: 0, noMidpoint: 1 });
    // Lead changes over the four games with a turn end: 0, 3, 0, 0.
    expect(q.leadChanges!.perGame).toMatchObject({ mean: 0.75, n: 4 });
    expect(q.length).toMatchObject({ min: 1, max: 20, median: 5 });
  });

  it('refuses games played without their course', () => {
    const ir = fixture('lead');
    expect(() => foldQuality(ir, playBatch(ir, 1, 2, { tally: true }))).toThrow(/without their course/);
  });
});

describe('recording the course changes no game (runtime/course.ts)', () => {
  const same = (ir: GameIR, games: number, opts: Parameters<typeof playBatch>[3] = {}) => {
    const plain = playBatch(ir, 1, games, { ...opts, tally: true });
    const traced = playBatch(ir, 1, games, { ...opts, tally: true, course: true });
    expect(traced.map((g) => [g.hash, g.turns, g.decisions, g.winner, JSON.stringify(g.counts)])).toEqual(plain.map((g) => [g.hash, g.turns, g.decisions, g.winner, JSON.stringify(g.counts)]));
    return traced;
  };

  it('random players, whose draws do not list the offers: the same games, and a leader at each turn end', () => {
    for (const game of ['trump', 'spimate']) {
      const traced = same(compiledGame(game), 25);
      for (const g of traced) {
        expect(g.course!.evaluated).toBe(true);
        // A leader at the end of every turn that ended: all but the last (the game ended in it).
        expect(g.course!.leaders.length).toBeGreaterThanOrEqual(g.turns - 1);
        expect(g.course!.leaders.length).toBeLessThanOrEqual(g.turns);
        expect(g.course!.decisions).toBeGreaterThan(0);
        expect(g.course!.decisions).toBeLessThanOrEqual(g.decisions);
      }
    }
  });

  it('search agents, whose decisions list the offers', () => {
    same(compiledGame('skirmish'), 3, { agents: { p1: 'greedy', p2: 'mcts:20' } });
  });
});

describe('--vs with --quality (balance/compare.ts)', () => {
  it('compares the quality seed by seed, as a family of its own: the other families\' q values are those of a comparison without it', () => {
    const ir = compiledGame('skirmish');
    const side = (params: Record<string, number>, quality: boolean): ComparedSide => {
      const summaries = playBatch(ir, 1, 300, { params, tally: true, course: true });
      const settings = { game: 'skirmish', title: '', format: ir.game.defaultFormat, params, agents: { p1: 'random', p2: 'random' }, seed: 1, games: 300, rules: 'x' };
      const report = foldBalance(ir, settings, summaries);
      if (quality) report.quality = foldQuality(ir, summaries);
      return { report, summaries, actionNames: ir.actions.map((a) => a.name) };
    };
    const [base, other] = [side({}, true), side({ starting_life: 20 }, true)];
    const withQuality = compareBalance(base, other, 'starting_life=20');
    const without = compareBalance(side({}, false), side({ starting_life: 20 }, false), 'starting_life=20');
    // Each seat's win rate, the draws and the first player's win rate are of the seats' family.
    const seatMetrics = withQuality.changes.filter((c) => c.metric.startsWith('seats.'));
    expect(seatMetrics.map((c) => c.metric).sort()).toEqual(['seats.draws', 'seats.firstPlayer', 'seats.p1.wins', 'seats.p2.wins']);
    for (const c of seatMetrics) expect(c.group, c.metric).toBe('seats');
    // The ends compared: every reason either side's games ended by, once.
    const reasons = new Set([...base.summaries, ...other.summaries].map((g) => g.reason));
    expect(withQuality.changes.filter((c) => c.metric.startsWith('end.')).map((c) => c.metric).sort()).toEqual([...reasons].map((r) => `end.${r}`).sort());
    // The games ended at the turn limit: the share of each side's games (not stopped) whose course was capped.
    const cappedShare = (xs: typeof base.summaries) => {
      const counted = xs.filter((g) => !g.error);
      return counted.filter((g) => !g.stopped && !!g.course!.capped).length / counted.length;
    };
    const capped = withQuality.changes.find((c) => c.metric === 'quality.capped')!;
    expect(capped.base).toBeCloseTo(cappedShare(base.summaries), 3);
    expect(capped.other).toBeCloseTo(cappedShare(other.summaries), 3);
    expect(capped.base).toBeLessThan(1);
    const quality = withQuality.changes.filter((c) => c.group === 'quality');
    expect(quality.map((c) => [c.metric, c.test]).sort()).toEqual([
      ['quality.capped', 'mcnemar'],
      ['quality.comebacks', 'mcnemar'],
      ['quality.decisiveness', 'paired-t'],
      ['quality.drawn', 'mcnemar'],
      ['quality.leadChanges', 'paired-t'],
    ]);
    expect(without.changes.some((c) => c.group === 'quality')).toBe(false);
    const q = (c: typeof without) => Object.fromEntries(c.changes.map((m) => [m.metric, m.change.q]));
    const qWith = q(withQuality);
    for (const [metric, value] of Object.entries(q(without))) expect(qWith[metric], metric).toBe(value);
    // Twice the life: longer games, with more turn ends for the lead to change at.
    expect(withQuality.changes.find((c) => c.metric === 'length.turns')!.change.diff).toBeGreaterThan(0);
    const lc = quality.find((c) => c.metric === 'quality.leadChanges')!;
    expect(lc.other).toBeGreaterThan(lc.base);
    const text = comparisonText(withQuality);
    expect(text).toContain('within three families');
    expect(text).toMatch(/Game quality — skirmish[\s\S]*Game quality — starting_life=20/);
  });
});

describe('--vs with --quality: the comebacks compared (balance/compare.ts)', () => {
  it('counts a forced comeback as one on both sides: a share of 1 in a game compared with itself', () => {
    const ir = fixture('comeback');
    const summaries = playBatch(ir, 1, 40, { tally: true, course: true });
    const settings = { game: 'comeback', title: '', format: ir.game.defaultFormat, params: {}, agents: { p1: 'random', p2: 'random' }, seed: 1, games: 40, rules: 'x' };
    const report = foldBalance(ir, settings, summaries);
    report.quality = foldQuality(ir, summaries);
    // The fold's own count (quality.test's forced comeback above): 40 of 40.
    expect(report.quality.comeback!.rate).toMatchObject({ k: 40, n: 40 });
    const side: ComparedSide = { report, summaries, actionNames: ir.actions.map((a) => a.name) };
    expect(compareBalance(side, side, 'itself').changes.find((c) => c.metric === 'quality.comebacks')).toMatchObject({ base: 1, other: 1 });
  });
});

describe('grimoire balance --quality', () => {
  const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });

  it('adds the quality section to the JSON and the text, on the same games', async () => {
    const base = ['balance', 'skirmish', '--games', '30', '--seed', '3', '--values', 'none', '--workers', '1'];
    const plain = await grimoire(...base, '--json');
    const withQuality = await grimoire(...base, '--json', '--quality');
    expect(withQuality.status).toBe(0);
    const a = JSON.parse(plain.stdout);
    const b = JSON.parse(withQuality.stdout);
    expect(a.quality).toBeUndefined();
    expect(b.hash).toBe(a.hash);
    expect(b.grimoireBalance).toBe(4);
    expect(b.quality.outcomes.decided.n).toBe(30);
    expect(b.quality.decisiveness.n).toBeGreaterThan(0);
    expect(b.quality.mostUsed.action).toMatch(/^(Play|Attack)$/);
    const text = await grimoire(...base, '--quality');
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/Game quality[\s\S]*decisiveness: the winner led for good after [\d.]+% \(95% CI/);
    expect(text.stdout).toMatch(/most-used action: (Play|Attack), taken [\d.]+ times a game; offered at [\d.]+% of decisions to act \(95% CI/);
  });

  it('on a game that declares no evaluate: a warning, and the outcomes, lengths and actions only', async () => {
    const project = mkdtempSync(join(tmpdir(), 'grimoire-quality-'));
    try {
      const inProject = (...args: string[]) => grimoireInProcess(args, { cwd: project, env: { ...process.env, GRIMOIRE_ROOT: project } });
      expect((await inProject('new', 'plain')).status).toBe(0);
      const r = await inProject('balance', 'plain', '--games', '30', '--values', 'none', '--workers', '1', '--quality', '--json');
      expect(r.status).toBe(0);
      expect(r.stderr).toContain('warning: plain declares no evaluate, so --quality has no leader to follow');
      const q = JSON.parse(r.stdout).quality;
      expect(q.evaluation).toEqual({ declared: false, cite: null });
      expect(q.decisiveness).toBeNull();
      expect(q.leadChanges).toBeNull();
      expect(q.comeback).toBeNull();
      expect(q.outcomes.decided.n).toBe(30);
      expect(q.length.mean.n).toBe(30);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('is an option of balance only', async () => {
    const r = await grimoire('play', 'skirmish', '--games', '2', '--quality');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('play takes no --quality: it is an option of grimoire balance');
  });
});
