/**
 * Statement bodies — setup, the turn, procedures, checks, action effects and costs — lowered to
 * one JavaScript function each, instead of a tree of closures (compile.ts). Loops are
 * JavaScript loops, `if` is `if`, a `cite` group is a try/finally around its statements, and the
 * expressions are written inline (codegen.ts), list functions included.
 *
 * Locals. A body whose locals nobody else reads (setup, the turn, checks, procedures) keeps
 * them in JavaScript variables (`v0`, `v1`…; a procedure's parameters are its first ones). An
 * action's effect and costs share the request's frame with the engine (the choices made while
 * declaring are kept there, and the trigger that fired fills it), so they read and write it:
 * `F[slot]`, with `F` the context's frame.
 *
 * Decisions stay calls into the engine (`g.choose`, `g.chooseMode`…), which asks the host's
 * decider; a `such that` test is a small closure that binds the candidate and evaluates the
 * condition.
 *
 * The same safety rules as codegen.ts: from validated IR only, every string of the rules (texts,
 * names, cites, positions) in the constants table `K`, numbers checked. A statement kind this
 * file does not know makes `generatable` false: the compiler then builds that body from
 * closures (compile.ts), an explicit choice per body.
 */
import type { DurationIR, Expr, GameIR, Stmt } from '../compiler/ir.ts';
import { ExprGen, type Scope } from './codegen.ts';
import { Factories, placeName, type CodeTables } from './codegen-functions.ts';
import type { Ctx } from './context.ts';
import type { EngineCalls } from './calls.ts';
import { checkReads } from './check-reads.ts';
import { logsOnly } from './codegen-facts.ts';

/** Where a body keeps its locals: JavaScript variables, or the context's frame. */
export type Locals = 'vars' | 'frame';

/** Every statement kind this generator writes (anything else falls back to closures). */
const known = new Set<Stmt['kind']>([
  'let', 'setCard', 'setFacedown', 'setPlayer', 'setGlobal', 'setRequest', 'setActive', 'move', 'attach', 'detach',
  'createEvery', 'createCount', 'shuffle', 'reveal', 'chooseOrder', 'choose', 'chooseMode', 'if', 'forEach', 'repeat',
  'while', 'callProc', 'perform', 'window', 'modify', 'unmodify', 'gainAbilities', 'cancel', 'retarget', 'endTurn', 'reverseTurnOrder', 'win', 'lose',
  'drawGame', 'log', 'signal', 'proceed', 'cite',
]);

/** Whether every statement of the body (nested ones included) is one this generator writes. */
export function generatable(stmts: Stmt[]): boolean {
  return stmts.every((s) => {
    if (!known.has(s.kind)) return false;
    switch (s.kind) {
      case 'if':
        return generatable(s.then) && generatable(s.else);
      case 'forEach':
      case 'repeat':
      case 'while':
      case 'cite':
        return generatable(s.body);
      case 'chooseMode':
        return s.options.every((o) => generatable(o.body));
      default:
        return true;
    }
  });
}

/**
 * Statements that never change a zone's list of cards: they set values, decide, log, or end
 * the game. (Expressions never change the state; a procedure, a move, a shuffle, a signal that
 * may fire triggers… may.)
 */
const keepsZones = new Set<Stmt['kind']>([
  'let', 'setCard', 'setFacedown', 'setPlayer', 'setGlobal', 'setRequest', 'setActive', 'choose', 'chooseMode',
  'if', 'forEach', 'repeat', 'while', 'modify', 'unmodify', 'gainAbilities', 'endTurn', 'reverseTurnOrder', 'win', 'lose', 'drawGame', 'log', 'cite',
]);

/**
 * Whether running the statements leaves every zone's list as it was: then `for each` may walk a
 * zone's own list instead of a copy of it.
 */
export function keepsZoneLists(stmts: Stmt[]): boolean {
  return stmts.every((s) => {
    if (!keepsZones.has(s.kind)) return false;
    switch (s.kind) {
      case 'if':
        return keepsZoneLists(s.then) && keepsZoneLists(s.else);
      case 'forEach':
      case 'repeat':
      case 'while':
      case 'cite':
        return keepsZoneLists(s.body);
      case 'chooseMode':
        return s.options.every((o) => keepsZoneLists(o.body));
      default:
        return true;
    }
  });
}

const unwatched = new WeakMap<GameIR, Set<number>>();

/**
 * The card fields no check of the game reads (check-reads.ts): a change to one counts in the
 * engine's looseChanges (state.ts touchField), which generated stores can bump directly.
 */
function unwatchedFields(ir: GameIR): Set<number> {
  let set = unwatched.get(ir);
  if (!set) {
    const read = checkReads(ir).fields;
    set = new Set(read === null ? [] : ir.cardFields.map((_, i) => i).filter((i) => !read.includes(i)));
    unwatched.set(ir, set);
  }
  return set;
}

/** Writes statements as JavaScript, into the statement list of the enclosing block. */
class StmtGen {
  readonly ex: ExprGen;
  private readonly sc: Scope;

  constructor(
    ir: GameIR,
    locals: Locals,
    /** See BodyOptions.returns. */
    private readonly returns = false,
  ) {
    this.ex = new ExprGen(ir);
    this.sc = { local: locals === 'vars' ? (slot) => `v${this.ex.int(slot)}` : (slot) => `F[${this.ex.int(slot)}]`, it: 'c.it' };
  }

  private e(x: Expr, out: string[]): string {
    return this.ex.expr(x, this.sc, out);
  }

  private k(v: unknown): string {
    return this.ex.constant(v);
  }

  /** A `modify`'s duration, made when it runs (ValuesRoom.untilOf); `null` for none. */
  private until(d: DurationIR | null, out: string[]): string {
    if (d === null) return 'null';
    switch (d.kind) {
      case 'endOfTurn':
        return `g.untilOf(${this.k('endOfTurn')}, null, -1)`;
      case 'endOfNextTurn':
      case 'duringNextTurn':
      case 'untilNextTurn':
        return `g.untilOf(${this.k(d.kind)}, ${this.e(d.player, out)}, -1)`;
      case 'turns':
        return `g.untilOf(${this.k('turns')}, ${this.e(d.count, out)}, -1)`;
      case 'leaves':
        return `g.untilOf(${this.k('leaves')}, ${this.e(d.card, out)}, ${this.ex.int(d.zone)})`;
    }
  }

  /** Statements in order, each in its own block so that its temporaries stay local to it. */
  block(stmts: Stmt[], out: string[]): void {
    for (let i = 0; i < stmts.length; i++) {
      const s = stmts[i]!;
      const inner: string[] = [];
      this.stmt(s, inner);
      // A statement that only writes the log (a cite with its log line, an if or a let made for
      // one: codegen-facts.ts logsOnly) runs only when a log is kept. A `log` guards itself.
      if (s.kind !== 'log' && logsOnly(s, this.ex.ir)) out.push('if (g.narrating()) {', ...inner, '}');
      else if (inner.length === 1) out.push(inner[0]!);
      else out.push('{', ...inner, '}');
    }
  }

  /**
   * One statement. The order of evaluation is the closures' order (compile.ts), so both give the
   * same games: e.g. `move` reads its destination first and its cards only if there is one.
   */
  private stmt(s: Stmt, out: string[]): void {
    const loc = this.k(s.loc);
    const slot = (n: number) => this.sc.local(n);
    switch (s.kind) {
      case 'let':
        out.push(`${slot(s.slot)} = ${this.e(s.value, out)};`);
        return;
      case 'gainAbilities': {
        // The card, then the card whose abilities it gains, then the duration (compile.ts's order).
        const t = this.ex.fresh('t');
        const x = this.ex.fresh('x');
        out.push(`const ${t} = ${this.e(s.card, out)};`);
        const then: string[] = [];
        then.push(`const ${x} = ${this.e(s.from, then)};`);
        const inner: string[] = [];
        inner.push(`g.gainAbilities(${t}, ${x}, ${this.until(s.duration, inner)}, c, ${loc});`);
        then.push(`if (${x}) {`, ...inner, '}');
        out.push(`if (${t}) {`, ...then, '}');
        return;
      }
      case 'setCard':
      case 'setFacedown':
      case 'setPlayer':
      case 'setRequest':
      case 'modify':
      case 'unmodify':
      case 'cancel':
      case 'retarget':
      case 'signal': {
        // The subject first; the rest only when there is a subject.
        const subject = s.kind === 'setPlayer' ? s.player : s.kind === 'setRequest' || s.kind === 'cancel' || s.kind === 'retarget' ? s.request : s.card;
        const t = this.ex.fresh('t');
        // A state the teams share is written on the team's first seat (teams.ts).
        const shared = s.kind === 'setPlayer' && !!this.ex.ir.teams?.shared.includes(s.field);
        out.push(`const ${t} = ${shared ? `g.teamSeatOf(${this.e(subject, out)})` : this.e(subject, out)};`);
        const then: string[] = [];
        switch (s.kind) {
          case 'setCard':
            then.push(this.set(`${t}.f`, 'setCardField', t, s.field, this.e(s.value, then), then));
            break;
          case 'setFacedown':
            then.push(`g.setFacedown(${t}, !!${this.e(s.value, then)});`);
            break;
          case 'setPlayer':
            then.push(this.set(`${t}.vars`, 'setPlayerVar', t, s.field, this.e(s.value, then), then));
            break;
          case 'setRequest':
            then.push(`g.setRequestVar(${t}, ${this.ex.int(s.field)}, ${this.e(s.value, then)});`);
            break;
          case 'modify':
            then.push(`g.modify(${t}, ${this.ex.int(s.field)}, ${this.e(s.by, then)}, ${this.until(s.duration, then)}, c, ${loc}, ${this.k(s.op)});`);
            break;
          case 'unmodify':
            then.push(`g.unmodify(${t}, ${this.ex.int(s.field)}, c, ${loc});`);
            break;
          case 'cancel':
            then.push(`g.cancel(${t}, c, ${loc});`);
            break;
          case 'retarget':
            then.push(`g.retarget(${t}, ${s.by ? this.e(s.by, then) : 'c.me'}, c, ${loc});`);
            break;
          case 'signal': {
            const rest = s.args.map((a) => this.e(a, then));
            then.push(`g.signal(${this.ex.int(s.event)}, ${t}, [${rest.join(', ')}], c, ${loc});`);
            break;
          }
        }
        // (A signal's first argument may be a number or a truth value: only none skips it.)
        out.push(s.kind === 'signal' ? `if (${t} !== null && ${t} !== undefined) {` : `if (${t}) {`, ...then, '}');
        return;
      }
      case 'setGlobal': {
        // In place while the journal is closed, as `set` does for cards' and players' states
        // (state.ts setGlobal, without the call).
        const v = this.ex.reread(this.e(s.value, out), out);
        const f = this.ex.int(s.field);
        out.push(`if (g.journal.depth === 0) { if (g.globals[${f}] !== ${v} || ${v} === 0) g.varChanges++; g.globals[${f}] = ${v}; } else g.setGlobal(${f}, ${v});`);
        return;
      }
      case 'setActive':
        out.push(`g.setActive(${this.e(s.value, out)});`);
        return;
      case 'move':
      case 'attach': {
        // The destination first; the cards only when there is one. A zone's own list, which
        // changes as the cards move, is copied first (H.stable).
        const t = this.ex.fresh('t');
        out.push(`const ${t} = ${this.e(s.to, out)};`);
        const then: string[] = [];
        const cards = this.list(s.cards, then);
        if (s.kind === 'move') then.push(`g.moveCards(${cards}, ${t}, ${this.k(s.position)}, ${this.k(s.face)}, c, ${loc});`);
        else then.push(`g.attach(${cards}, ${t}, ${this.k(s.position)}, ${s.facedown ? 'true' : 'false'}, c, ${loc});`);
        out.push(`if (${t}) {`, ...then, '}');
        return;
      }
      case 'detach':
        out.push(`g.detach(${this.list(s.cards, out)});`);
        return;
      case 'createEvery': {
        const z = this.ex.fresh('t');
        out.push(`const ${z} = ${this.e(s.zone, out)};`);
        // The definitions of that type, in the card table's order (fixed by the IR).
        const defs: number[] = [];
        this.ex.ir.cards.forEach((card, i) => {
          if (card.type === s.cardType) defs.push(i);
        });
        const ds = this.k(defs);
        const i = this.ex.fresh('i');
        const made = this.ex.fresh('x');
        const body: string[] = [`const ${made} = g.createCard(${ds}[${i}], ${z});`];
        if (s.filter) {
          // The filter reads the new card's printed fields (`it`); a card it refuses is unmade.
          const f = this.ex.expr(s.filter, { local: this.sc.local, it: made }, body);
          body.push(`if (!(${f})) g.uncreateCard(${made});`);
        }
        out.push(`for (let ${i} = 0; ${i} < ${ds}.length; ${i}++) {`, ...body, '}');
        return;
      }
      case 'createCount': {
        const [z, n] = this.ex.inOrder([s.zone, s.count], this.sc, out);
        const i = this.ex.fresh('i');
        const zt = this.ex.fresh('t');
        const nt = this.ex.fresh('t');
        out.push(`const ${zt} = ${z};`, `const ${nt} = ${n};`, `for (let ${i} = 0; ${i} < ${nt}; ${i}++) g.createCard(${this.ex.int(s.card)}, ${zt});`);
        return;
      }
      case 'shuffle': {
        const t = this.ex.fresh('t');
        out.push(`const ${t} = ${this.e(s.zone, out)};`, `if (${t}) g.shuffle(${t});`);
        return;
      }
      case 'reveal': {
        const [cards, to] = this.ex.inOrder(s.to ? [s.cards, s.to] : [s.cards], this.sc, out);
        out.push(`g.reveal(asList(${cards}), ${to ?? 'null'}, c, ${loc});`);
        return;
      }
      case 'choose': {
        // The chooser, the candidates, min, max, then the prompt's values.
        const parts = [...(s.by ? [s.by] : []), s.from, s.min, s.max, ...s.promptArgs];
        const vals = this.ex.inOrder(parts, this.sc, out);
        const chooser = this.bindTemp(s.by ? vals.shift()! : 'c.me', out);
        const [from, min, max, ...args] = vals as [string, string, string, ...string[]];
        const prompt = this.prompt(s.prompt || `choose ${s.name}`, args, chooser);
        let test = 'null';
        if (s.suchThat) {
          // Binds each candidate to the chosen name, then evaluates the condition.
          const body: string[] = [];
          const v = this.e(s.suchThat, body);
          const x = this.ex.fresh('x');
          test = `(${x}) => {\n${slot(s.slot)} = ${x};\n${body.join('\n')}\nreturn ${v};\n}`;
        }
        out.push(`${slot(s.slot)} = g.choose(${chooser}, ${from}, ${min}, ${max}, ${s.single ? 'true' : 'false'}, ${test}, c, ${prompt}, ${loc});`);
        return;
      }
      case 'chooseOrder': {
        // The chooser, the prompt, then the list (the closures' order).
        const parts = [...(s.by ? [s.by] : []), ...s.promptArgs, s.from];
        const vals = this.ex.inOrder(parts, this.sc, out);
        const chooser = this.bindTemp(s.by ? vals.shift()! : 'c.me', out);
        const from = vals.pop()!;
        const prompt = this.prompt(s.prompt || `order ${s.name}`, vals, chooser);
        out.push(`${slot(s.slot)} = g.chooseOrder(${chooser}, asList(${from}).slice(), c, ${prompt}, ${loc});`);
        return;
      }
      case 'chooseMode': {
        const chooser = this.bindTemp(s.by ? this.e(s.by, out) : 'c.me', out);
        const labels = this.k(s.options.map((o) => o.label));
        const bodies = s.options.map((o) => {
          const b: string[] = [];
          this.block(o.body, b);
          return b;
        });
        const anyWhen = s.options.some((o) => o.when);
        if (!anyWhen) {
          if (s.options.length === 0) return;
          const prompt = this.prompt(s.prompt, this.ex.inOrder(s.promptArgs, this.sc, out), chooser);
          out.push(`switch (g.chooseMode(${chooser}, ${labels}, c, ${prompt}, ${loc})) {`);
          bodies.forEach((b, i) => out.push(`case ${i}: {`, ...b, 'break;', '}'));
          out.push('}');
          return;
        }
        // The options open now, by index, in order.
        const open = this.ex.fresh('t');
        out.push(`const ${open} = [];`);
        s.options.forEach((o, i) => {
          if (!o.when) out.push(`${open}.push(${i});`);
          else {
            const w = this.e(o.when, out);
            out.push(`if (${w}) ${open}.push(${i});`);
          }
        });
        out.push(`if (${open}.length > 0) {`);
        const inner: string[] = [];
        const prompt = this.prompt(s.prompt, this.ex.inOrder(s.promptArgs, this.sc, inner), chooser);
        out.push(...inner);
        const i = this.ex.fresh('i');
        out.push(`switch (${open}[g.chooseMode(${chooser}, ${open}.map((${i}) => ${labels}[${i}]), c, ${prompt}, ${loc})]) {`);
        bodies.forEach((b, k) => out.push(`case ${k}: {`, ...b, 'break;', '}'));
        out.push('}', '}');
        return;
      }
      case 'if': {
        const cond = this.e(s.cond, out);
        const a: string[] = [];
        const b: string[] = [];
        this.block(s.then, a);
        this.block(s.else, b);
        out.push(`if (${cond}) {`, ...a, ...(b.length ? ['} else {', ...b] : []), '}');
        return;
      }
      case 'forEach': {
        // Over a stable list: a body that may move cards walks a copy of a zone's list
        // (H.stable); one that cannot walks the list itself.
        const l = this.e(s.list, out);
        const xs = this.ex.fresh('x');
        const i = this.ex.fresh('i');
        out.push(keepsZoneLists(s.body) ? `const ${xs} = ${this.ex.asList(s.list, l, out)};` : `const ${xs} = H.stable(${l});`);
        const body: string[] = [];
        this.block(s.body, body);
        out.push(`for (let ${i} = 0; ${i} < ${xs}.length; ${i}++) {`, `${slot(s.slot)} = ${xs}[${i}];`, ...body, '}');
        return;
      }
      case 'repeat': {
        const n = this.ex.fresh('n');
        const i = this.ex.fresh('i');
        out.push(`const ${n} = ${this.e(s.count, out)};`);
        const body: string[] = [];
        this.block(s.body, body);
        out.push(`for (let ${i} = 0; ${i} < ${n}; ${i}++) {`, `g.tick(${loc});`, ...body, '}');
        return;
      }
      case 'while': {
        const cond: string[] = [];
        const v = this.e(s.cond, cond);
        const body: string[] = [];
        this.block(s.body, body);
        out.push('for (;;) {', ...cond, `if (!(${v})) break;`, `g.tick(${loc});`, ...body, '}');
        return;
      }
      case 'callProc': {
        const args = this.ex.inOrder(s.args, this.sc, out);
        out.push(`PR[${this.ex.int(s.proc)}](c${args.map((a) => `, ${a}`).join('')});`);
        return;
      }
      case 'perform': {
        // (The ability an expression holds is looked up by its name when it runs: g.actionNamed.)
        const action = s.ability ? `g.actionNamed(${this.e(s.ability, out)})` : this.ex.int(s.action);
        const as = s.as ? this.e(s.as, out) : 'undefined';
        out.push(`g.perform(${action}, ${s.by ? this.e(s.by, out) : 'c.me'}, ${loc}, ${as});`);
        return;
      }
      case 'window':
        out.push(`g.window(${this.k(s.name)}, ${s.passable ? 'true' : 'false'}, ${s.open ? 'true' : 'false'});`);
        return;
      case 'endTurn':
        out.push(`g.endTurn(c, ${loc});`);
        return;
      case 'reverseTurnOrder':
        out.push(`g.reverseTurnOrder(c, ${loc});`);
        return;
      case 'proceed':
        out.push('g.proceed();');
        return;
      case 'lose': {
        // With more than two players in, a loss puts the player out and the game goes on (Engine.defeat).
        const pt = this.bindTemp(this.e(s.player, out), out);
        const why = s.reasonExpr ? `H.reason(${this.e(s.reasonExpr, out)})` : this.k(s.reason);
        if (this.returns) out.push(`if (g.defeat(${pt}, ${why}, c, ${loc}, true)) return;`);
        else out.push(`g.defeat(${pt}, ${why}, c, ${loc}, false);`);
        return;
      }
      case 'win':
      case 'drawGame': {
        const p = s.kind === 'drawGame' ? 'null' : this.e(s.player, out);
        const pt = this.bindTemp(p, out);
        const why = s.reasonExpr ? `H.reason(${this.e(s.reasonExpr, out)})` : this.k(s.reason);
        const how = this.returns ? 'end' : 'finish';
        out.push(`g.${how}(${this.k(s.kind === 'drawGame' ? 'draw' : s.kind)}, ${pt}, ${why}, c, ${loc});`);
        // (A `cite` group's text is not restored on the way out: the context ends with the game.)
        if (this.returns) out.push('return;');
        return;
      }
      case 'log': {
        // The log is the judge's record: placeholders show every card by name. Its values are
        // only worked out when the log is kept, unless working them out may draw a random number.
        if (s.args.length === 0) {
          out.push(`g.narrate(${this.k(s.text)}, c, ${loc});`);
          return;
        }
        const always = s.args.some((a) => this.ex.mayUseRandom(a));
        const body: string[] = [];
        const text = this.prompt(s.text, this.ex.inOrder(s.args, this.sc, body), 'null');
        body.push(`g.narrate(${text}, c, ${loc});`);
        if (always) out.push(...body);
        else out.push('if (g.narrating()) {', ...body, '}');
        return;
      }
      case 'cite': {
        // Restored on the way out, but not when an exception leaves the body (no `finally`):
        // every exception that crosses a body (the game ending, an impossible declaration, a
        // host stopping the run) also ends the use of its context, and a `finally` would make
        // each of those exceptions a catch and a rethrow at every level, which V8 does slowly.
        const saved = this.ex.fresh('t');
        const body: string[] = [];
        this.block(s.body, body);
        out.push(`const ${saved} = c.cite;`, `c.cite = ${this.k(s.text)};`, ...body, `c.cite = ${saved};`);
        return;
      }
    }
    throw new Error(`codegen: unknown statement kind ${(s as { kind: string }).kind}`);
  }

  /**
   * `set`: in place when nothing may be undone (the engine's journal closed, as it is outside
   * trials), else through the engine, which records the old value. Either way the engine's
   * count of changes is bumped (state.ts `changes`).
   */
  private set(array: string, method: 'setCardField' | 'setPlayerVar', subject: string, field: number, value: string, out: string[]): string {
    const v = this.ex.reread(value, out);
    const f = this.ex.int(field);
    // What the change counts as (state.ts touchField): a card field no check reads counts in
    // looseChanges wherever its card lies — known here, so no call is made to find it out.
    const count = method === 'setCardField' ? (unwatchedFields(this.ex.ir).has(field) ? 'g.looseChanges++' : `g.touchField(${subject}, ${f})`) : 'g.varChanges++';
    // (A value written over itself is no change; 0 over -0 is.)
    return `if (g.journal.depth === 0) { if (${array}[${f}] !== ${v} || ${v} === 0) ${count}; ${array}[${f}] = ${v}; } else g.${method}(${subject}, ${f}, ${v});`;
  }

  /** A list argument the engine walks while cards move (see H.stable). */
  private list(e: Expr, out: string[]): string {
    // A list just made is nobody's but this statement's: no copy to take, no test to make.
    return this.ex.isFresh(e) ? this.e(e, out) : `H.stable(${this.e(e, out)})`;
  }

  /** A value read once into a temporary (unless it is one already), to be used several times. */
  private bindTemp(v: string, out: string[]): string {
    if (/^(?:[vtx]\d+|c\.me|null)$/.test(v)) return v;
    const t = this.ex.fresh('t');
    out.push(`const ${t} = ${v};`);
    return t;
  }

  /** A text shown to `viewer` (JavaScript for a player, or `null` for the log), placeholders filled. */
  private prompt(text: string, args: string[], viewer: string): string {
    if (args.length === 0) return this.k(text);
    return `H.text(g, ${this.k(text)}, [${args.join(', ')}], ${viewer})`;
  }
}

/** A generated body: `(c, arg…) => void`. */
export type BodyFn = (c: Ctx, ...args: unknown[]) => void;

const bodyFactories = new Factories<Stmt[]>();
const returningFactories = new Factories<Stmt[]>();
const frameFactories = new Factories<Stmt[]>();

/**
 * A body as one function. With `vars` locals, the first `params` locals are its parameters and
 * the others start undefined, as in a new frame. `cite` (a procedure's) is in force while the
 * body runs, then the caller's again.
 */
export function generatedBody(stmts: Stmt[], opts: BodyOptions, g: EngineCalls, tables: CodeTables): BodyFn {
  const cache = opts.locals === 'vars' ? (opts.returns ? returningFactories : bodyFactories) : frameFactories;
  return cache.bind<BodyFn>(stmts, g, tables, () => bodySource(stmts, opts, g.ir), stmts.length ? placeName(stmts[0]!.loc) : null);
}

export interface BodyOptions {
  locals: Locals;
  /** With `vars` locals: how many of the first locals are parameters. */
  params?: number;
  slots: number;
  /** A procedure's cite, in force while it runs. */
  cite?: string;
  /**
   * The body is the setup or the turn, which the engine runs and then checks for a result: its
   * `win`, `lose` and `draw` record the end (Engine.end) and return instead of throwing.
   */
  returns?: boolean;
}

/** The generated source of a body and its constants (tests read it; see generatedBody). */
export function bodySource(stmts: Stmt[], opts: BodyOptions, ir: GameIR): { source: string; consts: unknown[] } {
  {
    const gen = new StmtGen(ir, opts.locals, opts.returns ?? false);
    const body: string[] = [];
    gen.block(stmts, body);
    const params: string[] = [];
    const head: string[] = [];
    if (opts.locals === 'vars') {
      const n = opts.params ?? 0;
      for (let i = 0; i < n; i++) params.push(`v${i}`);
      const rest = Array.from({ length: Math.max(0, opts.slots - n) }, (_, i) => `v${i + n}`);
      if (rest.length) head.push(`let ${rest.join(', ')};`);
    } else head.push('const F = c.frame;');
    let lines = body;
    // As for a `cite` statement: restored when the body completes (see there).
    if (opts.cite) lines = ['const cite0 = c.cite;', `c.cite = ${gen.ex.constant(opts.cite)};`, ...body, 'c.cite = cite0;'];
    const source = `(c${params.map((p) => `, ${p}`).join('')}) => {\n${[...head, ...lines].join('\n')}\n}`;
    return { source, consts: gen.ex.consts };
  }
}
