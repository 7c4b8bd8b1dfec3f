/**
 * Plays a seed range on N worker threads. Seeds are handed out in chunks as workers free up;
 * the results are put back in seed order, so the report and its hash equal a one-thread run.
 */
import { Worker } from 'node:worker_threads';
import type { GameIR } from '../compiler/ir.ts';
import type { BatchOptions, GameSummary } from '../runtime/batch.ts';

export async function playOnWorkers(ir: GameIR, from: number, count: number, opts: BatchOptions, workers: number, onProgress: (done: number) => void): Promise<GameSummary[]> {
  const chunk = Math.max(1, Math.min(200, Math.ceil(count / (workers * 8))));
  const results: GameSummary[] = new Array(count);
  let next = 0;
  let done = 0;
  // From the bundle (bin.js) the worker is the bundled play-worker.mjs beside it; from the
  // sources (tests, tsx) it is the play-worker.js shim, which loads play-worker.ts.
  const workerFile = new URL(import.meta.url.endsWith('.mjs') ? './play-worker.mjs' : './play-worker.js', import.meta.url);
  const threads = Array.from({ length: Math.min(workers, Math.ceil(count / chunk)) }, () => new Worker(workerFile, { workerData: { ir, opts } }));
  await Promise.all(
    threads.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          const feed = () => {
            if (next >= count) {
              w.postMessage('stop');
              resolve();
              return;
            }
            const n = Math.min(chunk, count - next);
            w.postMessage({ from: from + next, count: n });
            next += n;
          };
          w.on('message', (m: { from: number; games: GameSummary[] }) => {
            for (let i = 0; i < m.games.length; i++) results[m.from - from + i] = m.games[i]!;
            done += m.games.length;
            onProgress(done);
            feed();
          });
          w.on('error', reject);
          feed();
        }),
    ),
  );
  await Promise.all(threads.map((w) => w.terminate()));
  return results;
}
