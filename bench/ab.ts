/**
 * `npm run bench:ab -- --base REV`: this checkout's speed against another commit's, in one
 * process — how every speed change of the runtime is measured.
 *
 * Both sides are esbuild bundles (as the CLI runs), each of its own checkout with its own rules
 * (REV is checked out in a temporary git worktree). For each game, the two play the same seeds in
 * turn, many short rounds, timed by the process's CPU time (not the clock: on a shared machine
 * another process's work is not counted), and the report gives B's speed-up over A as the median
 * of the per-round ratios and as the ratio of the best rounds. The first games' hashes are
 * compared: a speed change must not change a game (a rule change does, and says so).
 *
 * With `--mcts`, also MCTS iterations per second at the opening of three games of each seed game
 * (bench/search-speed.ts's positions), when both sides have the search agents; their estimates
 * are compared too (a change to how playouts draw changes them).
 *
 * Whole-run figures (`npm run bench`) move by up to 15% with the machine's load; a ratio measured
 * this way moves by a few per cent. Options: --base REV (required), --head REV (B another commit
 * instead of this checkout), --games a,b (default: Vanilla and the four seed games), --rounds N
 * (16), --draws sampled|listed (how random players draw an action, as `grimoire play --draws`;
 * sampled by default — a commit from before sampled draws plays listed whatever this says, so
 * against one `--draws listed` compares the same games), --mcts, --iterations N (300 per opening).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpuUsage } from 'node:process';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');

function option(name: string): string | null {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
}

const base = option('--base');
if (!base) {
  process.stderr.write('usage: npm run bench:ab -- --base REV [--head REV] [--games vanilla,trump,…] [--rounds N] [--draws sampled|listed] [--mcts] [--iterations N]\n');
  process.exit(2);
}
const games = (option('--games') ?? 'vanilla,trump,summon-magic,t-magic,spimate').split(',');
const rounds = Number(option('--rounds') ?? 16);
const iterations = Number(option('--iterations') ?? 300);
const withMcts = process.argv.includes('--mcts');
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

interface Side {
  name: string;
  dir: string;
  playouts: (root: string, game: string, format?: string) => (seed: number) => number;
  mcts: ((root: string, game: string, format?: string) => (iterations: number) => string) | null;
}

/** Bundles a checkout's entries (packages from this checkout's node_modules) and loads them. */
async function loadSide(name: string, dir: string, out: string): Promise<Side> {
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
  const p = await import(pathToFileURL(join(out, name, 'playouts.mjs')).href);
  const m = entries.mcts ? await import(pathToFileURL(join(out, name, 'mcts.mjs')).href) : null;
  return { name, dir, playouts: p.playouts, mcts: m ? m.mcts : null };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const f = (x: number, d = 3) => x.toFixed(d);

/** Runs `a` and `b` in turn (the order alternating by round) for `rounds` rounds; CPU ms of each round. */
function interleave(a: () => void, b: () => void): { ta: number[]; tb: number[] } {
  const ta: number[] = [];
  const tb: number[] = [];
  const time = (fn: () => void) => {
    const c0 = cpuUsage();
    fn();
    const c = cpuUsage(c0);
    return (c.user + c.system) / 1000;
  };
  a();
  b();
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      ta.push(time(a));
      tb.push(time(b));
    } else {
      tb.push(time(b));
      ta.push(time(a));
    }
  }
  return { ta, tb };
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
  const cache = join(root, 'node_modules', '.cache', 'grimoire-ab');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'run-'));
  const worktrees: string[] = [];
  /** A temporary checkout of `rev`, with this checkout's node_modules. */
  const checkout = (rev: string, name: string): string => {
    const dir = join(out, name);
    const added = spawnSync('git', ['-C', root, 'worktree', 'add', '--detach', dir, rev], { encoding: 'utf8' });
    if (added.status !== 0) throw new Error(`git worktree add failed: ${added.stderr}`);
    worktrees.push(dir);
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return dir;
  };
  try {
    const A = await loadSide('a', checkout(commit, 'base'), out);
    const B = await loadSide('b', headCommit ? checkout(headCommit, 'head') : root, out);
    const head = headCommit ?? spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    const dirty = !headCommit && spawnSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() !== '';
    console.log(`A: ${commit} · B: ${head}${dirty ? ' with uncommitted changes' : ''} · ${rounds} rounds each, CPU time, the order alternating`);
    console.log('');
    console.log("| measured | A: CPU ms a round (median) | B: CPU ms a round (median) | B's speed-up: median of the rounds' A ÷ B | best A ÷ best B | a round | A and B the same? |");
    console.log('|---|---|---|---|---|---|---|');
    for (const game of games) {
      const format = FORMATS[game];
      const pa = A.playouts(A.dir, game, format);
      const pb = B.playouts(B.dir, game, format);
      let differ = 0;
      for (let s = 1; s <= 50; s++) if (pa(s) !== pb(s)) differ++;
      const n = game === 'vanilla' ? 1500 : 50;
      let seed = 1000;
      const { ta, tb } = interleave(
        () => {
          for (let i = 0; i < n; i++) pa(seed + i);
        },
        () => {
          for (let i = 0; i < n; i++) pb(seed + i);
          seed += n;
        },
      );
      console.log(report(`${game}${format ? ` (${format})` : ''}: random playouts`, ta, tb, `${n} games`, differ ? `${differ} of 50 hashes differ` : 'same hashes'));
    }
    if (withMcts) {
      for (const game of games.filter((g) => g !== 'vanilla')) {
        if (!A.mcts || !B.mcts) {
          console.log(`| ${game}: MCTS | — | — | — | — | — | ${A.mcts ? 'B' : 'A'} has no search agents |`);
          continue;
        }
        const format = FORMATS[game];
        const ma = A.mcts(A.dir, game, format);
        const mb = B.mcts(B.dir, game, format);
        const same = ma(iterations) === mb(iterations) ? 'same estimates' : 'other estimates (playouts drawn otherwise)';
        const { ta, tb } = interleave(
          () => void ma(iterations),
          () => void mb(iterations),
        );
        console.log(report(`${game}${format ? ` (${format})` : ''}: MCTS at 3 openings`, ta, tb, `${3 * iterations} iterations`, same));
      }
    }
  } finally {
    for (const dir of worktrees) spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', dir]);
    rmSync(out, { recursive: true, force: true });
  }
}

await main();
