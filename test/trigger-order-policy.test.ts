/**
 * The order of triggers waiting at the same moment, as a table (runtime/trigger-order.ts): the
 * policy alone, on queues built by hand, with the answer each should give written out — an oracle
 * of its own, apart from the engine. test/trigger-order.test.ts pins the same order through a
 * whole game (fixtures/trigger-order/).
 */
import { describe, expect, it } from 'vitest';
import { nextWaitingTrigger, type WaitingTrigger } from '../runtime/trigger-order.ts';

/** A queue in the order the triggers fired: `A` the active player's, `O` the other's; `*` marks `last`. */
function queue(spec: string): WaitingTrigger<string>[] {
  return spec.split(' ').filter(Boolean).map((w) => ({ controller: w[0]!, action: { ir: { last: w.endsWith('*') } } }));
}

describe('which waiting trigger runs next', () => {
  const table: [queue: string, next: number, why: string][] = [
    ['A', 0, 'the only one'],
    ['O A', 1, "the active player's first, though the other's fired first"],
    ['O O A O', 2, "the active player's, wherever it stands"],
    ['A O A', 0, "the active player's first in the order they fired"],
    ['O1 O2', 0, "no active player's: the others' in the order they fired"],
    ['A* O', 1, '`last` waits for every other, even the active player’s'],
    ['A* O* A', 2, "the active player's that is not `last`"],
    ['O* A*', 1, "only `last` ones left: the active player's first"],
    ['O* O*', 0, "only the other's `last` ones: the first that fired"],
    ['O* O A*', 1, "the other's, not `last`, before any `last`"],
  ];
  for (const [spec, next, why] of table) {
    it(`${spec.padEnd(8)} → ${next}: ${why}`, () => {
      expect(nextWaitingTrigger(queue(spec), 'A')).toBe(next);
    });
  }

  it('an empty queue answers 0 (the engine asks only of a queue with triggers in it)', () => {
    expect(nextWaitingTrigger([], 'A')).toBe(0);
  });
});
