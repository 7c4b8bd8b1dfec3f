/**
 * A Hint thread of the server (hint-pool.ts): takes a match's recipe, its answers and a budget,
 * runs the very Hint the main thread would (match-host.ts `hintFor`: the match replayed with a
 * forward model, then information-set MCTS seeded by the match and the decision) and posts the
 * estimates back. The rules (IR) come once per fingerprint and are kept until the pool says to
 * forget them, so a Hint costs its search, not a copy of the rules.
 */
import { parentPort } from 'node:worker_threads';
import type { GameIR } from '../compiler/ir.ts';
import { hintFor } from './match-host.ts';
import type { HintJob, HintReply } from './hint-pool.ts';

const rules = new Map<string, GameIR>();

parentPort!.on('message', (job: HintJob) => {
  if (job.forget) rules.delete(job.forget);
  if (job.ir) rules.set(job.fingerprint, job.ir);
  let reply: HintReply;
  try {
    const ir = rules.get(job.fingerprint);
    if (!ir) throw new Error(`rules ${job.fingerprint} were not sent to this Hint thread`); // i18n-ok: a programming error of hint-pool.ts, never a player's
    reply = { id: job.id, found: hintFor(ir, job.record, job.answers, job.budget) };
  } catch (e) {
    reply = { id: job.id, error: (e as Error).message };
  }
  parentPort!.postMessage(reply);
});
