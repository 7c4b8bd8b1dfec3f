/**
 * Warming a Hint's workers while a person thinks (client.ts `warmHint`): the helpers, and the
 * run worker, which is cold for searching unless a seat searched.
 *
 * A fresh worker runs the engine slowly until the browser has compiled its hot paths, and that
 * takes a few searches, whatever their size: a helper answering its first Hints took 2–5× as long
 * as a warm one (bench/hint-latency.ts; docs/performance.md, "The Hint"). So each worker searches
 * its share of the Hint at hand a few times before it is asked, and the answers are dropped.
 *
 * - One request at a time per worker, and a new warm-up waits for the round in flight: a Hint
 *   asked meanwhile waits behind one round at most.
 * - A round is at most WARM_BUDGET simulations in a helper and RUN_WORKER_WARM_BUDGET in the run
 *   worker, whatever the Hint's budget.
 * - Stopped (`stop`) by anything the page asks of its workers — a Hint, an answer, a run — and
 *   by a cancel: no round starts after that.
 * - Per set of rules: a warm-up stopped early goes on at the next decision, and rules already
 *   warmed for (a new match of the same game) warm nothing again.
 */

/** How many times each helper searches before the person asks: enough for a fresh worker to run about as fast as a warm one. */
export const HINT_WARM_ROUNDS = 5;

/** The most simulations a warm-up round runs: it is the number of searches that warms a worker, not their size. */
export const WARM_BUDGET = 500;

/**
 * The most simulations a round runs in the run worker: it also answers the page's other requests
 * (a step's boards, the next move), which wait behind its round in flight.
 */
export const RUN_WORKER_WARM_BUDGET = 250;

/** A warm-up round's simulations for the Hint worker at `index` (0: the run worker) when the Hint's budget is `budget`. */
export function warmBudget(budget: number, index: number): number {
  return Math.min(budget, index === 0 ? RUN_WORKER_WARM_BUDGET : WARM_BUDGET);
}

/**
 * Warm-up rounds over a page's workers (`W`: a worker, or a test's stand-in), kept per worker for
 * as long as it lives: the rounds it has run for the rules at hand and its round in flight.
 */
export class HintWarmer<W extends object> {
  /** The rules being warmed for, as a key (rulesKey), and a count that `stop` moves on. */
  private rules: string | null = null;
  private generation = 0;
  /** The latest way to search (it reads the decision at hand): each round uses the one current when it starts. */
  private search: (worker: W, index: number) => Promise<unknown> = () => Promise.resolve();
  private readonly done = new Map<W, number>();
  private readonly inFlight = new Map<W, Promise<void>>();

  constructor(private readonly rounds = HINT_WARM_ROUNDS) {}

  /**
   * Warms `workers` for the rules `rules` (rulesKey of their files): each runs the rounds it has
   * not run for these rules yet, after its round in flight if any; a round is `search(worker,
   * its index in workers)`, resolved when the worker answers. Resolves when they have run or the
   * warm-up was stopped.
   */
  warm(rules: string, workers: readonly W[], search: (worker: W, index: number) => Promise<unknown>): Promise<void> {
    if (this.rules !== rules) {
      this.rules = rules;
      this.done.clear();
    }
    this.search = search;
    const generation = ++this.generation;
    const all = workers.map((w, index) => {
      const run = async () => {
        while ((this.done.get(w) ?? 0) < this.rounds && this.generation === generation && this.rules === rules) {
          await this.search(w, index);
          if (this.rules === rules) this.done.set(w, (this.done.get(w) ?? 0) + 1);
        }
      };
      // At once when the worker is idle; after its round in flight otherwise.
      const before = this.inFlight.get(w);
      const next: Promise<void> = (before ? before.then(run) : run()).finally(() => {
        if (this.inFlight.get(w) === next) this.inFlight.delete(w);
      });
      this.inFlight.set(w, next);
      return next;
    });
    return Promise.all(all).then(() => undefined);
  }

  /** No round starts after this (the one in flight finishes). `forget`: the workers are new (a cancel), so the next warm-up starts over. */
  stop(forget = false): void {
    this.generation++;
    if (forget) {
      this.rules = null;
      this.done.clear();
      this.inFlight.clear();
    }
  }
}

/** A key of a set of files' content: the same for the same files, in any order. */
export function rulesKey(files: readonly { path: string; text: string }[]): string {
  return [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => `${f.path.length}:${f.path}${f.text.length}:${f.text}`)
    .join('');
}
