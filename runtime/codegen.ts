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
 * helpers (codegen-helpers.ts), `asList`, `FN` the game's functions (`FN[i](c, arg…)`) and `PR` its
 * procedures (codegen-statements.ts).
 */
import type { BuiltinFn, Expr, GameIR } from '../compiler/ir.ts';
import { cardsOnly, inlinedWhere, isLabelNumber, mayDrawRandom, pure, readsIt, someNode } from './codegen-facts.ts';

/** Where the generated code finds the names of the rules. */
export interface Scope {
  /** JavaScript reading local `slot`: a variable (`v3`) or the frame (`F[3]`). */
  local(slot: number): string;
  /** JavaScript for `it`. */
  it: string;
  /** `it` is always a card (the elements of a zone's list): its fields are read without a null check. */
  itCard?: boolean;
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

  /** Whether evaluating `e` may draw from the random generator (directly, or through a call or a card's values: codegen-facts.ts). */
  mayUseRandom(e: Expr): boolean {
    return mayDrawRandom(e, this.ir);
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
          // In a game of teams, the next player of another team (teams.ts); else the next player.
          case 'opponent': return this.ir.teams ? 'g.nextOpponentOf(c.me)' : 'g.nextPlayer(c.me)';
          case 'active': return 'g.active';
          case 'players': return 'g.playersFrom(g.active)';
          case 'opponents': return 'g.opponentsOf(c.me)';
          case 'teammates': return 'g.teammatesOf(c.me)';
          case 'stack': return 'g.stackTopFirst()';
          case 'turn': return 'g.turn';
          case 'match_game': return 'g.match.game';
          case 'last_winner': return 'g.lastWinner()';
          case 'last_loser': return 'g.lastLoser()';
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
        if (this.isPlayer(e.player)) return `${p}.zones[${this.int(e.zone)}]`;
        return `(${p} ? ${p}.zones[${this.int(e.zone)}] : null)`;
      }
      case 'zones':
        return `H.zonesOf(${this.expr(e.players, sc, out)}, ${this.int(e.zone)})`;
      case 'cardField': {
        if (this.ir.cardFields[e.field]!.kind === 'value') {
          const read = `g.readValue(${one(e.card)}, ${this.int(e.field)})`;
          // A numbered label's number (`c.王`) is none on a card without the label, so that nothing modifies it there; the rules read 0.
          return isLabelNumber(this.ir, e.field) ? `(${read} ?? 0)` : read;
        }
        if (sc.itCard && e.card.kind === 'builtin' && e.card.name === 'it') return `${sc.it}.f[${this.int(e.field)}]`;
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
        // A state the teams share (`teams { shared … }`) is the team's first seat's (teams.ts).
        if (this.ir.teams?.shared.includes(e.field)) return `H.pvar(g.teamSeatOf(${one(e.player)}), ${this.int(e.field)})`;
        const p = this.reread(one(e.player), out);
        if (this.isPlayer(e.player)) return `(${p}.vars[${this.int(e.field)}] ?? null)`;
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
        const shared = this.condShared(e);
        if (shared !== null) {
          // `if is_empty(L) then … else L` (or count): L worked out once, for the test and the branch.
          const t = this.fresh('t');
          out.push(`const ${t} = ${one(shared.list)};`);
          const xs = this.asList(shared.list, t, out);
          const test = shared.fn === 'is_empty' ? `(${xs}.length === 0)` : `(${xs}.length)`;
          const branch = (x: Expr, branchOut: string[]): string => (x === shared.list || JSON.stringify(x) === shared.key ? t : this.expr(x, sc, branchOut));
          const thenOut: string[] = [];
          const elseOut: string[] = [];
          const a = branch(e.then, thenOut);
          const b = branch(e.else, elseOut);
          if (thenOut.length === 0 && elseOut.length === 0) return `(${test} ? ${a} : ${b})`;
          const r = this.fresh('t');
          out.push(`let ${r};`, `if (${test}) {`, ...thenOut, `${r} = ${a};`, '} else {', ...elseOut, `${r} = ${b};`, '}');
          return r;
        }
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
  /** Whether the expression is always a player, never none: `me` and `active` (a context's `me` is always one). */
  private isPlayer(e: Expr): boolean {
    return e.kind === 'builtin' && (e.name === 'me' || e.name === 'active');
  }

  asList(e: Expr, v: string, out?: string[]): string {
    if (this.isArray(e)) return v;
    // A zone (or none): its own list, read in place (what `asList` does, without its tests).
    if (out && e.kind === 'zone') {
      const z = this.reread(v, out);
      // A player's own zone of a player who is always one (`me`, `active`) always exists.
      if (e.player && this.isPlayer(e.player) && !this.ir.zones[e.zone]!.shared) return `${z}.cards`;
      return `(${z} ? ${z}.cards : [])`;
    }
    return `asList(${v})`;
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
   * `if is_empty(L) then A else B` (or `count(L)`) where A or B is L itself and L is pure: the
   * list the test works out is the branch's value too (see cond).
   */
  private condShared(e: Extract<Expr, { kind: 'cond' }>): { fn: 'is_empty' | 'count'; list: Expr; key: string } | null {
    const t = e.test;
    if (t.kind !== 'builtinCall' || (t.fn !== 'is_empty' && t.fn !== 'count') || t.args.length !== 1) return null;
    const list = t.args[0]!;
    if (list.kind === 'builtin' || list.kind === 'where') return null;
    const key = JSON.stringify(list);
    if (JSON.stringify(e.then) !== key && JSON.stringify(e.else) !== key) return null;
    if (!this.pure(list)) return null;
    return { fn: t.fn, list, key };
  }

  /** See codegen-facts.ts `pure`. */
  pure(e: Expr): boolean {
    return pure(e, this.ir);
  }

  /**
   * A filter `A and B and …` split into the conjuncts that can be worked out once for the whole
   * list — pure, and reading no `it` (an inner list's `it` included) — joined by `and`, and the
   * others in their order; null when there are none of either kind.
   */
  private splitFixed(p: Expr): { fixed: Expr; vary: Expr } | null {
    const parts: Expr[] = [];
    const flat = (e: Expr): void => {
      if (e.kind === 'binary' && e.op === 'and') {
        flat(e.left);
        flat(e.right);
      } else parts.push(e);
    };
    flat(p);
    if (parts.length < 2) return null;
    const fixed = parts.filter((e) => !readsIt(e) && this.pure(e));
    const vary = parts.filter((e) => !fixed.includes(e));
    if (fixed.length === 0 || vary.length === 0) return null;
    const join = (xs: Expr[]): Expr => xs.reduce((l, r) => ({ kind: 'binary', op: 'and', left: l, right: r }));
    return { fixed: join(fixed), vary: join(vary) };
  }

  /**
   * A list function written out as a loop over the list: `it` is a new JavaScript variable,
   * bound to each element in turn; the body's statements go inside the loop.
   *
   * Over `L where P` (a reduction, or `distinct`), when P and the body are pure, the loop walks L
   * and skips what P refuses, instead of making the filtered list first: the same result, P and
   * the body evaluated element by element rather than P for all first (see `pure`).
   */
  private loop(fn: 'where' | 'sum' | 'max' | 'min' | 'any' | 'all' | 'allSame' | 'sorted' | 'distinct' | 'count' | 'none' | 'noneAll', listIr: Expr, bodyIr: Expr, sc: Scope, out: string[]): string {
    // `count(A + B where P)` of two lists of cards with a pure P: the count over A plus the count
    // over B, without joining them first (a copy of both for every count; a loop over a zone
    // counting copies of each card's name made one per card).
    if (fn === 'count' && listIr.kind === 'binary' && listIr.op === '+' && cardsOnly(listIr.left) && cardsOnly(listIr.right) && this.pure(bodyIr)) {
      return `(${this.loop('count', listIr.left, bodyIr, sc, out)} + ${this.loop('count', listIr.right, bodyIr, sc, out)})`;
    }
    let guardIr: Expr | null = null;
    const reduction = fn !== 'where' && fn !== 'sorted' && fn !== 'count' && fn !== 'none' && fn !== 'noneAll';
    if (reduction && listIr.kind === 'where' && this.pure(listIr.predicate) && this.pure(bodyIr)) {
      guardIr = listIr.predicate;
      listIr = listIr.list;
    }
    // Over `units(k)` (the card, then the cards attached under it), for the functions that only
    // walk the elements in order: the card and its list of attached cards (replaced, never
    // changed in place), without making the list of both. The index starts at -1 for the card.
    const overUnits = guardIr === null && listIr.kind === 'builtinCall' && listIr.fn === 'units' && (fn === 'where' || fn === 'sum' || fn === 'any' || fn === 'all' || fn === 'count' || fn === 'none' || fn === 'noneAll');
    const list = overUnits ? this.reread(this.inOrder((listIr as { args: Expr[] }).args, sc, out)[0]!, out) : this.expr(listIr, sc, out);
    // Conjuncts of the filter that read neither `it` nor anything that changes (`count(p.board)
    // < 6`) are worked out once, before the loop: false, no element passes, and the loop walks an
    // empty list. (Only where refusing every element is refusing the list: not for `all`.)
    let fixed: string | null = null;
    if (!overUnits) {
      const onBody = fn === 'where' || fn === 'count' || fn === 'none' || fn === 'noneAll';
      const split = guardIr ? this.splitFixed(guardIr) : onBody ? this.splitFixed(bodyIr) : null;
      if (split) {
        fixed = this.expr(split.fixed, sc, out);
        if (guardIr) guardIr = split.vary;
        else bodyIr = split.vary;
      }
    }
    const xs = this.fresh('x');
    const i = this.fresh('i');
    const it = this.fresh('x');
    const r = this.fresh('t');
    const inner: string[] = [];
    const itCard = !overUnits && cardsOnly(listIr);
    const v = this.expr(bodyIr, { local: sc.local, it, itCard }, inner);
    let guard: string[] | null = null;
    let g = '';
    if (guardIr) {
      guard = [];
      g = this.expr(guardIr, { local: sc.local, it, itCard }, guard);
    }
    const each = (cond: string, stmts: string[], to = out) => {
      const head = overUnits
        ? [`for (let ${i} = ${list} ? -1 : 0; ${cond}; ${i}++) {`, `const ${it} = ${i} < 0 ? ${list} : ${xs}[${i}];`]
        : [`for (let ${i} = 0; ${cond}; ${i}++) {`, `const ${it} = ${xs}[${i}];`];
      if (guard) to.push(...head, ...guard, `if (${g}) {`, ...inner, ...stmts, '}', '}');
      else to.push(...head, ...inner, ...stmts, '}');
    };
    // "The first element" of the loop: index 0, or with a guard the first element it lets through.
    let firstTest = `${i} === 0`;
    if (guard && (fn === 'max' || fn === 'min' || fn === 'allSame')) {
      const n = this.fresh('n');
      out.push(`let ${n} = 0;`);
      firstTest = `${n}++ === 0`;
    }
    out.push(overUnits ? `const ${xs} = ${list} ? ${list}.attached : H.noCards;` : fixed !== null ? `const ${xs} = ${fixed} ? ${this.asList(listIr, list, out)} : H.emptyObjects;` : `const ${xs} = ${this.asList(listIr, list, out)};`);
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
        each(`${i} < ${xs}.length`, [`const ${k} = ${v};`, `if (${firstTest} || ${k} ${fn === 'max' ? '>' : '<'} ${r}) ${r} = ${k};`]);
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
        each(`${i} < ${xs}.length && ${r}`, [`const ${k} = ${v};`, `if (${firstTest}) ${first} = ${k};`, `else ${r} = ${k} === ${first};`]);
        return r;
      }
      case 'sorted': {
        const keys = this.fresh('t');
        // A list just computed is nobody else's: sorted where it is.
        const inPlace = this.isFresh(listIr);
        const sort: string[] = [`const ${keys} = new Array(${xs}.length);`];
        each(`${i} < ${xs}.length`, [`${keys}[${i}] = ${v};`], sort);
        sort.push(`${r} = H.sortBy(${xs}, ${keys}, ${inPlace ? 'true' : 'false'});`);
        if (!this.pure(bodyIr)) {
          out.push(`let ${r};`, ...sort);
          return r;
        }
        // With a pure key, a list of one element or none is already in order: no keys to work out.
        out.push(`let ${r};`, `if (${xs}.length < 2) ${r} = ${inPlace ? xs : `${xs}.slice()`};`, 'else {', ...sort, '}');
        return r;
      }
      case 'distinct': {
        // The first element for each distinct key, in list order, with the same equality as
        // `includes` (SameValueZero: NaN equals NaN), searched by a loop (a call into the
        // runtime is slow on these short lists). A pure key read with no statements of its own
        // is read again from the elements kept rather than kept in a list of its own.
        const k = this.fresh('t');
        const seen = this.fresh('t');
        const j = this.fresh('i');
        const other = this.fresh('x');
        const again: string[] = [];
        const w = inner.length === 0 && this.pure(bodyIr) ? this.expr(bodyIr, { local: sc.local, it: other, itCard }, again) : null;
        if (w !== null && again.length === 0) {
          const kj = this.fresh('t');
          out.push(`const ${r} = [];`);
          each(`${i} < ${xs}.length`, [
            `const ${k} = ${v};`,
            `let ${seen} = false;`,
            `for (let ${j} = 0; ${j} < ${r}.length; ${j}++) { const ${other} = ${r}[${j}]; const ${kj} = ${w}; if (${kj} === ${k} || (${kj} !== ${kj} && ${k} !== ${k})) { ${seen} = true; break; } }`,
            `if (!${seen}) ${r}.push(${it});`,
          ]);
          return r;
        }
        const keys = this.fresh('t');
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
    // `count(f(x))` and `is_empty(f(x))` of a game function whose body is a `where`: that
    // `where`, its arguments put in place (as the loop below: without the list).
    if ((fn === 'count' || fn === 'is_empty') && args[0]!.kind === 'call') {
      const w = inlinedWhere(args[0]!, this.ir);
      if (w !== null) return this.builtin(fn, [w], sc, out);
    }
    // `count(… where …)` and `is_empty(… where …)`: a loop that counts, without the list. (It
    // stops at the first match only when the test cannot draw a random number: `where` tests
    // every element.)
    if ((fn === 'count' || fn === 'is_empty') && args[0]!.kind === 'where') {
      const w = args[0]!;
      if (fn === 'count') return this.loop('count', w.list, w.predicate, sc, out);
      return this.loop(this.mayUseRandom(w.predicate) ? 'noneAll' : 'none', w.list, w.predicate, sc, out);
    }
    // `count(units(k))`: the card and what is attached under it, without the list.
    if (fn === 'count' && args[0]!.kind === 'builtinCall' && args[0]!.fn === 'units') return `H.unitCount(${this.inOrder(args[0]!.args, sc, out)[0]})`;
    const a = this.inOrder(args, sc, out);
    switch (fn) {
      case 'count': return `${this.asList(args[0]!, a[0]!, out)}.length`;
      case 'is_empty': return `(${this.asList(args[0]!, a[0]!, out)}.length === 0)`;
      case 'first': return `H.first(${a[0]})`;
      case 'top': return `H.top(${a[0]}, ${a[1]})`;
      case 'bottom': return `H.bottom(${a[0]}, ${a[1]})`;
      case 'units': return `H.units(${a[0]})`;
      case 'all_units': return `H.allUnits(${a[0]})`;
      case 'host': return `H.host(${a[0]})`;
      case 'zone_of': return `H.zoneOf(${a[0]})`;
      case 'owner': return `H.cardOwner(${a[0]})`;
      case 'other': return this.ir.teams ? `g.nextOpponentOf(${a[0]})` : `g.nextPlayer(${a[0]})`;
      case 'random': return `g.randomOf(${a[0]})`;
      case 'entered_this_turn': return `g.enteredThisTurn(${a[0]})`;
      case 'targets': return `g.targetsOfOrNone(${a[0]})`;
      case 'cards': return `H.reqCards(${a[0]})`;
      case 'controller': return `H.reqController(${a[0]})`;
      case 'labels': return `g.labelsOf(${a[0]})`;
      case 'zone_owner': return `H.zoneOwner(${a[0]})`;
      case 'abilities': return `g.abilitiesOf(${a[0]})`;
      case 'deck_problem': return `g.deckProblem(${a[0]})`;
      case 'match_wins': return `g.matchWins(${a[0]})`;
    }
    throw new Error(`codegen: unknown builtin ${fn as string}`);
  }
}
