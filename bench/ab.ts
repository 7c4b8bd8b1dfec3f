/**
 * `npm run bench:ab -- --base REV`: this checkout's speed against another commit's — how every
 * speed change of the runtime is measured.
 *
 * Both sides are esbuild bundles (as the CLI runs), each of its own checkout with its own rules
 * (REV is checked out in a temporary git worktree). Each side plays in processes of its own, made
 * afresh for each game. Two bundles in one process were not measured fairly: which one was
 * loaded first, and which games ran before, moved a game's ratio by 5% and more (the JIT's shared
 * state, the heap). And one process is a draw of the JIT's luck: two processes of the same bundle
 * differ by up to 10% for their whole life on a loaded machine (what V8 compiled, and when), so
 * each side has several (`--processes`, 3), the k-th of A paired with the k-th of B. All the
 * processes run in lock-step, one at a time, their order turning every round: for each game, they
 * play the same seeds in turn, many short rounds, each timed by its process's CPU time (not the
 * clock: on a shared machine another process's work is not counted), and the report gives B's
 * speed-up over A as the median of the per-round ratios (of paired processes) and as the ratio of
 * the best rounds. The first games' hashes are compared: a speed change must not change a game (a
 * rule change does, and says so).
 *
 * With `--aa`, processes of A run with them in the same rotation (A′), paired with A's like B's:
 * their row, A ÷ A′, is the instrument's noise on this machine at that moment, which a B ratio must
 * clear to mean anything.
 *
 * With `--mcts`, also MCTS iterations per second at the opening of three games of each seed game
 * (bench/search-speed.ts's positions), when both sides have the search agents; their estimates
 * are compared too (a change to how playouts draw changes them).
 *
 * Whole-run figures (`npm run bench`) move by up to 15% with the machine's load; a ratio measured
 * this way moves by a few per cent (see `--aa`). Options: --base REV (required), --head REV (B
 * another commit instead of this checkout), --games a,b (default: Vanilla and the four seed
 * games), --rounds N (30, for each process), --warmup N (40 untimed rounds first: V8 takes dozens
 * of rounds to settle), --processes N (3 per side), --draws sampled|listed
 * (how random players draw an action, as `grimoire play --draws`; sampled by default — a commit
 * from before sampled draws plays listed whatever this says, so against one `--draws listed`
 * compares the same games), --aa, --mcts, --iterations N (300 per opening).
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

function option(name: string): string | null {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
}

const base = option('--base');
if (!base) {
  process.stderr.write('usage: npm run bench:ab -- --base REV [--head REV] [--games vanilla,trump,…] [--rounds N] [--warmup N] [--processes N] [--draws sampled|listed] [--aa] [--mcts] [--iterations N]\n');
  process.exit(2);
}
const games = (option('--games') ?? 'vanilla,trump,summon-magic,t-magic,spimate').split(',');
const rounds = Number(option('--rounds') ?? 30);
const iterations = Number(option('--iterations') ?? 300);
const withMcts = process.argv.includes('--mcts');
const withAA = process.argv.includes('--aa');
/** Untimed rounds each process plays first. */
const warmup = Number(option('--warmup') ?? 40);
/** Processes per side and game (each its own JIT's luck: see the header). */
const perSide = Number(option('--processes') ?? 3);
/** How random players draw an action (runtime ActionDraws; a commit before them has only listed draws and ignores it). */
const draws = option('--draws') ?? 'sampled';
if (draws !== 'sampled' && draws !== 'listed') {
  process.stderr.write(`bench:ab: --draws is sampled or listed, not '${draws}'\n`);
  process.exit(2);
}
/** The format each game is measured in (trump's search agents play master, as in bench/search-speed.ts). */
const FORMATS: Record<string, string | undefined> = { trump: 'master' };

/** One side's entry: random playouts with one engine reset per seed (as `grimoire play`). */
const PLAYOUT_ENTRY = `
import { compileGame } from './compiler/compile.ts';
import { gameSources } from './compiler/project.ts';
import { newEngine, playOn } from './runtime/play.ts';
export function playouts(root, game, format) {
  const ir = compileGame({ sources: gameSources(root, game), loadBase: (n) => gameSources(root, n) }).ir;
  if (!ir) throw new Error(game + ' does not compile in ' + root);
  const opts = { askForced: game === 'vanilla', format, draws: ${JSON.stringify(draws)} };
  const engine = newEngine(ir, 1, opts);
  return (seed) => playOn(engine, seed, opts).hash;
}
`;
/** The MCTS search at the first real decision of the games of seeds 1–3. */
const MCTS_ENTRY = `
import { compileGame } from './compiler/compile.ts';
import { gameSources } from './compiler/project.ts';
import { Engine, StopRun } from './runtime/engine.ts';
import { GameRecorder, SearchModel, searchEngine } from './runtime/search.ts';
import { DEFAULT_EXPLORATION, MctsAgent } from './runtime/agents/mcts.ts';
export function mcts(root, game, format) {
  const ir = compileGame({ sources: gameSources(root, game), loadBase: (n) => gameSources(root, n) }).ir;
  const models = [];
  for (let seed = 1; seed <= 3; seed++) {
    const engine = new Engine(ir, { seed, format });
    const recorder = new GameRecorder(engine, seed);
    const search = searchEngine(ir, { format });
    let found = null;
    engine.run((d) => {
      if (d.count > 1) { found = { model: new SearchModel(search, recorder, d), count: d.count }; throw new StopRun(d); }
      recorder.answered(0);
      return 0;
    });
    models.push(found);
  }
  return (iterations) => models.map((m, i) => new MctsAgent({ iterations, millis: null, exploration: DEFAULT_EXPLORATION, depth: null }, i + 1).search(m.model, m.count).map((e) => e.label + ':' + e.visits).join(',')).join(' | ');
}
`;

/**
 * A side's process: it loads one bundle and answers the parent's requests, one at a time — set up
 * a game's playouts (or searches), then play (search) a round, timed by its own CPU time.
 */
const RUNNER = `
import { pathToFileURL } from 'node:url';
let run = null;
process.on('message', async (m) => {
  try {
    let result;
    if (m.op === 'playouts') {
      const play = (await import(pathToFileURL(m.bundle).href)).playouts(m.dir, m.game, m.format);
      result = [];
      for (let s = 1; s <= 50; s++) result.push(play(s));
      run = (r) => { for (let i = 0; i < r.n; i++) play(r.from + i); };
    } else if (m.op === 'mcts') {
      const search = (await import(pathToFileURL(m.bundle).href)).mcts(m.dir, m.game, m.format);
      result = search(m.iterations);
      run = () => void search(m.iterations);
    } else {
      const c0 = process.cpuUsage();
      run(m);
      const c = process.cpuUsage(c0);
      result = (c.user + c.system) / 1000;
    }
    process.send({ result });
  } catch (e) {
    process.send({ error: String(e && e.stack || e) });
  }
});
`;

interface Side {
  name: string;
  dir: string;
  /** The bundles: playouts, and the MCTS entry when asked for and the side has the search agents. */
  playouts: string;
  mcts: string | null;
}

/** Bundles a checkout's entries (packages from this checkout's node_modules). */
async function bundleSide(name: string, dir: string, out: string): Promise<Side> {
  const entry = (file: string, text: string) => {
    const path = join(dir, file);
    writeFileSync(path, text);
    return path;
  };
  const entries: Record<string, string> = { playouts: entry('.bench-ab-playouts.mjs', PLAYOUT_ENTRY) };
  const hasMcts = existsSync(join(dir, 'runtime/agents/mcts.ts'));
  if (withMcts && hasMcts) entries.mcts = entry('.bench-ab-mcts.mjs', MCTS_ENTRY);
  try {
    await build({ entryPoints: entries, bundle: true, platform: 'node', format: 'esm', target: 'node20', outdir: join(out, name), outExtension: { '.js': '.mjs' }, packages: 'external', logLevel: 'error', absWorkingDir: dir });
  } finally {
    for (const f of Object.values(entries)) rmSync(f, { force: true });
  }
  return { name, dir, playouts: join(out, name, 'playouts.mjs'), mcts: entries.mcts ? join(out, name, 'mcts.mjs') : null };
}

/** A side's process: `ask` sends a request and waits for its answer. */
class Runner {
  private readonly child: ChildProcess;
  constructor(script: string) {
    // The runner imports bundles whose packages are external: it runs from this checkout, where node_modules is.
    this.child = fork(script, [], { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }
  ask<T>(request: Record<string, unknown>): Promise<T> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`bench:ab: a side's process exited (${code})`));
      this.child.once('exit', exited);
      this.child.once('message', (m: { result?: T; error?: string }) => {
        this.child.off('exit', exited);
        if (m.error !== undefined) reject(new Error(m.error));
        else resolve(m.result as T);
      });
      this.child.send(request);
    });
  }
  close(): void {
    this.child.kill();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const f = (x: number, d = 3) => x.toFixed(d);

/**
 * Plays `rounds` rounds on each process in turn (one at a time, the first of the turn moving on
 * each round), after `warm` untimed rounds each; the CPU ms of each process's rounds.
 */
async function interleave(runners: Runner[], warm: number, request: (round: number) => Record<string, unknown>): Promise<number[][]> {
  const times = runners.map(() => [] as number[]);
  // Warm-up rounds (other seeds), untimed: V8 takes dozens of rounds to settle, the first
  // rounds two or three times slower than the later ones, and a side with more code slower to.
  for (const r of runners) for (let w = 1; w <= warm; w++) await r.ask(request(-w));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < runners.length; k++) {
      const i = (round + k) % runners.length;
      times[i]!.push(await runners[i]!.ask<number>(request(round)));
    }
  }
  return times;
}

function report(what: string, ta: number[], tb: number[], unit: string, same: string): string {
  const ratios = ta.map((t, i) => t / tb[i]!);
  return `| ${what} | ${f(median(ta), 1)} | ${f(median(tb), 1)} | ×${f(median(ratios))} | ×${f(Math.min(...ta) / Math.min(...tb))} | ${unit} | ${same} |`;
}

/** The short hash of a revision, or exit 2 naming it. */
function commitOf(rev: string): string {
  const r = spawnSync('git', ['-C', root, 'rev-parse', '--short', rev], { encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(`bench:ab: '${rev}' is not a commit of this repository\n`);
    process.exit(2);
  }
  return r.stdout.trim();
}

async function main(): Promise<void> {
  const commit = commitOf(base!);
  const headRev = option('--head');
  const headCommit = headRev ? commitOf(headRev) : null;
  // In this checkout (git ignores .ab/), where the bundles find its node_modules.
  const cache = join(root, '.ab');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'run-'));
  const script = join(out, 'runner.mjs');
  writeFileSync(script, RUNNER);
  const worktrees: string[] = [];
  const running: Runner[] = [];
  /** A temporary checkout of `rev`, with this checkout's node_modules. */
  const checkout = (rev: string, name: string): string => {
    const dir = join(out, name);
    const added = spawnSync('git', ['-C', root, 'worktree', 'add', '--detach', dir, rev], { encoding: 'utf8' });
    if (added.status !== 0) throw new Error(`git worktree add failed: ${added.stderr}`);
    worktrees.push(dir);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return dir;
  };
  /** Fresh processes for A, B (and A′ with --aa), each set up by `setup`. */
  const processes = async <T>(sides: Side[], setup: (side: Side) => Record<string, unknown>): Promise<{ runners: Runner[]; answers: T[] }> => {
    const runners = sides.map(() => new Runner(script));
    running.push(...runners);
    const answers: T[] = [];
    for (let i = 0; i < sides.length; i++) answers.push(await runners[i]!.ask<T>(setup(sides[i]!)));
    return { runners, answers };
  };
  const done = (runners: Runner[]) => {
    for (const r of runners) r.close();
  };
  const cleanUp = () => {
    done(running);
    for (const dir of worktrees.splice(0)) spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', dir]);
    rmSync(out, { recursive: true, force: true });
  };
  // Stopped midway (Ctrl-C, a timeout): no process, worktree or bundle left behind.
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.once(sig, () => {
      cleanUp();
      process.exit(130);
    });
  try {
    const A = await bundleSide('a', checkout(commit, 'base'), out);
    const B = await bundleSide('b', headCommit ? checkout(headCommit, 'head') : root, out);
    // `perSide` groups of A, B (and A′), each side's processes its own.
    const group = withAA ? [A, B, A] : [A, B];
    const sides = Array.from({ length: perSide }, () => group).flat();
    /** The times of side `s` (0 A, 1 B, 2 A′), every process of it in turn: the k-th of A pairs with the k-th of B. */
    const ofSide = (times: number[][], s: number) => times.filter((_, i) => i % group.length === s).flat();
    const head = headCommit ?? spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    const dirty = !headCommit && spawnSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() !== '';
    console.log(`A: ${commit} · B: ${head}${dirty ? ' with uncommitted changes' : ''} · CPU time, ${perSide} processes per side and game, ${rounds} rounds each, all in lock-step, the order turning${withAA ? ' · A′: A again in processes of its own (the noise)' : ''}`);
    console.log('');
    console.log("| measured | A: CPU ms a round (median) | B: CPU ms a round (median) | B's speed-up: median of the rounds' A ÷ B | best A ÷ best B | a round | A and B the same? |");
    console.log('|---|---|---|---|---|---|---|');
    for (const game of games) {
      const format = FORMATS[game];
      const { runners, answers } = await processes<number[]>(sides, (s) => ({ op: 'playouts', bundle: s.playouts, dir: s.dir, game, format }));
      let differ = 0;
      for (let s = 0; s < 50; s++) if (answers[0]![s] !== answers[1]![s]) differ++;
      const n = game === 'vanilla' ? 1500 : 50;
      const times = await interleave(runners, warmup, (round) => ({ op: 'play', from: round >= 0 ? 1000 + round * n : 1_000_000 - round * n, n }));
      done(runners);
      const what = `${game}${format ? ` (${format})` : ''}`;
      console.log(report(`${what}: random playouts`, ofSide(times, 0), ofSide(times, 1), `${n} games`, differ ? `${differ} of 50 hashes differ` : 'same hashes'));
      if (withAA) console.log(report(`${what}: A ÷ A′ (noise)`, ofSide(times, 0), ofSide(times, 2), `${n} games`, '—'));
    }
    if (withMcts) {
      for (const game of games.filter((g) => g !== 'vanilla')) {
        if (!A.mcts || !B.mcts) {
          console.log(`| ${game}: MCTS | — | — | — | — | — | ${A.mcts ? 'B' : 'A'} has no search agents |`);
          continue;
        }
        const format = FORMATS[game];
        const { runners, answers } = await processes<string>(sides, (s) => ({ op: 'mcts', bundle: s.mcts, dir: s.dir, game, format, iterations }));
        const same = answers[0] === answers[1] ? 'same estimates' : 'other estimates (playouts drawn otherwise)';
        const times = await interleave(runners, Math.min(warmup, 3), () => ({ op: 'search' }));
        done(runners);
        const what = `${game}${format ? ` (${format})` : ''}`;
        console.log(report(`${what}: MCTS at 3 openings`, ofSide(times, 0), ofSide(times, 1), `${3 * iterations} iterations`, same));
        if (withAA) console.log(report(`${what}: MCTS, A ÷ A′ (noise)`, ofSide(times, 0), ofSide(times, 2), `${3 * iterations} iterations`, '—'));
      }
    }
  } finally {
    cleanUp();
  }
}

await main();
