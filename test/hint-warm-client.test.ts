/**
 * The Hint's warm-up as the page's run client does it (playground/src/run/client.ts `warmHint`):
 * which workers it makes, what it sends each, that any other request stops it, that a cancel
 * starts it over, and that a one-core machine sends nothing. The workers are fakes that record
 * what they are sent and answer when the test says; hint-warm.test.ts tests the warmer alone, and
 * bench/hint-latency.ts measures what the warm-up is worth.
 */
/// <reference types="vite/client" />
// (vite/client: the type of the client's `?worker` import, which the test replaces below.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunRequest } from '../playground/src/worker/run-protocol.ts';

/** A run worker of the page: records each request, answers when `answer` is called. */
class FakeWorker {
  static made: FakeWorker[] = [];
  sent: RunRequest[] = [];
  answered = 0;
  terminated = false;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onerror: unknown = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(req: RunRequest): void {
    this.sent.push(req);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** Requests sent and not answered yet. */
  get inFlight(): RunRequest[] {
    return this.sent.slice(this.answered);
  }
  /** Answers the oldest request as a worker does (a `hint-shares` report), and lets the page go on. */
  async answer(): Promise<void> {
    const req = this.sent[this.answered++]!;
    this.onmessage?.({ data: { type: 'hint-shares', id: req.id, shares: [] } });
    for (let k = 0; k < 3; k++) await new Promise((r) => setImmediate(r));
  }
}

vi.mock('../playground/src/worker/run.worker.ts?worker', () => ({ default: FakeWorker }));

const { RunClient } = await import('../playground/src/run/client.ts');
const { HINT_WARM_ROUNDS, RUN_WORKER_WARM_BUDGET, WARM_BUDGET } = await import('../playground/src/run/hint-warm.ts');

const files = [{ path: 'rules.grim', text: 'zone hand per player private "Hand"\n' }];
const hintBody = (budget = 500) => ({ type: 'hint' as const, files, game: 'g', seed: 3, maxSteps: 1000, params: {}, answers: [], budget });

/** Answers every request in flight in every worker, round after round, until none is left. */
async function drain(): Promise<void> {
  while (FakeWorker.made.some((w) => w.inFlight.length > 0)) for (const w of FakeWorker.made) if (w.inFlight.length > 0) await w.answer();
}

beforeEach(() => {
  FakeWorker.made = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the run client warms the Hint\'s workers', () => {
  it('with four cores: makes three helpers, and each of the four workers searches its own share, one round at a time, HINT_WARM_ROUNDS rounds', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
    const client = new RunClient(() => {});
    expect(FakeWorker.made).toHaveLength(1);
    client.warmHint(hintBody());
    expect(FakeWorker.made).toHaveLength(4);
    // The first round: one request in flight in each worker, each its own share of the Hint at hand.
    for (const [k, w] of FakeWorker.made.entries()) {
      expect(w.inFlight).toHaveLength(1);
      expect(w.inFlight[0]).toMatchObject({ type: 'hint-shares', seed: 3, game: 'g', shares: [k], budget: k === 0 ? RUN_WORKER_WARM_BUDGET : WARM_BUDGET });
    }
    await drain();
    expect(FakeWorker.made.map((w) => w.sent.length)).toEqual([HINT_WARM_ROUNDS, HINT_WARM_ROUNDS, HINT_WARM_ROUNDS, HINT_WARM_ROUNDS]);
    // Warmed for these rules: the next decision of the same game asks nothing.
    client.warmHint(hintBody());
    expect(FakeWorker.made.every((w) => w.inFlight.length === 0)).toBe(true);
  });

  it('stops at any other request: the round in flight finishes, no other starts until the next warm-up', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const client = new RunClient(() => {});
    client.warmHint(hintBody());
    const [run, helper] = FakeWorker.made;
    await helper!.answer();
    expect(helper!.sent).toHaveLength(2);
    // A game run (the person pressed Run) stops it.
    void client.run({ type: 'game', files, game: 'g', seed: 1, maxSteps: 10 } as never);
    await drain();
    const warmRounds = (w: FakeWorker) => w.sent.filter((r) => r.type === 'hint-shares').length;
    expect(warmRounds(helper!)).toBe(2);
    expect(warmRounds(run!)).toBe(1);
    // The next decision shown: the rounds left, not all of them again.
    client.warmHint(hintBody());
    await drain();
    expect(warmRounds(helper!)).toBe(HINT_WARM_ROUNDS);
    expect(warmRounds(run!)).toBe(HINT_WARM_ROUNDS);
  });

  it('a Hint stops the warm-up and runs its own shares; a cancel makes new workers, warmed again from the start', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const client = new RunClient(() => {});
    client.warmHint(hintBody());
    const { reply } = client.hint(hintBody(), () => {});
    const [run, helper] = FakeWorker.made;
    // The warm-up's first round and the Hint's share in each worker; nothing more after them.
    expect(helper!.sent.map((r) => (r as { budget?: number }).budget)).toEqual([WARM_BUDGET, 500]);
    await drain();
    await reply;
    expect(run!.sent).toHaveLength(2);
    expect(helper!.sent).toHaveLength(2);
    client.cancel();
    expect(run!.terminated && helper!.terminated).toBe(true);
    client.warmHint(hintBody());
    await drain();
    const fresh = FakeWorker.made.filter((w) => !w.terminated);
    expect(fresh).toHaveLength(2);
    expect(fresh.map((w) => w.sent.length)).toEqual([HINT_WARM_ROUNDS, HINT_WARM_ROUNDS]);
  });

  it('with one core: no helper and no warm-up (the Hint runs in the run worker alone)', () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 1 });
    const client = new RunClient(() => {});
    client.warmHint(hintBody());
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.sent).toHaveLength(0);
  });
});
