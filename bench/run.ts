/**
 * `npm run bench`: Grimoire's speed, measured against hand-written code and boardgame.io in one
 * process. Every measurement is sampled at least 7 times after a warm-up, the implementations
 * interleaved so that machine noise hits them alike; the table shows medians and the spread
 * (min–max). `npm run bench -- --json` also writes bench/results/latest.json.
 *
 * Sections: Vanilla random playouts (DSL, hand-written, boardgame.io, and the DSL lowered by hand onto typed columns: bench/ceiling); compile throughput of a
 * generated 10,000-card pool; `grimoire check` of a 5 MB file with 5,000 errors; snapshot and undo
 * vs structuredClone; the editor re-check of a 200-card file; search agents; the balance lab's
 * statistics against plain play; each seed game's random playouts.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { availableParallelism, cpus } from 'node:os';
import { checkGame, compileGame, type ParseCache } from '../compiler/compile.ts';
import { indexSymbols } from '../compiler/symbols.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import { validateIR } from '../compiler/validate-ir.ts';
import type { GameIR } from '../compiler/ir.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import { Engine, StopRun } from '../runtime/engine.ts';
import { generatePool } from './gen-pool.ts';
import { poolWithMistakes } from './gen-mistakes.ts';
import { playHandWritten } from './baselines/vanilla-hand.ts';
import { playColumns } from './ceiling/vanilla-columns.ts';
import { Rng } from '../runtime/rng.ts';
import type { GameSnapshot } from '../runtime/snapshot.ts';
import { measureSearchSpeed } from './search-speed.ts';
import { measureBalanceSpeed } from './balance-speed.ts';
import issue14Start from './baselines/issue-14-start.json' with { type: 'json' };
import strongBaseline from './baselines/strong-issue-29.json' with { type: 'json' };
import { measureStrong, STRONG_GAMES, strongLine, type StrongRow } from './strong.ts';
import { playBoardgameIO } from './baselines/vanilla-bgio.ts';
import { measureHintLatency, serveHintShares, type HintLatency } from './hint-latency.ts';
import { SEARCH_SHARES } from '../runtime/agents/root-parallel.ts';
import { HINT_WARM_ROUNDS } from '../playground/src/run/hint-warm.ts';

const root = process.env.GRIMOIRE_ROOT ?? process.cwd();
const json = process.argv.includes('--json');
const quick = process.argv.includes('--quick'); // fewer and shorter samples, for a smoke test
const SAMPLES = quick ? 3 : 7;
/** `--only compile,hint,balance`: only those sections (a quick look at one figure). */
const only = process.argv.includes('--only') ? (process.argv[process.argv.indexOf('--only') + 1] ?? '').split(',') : null;

interface Stat {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

function stat(samples: number[]): Stat {
  const s = [...samples].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s[s.length - 1]!, samples };
}

function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

function compiled(game: string): GameIR {
  const r = compileGame({ sources: gameSources(root, game)!, loadBase: (n) => gameSources(root, n) });
  if (!r.ir) throw new Error(`${game} does not compile: run grimoire check rules/${game}`);
  return r.ir;
}

/** The figures at the start of issue 14, printed beside the new ones. */
const start = issue14Start as { commit: string; vanilla: { dsl: number; handWritten: number; ratio: number }; seedGames: Record<string, number> };

const log = (s: string) => {
  if (!json || process.stderr.isTTY) process.stderr.write(s);
};

// ------------------------------------------------------------------ playouts

interface Playout {
  name: string;
  /** Plays one game and returns its turns and decisions. */
  play: (seed: number) => { turns: number; decisions: number };
  /** Time per sample, ms. */
  budget: number;
}

interface PlayoutResult {
  name: string;
  gamesPerSecond: Stat;
  decisionsPerSecond: Stat;
  games: number;
  meanTurns: number;
  meanDecisions: number;
}

/** Runs the playouts interleaved: each sample gives every implementation its time budget in turn. */
function measurePlayouts(impls: Playout[]): PlayoutResult[] {
  const acc = impls.map(() => ({ gps: [] as number[], dps: [] as number[], games: 0, turns: 0, decisions: 0, seed: 0 }));
  const runFor = (impl: Playout, a: (typeof acc)[number], ms: number, record: boolean) => {
    const t0 = performance.now();
    let games = 0;
    let decisions = 0;
    let t = t0;
    do {
      const r = impl.play(++a.seed);
      games++;
      decisions += r.decisions;
      if (record) {
        a.games++;
        a.turns += r.turns;
        a.decisions += r.decisions;
      }
      t = performance.now();
    } while (t - t0 < ms);
    const s = (t - t0) / 1000;
    return { gps: games / s, dps: decisions / s };
  };
  impls.forEach((impl, i) => runFor(impl, acc[i]!, impl.budget / 2, false)); // warm-up
  for (let k = 0; k < SAMPLES; k++) {
    impls.forEach((impl, i) => {
      const r = runFor(impl, acc[i]!, impl.budget, true);
      acc[i]!.gps.push(r.gps);
      acc[i]!.dps.push(r.dps);
    });
    log('.');
  }
  return impls.map((impl, i) => {
    const a = acc[i]!;
    return { name: impl.name, gamesPerSecond: stat(a.gps), decisionsPerSecond: stat(a.dps), games: a.games, meanTurns: a.turns / a.games, meanDecisions: a.decisions / a.games };
  });
}

// ------------------------------------------------------------------ compile

function measureCompile(cards: number): { cardsPerSecond: Stat; ratioToJsonParse: Stat; irBytes: number; startupMs: number } {
  // The parser's start-up: the first parse in a fresh thread builds the parser (grammar analysis).
  const s0 = performance.now();
  compileGame({ sources: [{ path: 'one.grim', text: 'zone hand per player private "Hand"\n' }] });
  const startupMs = performance.now() - s0;
  const text = generatePool(cards);
  const cps: number[] = [];
  const ratio: number[] = [];
  let irBytes = 0;
  for (let k = 0; k <= SAMPLES; k++) {
    const t0 = performance.now();
    const r = compileGame({ sources: [{ path: 'pool.grim', text }] });
    if (!r.ir || !validateIR(r.ir).ok) throw new Error('the generated pool does not compile');
    const t1 = performance.now();
    const irText = JSON.stringify(r.ir);
    irBytes = irText.length;
    const t2 = performance.now();
    JSON.parse(irText);
    const t3 = performance.now();
    if (k === 0) continue; // warm-up
    cps.push(cards / ((t1 - t0) / 1000));
    ratio.push((t1 - t0) / (t3 - t2));
    log('.');
  }
  return { cardsPerSecond: stat(cps), ratioToJsonParse: stat(ratio), irBytes, startupMs };
}

/**
 * What the playground's compile worker does on each pause in typing: check the edited file (one
 * parse; the parses of unchanged files are reused) and index its symbols. Each sample is a
 * one-character edit of the 200-card file, so its parse is never reused.
 */
function measureRecheck(cards: number): { medianMs: number; p95Ms: number; samples: number } {
  const text = generatePool(cards, 7);
  const times: number[] = [];
  const n = quick ? 30 : 100;
  const warmup = 20; // an editor re-checks on every pause in typing: its compiler is warm
  const cache: ParseCache = new Map();
  for (let k = 0; k < n + warmup; k++) {
    const edited = text.replace('C00001', k % 2 ? 'C00001' : 'C0000X');
    const t0 = performance.now();
    indexSymbols(checkGame({ sources: [{ path: 'cards.grim', text: edited }] }, cache).files);
    if (k >= warmup) times.push(performance.now() - t0);
  }
  log('.');
  return { medianMs: percentile(times, 0.5), p95Ms: percentile(times, 0.95), samples: n };
}

// ------------------------------------------------------------------ a big file with many errors

/**
 * `grimoire check` as a designer runs it, in a process of its own, on a 5 MB pool of 23,000 cards
 * of which 5,000 misspell a name: the wall time, the CPU time and the peak memory (reported by
 * the process itself on exit).
 */
function measureBigCheck(): { bytes: number; errors: number; seconds: Stat; cpuSeconds: Stat; peakMB: Stat } {
  const dir = mkdtempSync(join(tmpdir(), 'grimoire-bench-'));
  const file = join(dir, 'pool.grim');
  const text = poolWithMistakes(23_000, 5_000);
  writeFileSync(file, text);
  const hook = `data:text/javascript,process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('usage ' + u.maxRSS + ' ' + (u.userCPUTime + u.systemCPUTime) + '\\n'); })`;
  const seconds: number[] = [];
  const cpu: number[] = [];
  const peak: number[] = [];
  let errors = 0;
  for (let k = 0; k < (quick ? 1 : 3); k++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--import', hook, join(root, 'cli/bin.js'), 'check', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GRIMOIRE_ROOT: root } });
    seconds.push((performance.now() - t0) / 1000);
    const usage = /usage (\d+) (\d+)/.exec(r.stderr);
    if (!usage) throw new Error(`grimoire check did not report its usage: ${r.stderr.slice(0, 500)}`);
    peak.push(Number(usage[1]) / 1024);
    cpu.push(Number(usage[2]) / 1e6);
    errors = Number(/(\d+) error\(s\)/.exec(r.stdout)?.[1] ?? 0);
    log('.');
  }
  rmSync(dir, { recursive: true, force: true });
  return { bytes: Buffer.byteLength(text), errors, seconds: stat(seconds), cpuSeconds: stat(cpu), peakMB: stat(peak) };
}

// ------------------------------------------------------------------ state

/**
 * Snapshot = open an undo mark; undo = roll back the changes of one typical step (a few cards
 * moved and a few states set, as a declaration does). Against structuredClone of the whole state.
 */
function measureState(ir: GameIR): { snapshotNs: Stat; undoNs: Stat; cloneNs: Stat; journalEntries: number } {
  // A mid-game position: the first option 60 times, then stop.
  const engine = new Engine(ir, { seed: 5 });
  let asked = 0;
  engine.run((d) => {
    if (++asked > 60) throw new StopRun(d);
    return 0;
  });
  const state = { players: engine.players, shared: engine.sharedZones, cards: engine.allCards(), globals: engine.globals };
  const cards = engine.allCards().slice(0, 12);
  const snap: number[] = [];
  const undo: number[] = [];
  const clone: number[] = [];
  const reps = 20000;
  let entries = 0;
  // The cost of reading the clock, subtracted from each timed rollback.
  let timerCost = 0;
  {
    const n = 100000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) performance.now();
    timerCost = (performance.now() - t0) / n;
  }
  for (let k = 0; k <= SAMPLES; k++) {
    let t0 = performance.now();
    for (let i = 0; i < reps; i++) engine.journal.rollback(engine.journal.mark());
    const tSnap = ((performance.now() - t0) / reps) * 1e6;
    // Only the rollback is timed; the changes themselves are made outside the clock.
    let undoMs = 0;
    for (let i = 0; i < reps; i++) {
      const m = engine.journal.mark();
      for (const c of cards) {
        const oldF = c.f;
        const oldDown = c.facedown;
        c.f = oldF.slice();
        c.f[0] = 1;
        c.facedown = !oldDown;
        engine.journal.record(() => {
          c.f = oldF;
          c.facedown = oldDown;
        });
      }
      entries = cards.length;
      const u0 = performance.now();
      engine.journal.rollback(m);
      undoMs += performance.now() - u0 - timerCost;
    }
    const tUndo = (Math.max(0, undoMs) / reps) * 1e6;
    t0 = performance.now();
    const cloneReps = 200;
    for (let i = 0; i < cloneReps; i++) structuredClone(state);
    const tClone = ((performance.now() - t0) / cloneReps) * 1e6;
    if (k === 0) continue;
    snap.push(tSnap);
    undo.push(tUndo);
    clone.push(tClone);
    log('.');
  }
  return { snapshotNs: stat(snap), undoNs: stat(undo), cloneNs: stat(clone), journalEntries: entries };
}

// ------------------------------------------------------------------ state copies for search

interface SearchStateResult {
  game: string;
  cards: number;
  saveNs: Stat;
  loadNs: Stat;
  cloneNs: Stat;
  /** Random playouts to the end from the saved state, loaded each time: a search's iterations at most. */
  playoutsPerSecond: Stat;
}

/**
 * What a search pays per iteration for the state: `saveState` into a reused snapshot and
 * `loadState` into another engine of the same rules, at the start of turn 3 of a game, against
 * structuredClone of the same state; and random playouts from that state (load, then play to the
 * end), the most iterations per second a search could make there.
 */
function measureSearchState(game: string): SearchStateResult {
  const ir = compiled(game);
  let saved: GameSnapshot | null = null;
  const source = new Engine(ir, {
    seed: 5,
    log: true,
    onLog: (e, g) => {
      if (e.kind === 'turn' && e.turn === 3 && !saved) saved = g.saveState();
    },
  });
  const rng = new Rng(5);
  source.run((d) => rng.below(d.count));
  if (!saved) throw new Error(`${game}: game 5 ended before turn 3`);
  const snapshot: GameSnapshot = saved;
  // The source back at turn 3 (it played on to the end); saves go into a scratch snapshot.
  source.loadState(snapshot);
  const scratch = source.saveState();
  const target = new Engine(ir, { seed: 6 });
  const state = { players: source.players, shared: source.sharedZones, cards: source.allCards(), globals: source.globals };
  const save: number[] = [];
  const load: number[] = [];
  const clone: number[] = [];
  const playouts: number[] = [];
  const reps = quick ? 2000 : 10000;
  for (let k = 0; k <= SAMPLES; k++) {
    let t0 = performance.now();
    for (let i = 0; i < reps; i++) source.saveState(scratch);
    const tSave = ((performance.now() - t0) / reps) * 1e6;
    t0 = performance.now();
    for (let i = 0; i < reps; i++) target.loadState(snapshot);
    const tLoad = ((performance.now() - t0) / reps) * 1e6;
    const cloneReps = quick ? 50 : 200;
    t0 = performance.now();
    for (let i = 0; i < cloneReps; i++) structuredClone(state);
    const tClone = ((performance.now() - t0) / cloneReps) * 1e6;
    const budget = quick ? 150 : 500;
    let n = 0;
    t0 = performance.now();
    while (performance.now() - t0 < budget) {
      target.loadState(snapshot);
      target.runFrom('turn', (d) => rng.below(d.count));
      n++;
    }
    const rate = n / ((performance.now() - t0) / 1000);
    if (k === 0) continue;
    save.push(tSave);
    load.push(tLoad);
    clone.push(tClone);
    playouts.push(rate);
    log('.');
  }
  return { game, cards: snapshot.cardCount, saveNs: stat(save), loadNs: stat(load), cloneNs: stat(clone), playoutsPerSecond: stat(playouts) };
}

// ------------------------------------------------------------------ report

const f = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (s: Stat, digits = 0) => `${f(s.median, digits)} (${f(s.min, digits)}–${f(s.max, digits)})`;

/** Runs one measurement in a fresh worker thread (this same file, see the end). */
function inWorker(measurement: 'recheck' | 'compile'): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL(import.meta.url), { workerData: { measurement }, argv: process.argv.slice(2) });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.versions.node}`;
  log(`Grimoire benchmarks — ${machine}\n`);

  log('Vanilla playouts ');
  const vanilla = compiled('vanilla');
  // As `grimoire play` does: one engine, reset for each game (the rules compiled once).
  const forced = { askForced: true };
  const vanillaEngine = newEngine(vanilla, 1, forced);
  const playouts = measurePlayouts([
    { name: 'DSL (Grimoire)', play: (s) => playOn(vanillaEngine, s, forced), budget: quick ? 300 : 1000 },
    { name: 'hand-written', play: (s) => playHandWritten(s), budget: quick ? 100 : 300 },
    // The DSL's own games, lowered by hand onto typed columns with every engine call in place:
    // the ceiling of that data layout (bench/ceiling/vanilla-columns.ts).
    { name: 'DSL on typed columns, by hand (ceiling)', play: (s) => playColumns(s), budget: quick ? 100 : 300 },
    { name: 'boardgame.io', play: (s) => playBoardgameIO(s), budget: quick ? 300 : 1000 },
  ]);
  // Compiles run in a worker thread of their own, as they do in use — `grimoire check` in a
  // fresh process, the editor's re-check in a Web Worker — not on a heap full of the
  // playouts' garbage.
  log('\nre-check ');
  const recheck = (await inWorker('recheck')) as ReturnType<typeof measureRecheck>;
  log('\ncompile ');
  const compile = (await inWorker('compile')) as ReturnType<typeof measureCompile>;
  log('\ncheck of a 5 MB file ');
  const bigCheck = measureBigCheck();
  log('\nstate ');
  const state = measureState(compiled('trump'));
  log('\nstate copies for search ');
  const searchState = ['trump', 'summon-magic', 't-magic', 'spimate'].filter((g) => listGames(root).includes(g)).map(measureSearchState);
  log('\nsearch agents ');
  const searchSpeed = ([['trump', 'master'], ['summon-magic', undefined], ['t-magic', undefined], ['spimate', undefined]] as [string, string | undefined][])
    .filter(([g]) => listGames(root).includes(g))
    .map(([g, format]) => {
      const r = measureSearchSpeed(compiled(g), format, { seeds: quick ? 1 : 3, iterations: quick ? 300 : 1000, games: 1 });
      log('.');
      return { game: format ? `${g} (${format})` : g, ...r };
    });
  log('\nHint latency ');
  const hint = await hintLatency();
  // The strong agent against today's mcts:200 (issue 29): speed side by side, and a short duel;
  // the 200-game duels are in bench/baselines/strong-issue-29.json (hours on two cores).
  log('\nstrong agent ');
  const strong = STRONG_GAMES.filter(([g]) => listGames(root).includes(g)).map(([g, format]) => {
    const r = measureStrong(g, format, { a: 'strong', b: 'mcts:200', speedGames: quick ? 2 : 4, duelGames: quick ? 0 : 10, seed: 7 });
    log('.');
    return r;
  });
  log('\nbalance ');
  const balance = measureBalanceSpeed(root, quick, () => log('.'));
  log('\nseed games ');
  const seedGames = listGames(root)
    .filter((g) => g !== 'vanilla')
    .flatMap((g) => {
      try {
        // Random players as `grimoire play` has them (actions drawn: sampled) and drawing among
        // the listed offers (the games the start played), interleaved.
        const engine = newEngine(compiled(g), 1);
        const listed = newEngine(compiled(g), 1, { draws: 'listed' });
        const [a, b] = measurePlayouts([
          { name: g, play: (s) => playOn(engine, s), budget: quick ? 300 : 1000 },
          { name: g, play: (s) => playOn(listed, s, { draws: 'listed' }), budget: quick ? 300 : 1000 },
        ]);
        return [{ ...a!, listed: b! }];
      } catch {
        return [];
      }
    });
  log('\n\n');

  const [dsl, hand, columns, bgio] = playouts as [PlayoutResult, PlayoutResult, PlayoutResult, PlayoutResult];
  const lines: string[] = [];
  lines.push(`Grimoire benchmarks — ${machine}; ${SAMPLES} samples each, median (min–max)`);
  lines.push('');
  lines.push('Vanilla random playouts');
  lines.push('| implementation | games/s | decisions/s | mean turns | mean decisions | games |');
  lines.push('|---|---|---|---|---|---|');
  for (const p of playouts) lines.push(`| ${p.name} | ${spread(p.gamesPerSecond)} | ${spread(p.decisionsPerSecond)} | ${f(p.meanTurns, 2)} | ${f(p.meanDecisions, 2)} | ${f(p.games)} |`);
  const agree = Math.max(...playouts.map((p) => Math.abs(p.meanTurns / hand.meanTurns - 1)), ...playouts.map((p) => Math.abs(p.meanDecisions / hand.meanDecisions - 1)));
  lines.push(`DSL ÷ hand-written: ${f(dsl.gamesPerSecond.median / hand.gamesPerSecond.median, 4)}× (target ≥ 0.5×; ${f(start.vanilla.ratio, 4)}× at the start of issue 14, DSL ${f(dsl.gamesPerSecond.median / start.vanilla.dsl, 2)}× its ${f(start.vanilla.dsl)} games/s then) · DSL ÷ boardgame.io: ${f(dsl.gamesPerSecond.median / bgio.gamesPerSecond.median, 1)}× (target ≥ 100×) · implementations agree within ${f(agree * 100, 1)}% on turns and decisions`);
  lines.push(`The same games lowered by hand onto typed columns (the ceiling of that layout): ${f(columns.gamesPerSecond.median / hand.gamesPerSecond.median, 4)}× hand-written, ${f(columns.gamesPerSecond.median / dsl.gamesPerSecond.median, 2)}× the DSL`);
  lines.push('');
  lines.push(compileLine(compile));
  lines.push(`grimoire check of a ${f(bigCheck.bytes / 1e6, 1)} MB file with ${f(bigCheck.errors)} errors: ${spread(bigCheck.seconds, 1)} s (target ≤ 5 s), ${spread(bigCheck.cpuSeconds, 1)} s of CPU, peak memory ${spread(bigCheck.peakMB)} MB (target < 400 MB)`);
  lines.push(`Editor re-check of a 200-card file: median ${f(recheck.medianMs, 1)} ms, p95 ${f(recheck.p95Ms, 1)} ms (target ≤ 16 ms)`);
  lines.push(`State: snapshot ${spread(state.snapshotNs)} ns, undo of a ${state.journalEntries}-change step ${spread(state.undoNs)} ns, structuredClone ${spread(state.cloneNs)} ns → snapshot ${f(state.cloneNs.median / state.snapshotNs.median)}× (target ≥ 25×), undo ${f(state.cloneNs.median / state.undoNs.median)}× (target ≥ 500×) faster`);
  lines.push('');
  lines.push('State copies for search (at the start of turn 3): saveState into a reused snapshot, loadState into another engine, structuredClone of the same state; random playouts from the loaded state to the end');
  lines.push('| game | cards | save | load | structuredClone | save + load vs clone | playouts from the state/s |');
  lines.push('|---|---|---|---|---|---|---|');
  for (const r of searchState) lines.push(`| ${r.game} | ${r.cards} | ${spread(r.saveNs)} ns | ${spread(r.loadNs)} ns | ${spread(r.cloneNs)} ns | ${f(r.cloneNs.median / (r.saveNs.median + r.loadNs.median), 1)}× faster | ${spread(r.playoutsPerSecond)} |`);
  lines.push('');
  lines.push('Search agents (issue 12): MCTS iterations per second from the first choice of games 1–3 (target ≥ 1,000 on one core), and seconds per choice of an mcts:500 agent over a whole game against a random player');
  lines.push('| game | MCTS iterations/s at the opening | one determinization (cards re-dealt) | mcts:500 seconds per choice: mean | max | choices |');
  lines.push('|---|---|---|---|---|---|');
  for (const r of searchSpeed) lines.push(`| ${r.game} | ${r.openingIterationsPerSecond.map((x) => f(x)).join(' · ')} | ${f(r.redeal.micros, 1)} µs (${r.redeal.cards}) | ${f(r.secondsPerDecision.mean, 3)} | ${f(r.secondsPerDecision.max, 3)} | ${r.secondsPerDecision.decisions} |`);
  lines.push('The strength ladder (mcts against random, more search against less): `npm run bench:ladder` (bench/ladder.ts), minutes to hours.');
  lines.push('');
  lines.push(...hintLines(hint));
  lines.push(`The strong agent (issue 29: each game's \`agent strong\`, docs/agents.md) against mcts:200 — self-play games per CPU minute side by side (target ≥ ×5) and a short duel (target ≥ 50%); the baseline's duels: ${strongBaseline.note}`);
  const base = strongBaseline.rows as StrongRow[];
  for (const r of strong) {
    const b = base.find((x) => x.game === r.game);
    lines.push(`  ${strongLine(r)}`);
    if (b) lines.push(`    baseline (${b.a} = ${strongBaseline.agents[r.game as keyof typeof strongBaseline.agents] ?? '?'}): ${strongLine(b).replace(/^\S+\s+/, '')}`);
  }
  lines.push('');
  lines.push(balanceLine(balance));
  lines.push('');
  lines.push(`Seed games, random playouts (each game's default format; "start": at the start of issue 14, commit ${start.commit}, bench/baselines/issue-14-start.json). Random players draw an action by sampling (grimoire play's default); "listed": drawing among the listed offers, the games the start played`);
  lines.push('| game | games/s | listed | start | × start | × start, listed | decisions/s | mean turns · listed | mean decisions · listed |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const p of seedGames) {
    const before = start.seedGames[p.name];
    const times = (x: number) => (before ? `${f(x / before, 2)}×` : '–');
    lines.push(`| ${p.name} | ${spread(p.gamesPerSecond)} | ${spread(p.listed.gamesPerSecond)} | ${before ? f(before) : '–'} | ${times(p.gamesPerSecond.median)} | ${times(p.listed.gamesPerSecond.median)} | ${spread(p.decisionsPerSecond)} | ${f(p.meanTurns, 2)} · ${f(p.listed.meanTurns, 2)} | ${f(p.meanDecisions, 2)} · ${f(p.listed.meanDecisions, 2)} |`);
  }
  lines.push('');
  lines.push(`(${f((performance.now() - started) / 1000, 1)} s)`);
  console.log(lines.join('\n'));

  if (json) {
    const out = { machine, samples: SAMPLES, date: new Date().toISOString(), vanilla: playouts, compile, bigCheck, recheck, state, searchState, searchSpeed, hint, strong, balance, seedGames };
    const dir = join(root, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'latest.json'), JSON.stringify(out, null, 2) + '\n');
    console.log(`wrote ${join('bench', 'results', 'latest.json')}`);
  }
}

/** The compile figure beside its targets (issue 29: ≥ 25,000 cards/s; the parser's start-up under 1 s). */
function compileLine(compile: ReturnType<typeof measureCompile>): string {
  return `Compile (generated pool, ${f(quick ? 2000 : 10000)} cards, text → validated IR of ${f(compile.irBytes / 1e6, 1)} MB): ${spread(compile.cardsPerSecond)} cards/s (target ≥ 25,000; 10,999 before issue 29); ${spread(compile.ratioToJsonParse, 1)}× JSON.parse of the IR (target ≤ 25×); the parser's start-up ${f(compile.startupMs)} ms (target < 1,000 ms)`;
}

/** The Hint's latency at one decision of two seed games (bench/hint-latency.ts). */
function hintLatency(): Promise<HintLatency[]> {
  const games = Object.fromEntries(['trump', 'spimate'].filter((g) => listGames(root).includes(g)).map((g) => [g, compiled(g)]));
  return measureHintLatency(games, new URL(import.meta.url), { measurement: 'hint-shares' }, { samples: quick ? 3 : 5, budget: 500 }, () => log('.'));
}

function hintLines(hint: HintLatency[]): string[] {
  const lines = [`Hint in the playground (issue 29): a ${hint[0]?.budget ?? 500}-simulation Hint, today's (one search in the run worker) against the new one (the budget in shares over ${hint[0]?.workers ?? 1} workers, merged, each worker first warmed by ${HINT_WARM_ROUNDS} Hints as the page warms its helpers while a person thinks; Node worker threads stand in for the page's workers), the same decision, alternated; median (min–max) ms`];
  lines.push(`| game | decision | today | new | new ÷ today (target ≤ 0.5) | a worker's part alone (the latency with a core per worker) | ÷ today | a part of ${SEARCH_SHARES} workers alone (a ${SEARCH_SHARES}-core machine) | ÷ today | same answer as in one thread | most visited: today · new |`);
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const h of hint) {
    const today = stat(h.todayMs);
    const now = stat(h.newMs);
    const part = stat(h.partMs);
    const full = stat(h.partMsFull);
    lines.push(`| ${h.game} | ${h.decision} | ${spread(today)} | ${spread(now)} | ${f(now.median / today.median, 2)} | ${spread(part)} | ${f(part.median / today.median, 2)} | ${spread(full)} | ${f(full.median / today.median, 2)} | ${h.reproducible ? 'yes' : 'NO'} | ${h.todayBest} · ${h.newBest} |`);
  }
  return lines;
}

/** The balance lab's figures beside issue 13's target. */
function balanceLine(balance: ReturnType<typeof measureBalanceSpeed>): string {
  return (
    `Balance lab (issue 13): grimoire balance trump --games ${f(balance.games)} --values none (the report alone) against grimoire play of the same games, one worker thread each: ${f(median(balance.balanceSeconds), 1)} s against ${f(median(balance.playSeconds), 1)} s → ${f(balance.ratio, 2)}× (target ≤ 1.3×); with ${balance.mcts.agents} in both seats (trump master, --values none): ${f(balance.mcts.gamesPerMinute, 1)} games/min on one thread (${balance.mcts.games} games)` +
      `\n  as a user runs it, with what each card is worth (the default): grimoire balance trump --games ${f(balance.withValues.games)}: ${f(balance.withValues.seconds, 1)} s on one worker thread, ${f(balance.withValues.played)} games played in all (the report's ${f(balance.withValues.games)} and each card's replacement games)`
  );
}

/** `--only compile,hint,balance`: just those figures. */
async function focused(sections: string[]): Promise<void> {
  const lines: string[] = [];
  if (sections.includes('compile')) {
    log('compile ');
    lines.push(compileLine((await inWorker('compile')) as ReturnType<typeof measureCompile>));
  }
  if (sections.includes('hint')) {
    log('\nHint latency ');
    lines.push(...hintLines(await hintLatency()));
  }
  if (sections.includes('balance')) {
    log('\nbalance ');
    lines.push(balanceLine(measureBalanceSpeed(root, quick, () => log('.'))));
  }
  log('\n');
  console.log(lines.join('\n'));
}

if (isMainThread) await (only ? focused(only) : main());
else if (workerData?.measurement === 'hint-shares') serveHintShares();
else if (workerData?.measurement === 'recheck') parentPort!.postMessage(measureRecheck(200));
else if (workerData?.measurement === 'compile') parentPort!.postMessage(measureCompile(quick ? 2000 : 10000));
