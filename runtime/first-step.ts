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
import type { Card } from './model.ts';
import { drawsRandom } from './when-zones.ts';
import { memoPerGame } from './ir-memo.ts';

/**
 * The zone the first step of `a` chooses from, when its failure depends on that zone's cards
 * alone, and whether only while none of them has a card attached (its tests read `units`, the
 * card and what lies under it); else null.
 */
export const firstStep = memoPerGame((a: ActionIR, ir: GameIR): { zone: number; bare: boolean } | null => {
  const r: Reads = { ir, fixed: fixedAttrs(ir), slot: -1, params: 0, depth: 0, units: { used: false } };
  const zone = firstStepZone(a, ir, r);
  return zone >= 0 ? { zone, bare: r.units.used } : null;
});

function firstStepZone(a: ActionIR, ir: GameIR, r: Reads): number {
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
  if (!readsOnly(from.predicate, r)) return -1;
  if (s.suchThat && !readsOnly(s.suchThat, { ...r, slot: s.slot })) return -1;
  return z.zone;
}

/**
 * For an action of firstStepZone: its first step's `where` test (of `it`). A card that fails it
 * adds no candidate: the zone may then gain it and the step still fails — with a `such that`,
 * only while the trial that failed tried every combination (see ActionsRoom.canDeclare).
 */
export function firstStepTest(a: ActionIR): Expr | null {
  const s = a.steps[0]!;
  return s.kind !== 'cost' && s.from.kind === 'where' ? s.from.predicate : null;
}

/**
 * Whether a trial of `a` would only ask whether its one step has enough candidates: an action
 * (not a trigger) whose only step is a `target` or `choose` without `such that`, whose list and
 * numbers draw no random number. Such a trial succeeds exactly when the list has enough of them
 * (firstOption), and moves and changes nothing (a `using` step moves its cards): canDeclare then
 * counts them instead of running one.
 */
export function onlyCounts(a: ActionIR, ir: GameIR): boolean {
  const s = a.steps[0];
  if (a.isTrigger || a.steps.length !== 1 || !s || s.kind === 'cost' || s.kind === 'using' || s.suchThat) return false;
  return !drawsRandom(ir, [s.from, s.min, s.max]);
}

/** A literal number of at least 1 (a step that may choose nothing never fails). */
function literalNumber(e: Expr): number | null {
  return e.kind === 'lit' && typeof e.value === 'number' && e.value >= 1 ? e.value : e.kind === 'lit' && typeof e.value === 'number' ? 0 : null;
}

/** Builtins that are functions of their arguments alone. */
const PURE_FNS = new Set(['count', 'sum', 'max', 'min', 'any', 'all', 'all_same', 'sorted', 'distinct', 'is_empty', 'first', 'top', 'bottom']);

/**
 * What an expression may read (readsOnly): `fixed` fields, the local `slot` (the step's own
 * choice), or inside a game function (`params` > 0) its parameters; `units.used` is set when it
 * reads `units` or `all_units` (then the cards must have nothing attached: see firstStep).
 */
interface Reads {
  ir: GameIR;
  fixed: Set<number>;
  slot: number;
  params: number;
  depth: number;
  units: { used: boolean };
}

/**
 * Whether `e` reads only `it`, the local `slot`, literals, parameters and the fields in
 * `fixed`, calling only builtins that are functions of their arguments and game functions that
 * read the same.
 */
function readsOnly(e: Expr, r: Reads): boolean {
  const all = (xs: Expr[]) => xs.every((x) => readsOnly(x, r));
  switch (e.kind) {
    case 'lit':
    case 'param':
    case 'label':
    case 'actionRef':
      return true;
    case 'local':
      return r.params > 0 ? e.slot < r.params : e.slot === r.slot;
    case 'builtin':
      return e.name === 'it';
    case 'cardField':
      return r.fixed.has(e.field) && readsOnly(e.card, r);
    case 'call': {
      // Its body reads its parameters (these arguments, checked here), and `it` is none there.
      const body = r.ir.functions[e.fn]!.body;
      if (r.depth >= 8 || !all(e.args)) return false;
      return e.args.length > 0 ? readsOnly(body, { ...r, slot: -1, params: e.args.length, depth: r.depth + 1 }) : readsOnly(body, { ...r, slot: -1, params: 0, depth: r.depth + 1 });
    }
    case 'builtinCall':
      if (e.fn === 'units' || e.fn === 'all_units') r.units.used = true;
      else if (!PURE_FNS.has(e.fn)) return false;
      return all(e.args);
    case 'list':
      return all(e.items);
    case 'cond':
      return all([e.test, e.then, e.else]);
    case 'not':
    case 'neg':
      return readsOnly(e.operand, r);
    case 'binary':
      return all([e.left, e.right]);
    case 'inRange':
      return all([e.item, e.low, e.high]);
    case 'inList':
      return all([e.item, e.list]);
    case 'where':
      return all([e.list, e.predicate]);
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

/**
 * Whether a choice among the cards `now` fails for sure, having failed among `then`: when every
 * card of `now` was in `then` (fewer candidates, fewer combinations: none passes). Only while
 * `then` is small enough for the trial to have tried every combination of it (firstOption
 * stops at 4096); otherwise only the very same list.
 */
export function fewerCards(now: Card[], then: Card[]): boolean {
  if (then.length > 11) {
    if (now.length !== then.length) return false;
    for (let i = 0; i < now.length; i++) if (now[i] !== then[i]) return false;
    return true;
  }
  if (now.length > then.length) return false;
  // Cards leave a zone without the others changing order: look for each after the last found first.
  let from = 0;
  for (let i = 0; i < now.length; i++) {
    const c = now[i]!;
    let j = from;
    while (j < then.length && then[j] !== c) j++;
    if (j === then.length) {
      j = 0;
      while (j < from && then[j] !== c) j++;
      if (j === from) return false;
    }
    from = j + 1;
  }
  return true;
}

/** Whether no card of the list has a card attached. */
export function bare(cards: Card[]): boolean {
  for (let i = 0; i < cards.length; i++) if (cards[i]!.attached.length) return false;
  return true;
}

/** `to` made a copy of `from`, in place. */
export function copyCards(from: Card[], to: Card[]): void {
  while (to.length > from.length) to.pop();
  for (let i = 0; i < from.length; i++) to[i] = from[i]!;
}
