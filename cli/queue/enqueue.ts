/**
 * The `--queue` side of a run (`play`, `duel`, any command that plays through playSeeds): the
 * seed range cut into chunks, one BullMQ job per chunk, then wait for every chunk and put the
 * games back in seed order — the report and hash of a local run with the same arguments.
 *
 * Why a file of its own: waiting on other machines has failures a local run has not, and each is
 * said in one line: Redis unreachable or lost, a worker refusing a chunk because its rules differ
 * (`a worker has different rules for trump (…): update that machine's clone`), a chunk failing.
 * A worker killed mid-chunk is not a failure here: BullMQ moves its chunk back to the queue for
 * another worker (worker.ts), and a chunk that comes back twice counts once (SeedResults).
 *
 * Results arrive as QueueEvents `completed` events; every few seconds the unfinished jobs are
 * also asked for their state, which catches an event missed while reconnecting and notices a lost
 * Redis. After the merge the run's jobs are removed; jobs of a run that died are removed by BullMQ
 * an hour after they complete.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { BatchOptions, GameSummary } from '../../runtime/batch.ts';
import { chunkJobId, chunkJobVersion, chunkRanges, runKey, runTtlMs, SeedResults, type ChunkJob } from './chunks.ts';
import { checkReachable, connectionOptions, keyPrefix, QueueError, queueName, reachProblem, type QueueAddress } from './connection.ts';

export interface QueueRun {
  address: QueueAddress;
  /** The game's folder name, which workers compile from their clones. */
  game: string;
  /** rulesFingerprint of this run's IR. */
  rules: string;
  /** Games per job. */
  chunk: number;
}

/** How often the unfinished jobs are asked for their state (ms). */
const pollMs = 3000;
/** Reconnections in a row before `play` gives up on a lost Redis (about 2 s apart). */
const reconnects = 15;

/** Plays seeds from … from+count-1 on the queue's workers; the summaries in seed order. */
export async function playOnQueue(q: QueueRun, from: number, count: number, options: BatchOptions, onProgress: (done: number) => void): Promise<GameSummary[]> {
  const workers = await checkReachable(q.address);
  const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const connection = connectionOptions(q.address, reconnects);
  const queue = new Queue<ChunkJob, GameSummary[]>(queueName, { connection, prefix: keyPrefix });
  const events = new QueueEvents(queueName, { connection, prefix: keyPrefix });
  // The run's heartbeat (chunks.ts): workers skip the chunks of a run that stopped waiting.
  const heart = new Redis(connection as never);
  const alive = runKey(keyPrefix, run);
  const beat = () => heart.set(alive, hostname(), 'PX', runTtlMs).catch(() => {});
  const heartbeat = setInterval(beat, runTtlMs / 3);
  let lost: Error | undefined;
  const noteError = (e: Error) => (lost = e);
  queue.on('error', noteError);
  events.on('error', noteError);
  heart.on('error', noteError);

  const ranges = chunkRanges(from, count, q.chunk);
  const pending = new Map(ranges.map((r) => [chunkJobId(run, r.from), r]));
  const results = new SeedResults(from, count);
  try {
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady(), beat()]);
    if (workers === 0) process.stderr.write(`grimoire: no worker is connected to ${q.address.shown} yet; the chunks wait for one (grimoire worker --queue ${q.address.shown})\n`);
    const summaries = await new Promise<GameSummary[]>((resolve, reject) => {
      let finished = false;
      const finish = (e?: Error) => {
        if (finished) return;
        finished = true;
        clearInterval(timer);
        if (e) reject(e);
        else resolve(results.inOrder());
      };
      const completed = (jobId: string, value: unknown) => {
        const range = pending.get(jobId);
        if (!range || finished) return;
        // No games: a worker found the run's heartbeat gone (this process paused past runTtlMs?) and skipped the chunk.
        if (Array.isArray(value) && value.length === 0) return finish(new QueueError(`a worker skipped seeds ${range.from}..${range.from + range.count - 1} because this run's heartbeat had lapsed (was this process paused for more than ${runTtlMs / 1000} s?): run it again`));
        try {
          results.add(range, value as GameSummary[]);
        } catch (e) {
          finish(new QueueError((e as Error).message));
          return;
        }
        pending.delete(jobId);
        onProgress(results.done);
        if (pending.size === 0) finish();
      };
      const failed = (jobId: string, reason: string) => {
        const range = pending.get(jobId);
        if (!range || finished) return;
        const seeds = `seeds ${range.from}..${range.from + range.count - 1}`;
        // A refusal (worker.ts) is already a whole sentence for the user.
        if (reason.startsWith('a worker ')) finish(new QueueError(reason));
        else if (/stalled more than allowable limit/.test(reason)) finish(new QueueError(`${seeds}: each worker that took them died before finishing, time after time (killed? out of memory?); the run stops`));
        else finish(new QueueError(`${seeds} failed on a worker: ${reason}`));
      };
      events.on('completed', ({ jobId, returnvalue }) => completed(jobId, returnvalue));
      events.on('failed', ({ jobId, failedReason }) => {
        // 'failed' also tells of an attempt that will be retried: only a job that stays failed ends the run.
        if (!pending.has(jobId)) return;
        queue.getJobState(jobId).then((state) => state === 'failed' && failed(jobId, failedReason), () => {});
      });
      // The safety net: ask the unfinished jobs (a few hundred at a time) for their state.
      let polling = false;
      const timer = setInterval(() => {
        if (polling || finished) return;
        polling = true;
        const ids = [...pending.keys()].slice(0, 300);
        Promise.all(
          ids.map(async (id) => {
            const state = await queue.getJobState(id);
            if (state !== 'completed' && state !== 'failed') return;
            const job = await queue.getJob(id);
            if (!job) return;
            if (state === 'completed') completed(id, job.returnvalue);
            else if (job.attemptsMade >= (job.opts.attempts ?? 1) || job.finishedOn) failed(id, job.failedReason);
          }),
        ).then(
          () => (polling = false),
          (e: Error) => finish(new QueueError(`lost the queue at ${q.address.shown}: ${reachProblem(lost ?? e)}`)),
        );
      }, pollMs);
      const jobs = ranges.map((r) => {
        const data: ChunkJob = { v: chunkJobVersion, run, game: q.game, rules: q.rules, options, from: r.from, count: r.count };
        // Two attempts for a chunk that failed on a worker (a thread that crashed); a refusal is final
        // (UnrecoverableError). A killed worker's chunk is not a failed attempt: it stalls and is retried.
        return { name: q.game, data, opts: { jobId: chunkJobId(run, r.from), attempts: 2, removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } } };
      });
      queue.addBulk(jobs).catch((e: Error) => finish(new QueueError(`could not put the chunks on the queue at ${q.address.shown}: ${reachProblem(lost ?? e)}`)));
    });
    return summaries;
  } finally {
    // The run's jobs: finished ones and, after a failure, the waiting ones (a job a worker is
    // playing is locked and stays; BullMQ removes it an hour after it completes).
    clearInterval(heartbeat);
    await Promise.race([heart.del(alive).catch(() => 0), new Promise((r) => setTimeout(r, 2000).unref())]);
    heart.disconnect();
    // Bounded: with Redis gone, the removal would wait for reconnections that will not come.
    const removal = Promise.all(ranges.map((r) => queue.remove(chunkJobId(run, r.from)).catch(() => 0)));
    await Promise.race([removal, new Promise((r) => setTimeout(r, 5000).unref())]);
    await Promise.race([Promise.allSettled([events.close(), queue.close()]), new Promise((r) => setTimeout(r, 5000).unref())]);
  }
}
