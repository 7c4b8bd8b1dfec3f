/**
 * What travels through the queue: a chunk of seeds to play, and the summaries that come back.
 *
 * Why a file of its own: both sides — `play --queue` (enqueue.ts) and `grimoire worker`
 * (worker.ts), often on different machines at slightly different commits — must agree on this
 * shape, so it is written once, with a version a worker checks. The merge of returned chunks is
 * keyed by seed: a chunk played twice (a worker presumed dead that was only slow) counts once.
 */
import type { BatchOptions, GameSummary } from '../../runtime/batch.ts';

/** Bumped when ChunkJob changes shape: a worker refuses jobs of another version. */
export const chunkJobVersion = 1;

/** One job: seeds from … from+count-1 of a game, with the run's options. */
export interface ChunkJob {
  v: number;
  /** The run this chunk belongs to (its job ids start with it). */
  run: string;
  /** The game's folder name: the worker compiles rules/<game> and cards/<game> of its own clone. */
  game: string;
  /** rulesFingerprint of the IR this run compiled: a worker whose own compile differs refuses the job. */
  rules: string;
  /** runtime/batch.ts's options, passed through as they are. */
  options: BatchOptions;
  from: number;
  count: number;
}

/**
 * Games per chunk when not given (--chunk). A chunk is the unit of retry and of balancing: small
 * enough that a killed worker loses little and the last chunks finish together; large enough that
 * the queue's costs (a few ms a job on a busy machine: fetch, lock, result, event) vanish beside
 * the games. Random players play 500–1000 trump games a second per core: 20 chunks a run, at most
 * 500 games (about half a second) each — 2,000 games ran 1.5× faster in chunks of 100 than of 20.
 * A search agent spends seconds a game: one or two games a chunk.
 */
export function defaultChunk(games: number, searching: boolean): number {
  if (searching) return Math.max(1, Math.min(2, Math.ceil(games / 100)));
  return Math.max(1, Math.min(500, Math.ceil(games / 20)));
}

/** The chunks of a seed range, in order. */
export function chunkRanges(from: number, games: number, chunk: number): { from: number; count: number }[] {
  const out: { from: number; count: number }[] = [];
  for (let at = from; at < from + games; at += chunk) out.push({ from: at, count: Math.min(chunk, from + games - at) });
  return out;
}

/**
 * A run's heartbeat key: the run keeps it alive (runTtlMs, renewed every third of it) while it
 * waits. A worker skips the chunks of a run whose key is gone — a run stopped by Ctrl-C, killed or
 * crashed — instead of playing games nobody will read.
 */
export function runKey(prefix: string, run: string): string {
  return `${prefix}:run:${run}`;
}
export const runTtlMs = 20_000;

/** A job's id: the run, then the chunk's first seed (BullMQ ids may not contain ':'). */
export function chunkJobId(run: string, from: number): string {
  return `${run}-${from}`;
}

/**
 * The summaries of a run, collected from chunks as they come back, whatever their order or
 * repetition; `inOrder` gives them in seed order for foldBatch.
 */
export class SeedResults {
  private readonly games: (GameSummary | undefined)[];
  private got = 0;
  constructor(
    readonly from: number,
    readonly count: number,
  ) {
    this.games = new Array(count);
  }

  /**
   * Adds a chunk's summaries; a seed already in is kept as it was (a chunk played twice counts
   * once). Returns how many seeds were new. A summary outside the run or a chunk that does not
   * cover exactly its range is an error: a worker that does not play what it was asked.
   */
  add(range: { from: number; count: number }, summaries: readonly GameSummary[]): number {
    const seeds = summaries.map((g) => g.seed);
    const want = Array.from({ length: range.count }, (_, i) => range.from + i);
    if (seeds.length !== want.length || seeds.some((s, i) => s !== want[i])) throw new Error(`a worker answered seeds ${range.from}..${range.from + range.count - 1} with ${seeds.length} game(s) of other seeds`);
    let added = 0;
    for (const g of summaries) {
      const i = g.seed - this.from;
      if (i < 0 || i >= this.count) throw new Error(`a worker answered seed ${g.seed}, outside the run`);
      if (this.games[i] === undefined) {
        this.games[i] = g;
        added++;
      }
    }
    this.got += added;
    return added;
  }

  get done(): number {
    return this.got;
  }

  get complete(): boolean {
    return this.got === this.count;
  }

  inOrder(): GameSummary[] {
    if (!this.complete) throw new Error(`${this.count - this.got} game(s) missing`);
    return this.games as GameSummary[];
  }
}
