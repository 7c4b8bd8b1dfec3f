/**
 * Answers worked out from a game's IR alone, kept per game and per IR node. Every engine made for
 * the same rules asks them again when it compiles the rules (rules.ts): a casebook's readings make
 * thousands of engines, one per run. The IR is never changed once compiled, so an answer holds
 * as long as the IR is kept; an answer that is an object is shared by every engine and only read.
 */
import type { GameIR } from '../compiler/ir.ts';

/** `compute(node, ir)`, computed once per game and node. */
export function memoPerGame<K extends object, V>(compute: (node: K, ir: GameIR) => V): (node: K, ir: GameIR) => V {
  const byGame = new WeakMap<GameIR, WeakMap<K, V>>();
  return (node, ir) => {
    let known = byGame.get(ir);
    if (!known) byGame.set(ir, (known = new WeakMap()));
    if (known.has(node)) return known.get(node)!;
    const value = compute(node, ir);
    known.set(node, value);
    return value;
  };
}
