/**
 * `grimoire worker --queue redis://HOST:PORT [--concurrency N]`: takes chunks of seeds from the
 * queue and plays them, on as many threads as chunks at once.
 *
 * Why a file of its own: a worker is a long-lived service on another machine, with its own
 * concerns — it compiles the games its jobs name from its own clone (cached by name), refuses a
 * job made with other rules than its compile (an UnrecoverableError naming the game and both
 * fingerprints: a stale clone must not mix its games into a run), says one line per chunk, and
 * stops cleanly on SIGINT or SIGTERM (the chunks in progress are finished and handed in).
 *
 * The games run on worker threads, not on the main thread: the main thread keeps renewing the
 * locks of its jobs while they play, however long a chunk takes. That lets the locks be short,
 * so that a worker that dies (SIGKILL, power cut) gives its chunks back within seconds (below).
 */
import { hostname } from 'node:os';
import { Worker as Thread } from 'node:worker_threads';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { GameIR } from '../../compiler/ir.ts';
import type { BatchOptions, GameSummary } from '../../runtime/batch.ts';
import { loadGame, rulesFingerprint } from '../games.ts';
import { chunkJobVersion, runKey, type ChunkJob } from './chunks.ts';
import { checkReachable, connectionOptions, keyPrefix, queueName, reachProblem, workerClientName, type QueueAddress } from './connection.ts';
import { t } from '../../i18n/format.ts';

/**
 * Lock timings. A job's lock lasts lockDuration and is renewed every lockRenewTime while the
 * chunk plays; every stalledInterval some worker looks for active jobs whose lock has lapsed and
 * puts them back in the queue (BullMQ marks them on one check and moves them on the next). So a
 * killed worker's chunk is played again by another about lockDuration + 1–2 × stalledInterval
 * after the kill: 6–10 s here, against a minute with BullMQ's defaults (30 s and 30 s). The cost
 * of short locks — a lock that lapses while its worker is alive but stuck for 4.5 s (four renewals
 * missed) — is only a chunk played twice, counted once (chunks.ts). Games never block the main
 * thread (they run on threads), so renewals are on time even on a busy machine.
 */
export const lockTimings = { lockDuration: 6000, lockRenewTime: 1500, stalledInterval: 2000 };
/** A chunk whose workers keep dying (a chunk that crashes them?) fails after this many takeovers. */
const maxStalledCount = 3;

interface Compiled {
  ir?: GameIR;
  rules?: string;
  problem?: string;
}

/** The worker's own compile of a game, by folder name; `fresh` compiles again (the clone may have been updated). */
function compiler(): (game: string, fresh?: boolean) => Compiled {
  const cache = new Map<string, Compiled>();
  return (game, fresh = false) => {
    const hit = cache.get(game);
    if (hit && !fresh) return hit;
    let made: Compiled;
    try {
      const { ir, diagnostics } = loadGame(game);
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      made = ir ? { ir, rules: rulesFingerprint(ir) } : { problem: `its clone's ${game} has ${errors} error(s) (grimoire check rules/${game} cards/${game})` };
    } catch (e) {
      made = { problem: (e as Error).message };
    }
    cache.set(game, made);
    return made;
  };
}

/** Threads that play ranges; each keeps the last game it was given, so the IR crosses once per game, not per chunk. */
class Threads {
  private readonly idle: { thread: Thread; rules: string | null; options: string | null }[] = [];
  private readonly all = new Set<Thread>();
  // From the bundle (bin.js) the thread is the bundled play-worker.mjs beside it; from the
  // sources (tests, tsx) it is the play-worker.js shim, which loads play-worker.ts.
  private readonly file = new URL(import.meta.url.endsWith('.mjs') ? './play-worker.mjs' : '../play-worker.js', import.meta.url);

  async play(ir: GameIR, rules: string, options: BatchOptions, from: number, count: number): Promise<GameSummary[]> {
    const slot = this.idle.pop() ?? { thread: this.spawn(), rules: null, options: null };
    const optionsKey = JSON.stringify(options);
    const message = { from, count, ...(slot.rules === rules ? {} : { ir }), ...(slot.options === optionsKey ? {} : { opts: options }) };
    const games = await new Promise<GameSummary[]>((resolve, reject) => {
      const done = (m: { games: GameSummary[] }) => {
        slot.thread.off('error', failed).off('exit', exited);
        resolve(m.games);
      };
      const failed = (e: Error) => {
        slot.thread.off('message', done).off('exit', exited);
        this.all.delete(slot.thread);
        reject(new Error(`the thread playing it crashed: ${e.message}`));
      };
      // A thread can also end without an error event (out of memory, terminated).
      const exited = (code: number) => failed(new Error(`it exited with code ${code}`));
      slot.thread.once('message', done);
      slot.thread.once('error', failed);
      slot.thread.once('exit', exited);
      slot.thread.postMessage(message);
    });
    slot.rules = rules;
    slot.options = optionsKey;
    this.idle.push(slot);
    return games;
  }

  private spawn(): Thread {
    const t = new Thread(this.file, { workerData: { ir: null, opts: {} } });
    this.all.add(t);
    return t;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.all].map((t) => t.terminate()));
  }
}

const say = (line: string) => process.stderr.write(`${line}\n`);

/** Runs until SIGINT or SIGTERM; the exit code. */
export async function runQueueWorker(address: QueueAddress, concurrency: number): Promise<number> {
  await checkReachable(address);
  const me = `${hostname()} pid ${process.pid}`;
  const compiled = compiler();
  const threads = new Threads();
  // For the runs' heartbeats (chunks.ts); errors are said by the BullMQ worker's connection.
  const keys = new Redis({ ...connectionOptions(address, Infinity), maxRetriesPerRequest: null });
  keys.on('error', () => {});
  let down = false;

  const processor = async (job: Job<ChunkJob, GameSummary[]>): Promise<GameSummary[]> => {
    const d = job.data;
    if (down) say(t('cli.queue.again', { address: address.shown }));
    down = false;
    if (d.v !== chunkJobVersion) throw new UnrecoverableError(`a worker (${me}) reads chunk jobs of version ${chunkJobVersion}, this run made version ${d.v}: update that machine's clone (every machine at the same commit)`);
    if (!(await keys.exists(runKey(keyPrefix, d.run)))) {
      say(t('cli.queue.skipped', { game: d.game, first: String(d.from), last: String(d.from + d.count - 1) }));
      return [];
    }
    let game = compiled(d.game);
    if (game.rules !== d.rules) game = compiled(d.game, true);
    if (game.problem) throw new UnrecoverableError(`a worker (${me}) cannot play ${d.game}: ${game.problem}: update that machine's clone (every machine at the same commit)`);
    if (game.rules !== d.rules) {
      say(t('cli.queue.refused', { game: d.game, first: String(d.from), last: String(d.from + d.count - 1), ours: String(game.rules), theirs: String(d.rules) }));
      throw new UnrecoverableError(`a worker has different rules for ${d.game} (${me} compiles ${game.rules}, this run ${d.rules}): update that machine's clone (every machine at the same commit)`);
    }
    const started = performance.now();
    const games = await threads.play(game.ir!, game.rules!, d.options, d.from, d.count);
    say(t('cli.queue.done', { game: d.game, first: String(d.from), last: String(d.from + d.count - 1), count: String(d.count), seconds: ((performance.now() - started) / 1000).toFixed(2) }));
    return games;
  };

  const worker = new Worker<ChunkJob, GameSummary[]>(queueName, processor, {
    connection: connectionOptions(address, Infinity, workerClientName(hostname(), process.pid)),
    prefix: keyPrefix,
    concurrency,
    ...lockTimings,
    maxStalledCount,
    name: me,
    autorun: false,
  });
  // Redis lost for a while: say so once, and again when it is back (ioredis reconnects; the next chunk says it).
  worker.on('error', (e: Error) => {
    if (down) return;
    down = true;
    say(t('cli.queue.lost', { address: address.shown, problem: reachProblem(e) }));
  });
  // This worker's stalled check found a chunk whose worker stopped renewing its lock (killed, or
  // cut off from Redis): it goes back to the queue, for any worker.
  worker.on('stalled', (jobId: string) => say(t('cli.queue.stalled', { job: jobId })));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      say(t('cli.queue.stop-now', { signal }));
      process.exit(130);
    }
    stopping = true;
    say(t('cli.queue.stopping', { signal }));
    void worker.close().then(() => threads.stop());
  };
  const onInt = () => stop('SIGINT');
  const onTerm = () => stop('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);

  await worker.waitUntilReady();
  say(t('cli.queue.waiting', { me, address: address.shown, concurrency: String(concurrency) }));
  await worker.run();
  await threads.stop();
  keys.disconnect();
  process.off('SIGINT', onInt);
  process.off('SIGTERM', onTerm);
  say(t('cli.queue.stopped'));
  return 0;
}
