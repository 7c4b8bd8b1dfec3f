/**
 * One worker thread of `grimoire play --workers N`: receives the compiled game once, then seed
 * ranges; answers each range with its game summaries (runtime/batch.ts).
 * A `grimoire worker` (queue/worker.ts) serves jobs of any game and options: its threads start
 * with no game, and a range may bring the IR and options to play it with (kept for the next).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { GameIR } from '../compiler/ir.ts';
import { playBatch, type BatchOptions } from '../runtime/batch.ts';

let { ir, opts } = workerData as { ir: GameIR | null; opts: BatchOptions };

parentPort!.on('message', (m: { from: number; count: number; ir?: GameIR; opts?: BatchOptions } | 'stop') => {
  if (m === 'stop') {
    parentPort!.close();
    return;
  }
  if (m.ir) ir = m.ir;
  if (m.opts) opts = m.opts;
  parentPort!.postMessage({ from: m.from, games: playBatch(ir!, m.from, m.count, opts) });
});
