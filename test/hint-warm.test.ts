/**
 * The Hint's helper warm-up (playground/src/run/hint-warm.ts): rounds one after another per
 * helper, never two at once, none after it is stopped, picked up where they stopped, and none
 * again for rules already warmed for. Its worth (a warm helper's Hint takes less time) is measured
 * in bench/hint-latency.ts, not here.
 */
import { describe, expect, it } from 'vitest';
import { HINT_WARM_ROUNDS, HintWarmer, RUN_WORKER_WARM_BUDGET, rulesKey, WARM_BUDGET, warmBudget } from '../playground/src/run/hint-warm.ts';

type Fake = ReturnType<typeof fakeHelper>;
/** A round: the fake worker's search (as the page sends a request to a worker). */
const search = (w: Fake) => w.search();

/** A fake helper: each search waits until the test answers it. */
function fakeHelper() {
  const waiting: (() => void)[] = [];
  let sent = 0;
  return {
    search: () => {
      sent++;
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    get sent() {
      return sent;
    },
    get inFlight() {
      return waiting.length;
    },
    /** Answers the oldest search and lets the warm-up take its next step. */
    async answer() {
      waiting.shift()!();
      await new Promise((r) => setImmediate(r));
    },
    /** Answers every search until none is asked. */
    async drain() {
      while (waiting.length) await this.answer();
    },
  };
}

describe('warming a Hint helper', () => {
  it('runs each helper\'s rounds one at a time, each after the last was answered', async () => {
    const a = fakeHelper();
    const b = fakeHelper();
    const done = new HintWarmer<Fake>(3).warm('rules', [a, b], search);
    for (let k = 1; k <= 3; k++) {
      expect([a.sent, b.sent]).toEqual([k, k]);
      expect([a.inFlight, b.inFlight]).toEqual([1, 1]);
      await a.answer();
      await b.answer();
    }
    await done;
    expect([a.sent, b.sent]).toEqual([3, 3]);
  });

  it('starts no round once stopped (a Hint or another request), finishes the one in flight, and goes on at the next warm-up', async () => {
    const h = fakeHelper();
    const warmer = new HintWarmer<Fake>(HINT_WARM_ROUNDS);
    const first = warmer.warm('rules', [h], search);
    await h.answer();
    expect(h.sent).toBe(2);
    warmer.stop();
    await h.answer();
    await first;
    expect(h.sent).toBe(2);
    // The next decision: the rounds left, not all of them again.
    const second = warmer.warm('rules', [h], search);
    await h.drain();
    await second;
    expect(h.sent).toBe(HINT_WARM_ROUNDS);
    // Warmed for these rules: a new match of the same game asks nothing.
    await warmer.warm('rules', [h], search);
    expect(h.sent).toBe(HINT_WARM_ROUNDS);
  });

  it('a warm-up asked while a round is in flight waits for it: never two requests at once in a helper', async () => {
    const h = fakeHelper();
    const warmer = new HintWarmer<Fake>(2);
    void warmer.warm('rules 1', [h], search);
    expect(h.inFlight).toBe(1);
    // Other rules (an edit, a new game) while the first round runs.
    const other = warmer.warm('rules 2', [h], search);
    expect(h.inFlight).toBe(1);
    await h.answer();
    // The first warm-up stopped (other rules); the second began after the round in flight.
    expect(h.inFlight).toBe(1);
    await h.drain();
    await other;
    expect(h.sent).toBe(3);
  });

  it('counts each worker\'s rounds across decisions, whatever search function each call brings', async () => {
    const h = fakeHelper();
    const warmer = new HintWarmer<Fake>(3);
    const asked: string[] = [];
    // Each decision shown calls warm again with a search of its own decision.
    const at = (decision: string) => (w: Fake) => {
      asked.push(decision);
      return w.search();
    };
    void warmer.warm('rules', [h], at('first'));
    warmer.stop(); // the person answered: the round in flight finishes
    await h.drain();
    const next = warmer.warm('rules', [h], at('second'));
    await h.drain();
    await next;
    // Three rounds in all, the later ones of the decision at hand.
    expect(asked).toEqual(['first', 'second', 'second']);
  });

  it('starts over with new helpers (a cancel), even for the same rules', async () => {
    const old = fakeHelper();
    const warmer = new HintWarmer<Fake>(2);
    void warmer.warm('rules', [old], search);
    await old.drain();
    warmer.stop(true);
    const fresh = fakeHelper();
    const again = warmer.warm('rules', [fresh], search);
    await fresh.drain();
    await again;
    expect(fresh.sent).toBe(2);
  });

  it('sizes a round below the Hint\'s budget, smaller in the run worker (index 0), never above the Hint', () => {
    expect(warmBudget(5000, 0)).toBe(RUN_WORKER_WARM_BUDGET);
    expect(warmBudget(5000, 1)).toBe(WARM_BUDGET);
    expect(warmBudget(5000, 3)).toBe(WARM_BUDGET);
    expect(RUN_WORKER_WARM_BUDGET).toBeLessThan(WARM_BUDGET);
    expect(warmBudget(80, 0)).toBe(80);
    expect(warmBudget(80, 2)).toBe(80);
  });

  it('keys rules by content, not by the array or the order of its files', () => {
    const files = [
      { path: 'b.grim', text: 'zone x' },
      { path: 'a.grim', text: 'zone y' },
    ];
    expect(rulesKey(files)).toBe(rulesKey([{ ...files[1]! }, { ...files[0]! }]));
    expect(rulesKey(files)).not.toBe(rulesKey([files[0]!, { path: 'a.grim', text: 'zone z' }]));
    // A path and a text cannot run into each other.
    expect(rulesKey([{ path: 'a', text: 'bc' }])).not.toBe(rulesKey([{ path: 'ab', text: 'c' }]));
  });
});
