/**
 * The server's Hints off its one event loop: a bounded pool of worker threads (node:worker_threads)
 * that run a seat's Hint (information-set MCTS, seconds of CPU at a large budget) while the main
 * thread goes on answering every other match. A Hint's answer is the main thread's for the same
 * match, decision and budget (the search is seeded by them: hint-worker.ts runs match-host.ts
 * `hintFor` itself).
 *
 * Bounded: at most `size` threads (started when first needed), each Hint queued until a thread is
 * free; the live match allows one Hint per seat at a time (live-match.ts), so the queue is never
 * longer than the seats asking. Each thread keeps the rules it was sent (by fingerprint, at most
 * RULES_KEPT of them), so a Hint sends its match's recipe and answers, not the rules again.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GameIR } from '../compiler/ir.ts';
import type { AnswerRecord, MatchRecord } from './store.ts';

/** What a Hint found: as match-host.ts `hintFor` returns it. */
export interface HintFound {
  iterations: number;
  estimates: { label: string; visits: number; winRate: number }[];
}

export interface HintJob {
  id: number;
  fingerprint: string;
  /** The rules, when this thread does not hold them yet. */
  ir?: GameIR;
  /** Rules the thread may drop (it held RULES_KEPT already). */
  forget?: string;
  record: MatchRecord;
  answers: AnswerRecord[];
  budget: number;
}

export type HintReply = { id: number; found: HintFound } | { id: number; error: string };

/** The rules one thread keeps at most (the games of a playtest are few; uploaded revisions add some). */
const RULES_KEPT = 8;

interface Thread {
  worker: Worker;
  /** The fingerprints it holds, oldest first. */
  rules: string[];
  busy: { job: HintJob; resolve: (f: HintFound) => void; reject: (e: Error) => void } | null;
}

/** The default size: one thread less than the cores (the main thread keeps one), at least one. */
export function defaultHintThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

export class HintPool {
  private readonly threads: Thread[] = [];
  private readonly queue: { job: Omit<HintJob, 'id' | 'ir' | 'forget'>; ir: GameIR; resolve: (f: HintFound) => void; reject: (e: Error) => void }[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size = defaultHintThreads()) {
    if (!(Number.isInteger(size) && size >= 1)) throw new Error(`a Hint pool needs at least one thread, not ${size}`); // i18n-ok: a programming error
  }

  /** The Hint for the decision these answers lead to, run on a thread of the pool. */
  hint(ir: GameIR, fingerprint: string, record: MatchRecord, answers: readonly AnswerRecord[], budget: number): Promise<HintFound> {
    if (this.closed) return Promise.reject(new Error('the server is closing')); // i18n-ok: sent as an error frame's text like the protocol's other refusals
    return new Promise((resolve, reject) => {
      this.queue.push({ job: { fingerprint, record, answers: answers.slice(), budget }, ir, resolve, reject });
      this.pump();
    });
  }

  /** Hints queued or running (for tests and the bench). */
  get pending(): number {
    return this.queue.length + this.threads.filter((t) => t.busy).length;
  }

  private pump(): void {
    while (this.queue.length) {
      const thread = this.threads.find((t) => !t.busy) ?? (this.threads.length < this.size ? this.spawn() : null);
      if (!thread) return;
      const next = this.queue.shift()!;
      const job: HintJob = { ...next.job, id: this.nextId++ };
      if (!thread.rules.includes(job.fingerprint)) {
        job.ir = next.ir;
        if (thread.rules.length >= RULES_KEPT) job.forget = thread.rules.shift();
        thread.rules.push(job.fingerprint);
      }
      thread.busy = { job, resolve: next.resolve, reject: next.reject };
      thread.worker.postMessage(job);
    }
  }

  private spawn(): Thread {
    // From the bundle (cli/bin.js) the thread is the bundled hint-worker.mjs beside main.mjs; from the sources, the hint-worker.js shim.
    const file = new URL(import.meta.url.endsWith('.mjs') ? './hint-worker.mjs' : './hint-worker.js', import.meta.url);
    const thread: Thread = { worker: new Worker(file), rules: [], busy: null };
    thread.worker.on('message', (reply: HintReply) => {
      const busy = thread.busy;
      if (!busy || busy.job.id !== reply.id) return;
      thread.busy = null;
      if ('found' in reply) busy.resolve(reply.found);
      else busy.reject(new Error(reply.error));
      this.pump();
    });
    // A thread that dies fails its Hint; the pool starts another for the next one.
    const dead = (e: Error) => {
      const i = this.threads.indexOf(thread);
      if (i >= 0) this.threads.splice(i, 1);
      thread.busy?.reject(e);
      thread.busy = null;
      if (!this.closed) this.pump();
    };
    thread.worker.on('error', dead);
    thread.worker.on('exit', (code) => dead(new Error(`the Hint thread stopped (exit ${code})`))); // i18n-ok: sent as an error frame's text
    this.threads.push(thread);
    return thread;
  }

  /** Stops every thread; the Hints still queued or running are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queue.splice(0)) q.reject(new Error('the server is closing')); // i18n-ok: as above
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }
}
