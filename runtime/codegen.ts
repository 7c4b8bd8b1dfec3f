/**
 * Expressions lowered to JavaScript source instead of a tree of closures: V8 then sees one
 * function with monomorphic call sites it can inline (measured on this project's machine:
 * closure trees ≈ 19× hand-written, generated code ≈ 2×). Statement bodies are generated the
 * same way, by codegen-statements.ts, which uses this file for every expression they hold.
 *
 * An expression becomes a JavaScript expression plus, when it needs them, statements that run
 * first ("prelude"): the list functions (`where`, `sum`, `sorted`, `distinct`…) are written out
 * as plain loops into temporaries, with `it` an ordinary JavaScript variable, so no closure is
 * created or called per element. Order of evaluation is kept exactly: when a later operand needs
 * statements, the operands before it are read into temporaries first (only `random` consumes
 * state, but keeping the order everywhere keeps the rule simple: results never depend on it).
 *
 * Safety: the source is generated from validated IR only, and no text from the rules ever
 * becomes code. Every string the IR holds (a label's name, a text literal) goes into a constants
 * table `K` and is referred to by index; numbers are checked to be finite before they are
 * written; names in the generated source are made here (`v3`, `t12`); everything else is fixed
 * text of this file.
 *
 * Names the generated code sees: `c` the context, `g` the engine, `K` the constants, `H` the
 * helpers below, `asList`, `FN` the game's functions (`FN[i](c, arg…)`) and `PR` its
 * procedures (codegen-statements.ts).
 */
import type { BuiltinFn, Expr, GameIR } from '../compiler/ir.ts';
import { placeholderPattern } from '../compiler/ir.ts';
import { Request, Zone, type Card, type Player } from './model.ts';
import type { Engine } from './engine.ts';
import { asList, type Ctx, type Ev } from './compile.ts';

/** `+` of anything but two numbers: lists are joined, anything else added (texts joined). */
function plusOther(a: unknown, b: unknown): unknown {
  return Array.isArray(a) || a instanceof Zone ? [...asList(a), ...asList(b)] : (a as number) + (b as number);
}

/** Runtime helpers the generated code calls (fixed code: nothing generated lives here). */
export const H = {
  pzone: (p: Player | null, z: number) => (p ? p.zones[z] : null),
  field: (k: Card | null, f: number) => (k ? k.f[f] : null),
  pvar: (p: Player | null, f: number) => (p ? (p.vars[f] ?? null) : null),
  cardName: (k: Card | null) => k?.name ?? null,
  cardOwner: (k: Card | null) => k?.owner ?? null,
  cardFacedown: (k: Card | null) => k?.facedown ?? false,
  cardEntered: (k: Card | null) => k?.entered ?? 0,
  reqCards: (r: Request | null) => r?.cards ?? [],
  reqController: (r: Request | null) => r?.controller ?? null,
  rvar: (r: Request | null, f: number) => (r ? (r.vars[f] ?? null) : null),
  reqSource: (r: Request | null) => r?.source ?? null,
  /** `+`: numbers first, in a function small enough to be inlined where it is called; lists and texts in `plusOther`. */
  plus: (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a + b : plusOther(a, b)),
  div: (a: number, b: number) => (b === 0 ? 0 : Math.trunc(a / b)),
  mod: (a: number, b: number) => (b === 0 ? 0 : a % b),
  inRange: (v: number, lo: number, hi: number) => v >= lo && v <= hi,
  first: (l: unknown) => asList(l)[0] ?? null,
  top: (l: unknown, n: number) => asList(l).slice(0, Math.max(0, n)),
  bottom: (l: unknown, n: number) => {
    const xs = asList(l);
    const k = Math.max(0, n);
    return k === 0 ? [] : xs.slice(-k);
  },
  units: (k: Card | null) => (k ? [k, ...k.attached] : []),
  /** An empty list of cards, never changed (the attached cards of no card). */
  noCards: [] as Card[],
  /** `count(units(k))` without the list. */
  unitCount: (k: Card | null) => (k ? 1 + k.attached.length : 0),
  /** Every card of a list and every card attached under them, hosts first. */
  allUnits: (l: unknown) => {
    const out: Card[] = [];
    for (const k of asList(l) as Card[]) if (k) out.push(k, ...k.attached);
    return out;
  },
  host: (k: Card | null) => k?.host ?? null,
  zoneOf: (k: Card | null) => (k ? (k.host ? k.host.zone : k.zone) : null),
  zoneOwner: (z: Zone | null) => z?.player ?? null,
  /** A computed reason of `win`/`lose`/`draw`, as text. */
  reason: (v: unknown) => String(v ?? ''),
  /**
   * A list to walk while cards move: a zone's own list changes in place as they do, so it is
   * copied; every other list is a value nobody changes (lists the rules compute are new, and the
   * engine changes no list but a zone's), so it is used as it is.
   */
  stable: (v: unknown): unknown[] => (Array.isArray(v) ? v : v instanceof Zone ? v.cards.slice() : asList(v)),
  /** `sorted`: `xs` ordered by `keys` (computed by the caller); stable, an insertion sort (these lists are short). */
  sortBy(xs: unknown[], keys: number[], inPlace: boolean): unknown[] {
    const out = inPlace ? xs : xs.slice();
    for (let i = 1; i < out.length; i++) {
      const x = out[i];
      const k = keys[i]!;
      let j = i - 1;
      while (j >= 0 && keys[j]! > k) {
        out[j + 1] = out[j];
        keys[j + 1] = keys[j]!;
        j--;
      }
      out[j + 1] = x;
      keys[j + 1] = k;
    }
    return out;
  },
  /**
   * A text with `{name}` placeholders filled in from `args`, in order. For a prompt the viewer
   * is the player deciding, who sees a hidden card only by where it lies; for the log (viewer
   * null) every card is named.
   */
  text(g: Engine, text: string, args: unknown[], viewer: Player | null): string {
    const show = (v: unknown): string => {
      if (Array.isArray(v) || v instanceof Zone) return asList(v).map(show).join(', ');
      if (v === null || v === undefined) return 'none';
      return viewer ? g.optionLabel(viewer, v) : v instanceof Request ? g.actionName(v.action) : String(v);
    };
    let i = 0;
    return text.replace(placeholderPattern, () => show(args[i++]));
  },
};

/** Where the generated code finds the names of the rules. */
export interface Scope {
  /** JavaScript reading local `slot`: a variable (`v3`) or the frame (`F[3]`). */
  local(slot: number): string;
  /** JavaScript for `it`. */
  it: string;
}

/** A JavaScript expression safe to read later than written (no call, nothing that changes). */
const trivial = /^(?:[vtx]\d+|F\[\d+\]|K\[\d+\]|null|true|false|\(-?[\d.e+]+\))$/;

/**
 * Writes expressions as JavaScript. One instance per generated function: it owns that
 * function's constants table and its fresh names.
 */
export class ExprGen {
  readonly consts: unknown[] = [];
  private names = 0;
  private constIndex = new Map<unknown, number>();

  constructor(readonly ir: GameIR) {}

  /** A value from the IR, referred to by index in `K` (strings never enter the source). */
  constant(v: unknown): string {
    // Strings and numbers are shared; arrays and objects always get their own entry.
    const shareable = typeof v === 'string' || typeof v === 'number';
    if (shareable) {
      const hit = this.constIndex.get(v);
      if (hit !== undefined) return `K[${hit}]`;
    }
    this.consts.push(v);
    if (shareable) this.constIndex.set(v, this.consts.length - 1);
    return `K[${this.consts.length - 1}]`;
  }

  /** An index or count from the IR: must be a whole number. */
  int(n: number): string {
    if (!Number.isInteger(n)) throw new Error(`codegen: ${n} is not a whole number`);
    return String(n);
  }

  /** A new JavaScript name with this prefix (`t` temporaries, `x` loop values…). */
  fresh(prefix: 't' | 'x' | 'i' | 'n'): string {
    return `${prefix}${this.names++}`;
  }

  /** Whether evaluating `e` may draw from the random generator (directly or through a call). */
  static mayUseRandom(e: Expr): boolean {
    let found = false;
    const walk = (x: unknown): void => {
      if (found || x === null || typeof x !== 'object') return;
      if (Array.isArray(x)) {
        for (const y of x) walk(y);
        return;
      }
      const o = x as { kind?: string; fn?: unknown; field?: unknown };
      // Calls and value fields run other expressions: assume they may.
      if ((o.kind === 'builtinCall' && o.fn === 'random') || o.kind === 'call' || o.kind === 'cardField') {
        found = true;
        return;
      }
      for (const k in o) walk((o as Record<string, unknown>)[k]);
    };
    walk(e);
    return found;
  }

  /**
   * `e` as a JavaScript expression; the statements it needs first are appended to `out`.
   * `out` is the statement list of the block where the value is used.
   */
  expr(e: Expr, sc: Scope, out: string[]): string {
    const one = (x: Expr) => this.expr(x, sc, out);
    switch (e.kind) {
      case 'lit':
        if (e.value === null) return 'null';
        if (typeof e.value === 'boolean') return e.value ? 'true' : 'false';
        if (typeof e.value === 'number') return Number.isFinite(e.value) ? `(${e.value})` : this.constant(e.value);
        return this.constant(e.value);
      case 'param':
        return `g.params[${this.int(e.index)}]`;
      case 'local':
        return sc.local(e.slot);
      case 'builtin':
        switch (e.name) {
          case 'me': return 'c.me';
          case 'opponent': return 'g.nextPlayer(c.me)';
          case 'active': return 'g.active';
          case 'players': return 'g.playersFrom(g.active)';
          case 'stack': return 'g.stackTopFirst()';
          case 'turn': return 'g.turn';
          case 'this': return 'c.thisCard';
          case 'it': return sc.it;
          case 'request': return 'c.request';
        }
        break;
      case 'label':
        return this.constant(this.ir.labels[e.index]!.name);
      case 'actionRef':
        return this.constant(this.ir.actions[e.index]!.name);
      // The commonest reads are written out rather than left to V8's inliner, whose budget a
      // long body (a turn) soon spends: a player's zone, a card's field, a player's state.
      case 'zone': {
        if (!e.player) return `g.sharedZones[${this.int(e.zone)}]`;
        const p = this.reread(one(e.player), out);
        return `(${p} ? ${p}.zones[${this.int(e.zone)}] : null)`;
      }
      case 'cardField': {
        if (this.ir.cardFields[e.field]!.kind === 'value') return `g.readValue(${one(e.card)}, ${this.int(e.field)})`;
        const k = this.reread(one(e.card), out);
        return `(${k} ? ${k}.f[${this.int(e.field)}] : null)`;
      }
      case 'cardBuiltin':
        switch (e.field) {
          case 'name': return `H.cardName(${one(e.card)})`;
          case 'title': return `g.cardTitle(${one(e.card)})`;
          case 'owner': return `H.cardOwner(${one(e.card)})`;
          case 'facedown': return `H.cardFacedown(${one(e.card)})`;
          case 'entered': return `H.cardEntered(${one(e.card)})`;
        }
        break;
      case 'playerField': {
        const p = this.reread(one(e.player), out);
        return `(${p} ? (${p}.vars[${this.int(e.field)}] ?? null) : null)`;
      }
      case 'globalField':
        return `g.globals[${this.int(e.field)}]`;
      case 'requestState':
        return `H.rvar(${one(e.request)}, ${this.int(e.field)})`;
      case 'requestField':
        switch (e.field) {
          case 'cards': return `H.reqCards(${one(e.request)})`;
          case 'targets': return `g.targetsOfOrNone(${one(e.request)})`;
          case 'controller': return `H.reqController(${one(e.request)})`;
          case 'action': return `g.actionOf(${one(e.request)})`;
          case 'source': return `H.reqSource(${one(e.request)})`;
        }
        break;
      case 'call': {
        // A game function: a generated function of the context and its arguments.
        const args = this.inOrder(e.args, sc, out);
        return `FN[${this.int(e.fn)}](c${args.map((a) => `, ${a}`).join('')})`;
      }
      case 'builtinCall':
        return this.builtin(e.fn, e.args, sc, out);
      case 'list':
        return `[${this.inOrder(e.items, sc, out).join(', ')}]`;
      case 'cond': {
        const test = one(e.test);
        const thenOut: string[] = [];
        const elseOut: string[] = [];
        const a = this.expr(e.then, sc, thenOut);
        const b = this.expr(e.else, sc, elseOut);
        if (thenOut.length === 0 && elseOut.length === 0) return `(${test} ? ${a} : ${b})`;
        const t = this.fresh('t');
        out.push(`let ${t};`, `if (${test}) {`, ...thenOut, `${t} = ${a};`, '} else {', ...elseOut, `${t} = ${b};`, '}');
        return t;
      }
      case 'not':
        return `(!${one(e.operand)})`;
      case 'neg':
        return `(-${one(e.operand)})`;
      case 'binary': {
        if (e.op === 'and' || e.op === 'or') {
          // Short-circuit: the right side's statements run only when it is evaluated.
          const l = one(e.left);
          const rightOut: string[] = [];
          const r = this.expr(e.right, sc, rightOut);
          const op = e.op === 'and' ? '&&' : '||';
          if (rightOut.length === 0) return `(!!${l} ${op} !!${r})`;
          const t = this.fresh('t');
          out.push(`let ${t} = !!${l};`, `if (${e.op === 'and' ? t : `!${t}`}) {`, ...rightOut, `${t} = !!${r};`, '}');
          return t;
        }
        const [l, r] = this.inOrder([e.left, e.right], sc, out) as [string, string];
        switch (e.op) {
          case '+': return `H.plus(${l}, ${r})`;
          case '-': return `(${l} - ${r})`;
          case '*': return `(${l} * ${r})`;
          case '/': return `H.div(${l}, ${r})`;
          case '%': return `H.mod(${l}, ${r})`;
          case '<': return `(${l} < ${r})`;
          case '<=': return `(${l} <= ${r})`;
          case '>': return `(${l} > ${r})`;
          case '>=': return `(${l} >= ${r})`;
          case '==': return `(${l} === ${r})`;
          case '!=': return `(${l} !== ${r})`;
        }
        break;
      }
      case 'inRange': {
        const [v, lo, hi] = this.inOrder([e.item, e.low, e.high], sc, out);
        return `H.inRange(${v}, ${lo}, ${hi})`;
      }
      case 'inList': {
        // In a list written out of constants (`it.suit in [heart, diamond]`): a comparison with
        // each, not a new list per test. (The constants are whole numbers, labels or texts, so
        // `===` agrees with `includes`.)
        if (e.list.kind === 'list' && e.list.items.length > 0 && e.list.items.every((x) => x.kind === 'label' || (x.kind === 'lit' && (typeof x.value === 'string' || (typeof x.value === 'number' && Number.isFinite(x.value)))))) {
          const item = this.reread(one(e.item), out);
          const consts = this.inOrder(e.list.items, sc, out);
          return `(${consts.map((k) => `${item} === ${k}`).join(' || ')})`;
        }
        const [item, list] = this.inOrder([e.item, e.list], sc, out);
        return `${this.asList(e.list, list)}.includes(${item})`;
      }
      case 'has': {
        const [subject, label] = this.inOrder([e.subject, e.label], sc, out);
        return `g.labelsOf(${subject}).includes(${label})`;
      }
      case 'where':
        return this.loop('where', e.list, e.predicate, sc, out);
    }
    throw new Error(`codegen: unknown expression kind ${(e as { kind: string }).kind}`);
  }

  /**
   * A value to read more than once: a name as it is, anything else read once into a temporary
   * (which runs it at this point: the callers' `inOrder` keeps the order of evaluation).
   */
  reread(v: string, out: string[]): string {
    if (/^(?:[vtx]\d+|F\[\d+\]|K\[\d+\]|c\.(?:me|thisCard|it|request)|g\.active|null|true|false|\(-?[\d.e+]+\))$/.test(v)) return v;
    const t = this.fresh('t');
    out.push(`const ${t} = ${v};`);
    return t;
  }

  /** `v`, the value of `e`, as an array: as it is when `e` always makes one. */
  asList(e: Expr, v: string): string {
    return this.isArray(e) ? v : `asList(${v})`;
  }

  /**
   * Several operands, evaluated left to right. When an operand needs statements, the operands
   * before it are read into temporaries first, so they are still evaluated before it.
   */
  inOrder(es: Expr[], sc: Scope, out: string[]): string[] {
    const vals: string[] = [];
    for (const e of es) {
      const mark = out.length;
      const v = this.expr(e, sc, out);
      if (out.length > mark) {
        const spill: string[] = [];
        for (let j = 0; j < vals.length; j++) {
          if (trivial.test(vals[j]!)) continue;
          const t = this.fresh('t');
          spill.push(`const ${t} = ${vals[j]};`);
          vals[j] = t;
        }
        out.splice(mark, 0, ...spill);
      }
      vals.push(v);
    }
    return vals;
  }

  /**
   * Whether `e` always evaluates to a new array nobody else holds, which may then be sorted in
   * place (`players` is an array, but the engine's own: see Engine.playersFrom).
   */
  isFresh(e: Expr, depth = 0): boolean {
    switch (e.kind) {
      case 'where':
      case 'list':
        return true;
      case 'builtin':
        return e.name === 'stack';
      case 'builtinCall':
        return ['sorted', 'distinct', 'top', 'bottom', 'units', 'all_units'].includes(e.fn);
      case 'cond':
        return this.isFresh(e.then, depth) && this.isFresh(e.else, depth);
      case 'call':
        // A game function returns what its body makes (functions cannot recurse; the depth is a guard).
        return depth < 8 && this.isFresh(this.ir.functions[e.fn]!.body, depth + 1);
      default:
        return false;
    }
  }

  /** Whether `e` always evaluates to an array (so `asList` has nothing to do). */
  private isArray(e: Expr): boolean {
    return this.isFresh(e) || (e.kind === 'builtin' && e.name === 'players');
  }

  /**
   * A list function written out as a loop over the list: `it` is a new JavaScript variable,
   * bound to each element in turn; the body's statements go inside the loop.
   */
  private loop(fn: 'where' | 'sum' | 'max' | 'min' | 'any' | 'all' | 'allSame' | 'sorted' | 'distinct' | 'count' | 'none' | 'noneAll', listIr: Expr, bodyIr: Expr, sc: Scope, out: string[]): string {
    // Over `units(k)` (the card, then the cards attached under it), for the functions that only
    // walk the elements in order: the card and its list of attached cards (replaced, never
    // changed in place), without making the list of both. The index starts at -1 for the card.
    const overUnits = listIr.kind === 'builtinCall' && listIr.fn === 'units' && (fn === 'where' || fn === 'sum' || fn === 'any' || fn === 'all' || fn === 'count' || fn === 'none' || fn === 'noneAll');
    const list = overUnits ? this.reread(this.inOrder((listIr as { args: Expr[] }).args, sc, out)[0]!, out) : this.expr(listIr, sc, out);
    const xs = this.fresh('x');
    const i = this.fresh('i');
    const it = this.fresh('x');
    const r = this.fresh('t');
    const inner: string[] = [];
    const v = this.expr(bodyIr, { local: sc.local, it }, inner);
    const each = (cond: string, stmts: string[]) => {
      if (overUnits) out.push(`for (let ${i} = ${list} ? -1 : 0; ${cond}; ${i}++) {`, `const ${it} = ${i} < 0 ? ${list} : ${xs}[${i}];`, ...inner, ...stmts, '}');
      else out.push(`for (let ${i} = 0; ${cond}; ${i}++) {`, `const ${it} = ${xs}[${i}];`, ...inner, ...stmts, '}');
    };
    out.push(overUnits ? `const ${xs} = ${list} ? ${list}.attached : H.noCards;` : `const ${xs} = ${this.asList(listIr, list)};`);
    switch (fn) {
      case 'count':
        out.push(`let ${r} = 0;`);
        each(`${i} < ${xs}.length`, [`if (${v}) ${r}++;`]);
        return r;
      case 'none':
        out.push(`let ${r} = true;`);
        each(`${i} < ${xs}.length && ${r}`, [`if (${v}) ${r} = false;`]);
        return r;
      case 'noneAll':
        out.push(`let ${r} = true;`);
        each(`${i} < ${xs}.length`, [`if (${v}) ${r} = false;`]);
        return r;
      case 'where':
        out.push(`const ${r} = [];`);
        each(`${i} < ${xs}.length`, [`if (${v}) ${r}.push(${it});`]);
        return r;
      case 'sum':
        out.push(`let ${r} = 0;`);
        each(`${i} < ${xs}.length`, [`${r} += ${v};`]);
        return r;
      case 'max':
      case 'min': {
        const k = this.fresh('t');
        out.push(`let ${r} = 0;`);
        each(`${i} < ${xs}.length`, [`const ${k} = ${v};`, `if (${i} === 0 || ${k} ${fn === 'max' ? '>' : '<'} ${r}) ${r} = ${k};`]);
        return r;
      }
      case 'any':
        out.push(`let ${r} = false;`);
        each(`${i} < ${xs}.length && !${r}`, [`${r} = !!${v};`]);
        return r;
      case 'all':
        out.push(`let ${r} = true;`);
        each(`${i} < ${xs}.length && ${r}`, [`${r} = !!${v};`]);
        return r;
      case 'allSame': {
        const first = this.fresh('t');
        const k = this.fresh('t');
        out.push(`let ${r} = true;`, `let ${first};`);
        each(`${i} < ${xs}.length && ${r}`, [`const ${k} = ${v};`, `if (${i} === 0) ${first} = ${k};`, `else ${r} = ${k} === ${first};`]);
        return r;
      }
      case 'sorted': {
        const keys = this.fresh('t');
        out.push(`const ${keys} = new Array(${xs}.length);`);
        each(`${i} < ${xs}.length`, [`${keys}[${i}] = ${v};`]);
        // A list just computed is nobody else's: sorted where it is.
        out.push(`const ${r} = H.sortBy(${xs}, ${keys}, ${this.isFresh(listIr) ? 'true' : 'false'});`);
        return r;
      }
      case 'distinct': {
        // The first element for each distinct key, in list order. The keys seen are searched by
        // a loop rather than `includes` (a call into the runtime, slow on these short lists),
        // with the same equality (SameValueZero: NaN equals NaN).
        const keys = this.fresh('t');
        const k = this.fresh('t');
        const seen = this.fresh('t');
        const j = this.fresh('i');
        out.push(`const ${keys} = [];`, `const ${r} = [];`);
        each(`${i} < ${xs}.length`, [
          `const ${k} = ${v};`,
          `let ${seen} = false;`,
          `for (let ${j} = 0; ${j} < ${keys}.length; ${j}++) if (${keys}[${j}] === ${k} || (${keys}[${j}] !== ${keys}[${j}] && ${k} !== ${k})) { ${seen} = true; break; }`,
          `if (!${seen}) {`, `${keys}.push(${k});`, `${r}.push(${it});`, '}',
        ]);
        return r;
      }
    }
  }

  private builtin(fn: BuiltinFn, args: Expr[], sc: Scope, out: string[]): string {
    switch (fn) {
      case 'sum':
      case 'max':
      case 'min':
      case 'any':
      case 'all':
      case 'sorted':
      case 'distinct':
        return this.loop(fn, args[0]!, args[1]!, sc, out);
      case 'all_same':
        return this.loop('allSame', args[0]!, args[1]!, sc, out);
    }
    // The length of the stack without the top-first copy `stack` makes.
    if ((fn === 'count' || fn === 'is_empty') && args[0]!.kind === 'builtin' && args[0]!.name === 'stack') {
      return fn === 'count' ? 'g.stackRequests().length' : '(g.stackRequests().length === 0)';
    }
    // `count(… where …)` and `is_empty(… where …)`: a loop that counts, without the list. (It
    // stops at the first match only when the test cannot draw a random number: `where` tests
    // every element.)
    if ((fn === 'count' || fn === 'is_empty') && args[0]!.kind === 'where') {
      const w = args[0]!;
      if (fn === 'count') return this.loop('count', w.list, w.predicate, sc, out);
      return this.loop(ExprGen.mayUseRandom(w.predicate) ? 'noneAll' : 'none', w.list, w.predicate, sc, out);
    }
    // `count(units(k))`: the card and what is attached under it, without the list.
    if (fn === 'count' && args[0]!.kind === 'builtinCall' && args[0]!.fn === 'units') return `H.unitCount(${this.inOrder(args[0]!.args, sc, out)[0]})`;
    const a = this.inOrder(args, sc, out);
    switch (fn) {
      case 'count': return `${this.asList(args[0]!, a[0]!)}.length`;
      case 'is_empty': return `(${this.asList(args[0]!, a[0]!)}.length === 0)`;
      case 'first': return `H.first(${a[0]})`;
      case 'top': return `H.top(${a[0]}, ${a[1]})`;
      case 'bottom': return `H.bottom(${a[0]}, ${a[1]})`;
      case 'units': return `H.units(${a[0]})`;
      case 'all_units': return `H.allUnits(${a[0]})`;
      case 'host': return `H.host(${a[0]})`;
      case 'zone_of': return `H.zoneOf(${a[0]})`;
      case 'owner': return `H.cardOwner(${a[0]})`;
      case 'other': return `g.nextPlayer(${a[0]})`;
      case 'random': return `g.randomOf(${a[0]})`;
      case 'entered_this_turn': return `g.enteredThisTurn(${a[0]})`;
      case 'targets': return `g.targetsOfOrNone(${a[0]})`;
      case 'cards': return `H.reqCards(${a[0]})`;
      case 'controller': return `H.reqController(${a[0]})`;
      case 'labels': return `g.labelsOf(${a[0]})`;
      case 'zone_owner': return `H.zoneOwner(${a[0]})`;
    }
    throw new Error(`codegen: unknown builtin ${fn as string}`);
  }
}

/** The tables generated code calls into, filled by the engine once everything is compiled. */
export interface CodeTables {
  /** The game's functions: `(c, arg…) => value`. */
  FN: ((c: Ctx, ...args: unknown[]) => unknown)[];
  /** The game's procedures: `(c, arg…) => void`. */
  PR: ((c: Ctx, ...args: unknown[]) => void)[];
}

type Factory = (g: Engine, K: unknown[], h: typeof H, asListFn: typeof asList, FN: CodeTables['FN'], PR: CodeTables['PR']) => unknown;

/**
 * Turns generated source into a function bound to an engine. `new Function` runs once per
 * source per process (factories are cached by their IR node); each engine binds its own.
 */
export class Factories<Key extends object> {
  private cache = new WeakMap<Key, { factory: Factory; consts: unknown[] }>();

  bind<F>(key: Key, g: Engine, tables: CodeTables, make: () => { source: string; consts: unknown[] }): F {
    let hit = this.cache.get(key);
    if (!hit) {
      const { source, consts } = make();
      // eslint-disable-next-line no-new-func -- generated from validated IR only (see the file header)
      const factory = new Function('g', 'K', 'H', 'asList', 'FN', 'PR', `"use strict";\nreturn ${source};`) as Factory;
      hit = { factory, consts };
      this.cache.set(key, hit);
    }
    return hit.factory(g, hit.consts, H, asList, tables.FN, tables.PR) as F;
  }
}

const exprFactories = new Factories<Expr>();

/** Locals read from the context's frame (expressions outside generated bodies). */
const frameLocals = (slot: number) => `c.frame[${slot}]`;

/** The expression as a function of a context: `it` and the locals are read from the context. */
export function generatedExpr(e: Expr, g: Engine, tables: CodeTables): Ev {
  return exprFactories.bind<Ev>(e, g, tables, () => exprSource(e, g.ir));
}

/** The source of generatedExpr's function and its constants (tests read it). */
export function exprSource(e: Expr, ir: GameIR): { source: string; consts: unknown[] } {
  const gen = new ExprGen(ir);
  const out: string[] = [];
  const v = gen.expr(e, { local: frameLocals, it: 'c.it' }, out);
  const source = out.length === 0 ? `(c) => ${v}` : `(c) => {\n${out.join('\n')}\nreturn ${v};\n}`;
  return { source, consts: gen.consts };
}

const storeFactories = new WeakMap<object, (K: unknown[]) => (f: unknown[]) => void>();

/**
 * Stores of fixed values into fixed fields of a card's field list, one statement per field: a
 * card type's states reset when the card changes zone (several times faster than a loop over
 * the fields). `key` is the IR object the fields come from (the source is made once per key);
 * the values are this engine's.
 */
export function generatedStores(key: object, fields: number[], values: unknown[]): (f: unknown[]) => void {
  let make = storeFactories.get(key);
  if (!make) {
    const body = fields.map((field, i) => {
      if (!Number.isInteger(field)) throw new Error(`codegen: ${field} is not a whole number`);
      return `f[${field}] = K[${i}];`;
    });
    // eslint-disable-next-line no-new-func -- field indices from validated IR only; values by index into K
    make = new Function('K', `"use strict";\nreturn (f) => {\n${body.join('\n')}\n};`) as (K: unknown[]) => (f: unknown[]) => void;
    storeFactories.set(key, make);
  }
  return make(values);
}

const functionFactories = new Factories<Expr>();

/**
 * A game function: `(c, arg…) => value`, its parameters ordinary JavaScript parameters. It
 * reads `me`, `this` and `request` from the caller's context; `it` is none in its body.
 */
export function generatedFunction(body: Expr, params: number, g: Engine, tables: CodeTables): (c: Ctx, ...args: unknown[]) => unknown {
  return functionFactories.bind(body, g, tables, () => functionSource(body, params, g.ir));
}

/** The source of generatedFunction's function and its constants (tests read it). */
export function functionSource(body: Expr, params: number, ir: GameIR): { source: string; consts: unknown[] } {
  const gen = new ExprGen(ir);
  const out: string[] = [];
  const names = Array.from({ length: params }, (_, i) => `v${i}`);
  const v = gen.expr(body, { local: (slot) => (slot < params ? `v${slot}` : 'undefined'), it: 'null' }, out);
  const source = `(c${names.map((n) => `, ${n}`).join('')}) => {\n${out.join('\n')}\nreturn ${v};\n}`;
  return { source, consts: gen.consts };
}
