/**
 * IR → functions. Expressions become generated JavaScript (codegen.ts); statement bodies too
 * (codegen-statements.ts), or — for a body holding a statement the generator does not know, or
 * with `codegen.statements` off — closures over their parts (this file's `stmt`). A statement
 * that makes a player decide calls the engine, which asks the host's decider. Built once per
 * engine, from validated IR only: no source text is ever turned into code.
 */
import type { Expr, FunctionIR, ProcedureIR, Stmt } from '../compiler/ir.ts';
import type { EngineCalls } from './calls.ts';
import { asList, type Ctx, type Ev, type Ex } from './context.ts';
import type { Card, Player, Request, Zone } from './model.ts';
import { H } from './codegen-helpers.ts';
import { generatedExpr, generatedFunction, type CodeTables } from './codegen-functions.ts';
import { generatable, generatedBody, type BodyFn, type Locals } from './codegen-statements.ts';

/**
 * Whether statement bodies are generated JavaScript (the default) or closures. The two give
 * the same games (test/codegen.test.ts plays both); the switch is for that test and for
 * comparing them.
 */
export const codegen = { statements: true };

export class Compiler {
  constructor(
    private engine: EngineCalls,
    /** The tables generated code calls into (the engine fills them). */
    private tables: CodeTables,
    /** Bodies as closures whatever `codegen` says (EngineOptions.inspectable). */
    private closures = false,
  ) {}

  /** An expression: generated JavaScript, one function per expression tree (codegen.ts). */
  expr(e: Expr): Ev {
    return generatedExpr(e, this.engine, this.tables);
  }

  /** A game function: generated JavaScript taking the context and the arguments. */
  fn(f: FunctionIR): (c: Ctx, ...args: unknown[]) => unknown {
    return generatedFunction(f.body, f.params.length, this.engine, this.tables, `fn${this.engine.ir.functions.indexOf(f)}`);
  }

  /**
   * A body run with a context: generated JavaScript when the generator knows every statement in
   * it, else closures. `vars`: its locals are private (setup, the turn, checks); `frame`: they
   * live in the context's frame, which the engine also reads (an action's effect and costs).
   * `returns`: the body is the setup or the turn, run by the engine itself, which checks for a
   * result when it returns: generated, its `win`/`lose`/`draw` end the game and return rather
   * than throw (Engine.end).
   */
  body(stmts: Stmt[], locals: Locals, slots: number, returns = false): Ex {
    if (codegen.statements && !this.closures && generatable(stmts)) return generatedBody(stmts, { locals, slots, returns }, this.engine, this.tables);
    return this.block(stmts);
  }

  /**
   * A procedure: `(c, arg…) => void`, borrowing the caller's context. Generated, its locals are
   * JavaScript variables; as closures, it gets a frame of its own (reused: procedures cannot
   * recurse) swapped into the caller's context while it runs.
   */
  procedure(p: ProcedureIR): BodyFn {
    if (codegen.statements && !this.closures && generatable(p.body)) {
      return generatedBody(p.body, { locals: 'vars', params: p.params.length, slots: p.slots, cite: p.cite }, this.engine, this.tables);
    }
    const body = this.block(p.body);
    const own = new Array(p.slots).fill(null);
    let busy = false;
    return (caller, ...args) => {
      const reuse = !busy;
      const frame = reuse ? own : new Array(p.slots);
      for (let i = 0; i < args.length; i++) frame[i] = args[i];
      const savedFrame = caller.frame;
      const savedIt = caller.it;
      const savedCite = caller.cite;
      caller.frame = frame;
      caller.it = null;
      caller.cite = p.cite || savedCite;
      if (reuse) busy = true;
      try {
        body(caller);
      } finally {
        caller.frame = savedFrame;
        caller.it = savedIt;
        caller.cite = savedCite;
        if (reuse) busy = false;
      }
    };
  }

  /** A text with `{name}` placeholders, filled in when shown (see H.text). */
  private text(text: string, argIr: Expr[]): (c: Ctx, viewer: Player | null) => string {
    if (argIr.length === 0) return () => text;
    const g = this.engine;
    const args = argIr.map((a) => this.expr(a));
    return (c, viewer) => H.text(g, text, args.map((a) => a(c)), viewer);
  }

  /** A body: its statements in order. */
  block(stmts: Stmt[]): Ex {
    const parts = stmts.map((s) => this.stmt(s));
    if (parts.length === 0) return () => {};
    if (parts.length === 1) return parts[0]!;
    if (parts.length === 2) {
      const [a, b] = parts as [Ex, Ex];
      return (c) => {
        a(c);
        b(c);
      };
    }
    return (c) => {
      for (let i = 0; i < parts.length; i++) parts[i]!(c);
    };
  }

  stmt(s: Stmt): Ex {
    const g = this.engine;
    const loc = s.loc;
    switch (s.kind) {
      case 'let': {
        const v = this.expr(s.value);
        const slot = s.slot;
        return ((c) => { c.frame[slot] = v(c); });
      }
      case 'setCard': {
        const card = this.expr(s.card);
        const v = this.expr(s.value);
        const f = s.field;
        return ((c) => { const k = card(c) as Card | null; if (k) g.setCardField(k, f, v(c)); });
      }
      case 'setFacedown': {
        const card = this.expr(s.card);
        const v = this.expr(s.value);
        return ((c) => { const k = card(c) as Card | null; if (k) g.setFacedown(k, !!v(c)); });
      }
      case 'setPlayer': {
        const p = this.expr(s.player);
        const v = this.expr(s.value);
        const f = s.field;
        if (g.ir.teams?.shared.includes(f)) return ((c) => { const pl = g.teamSeatOf(p(c) as Player | null); if (pl) g.setPlayerVar(pl, f, v(c)); });
        return ((c) => { const pl = p(c) as Player | null; if (pl) g.setPlayerVar(pl, f, v(c)); });
      }
      case 'setGlobal': {
        const v = this.expr(s.value);
        const f = s.field;
        return ((c) => { g.setGlobal(f, v(c)); });
      }
      case 'setRequest': {
        const r = this.expr(s.request);
        const v = this.expr(s.value);
        const f = s.field;
        return (c) => {
          const q = r(c) as Request | null;
          if (q) g.setRequestVar(q, f, v(c));
        };
      }
      case 'setActive': {
        const v = this.expr(s.value);
        return ((c) => { g.setActive(v(c) as Player); });
      }
      case 'move': {
        const cards = this.expr(s.cards);
        const to = this.expr(s.to);
        const pos = s.position;
        const face = s.face;
        return (c) => {
          const z = to(c) as Zone | null;
          if (z) g.moveCards([...asList(cards(c))], z, pos, face, c, loc);
        };
      }
      case 'attach': {
        const cards = this.expr(s.cards);
        const to = this.expr(s.to);
        const pos = s.position;
        const facedown = s.facedown;
        return ((c) => {
          const host = to(c) as Card | null;
          if (host) g.attach([...asList(cards(c))], host, pos, facedown, c, loc);
        });
      }
      case 'detach': {
        const cards = this.expr(s.cards);
        return ((c) => { g.detach([...asList(cards(c))]); });
      }
      case 'createEvery': {
        const zone = this.expr(s.zone);
        const t = s.cardType;
        const filter = s.filter ? this.expr(s.filter) : null;
        return ((c) => {
          const z = zone(c) as Zone;
          const saved = c.it;
          g.ir.cards.forEach((card, i) => {
            if (card.type !== t) return;
            const made = g.createCard(i, z);
            c.it = made;
            // The filter reads the new card's printed fields; a card it refuses is unmade.
            if (filter && !filter(c)) g.uncreateCard(made);
          });
          c.it = saved;
        });
      }
      case 'createCount': {
        const zone = this.expr(s.zone);
        const n = this.expr(s.count);
        const def = s.card;
        return ((c) => {
          const z = zone(c) as Zone;
          const count = n(c) as number;
          for (let i = 0; i < count; i++) g.createCard(def, z);
        });
      }
      case 'shuffle': {
        const zone = this.expr(s.zone);
        return ((c) => { const z = zone(c) as Zone | null; if (z) g.shuffle(z); });
      }
      case 'reveal': {
        const cards = this.expr(s.cards);
        const to = s.to ? this.expr(s.to) : null;
        return ((c) => { g.reveal(asList(cards(c)), to ? (to(c) as Player) : null, c, loc); });
      }
      case 'choose': {
        const from = this.expr(s.from);
        const min = this.expr(s.min);
        const max = this.expr(s.max);
        const such = s.suchThat ? this.expr(s.suchThat) : null;
        const by = s.by ? this.expr(s.by) : null;
        const { slot, single, name } = s;
        const prompt = this.text(s.prompt || `choose ${name}`, s.promptArgs);
        return ((c) => {
          const chooser = by ? (by(c) as Player) : c.me;
          const test = such ? (v: unknown) => ((c.frame[slot] = v), such(c)) : null;
          c.frame[slot] = g.choose(chooser, from(c), min(c) as number, max(c) as number, single, test, c, prompt(c, chooser), loc);
        });
      }
      case 'chooseOrder': {
        const from = this.expr(s.from);
        const by = s.by ? this.expr(s.by) : null;
        const { slot, name } = s;
        const promptOf = this.text(s.prompt || `order ${name}`, s.promptArgs);
        return ((c) => {
          const chooser = by ? (by(c) as Player) : c.me;
          const prompt = promptOf(c, chooser);
          c.frame[slot] = g.chooseOrder(chooser, [...asList(from(c))], c, prompt, loc);
        });
      }
      case 'chooseMode': {
        const by = s.by ? this.expr(s.by) : null;
        const options = s.options.map((o) => ({ label: o.label, when: o.when ? this.expr(o.when) : null, body: this.block(o.body) }));
        const prompt = this.text(s.prompt, s.promptArgs);
        return ((c) => {
          const chooser = by ? (by(c) as Player) : c.me;
          const open = options.filter((o) => !o.when || o.when(c));
          if (open.length === 0) return;
          const pick = g.chooseMode(chooser, open.map((o) => o.label), c, prompt(c, chooser), loc);
          open[pick]!.body(c);
        });
      }
      case 'if': {
        const cond = this.expr(s.cond);
        const a = this.block(s.then);
        const b = this.block(s.else);
        return (c) => {
          if (cond(c)) a(c);
          else b(c);
        };
      }
      case 'forEach': {
        const list = this.expr(s.list);
        const body = this.block(s.body);
        const slot = s.slot;
        return (c) => {
          // Over a snapshot: the body may move the cards of the list.
          const xs = asList(list(c)).slice();
          for (let i = 0; i < xs.length; i++) {
            c.frame[slot] = xs[i];
            body(c);
          }
        };
      }
      case 'repeat': {
        const n = this.expr(s.count);
        const body = this.block(s.body);
        return (c) => {
          const count = n(c) as number;
          for (let i = 0; i < count; i++) {
            g.tick(loc);
            body(c);
          }
        };
      }
      case 'while': {
        const cond = this.expr(s.cond);
        const body = this.block(s.body);
        return (c) => {
          while (cond(c)) {
            g.tick(loc);
            body(c);
          }
        };
      }
      case 'callProc': {
        const args = s.args.map((a) => this.expr(a));
        const p = s.proc;
        return (c) => g.callProcedure(p, args, c);
      }
      case 'perform': {
        const by = s.by ? this.expr(s.by) : null;
        const ability = s.ability ? this.expr(s.ability) : null;
        const as = s.as ? this.expr(s.as) : null;
        const a = s.action;
        return ((c) => { g.perform(ability ? g.actionNamed(ability(c)) : a, by ? (by(c) as Player) : c.me, loc, as ? (as(c) as Card | null) : undefined); });
      }
      case 'window': {
        const { name, passable, open } = s;
        return () => g.window(name, passable, open);
      }
      case 'modify': {
        const card = this.expr(s.card);
        const by = this.expr(s.by);
        const { field, op } = s;
        const d = s.duration;
        const arg = d === null || d.kind === 'endOfTurn' ? null : this.expr(d.kind === 'turns' ? d.count : d.kind === 'leaves' ? d.card : d.player);
        const zone = d !== null && d.kind === 'leaves' ? d.zone : -1;
        return ((c) => {
          const k = card(c) as Card | null;
          if (k) g.modify(k, field, by(c), d === null ? null : g.untilOf(d.kind, arg ? arg(c) : null, zone), c, loc, op);
        });
      }
      case 'gainAbilities': {
        const card = this.expr(s.card);
        const from = this.expr(s.from);
        const d = s.duration;
        const arg = d === null || d.kind === 'endOfTurn' ? null : this.expr(d.kind === 'turns' ? d.count : d.kind === 'leaves' ? d.card : d.player);
        const zone = d !== null && d.kind === 'leaves' ? d.zone : -1;
        return ((c) => {
          const k = card(c) as Card | null;
          if (!k) return;
          const x = from(c) as Card | null;
          if (x) g.gainAbilities(k, x, d === null ? null : g.untilOf(d.kind, arg ? arg(c) : null, zone), c, loc);
        });
      }
      case 'unmodify': {
        const card = this.expr(s.card);
        const { field } = s;
        return ((c) => { const k = card(c) as Card | null; if (k) g.unmodify(k, field, c, loc); });
      }
      case 'cancel': {
        const r = this.expr(s.request);
        return ((c) => { const q = r(c) as Request | null; if (q) g.cancel(q, c, loc); });
      }
      case 'retarget': {
        const r = this.expr(s.request);
        const by = s.by ? this.expr(s.by) : null;
        return ((c) => { const q = r(c) as Request | null; if (q) g.retarget(q, by ? (by(c) as Player) : c.me, c, loc); });
      }
      case 'endTurn':
        return ((c) => { g.endTurn(c, loc); });
      case 'reverseTurnOrder':
        return ((c) => { g.reverseTurnOrder(c, loc); });
      case 'win':
      case 'lose': {
        const p = this.expr(s.player);
        const { reason, kind } = s;
        const why = s.reasonExpr ? this.expr(s.reasonExpr) : null;
        if (kind === 'lose') return (c) => void g.defeat(p(c) as Player, why ? String(why(c) ?? '') : reason, c, loc, false);
        return (c) => g.finish(kind, p(c) as Player, why ? String(why(c) ?? '') : reason, c, loc);
      }
      case 'drawGame': {
        const reason = s.reason;
        const why = s.reasonExpr ? this.expr(s.reasonExpr) : null;
        return (c) => g.finish('draw', null, why ? String(why(c) ?? '') : reason, c, loc);
      }
      case 'signal': {
        const first = this.expr(s.card);
        const rest = s.args.map((a) => this.expr(a));
        const ev = s.event;
        return (c) => {
          const k = first(c);
          if (k !== null && k !== undefined) g.signal(ev, k, rest.map((a) => a(c)), c, loc);
        };
      }
      case 'proceed':
        return () => g.proceed();
      case 'log': {
        // The log is the judge's record: placeholders show every card by name.
        const text = this.text(s.text, s.args);
        return (c) => g.narrate(text(c, null), c, loc);
      }
      case 'cite': {
        const body = this.block(s.body);
        const text = s.text;
        return (c) => {
          const saved = c.cite;
          c.cite = text;
          try {
            body(c);
          } finally {
            c.cite = saved;
          }
        };
      }
    }
  }
}
