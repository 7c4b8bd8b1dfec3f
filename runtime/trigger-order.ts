/**
 * Which of the triggers waiting at the same moment runs next (docs/language.md, "Triggers"): a
 * policy of the language, kept apart from the engine so that it can be read and table-tested on
 * its own (test/trigger-order-policy.test.ts; the engine calls it: triggers.ts `takeNext`).
 *
 * The order: triggers marked `last` wait for every other; among the others, the active player's
 * run first, then the other players', each player's in the order they fired; when only `last`
 * ones are left, the active player's first again. (Immediate triggers all run before normal ones:
 * the engine keeps them in two queues, and asks this of one queue at a time.)
 */

/** A waiting trigger as this policy sees it: who controls it and whether it is marked `last`. */
export interface WaitingTrigger<P> {
  controller: P;
  action: { ir: { last: boolean } };
}

/** The index in `queue` (in the order the triggers fired) of the one to run next; 0 for an empty queue. */
export function nextWaitingTrigger<P>(queue: readonly WaitingTrigger<P>[], active: P): number {
  let i = queue.findIndex((t) => t.controller === active && !t.action.ir.last);
  if (i < 0) i = queue.findIndex((t) => !t.action.ir.last);
  if (i < 0) i = queue.findIndex((t) => t.controller === active);
  return i >= 0 ? i : 0;
}
