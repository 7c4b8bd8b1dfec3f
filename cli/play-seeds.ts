/**
 * Playing a range of seeds the way every command does — on this thread, on worker threads, or on
 * a queue's workers on other machines — with a progress bar; the summaries come back in seed
 * order, so the report and its hash are the same whichever way they were played.
 */
import { listGames } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { playBatch, type BatchOptions, type GameSummary } from '../runtime/batch.ts';
import { gameNameOf, projectRoot, rulesFingerprint } from './games.ts';
import { progressBar } from './progress.ts';
import { defaultChunk } from './queue/chunks.ts';
import type { QueueAddress } from './queue/connection.ts';
import { playJobsOnWorkers, playOnWorkers, type SeedJob } from './workers.ts';

/**
 * `--queue` and `--chunk`, read once by main() for every command: set, playSeeds plays on the
 * queue's workers (cli/queue/) instead of this machine — so any command that plays through
 * playSeeds takes --queue with nothing more to do.
 */
export let queueSettings: { address: QueueAddress; chunk?: number } | undefined;

/** Plays the seeds on one thread, on worker threads, or on a queue's workers (--queue), with a progress bar (search agents: one game at a time). */
export async function playSeeds(ir: GameIR, seed: number, games: number, opts: BatchOptions, workers: number, label: string, showBar: boolean): Promise<GameSummary[]> {
  const bar = progressBar(games, label, showBar);
  let summaries: GameSummary[];
  const slow = opts.agents && (opts.agents.p1 !== 'random' || opts.agents.p2 !== 'random');
  if (queueSettings) {
    // Workers compile the game by its folder name; an IR made otherwise falls back on its own name
    // (a wrong guess is caught: the worker's compile would not have this IR's fingerprint).
    const game = gameNameOf(ir) ?? (listGames(projectRoot).includes(ir.game.name) ? ir.game.name : undefined);
    if (!game) throw new Error('playSeeds --queue: the IR was not loaded by requireIR (workers compile a game by its folder name)');
    const searching = !!opts.agents && [opts.agents.p1, opts.agents.p2].some((a) => a !== 'random' && a !== 'first');
    const { playOnQueue } = await import('./queue/enqueue.ts');
    const q = { address: queueSettings.address, game, rules: rulesFingerprint(ir), chunk: queueSettings.chunk ?? defaultChunk(games, searching) };
    summaries = await playOnQueue(q, seed, games, opts, (done) => bar.update(done));
  } else if (workers === 1) {
    summaries = [];
    const chunk = slow ? 1 : 16;
    for (let from = seed; from < seed + games; from += chunk) {
      summaries.push(...playBatch(ir, from, Math.min(chunk, seed + games - from), opts));
      bar.update(summaries.length);
      await new Promise((r) => setImmediate(r)); // lets Ctrl-C (progress.ts) in between chunks
    }
  } else {
    summaries = await playOnWorkers(ir, seed, games, opts, workers, (done) => bar.update(done));
  }
  bar.stop();
  return summaries;
}

/**
 * Plays several seed ranges, each with its own options, with one progress bar: on one set of
 * worker threads (playJobsOnWorkers), or one after another on this thread or on the queue. Each
 * job's games come back in seed order.
 */
export async function playSeedJobs(ir: GameIR, jobs: readonly SeedJob[], workers: number, label: string, showBar: boolean): Promise<GameSummary[][]> {
  if (!jobs.length) return [];
  if (queueSettings || workers === 1) {
    const out: GameSummary[][] = [];
    for (const [i, j] of jobs.entries()) out.push(await playSeeds(ir, j.from, j.count, j.opts, workers, `${label} (${i + 1}/${jobs.length})`, showBar));
    return out;
  }
  const total = jobs.reduce((n, j) => n + j.count, 0);
  const bar = progressBar(total, label, showBar);
  const out = await playJobsOnWorkers(ir, jobs, workers, (done) => bar.update(done));
  bar.stop();
  return out;
}

/** Sets --queue and --chunk for this command (main() reads them once); undefined: none, at a command's start (a test runs many in one process). */
export function useQueue(settings: { address: QueueAddress; chunk?: number } | undefined): void {
  queueSettings = settings;
}
