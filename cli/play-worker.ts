/**
 * One worker thread of `grimoire play --workers N`: receives the compiled game once, then seed
 * ranges; answers each range with its game summaries (runtime/batch.ts), or with its match
 * summaries (runtime/match-batch.ts) when it plays matches.
 * A `grimoire worker` (queue/worker.ts) serves jobs of any game and options: its threads start
 * with no game, and a range may bring the IR and options to play it with (kept for the next).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { GameIR } from '../compiler/ir.ts';
import { playBatch, type BatchOptions } from '../runtime/batch.ts';
import type { MatchLength } from '../runtime/match.ts';
import { playMatches } from '../runtime/match-batch.ts';

// `match`: the thread plays whole matches of that length, one per seed (`play --match --workers`).
let { ir, opts, match } = workerData as { ir: GameIR | null; opts: BatchOptions; match?: MatchLength };

parentPort!.on('message', (m: { from: number; count: number; ir?: GameIR; opts?: BatchOptions } | 'stop') => {
  if (m === 'stop') {
    parentPort!.close();
    return;
  }
  if (m.ir) ir = m.ir;
  if (m.opts) opts = m.opts;
  parentPort!.postMessage({ from: m.from, games: match ? playMatches(ir!, m.from, m.count, match, opts) : playBatch(ir!, m.from, m.count, opts) });
});
