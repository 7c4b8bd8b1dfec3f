/**
 * A Hint run in several workers, put together on the page: each worker's shares (match-run.ts
 * runHintShares) merged into the report one worker gives (runtime/agents/root-parallel.ts). Small
 * on purpose: the page imports it, and it brings no engine with it.
 */
import type { HintReport, HintSharesReport } from './run-protocol.ts';
import { mergeShares } from '../../../runtime/agents/root-parallel.ts';

/** A Hint's report from its workers' parts: the first problem if any, else the shares merged. */
export function hintFromShares(id: number, replies: readonly HintSharesReport[], ms: number): HintReport {
  const player = replies.find((r) => r.player)?.player ?? '';
  const failed = replies.find((r) => r.problem !== null);
  if (failed) return { type: 'hint', id, problem: failed.problem, player, iterations: 0, estimates: [], ms };
  const merged = mergeShares(replies.flatMap((r) => r.parts));
  return { type: 'hint', id, problem: null, player, iterations: merged.iterations, estimates: merged.estimates, ms };
}
