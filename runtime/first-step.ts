/**
 * Actions whose first step can be known to fail from one zone's cards alone (see
 * ActionsRoom.canDeclare): a choice `from <zone> where <test>` (the zone `me`'s or a shared one)
 * whose test, and `such that`, read nothing but the candidates and their printed attributes that
 * no rule ever sets. Whether it has fewer candidates than it needs (or no combination of them
 * passes `such that`) then depends only on which cards lie in that zone: while it holds no card
 * but those it held when a trial failed there, the trial fails again (fewer candidates, fewer
 * combinations).
 */
import type { ActionIR, Expr, GameIR } from '../compiler/ir.ts';
import { drawsRandom } from './when-zones.ts';

/** The zone the first step of `a` chooses from, when its failure depends on that zone's cards alone; else -1. */
export function firstStepZone(a: ActionIR, ir: GameIR): number {
  const s = a.steps[0];
  if (!s || s.kind === 'cost') return -1;
  // Skipping `when` (a failed first step fails whatever it says) must change nothing: no random draw.
  if (drawsRandom(ir, a.when)) return -1;
  if (!literalNumber(s.min) || literalNumber(s.max) === null) return -1;
  const from = s.from;
  if (from.kind !== 'where' || from.list.kind !== 'zone') return -1;
  const z = from.list;
  const shared = ir.zones[z.zone]!.shared;
  if (shared ? z.player !== null : !(z.player !== null && z.player.kind === 'builtin' && z.player.name === 'me')) return -1;
  const fixed = fixedAttrs(ir);
  if (!readsOnly(from.predicate, fixed, -1)) return -1;
  if (s.suchThat && !readsOnly(s.suchThat, fixed, s.slot)) return -1;
  return z.zone;
}

/**
 * For an action of firstStepZone without `such that`: its first step's `where` test (of `it`).
 * A card that fails it adds no candidate: the zone may then gain it and the step still fails.
 */
export function firstStepTest(a: ActionIR): Expr | null {
  const s = a.steps[0]!;
  return s.kind !== 'cost' && !s.suchThat && s.from.kind === 'where' ? s.from.predicate : null;
}

/** A literal number of at least 1 (a step that may choose nothing never fails). */
function literalNumber(e: Expr): number | null {
  return e.kind === 'lit' && typeof e.value === 'number' && e.value >= 1 ? e.value : e.kind === 'lit' && typeof e.value === 'number' ? 0 : null;
}

/** Builtins that are functions of their arguments alone. */
const PURE_FNS = new Set(['count', 'sum', 'max', 'min', 'any', 'all', 'all_same', 'sorted', 'distinct', 'is_empty', 'first', 'top', 'bottom']);

/** Whether `e` reads only `it`, the local `slot` (the step's own choice), literals, parameters and the fields in `fixed`. */
function readsOnly(e: Expr, fixed: Set<number>, slot: number): boolean {
  switch (e.kind) {
    case 'lit':
    case 'param':
    case 'label':
    case 'actionRef':
      return true;
    case 'local':
      return e.slot === slot;
    case 'builtin':
      return e.name === 'it';
    case 'cardField':
      return fixed.has(e.field) && readsOnly(e.card, fixed, slot);
    case 'builtinCall':
      return PURE_FNS.has(e.fn) && e.args.every((x) => readsOnly(x, fixed, slot));
    case 'list':
      return e.items.every((x) => readsOnly(x, fixed, slot));
    case 'cond':
      return readsOnly(e.test, fixed, slot) && readsOnly(e.then, fixed, slot) && readsOnly(e.else, fixed, slot);
    case 'not':
    case 'neg':
      return readsOnly(e.operand, fixed, slot);
    case 'binary':
      return readsOnly(e.left, fixed, slot) && readsOnly(e.right, fixed, slot);
    case 'inRange':
      return readsOnly(e.item, fixed, slot) && readsOnly(e.low, fixed, slot) && readsOnly(e.high, fixed, slot);
    case 'inList':
      return readsOnly(e.item, fixed, slot) && readsOnly(e.list, fixed, slot);
    case 'where':
      return readsOnly(e.list, fixed, slot) && readsOnly(e.predicate, fixed, slot);
    default:
      return false;
  }
}

/** The printed attributes no statement of the game ever sets. */
function fixedAttrs(ir: GameIR): Set<number> {
  let out = fixedCache.get(ir);
  if (out) return out;
  const set = new Set<number>();
  const walk = (x: unknown): void => {
    if (x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x) walk(y);
      return;
    }
    const o = x as { kind?: unknown; field?: unknown };
    if ((o.kind === 'setCard' || o.kind === 'modify' || o.kind === 'unmodify') && typeof o.field === 'number') set.add(o.field);
    for (const k in o) walk((o as Record<string, unknown>)[k]);
  };
  walk(ir);
  out = new Set(ir.cardFields.flatMap((f, i) => (f.kind === 'attr' && !set.has(i) ? [i] : [])));
  fixedCache.set(ir, out);
  return out;
}

const fixedCache = new WeakMap<GameIR, Set<number>>();
