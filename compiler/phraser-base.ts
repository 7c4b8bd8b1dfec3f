/**
 * What the two phrasers of generated card text share — the English (generated-text.ts) and the
 * Japanese (generated-text-ja.ts): the IR's lookups and the walk over a statement list. The words
 * are each language's own; a part a phraser cannot word is UNKNOWN ("…") in both.
 */
import type { Expr, GameIR, Stmt } from './ir.ts';

export const UNKNOWN = '…';

export abstract class PhraserBase {
  /** What each local slot is called in the text. */
  protected locals = new Map<number, string>();

  constructor(protected ir: GameIR) {}

  /** How the sentences of one body are joined (`; `, 「。」). */
  protected abstract readonly separator: string;

  /** A statement in words; null for one that says nothing on a card (a log line, a local name). */
  protected abstract stmt(s: Stmt): string | null;

  /** A body's statements in words, joined; a run of parts it cannot word is one "…". */
  protected body(stmts: Stmt[]): string {
    const out: string[] = [];
    for (const s of stmts) {
      const p = this.stmt(s);
      if (p === null) continue;
      if (p === UNKNOWN && out[out.length - 1] === UNKNOWN) continue;
      out.push(p);
    }
    return out.join(this.separator);
  }

  /** A literal number, or null when it is computed in play. */
  protected number(e: Expr): number | null {
    if (e.kind === 'lit' && typeof e.value === 'number') return e.value;
    if (e.kind === 'neg' && e.operand.kind === 'lit' && typeof e.operand.value === 'number') return -e.operand.value;
    return null;
  }

  /** An enum value's title (its name when it has none), or undefined for text that is no enum value. */
  protected enumTitle(value: string): string | undefined {
    for (const en of this.ir.enums) {
      const v = en.values.find((x) => x.name === value);
      if (v) return v.title || v.name;
    }
    return undefined;
  }
}
