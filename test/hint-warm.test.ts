/**
 * The Hint's helper warm-up (playground/src/run/hint-warm.ts): rounds one after another, never two
 * at once, and none after it is stopped. Its worth (a warm helper's Hint takes less time) is
 * measured in bench/hint-latency.ts, not here.
 */
import { describe, expect, it } from 'vitest';
import { warmUp } from '../playground/src/run/hint-warm.ts';
import { HINT_WARM_ROUNDS } from '../playground/src/worker/hint-merge.ts';

/** A fake helper: each request waits until the test answers it. */
function fakeHelper() {
  const waiting: (() => void)[] = [];
  let sent = 0;
  return {
    send: () => {
      sent++;
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
    get sent() {
      return sent;
    },
    get inFlight() {
      return waiting.length;
    },
    /** Answers the oldest request and lets the warm-up take its next step. */
    async answer() {
      waiting.shift()!();
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('warming a Hint helper', () => {
  it('runs its rounds one at a time, each after the last was answered', async () => {
    const h = fakeHelper();
    const done = warmUp(h.send, 3, () => false);
    for (let k = 1; k <= 3; k++) {
      expect(h.sent).toBe(k);
      expect(h.inFlight).toBe(1);
      await h.answer();
    }
    expect(await done).toBe(3);
    expect(h.sent).toBe(3);
  });

  it('starts no round once stopped (a Hint has begun), and finishes the one in flight', async () => {
    const h = fakeHelper();
    let hinting = false;
    const done = warmUp(h.send, HINT_WARM_ROUNDS, () => hinting);
    await h.answer();
    expect(h.sent).toBe(2);
    hinting = true;
    await h.answer();
    expect(await done).toBe(2);
    expect(h.sent).toBe(2);
  });

  it('does nothing when stopped before it starts', async () => {
    const h = fakeHelper();
    expect(await warmUp(h.send, HINT_WARM_ROUNDS, () => true)).toBe(0);
    expect(h.sent).toBe(0);
  });
});
