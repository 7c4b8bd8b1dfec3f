/**
 * What every compiled rule runs with: its context (`Ctx`: the frame of its locals, `me`, `it`,
 * `this`, the request resolving, the cite in force), the shapes of compiled expressions and
 * statements, and the one exception a rule throws to say "this cannot be done".
 *
 * The lowest file of the runtime: it imports nothing from it but the data classes, so every
 * other file — the engine's rooms and the code generators alike — may depend on it.
 */
import { Zone, type Card, type Player, type Request } from './model.ts';
import type { LogPhrase } from './log-entry.ts';

export interface Ctx {
  frame: unknown[];
  me: Player;
  it: unknown;
  thisCard: Card | null;
  request: Request | null;
  /** True while an action is being declared: impossible choices undo the declaration. */
  declaring: boolean;
  cite: string;
}

/** A compiled expression. */
export type Ev = (ctx: Ctx) => any;
/** A compiled statement. A decision is a plain call to the engine's decider. */
export type Ex = (ctx: Ctx) => void;

/** Thrown while declaring when a choice cannot be made: the declaration is undone. */
export class Impossible {
  /** The declaration step (its index) where it was thrown, once a declaration's cost sees it; else -1. */
  step = -1;
  /** Why, as a phrase of the log (log-entry.ts). */
  constructor(readonly why: LogPhrase) {}
}

/** A value as a list: a list as it is, a zone's own list of cards, nothing as none, one value as one. */
export function asList(v: unknown): any[] {
  if (Array.isArray(v)) return v;
  if (v instanceof Zone) return v.cards;
  if (v === null || v === undefined) return [];
  return [v];
}

/** A new context for a rule run by `me`, citing `cite`. */
export function newCtx(frame: unknown[], me: Player, cite: string): Ctx {
  return { frame, me, it: null, thisCard: null, request: null, declaring: false, cite };
}
