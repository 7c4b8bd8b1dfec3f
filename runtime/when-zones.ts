/**
 * Where a card's ability can possibly be declared, read from its `when` conditions: a table the
 * engine builds once, so that it need not evaluate the conditions for the cards that lie
 * elsewhere (most of a player's cards lie in a hidden pile, and an ability written with
 * `when can_activate(this, me)` is tried for every copy of its card at every decision).
 *
 * `whenZones(whens, ir)` returns the zones (definitions) of which `this` must lie directly in
 * the deciding player's own (`this in me.hand`) for the conditions to hold, or null when the
 * conditions do not say. It follows `and`, `or` and calls of the game's functions (whose
 * parameters may stand for `this` and `me`); anything else says nothing. A condition is only
 * ever skipped when it would be false, and conditions have no effect (the game draws no random
 * number in any expression a condition can reach, or no table is made: see `drawsRandom`).
 */
import type { Expr, GameIR } from '../compiler/ir.ts';
import { memoPerGame } from './ir-memo.ts';

/** What a local of the function being read stands for. */
interface Env {
  thisSlots: readonly number[];
  meSlots: readonly number[];
}

const ACTION: Env = { thisSlots: [], meSlots: [] };

export const whenZones = memoPerGame((whens: readonly Expr[], ir: GameIR): readonly number[] | null => {
  if (whens.length === 0 || drawsRandom(ir, whens)) return null;
  let out: number[] | null = null;
  for (const w of whens) out = both(out, required(w, ir, ACTION, 0));
  return out;
});

function isThis(e: Expr, env: Env): boolean {
  return (e.kind === 'builtin' && e.name === 'this') || (e.kind === 'local' && env.thisSlots.includes(e.slot));
}

function isMe(e: Expr, env: Env): boolean {
  return (e.kind === 'builtin' && e.name === 'me') || (e.kind === 'local' && env.meSlots.includes(e.slot));
}

/** Both hold: `this` is in a zone of each list (null: no constraint). */
function both(a: number[] | null, b: number[] | null): number[] | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.filter((z) => b.includes(z));
}

function required(e: Expr, ir: GameIR, env: Env, depth: number): number[] | null {
  switch (e.kind) {
    case 'binary':
      if (e.op === 'and') return both(required(e.left, ir, env, depth), required(e.right, ir, env, depth));
      if (e.op === 'or') {
        const l = required(e.left, ir, env, depth);
        const r = required(e.right, ir, env, depth);
        return l === null || r === null ? null : [...new Set([...l, ...r])];
      }
      return null;
    case 'inList':
      // `this in me.<zone>`: a player's own zone (a shared zone has no player to compare).
      if (isThis(e.item, env) && e.list.kind === 'zone' && e.list.player !== null && isMe(e.list.player, env) && !ir.zones[e.list.zone]!.shared) return [e.list.zone];
      return null;
    case 'call': {
      // Functions cannot recurse; the depth limit only bounds the reading.
      if (depth > 16) return null;
      const fn = ir.functions[e.fn]!;
      const thisSlots: number[] = [];
      const meSlots: number[] = [];
      e.args.forEach((a, i) => {
        if (isThis(a, env)) thisSlots.push(i);
        if (isMe(a, env)) meSlots.push(i);
      });
      // A function reads `this` and `me` from the caller's context, as the caller does.
      return required(fn.body, ir, { thisSlots, meSlots }, depth + 1);
    }
    default:
      return null;
  }
}

/**
 * Whether the game's expressions may draw a random number where a condition can reach: in its
 * functions, its card values, its auras, or the conditions themselves.
 */
export function drawsRandom(ir: GameIR, whens: readonly Expr[]): boolean {
  const cache = drawsRandomCache.get(ir);
  if (cache !== undefined) return cache || whens.some(hasRandom);
  const found = ir.functions.some((f) => hasRandom(f.body)) || ir.cardTypes.some((t) => t.values.some((v) => hasRandom(v.expr))) || (ir.auras ?? []).some((a) => hasRandom(a.targets) || hasRandom(a.by));
  drawsRandomCache.set(ir, found);
  return found || whens.some(hasRandom);
}

const drawsRandomCache = new WeakMap<GameIR, boolean>();

function hasRandom(x: unknown): boolean {
  if (x === null || typeof x !== 'object') return false;
  if (Array.isArray(x)) return x.some(hasRandom);
  const o = x as { kind?: unknown; fn?: unknown };
  if (o.kind === 'builtinCall' && o.fn === 'random') return true;
  for (const k in o) if (hasRandom((o as Record<string, unknown>)[k])) return true;
  return false;
}

/**
 * Which player an action's `when` conditions can hold for, read from them the same way:
 * `'active'` when they require `me == active`, `'other'` for `me != active`, `'never'` when one
 * of them is written `false`, null when they do not say. (As for whenZones: only where no
 * expression the game evaluates draws a random number, so skipping a condition that would be
 * false changes nothing.)
 */
export const whenPlayer = memoPerGame((whens: readonly Expr[], ir: GameIR): 'active' | 'other' | 'never' | null => {
  if (whens.length === 0 || drawsRandom(ir, whens)) return null;
  let out: 'active' | 'other' | 'never' | null = null;
  for (const w of whens) out = bothPlayers(out, playerRequired(w, ir, ACTION, 0));
  return out;
});

type PlayerReq = 'active' | 'other' | 'never' | null;

function bothPlayers(a: PlayerReq, b: PlayerReq): PlayerReq {
  if (a === null) return b;
  if (b === null || a === b) return a;
  return 'never';
}

function playerRequired(e: Expr, ir: GameIR, env: Env, depth: number): PlayerReq {
  switch (e.kind) {
    case 'lit':
      return e.value === false ? 'never' : null;
    case 'binary': {
      if (e.op === 'and') return bothPlayers(playerRequired(e.left, ir, env, depth), playerRequired(e.right, ir, env, depth));
      if (e.op === 'or') {
        const l = playerRequired(e.left, ir, env, depth);
        const r = playerRequired(e.right, ir, env, depth);
        if (l === 'never') return r;
        if (r === 'never') return l;
        return l === r ? l : null;
      }
      if (e.op === '==' || e.op === '!=') {
        const isActive = (x: Expr) => x.kind === 'builtin' && x.name === 'active';
        if ((isMe(e.left, env) && isActive(e.right)) || (isActive(e.left) && isMe(e.right, env))) return e.op === '==' ? 'active' : 'other';
      }
      return null;
    }
    case 'call': {
      if (depth > 16) return null;
      const meSlots: number[] = [];
      e.args.forEach((a, i) => {
        if (isMe(a, env)) meSlots.push(i);
      });
      return playerRequired(ir.functions[e.fn]!.body, ir, { thisSlots: [], meSlots }, depth + 1);
    }
    default:
      return null;
  }
}

/**
 * Whether an action's `when` conditions can hold only while the stack is empty: one of them
 * requires `is_empty(stack)`, read the same way (`and`, `or`, calls of the game's functions),
 * with the engine's parameters (`not <param>` with the parameter true is false). Only where no
 * expression the game evaluates draws a random number (skipping a condition changes nothing).
 */
export function whenEmptyStack(whens: readonly Expr[], ir: GameIR, params: readonly unknown[]): boolean {
  if (whens.length === 0 || drawsRandom(ir, whens)) return false;
  return whens.some((w) => needsEmptyStack(w, ir, params, 0));
}

function needsEmptyStack(e: Expr, ir: GameIR, params: readonly unknown[], depth: number): boolean {
  if (isFalse(e, params)) return true;
  switch (e.kind) {
    case 'binary':
      if (e.op === 'and') return needsEmptyStack(e.left, ir, params, depth) || needsEmptyStack(e.right, ir, params, depth);
      if (e.op === 'or') return needsEmptyStack(e.left, ir, params, depth) && needsEmptyStack(e.right, ir, params, depth);
      return false;
    case 'builtinCall':
      return e.fn === 'is_empty' && e.args.length === 1 && e.args[0]!.kind === 'builtin' && e.args[0]!.name === 'stack';
    case 'call':
      return depth <= 16 && needsEmptyStack(ir.functions[e.fn]!.body, ir, params, depth + 1);
    default:
      return false;
  }
}

/** An expression that is false whatever the state: `false`, a parameter that is false, `not` of one that is true. */
function isFalse(e: Expr, params: readonly unknown[]): boolean {
  if (e.kind === 'lit') return e.value === false;
  if (e.kind === 'param') return params[e.index] === false;
  if (e.kind === 'not') return isTrue(e.operand, params);
  return false;
}

function isTrue(e: Expr, params: readonly unknown[]): boolean {
  if (e.kind === 'lit') return e.value === true;
  if (e.kind === 'param') return params[e.index] === true;
  if (e.kind === 'not') return isFalse(e.operand, params);
  return false;
}
