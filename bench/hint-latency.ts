/**
 * The playground's Hint, timed (issue 29: a 500-simulation Hint in ≤ ½ of today's time for the
 * same decision).
 *
 * "Today" is the Hint as it was before root parallelism: the run worker replays the match to the
 * decision and runs one MCTS search of 500 iterations (one tree). "New" is the Hint in shares
 * (runtime/agents/root-parallel.ts): the page sends each of its run workers a share of the
 * budget; each replays the match and searches its shares; the page merges the statistics
 * (playground/src/worker/hint-merge.ts). Here Node worker threads stand in for the browser's
 * workers and run the very function the run worker runs (match-run.ts runHintShares), warm —
 * made, the rules compiled and HINT_WARM_ROUNDS searches run before the first Hint, as the page's
 * workers are while the person thinks (client.ts warmHint).
 * Each sample is the wall time from the request to the merged answer; today's and the new Hint
 * alternate, so machine noise hits both alike.
 *
 * `npm run bench` prints it beside its target; `node bench/bin.js --only hint` prints it alone.
 */
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { GameIR } from '../compiler/ir.ts';
import type { HintSharesReport, RunRequest } from '../playground/src/worker/run-protocol.ts';
import { matchSim, runHintShares } from '../playground/src/worker/match-run.ts';
import { hintFromShares } from '../playground/src/worker/hint-merge.ts';
import { HINT_WARM_ROUNDS, warmBudget } from '../playground/src/run/hint-warm.ts';
import { hintAt, playMatch } from '../playground/src/worker/match.ts';
import { DEFAULT_EXPLORATION, MctsAgent } from '../runtime/agents/mcts.ts';
import { SEARCH_SHARES, sharesOf } from '../runtime/agents/root-parallel.ts';
import { Rng } from '../runtime/rng.ts';

type HintRequest = Extract<RunRequest, { type: 'hint' }>;

export interface HintLatency {
  game: string;
  /** The decision: its player, kind and options, and how many answers led to it. */
  decision: string;
  budget: number;
  workers: number;
  todayMs: number[];
  newMs: number[];
  /**
   * The new Hint's critical path: each worker's part (replay and its shares) timed alone in this
   * thread, one after another, and the longest taken — the latency where every worker has a core
   * of its own, whatever else the machine runs.
   */
  partMs: number[];
  /**
   * The same critical path for a page of SEARCH_SHARES workers (a machine with that many cores:
   * the playground makes the run worker and up to three helpers, one per core): each worker's part
   * is one share and its replay, timed alone as above, the longest taken.
   */
  partMsFull: number[];
  /** The parallel Hint's answer equals the same shares run one after another in one thread. */
  reproducible: boolean;
  /** The most visited option of each. */
  todayBest: string;
  newBest: string;
}

/** A decision of `game` with at least three options, reached by seeded random answers past `skip` such decisions. */
function decisionOf(ir: GameIR, game: string, seed: number, skip: number): HintRequest {
  const rng = new Rng(seed);
  const answers: number[] = [];
  let seen = 0;
  for (let step = 0; step < 400; step++) {
    const req: HintRequest = { type: 'hint', id: 1, files: [], game, seed, maxSteps: 100_000, answers: [...answers], budget: 500 };
    const run = playMatch(matchSim(req, ir));
    if (!run.decision) break;
    if (run.decision.count >= 3 && seen++ >= skip) return req;
    answers.push(rng.below(run.decision.count));
  }
  throw new Error(`no decision of ${game} with three options`); // i18n-ok: a benchmark's own failure
}

/** Today's Hint (before root parallelism): replay, then one search of the whole budget. */
function todayHint(req: HintRequest, ir: GameIR): string {
  const run = playMatch(matchSim(req, ir), { model: true });
  const seed = (Math.imul(req.seed ^ 0x27d4eb2f, 31) + req.answers.length) >>> 0;
  const agent = new MctsAgent({ iterations: req.budget, millis: null, exploration: DEFAULT_EXPLORATION, depth: null }, seed);
  const estimates = agent.search(run.model!, run.decision!.count);
  estimates.sort((a, b) => b.visits - a.visits || b.winRate - a.winRate);
  return estimates[0]!.label;
}

/** A warm worker that runs Hint shares (the same function as the playground's run worker), one request at a time. */
class ShareWorker {
  private readonly worker: Worker;
  private waiting: { resolve: (r: HintSharesReport) => void; reject: (e: Error) => void } | null = null;
  constructor(url: URL, measurement: Record<string, unknown>, irs: Record<string, GameIR>) {
    this.worker = new Worker(url, { workerData: { ...measurement, irs }, argv: process.argv.slice(2) });
    this.worker.on('message', (r: HintSharesReport) => this.waiting?.resolve(r));
    this.worker.on('error', (e) => this.waiting?.reject(e));
  }
  run(req: Extract<RunRequest, { type: 'hint-shares' }>): Promise<HintSharesReport> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.postMessage(req);
    });
  }
  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

/** In a share worker: answers each request with runHintShares. */
export function serveHintShares(): void {
  const irs = workerData.irs as Record<string, GameIR>;
  parentPort!.on('message', (req: Extract<RunRequest, { type: 'hint-shares' }>) => {
    parentPort!.postMessage(runHintShares(req, irs[req.game]!, () => {}, performance.now()));
  });
}

/**
 * Times today's and the new Hint at one decision of each game. `url` and `measurement`: the
 * module a worker thread runs and the workerData that makes it serve shares (serveHintShares).
 */
export async function measureHintLatency(games: Record<string, GameIR>, url: URL, measurement: Record<string, unknown>, opts: { samples: number; budget: number }, tick: () => void = () => {}): Promise<HintLatency[]> {
  const workers = Math.max(1, Math.min(SEARCH_SHARES, availableParallelism()));
  const pool = Array.from({ length: workers }, () => new ShareWorker(url, measurement, games));
  const out: HintLatency[] = [];
  try {
    for (const [game, ir] of Object.entries(games)) {
      const req = { ...decisionOf(ir, game, 3, 4), budget: opts.budget };
      const parallel = async () => {
        const replies = await Promise.all(pool.map((w, k) => w.run({ ...req, type: 'hint-shares', id: k + 1, shares: sharesOf(k, workers) })));
        return hintFromShares(req.id, replies, 0);
      };
      // Warm-up, as on the page while the person thinks (client.ts warmHint): each worker searches
      // its share HINT_WARM_ROUNDS times, rounds of `warmBudget` simulations (fewer in the run
      // worker, share 0). Today's search runs in this thread,
      // as warm from the decisionOf replays and the searches below.
      for (let r = 0; r < HINT_WARM_ROUNDS; r++) {
        await Promise.all(pool.map((w, k) => w.run({ ...req, budget: warmBudget(req.budget, k), type: 'hint-shares', id: k + 1, shares: sharesOf(k, workers) })));
      }
      todayHint(req, ir);
      const todayMs: number[] = [];
      const newMs: number[] = [];
      const partMs: number[] = [];
      const part = (k: number, of = workers) => runHintShares({ ...req, type: 'hint-shares', id: k + 1, shares: sharesOf(k, of) }, ir, () => {}, 0);
      for (let k = 0; k < workers; k++) part(k);
      const partMsFull: number[] = [];
      let todayBest = '';
      let merged = await parallel();
      for (let k = 0; k < opts.samples; k++) {
        let t0 = performance.now();
        todayBest = todayHint(req, ir);
        todayMs.push(performance.now() - t0);
        t0 = performance.now();
        merged = await parallel();
        newMs.push(performance.now() - t0);
        let longest = 0;
        for (let w = 0; w < workers; w++) {
          t0 = performance.now();
          part(w);
          longest = Math.max(longest, performance.now() - t0);
        }
        partMs.push(longest);
        longest = 0;
        for (let w = 0; w < SEARCH_SHARES; w++) {
          t0 = performance.now();
          part(w, SEARCH_SHARES);
          longest = Math.max(longest, performance.now() - t0);
        }
        partMsFull.push(longest);
        tick();
      }
      // The same shares, one after another in this thread: the answer a one-core page gets.
      const run = playMatch(matchSim(req, ir), { model: true });
      const seed = (Math.imul(req.seed ^ 0x27d4eb2f, 31) + req.answers.length) >>> 0;
      const alone = hintAt(run, req.budget, seed);
      const d = run.decision!;
      out.push({
        game,
        decision: `${d.player.name}'s ${d.kind} of ${d.count} options after ${req.answers.length} answers (seed ${req.seed})`,
        budget: req.budget,
        workers,
        todayMs,
        newMs,
        partMs,
        partMsFull,
        reproducible: JSON.stringify(alone.estimates) === JSON.stringify(merged.estimates) && alone.iterations === merged.iterations,
        todayBest,
        newBest: merged.estimates[0]?.label ?? '',
      });
    }
  } finally {
    await Promise.all(pool.map((w) => w.stop()));
  }
  return out;
}
