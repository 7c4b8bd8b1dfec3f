/**
 * One worker thread of `grimoire play --workers N`: receives the compiled game once, then seed
 * ranges; answers each range with its game summaries (runtime/batch.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { GameIR } from '../compiler/ir.ts';
import { playBatch, type BatchOptions } from '../runtime/batch.ts';

const { ir, opts } = workerData as { ir: GameIR; opts: BatchOptions };

parentPort!.on('message', (m: { from: number; count: number } | 'stop') => {
  if (m === 'stop') {
    parentPort!.close();
    return;
  }
  parentPort!.postMessage({ from: m.from, games: playBatch(ir, m.from, m.count, opts) });
});
