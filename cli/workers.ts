/**
 * Plays a seed range on N worker threads. Seeds are handed out in chunks as workers free up;
 * the results are put back in seed order, so the report and its hash equal a one-thread run.
 */
import { Worker } from 'node:worker_threads';
import type { GameIR } from '../compiler/ir.ts';
import type { BatchOptions, GameSummary } from '../runtime/batch.ts';
import type { MatchLength } from '../runtime/match.ts';
import type { MatchSummary } from '../runtime/match-batch.ts';

export async function playOnWorkers(ir: GameIR, from: number, count: number, opts: BatchOptions, workers: number, onProgress: (done: number) => void): Promise<GameSummary[]> {
  return (await playJobsOnWorkers(ir, [{ from, count, opts }], workers, onProgress))[0]!;
}

/** One batch among several (playJobsOnWorkers): a seed range and its options. */
export interface SeedJob {
  from: number;
  count: number;
  opts: BatchOptions;
}

/**
 * Plays several seed ranges, each with its own options (the balance lab's replacements: the same
 * seeds with one card replaced, card after card), on one set of worker threads: the chunks of all
 * jobs are handed out as threads free up — no thread started per job — and each job's games come
 * back in seed order, as playOnWorkers would give them.
 */
export async function playJobsOnWorkers(ir: GameIR, jobs: readonly SeedJob[], workers: number, onProgress: (done: number) => void): Promise<GameSummary[][]> {
  return distribute<GameSummary>(ir, jobs, workers, onProgress);
}

/**
 * `grimoire play --match … --workers N`: whole matches, one per seed, on N threads (each match
 * plays game after game on its thread's engine); back in seed order, so the report and its hash
 * equal a one-thread run.
 */
export async function playMatchesOnWorkers(ir: GameIR, from: number, count: number, len: MatchLength, opts: BatchOptions, workers: number, onProgress: (done: number) => void): Promise<MatchSummary[]> {
  return (await distribute<MatchSummary>(ir, [{ from, count, opts }], workers, onProgress, len))[0]!;
}

/** Hands the jobs' seed ranges out in chunks to worker threads; each job's results in seed order. */
async function distribute<T>(ir: GameIR, jobs: readonly SeedJob[], workers: number, onProgress: (done: number) => void, match?: MatchLength): Promise<T[][]> {
  const total = jobs.reduce((n, j) => n + j.count, 0);
  const chunk = Math.max(1, Math.min(200, Math.ceil(total / (workers * 8))));
  const pieces: { job: number; from: number; count: number }[] = [];
  jobs.forEach((j, job) => {
    for (let at = 0; at < j.count; at += chunk) pieces.push({ job, from: j.from + at, count: Math.min(chunk, j.count - at) });
  });
  const results = jobs.map((j) => new Array<T>(j.count));
  let next = 0;
  let done = 0;
  // From the bundle (bin.js) the worker is the bundled play-worker.mjs beside it; from the
  // sources (tests, tsx) it is the play-worker.js shim, which loads play-worker.ts.
  const workerFile = new URL(import.meta.url.endsWith('.mjs') ? './play-worker.mjs' : './play-worker.js', import.meta.url);
  const threads = Array.from({ length: Math.max(1, Math.min(workers, pieces.length)) }, () => new Worker(workerFile, { workerData: { ir, opts: jobs[0]?.opts ?? {}, match } }));
  await Promise.all(
    threads.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          // The job whose options the thread holds: a piece of another job brings its own.
          let holds = 0;
          let current = -1;
          const feed = () => {
            if (next >= pieces.length) {
              w.postMessage('stop');
              resolve();
              return;
            }
            const p = pieces[next++]!;
            current = p.job;
            w.postMessage({ from: p.from, count: p.count, ...(p.job === holds ? {} : { opts: jobs[p.job]!.opts }) });
            holds = p.job;
          };
          w.on('message', (m: { from: number; games: T[] }) => {
            const j = jobs[current]!;
            for (let i = 0; i < m.games.length; i++) results[current]![m.from - j.from + i] = m.games[i]!;
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
