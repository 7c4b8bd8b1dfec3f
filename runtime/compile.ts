/**
 * IR → closures. Expressions and statements become plain functions of a context; a statement
 * that makes a player decide calls the engine, which asks the host's decider. Built once per game, from validated IR
 * only: no source text is ever turned into code.
 */
import type { Expr, Stmt, BuiltinFn } from '../compiler/ir.ts';
import { Card, Player, Request, Zone } from './model.ts';
import type { Engine } from './engine.ts';

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

export type Ev = (ctx: Ctx) => any;
/** A compiled statement. A decision is a plain call to the engine's decider. */
export type Ex = (ctx: Ctx) => void;

/** Thrown while declaring when a choice cannot be made: the declaration is undone. */
export class Impossible {
  constructor(readonly why: string) {}
}

export function asList(v: unknown): any[] {
  if (v instanceof Zone) return v.cards;
  if (Array.isArray(v)) return v;
  if (v === null || v === undefined) return [];
  return [v];
}

export class Compiler {
  constructor(private engine: Engine) {}

  expr(e: Expr): Ev {
    const g = this.engine;
    switch (e.kind) {
      case 'lit': {
        const v = e.value;
        return () => v;
      }
      case 'param': {
        const i = e.index;
        return () => g.params[i];
      }
      case 'local': {
        const s = e.slot;
        return (c) => c.frame[s];
      }
      case 'builtin':
        switch (e.name) {
          case 'me': return (c) => c.me;
          case 'opponent': return (c) => g.nextPlayer(c.me);
          case 'active': return () => g.active;
          case 'players': return () => g.playersFrom(g.active);
          case 'stack': return () => g.stackTopFirst();
          case 'turn': return () => g.turn;
          case 'this': return (c) => c.thisCard;
          case 'it': return (c) => c.it;
          case 'request': return (c) => c.request;
        }
        break;
      case 'label': {
        const name = g.ir.labels[e.index]!.name;
        return () => name;
      }
      case 'actionRef': {
        const name = g.ir.actions[e.index]!.name;
        return () => name;
      }
      case 'zone': {
        const z = e.zone;
        if (!e.player) {
          return () => g.sharedZones[z];
        }
        const p = this.expr(e.player);
        return (c) => {
          const pl = p(c) as Player | null;
          return pl ? pl.zones[z] : null;
        };
      }
      case 'cardField': {
        const card = this.expr(e.card);
        const f = e.field;
        const kind = g.ir.cardFields[f]!.kind;
        if (kind === 'value') return (c) => g.readValue(card(c) as Card | null, f);
        return (c) => {
          const k = card(c) as Card | null;
          return k ? k.f[f] : null;
        };
      }
      case 'cardBuiltin': {
        const card = this.expr(e.card);
        switch (e.field) {
          case 'name': return (c) => (card(c) as Card | null)?.name ?? null;
          case 'title': return (c) => { const k = card(c) as Card | null; return k ? g.ir.cards[k.def]!.title : null; };
          case 'owner': return (c) => (card(c) as Card | null)?.owner ?? null;
          case 'facedown': return (c) => (card(c) as Card | null)?.facedown ?? false;
          case 'entered': return (c) => (card(c) as Card | null)?.entered ?? 0;
        }
        break;
      }
      case 'playerField': {
        const p = this.expr(e.player);
        const f = e.field;
        return (c) => (p(c) as Player | null)?.vars[f] ?? null;
      }
      case 'globalField': {
        const f = e.field;
        return () => g.globals[f];
      }
      case 'requestField': {
        const r = this.expr(e.request);
        switch (e.field) {
          case 'cards': return (c) => (r(c) as Request | null)?.cards ?? [];
          case 'targets': return (c) => { const q = r(c) as Request | null; return q ? g.targetsOf(q) : []; };
          case 'controller': return (c) => (r(c) as Request | null)?.controller ?? null;
          case 'action': return (c) => { const q = r(c) as Request | null; return q ? g.ir.actions[q.action]!.name : null; };
        }
        break;
      }
      case 'call': {
        const fn = e.fn;
        const args = e.args.map((a) => this.expr(a));
        return (c) => g.callFunction(fn, args.map((a) => a(c)), c);
      }
      case 'builtinCall':
        return this.builtin(e.fn, e.args);
      case 'list': {
        const items = e.items.map((i) => this.expr(i));
        return (c) => items.map((i) => i(c));
      }
      case 'cond': {
        const t = this.expr(e.test);
        const a = this.expr(e.then);
        const b = this.expr(e.else);
        return (c) => (t(c) ? a(c) : b(c));
      }
      case 'not': {
        const o = this.expr(e.operand);
        return (c) => !o(c);
      }
      case 'neg': {
        const o = this.expr(e.operand);
        return (c) => -(o(c) as number);
      }
      case 'binary': {
        const l = this.expr(e.left);
        const r = this.expr(e.right);
        switch (e.op) {
          case '+': return (c) => { const a = l(c); const b = r(c); if (Array.isArray(a) || a instanceof Zone) return [...asList(a), ...asList(b)]; return (a as number) + (b as number); };
          case '-': return (c) => (l(c) as number) - (r(c) as number);
          case '*': return (c) => (l(c) as number) * (r(c) as number);
          case '/': return (c) => { const b = r(c) as number; return b === 0 ? 0 : Math.trunc((l(c) as number) / b); };
          case '%': return (c) => { const b = r(c) as number; return b === 0 ? 0 : (l(c) as number) % b; };
          case '<': return (c) => (l(c) as number) < (r(c) as number);
          case '<=': return (c) => (l(c) as number) <= (r(c) as number);
          case '>': return (c) => (l(c) as number) > (r(c) as number);
          case '>=': return (c) => (l(c) as number) >= (r(c) as number);
          case '==': return (c) => l(c) === r(c);
          case '!=': return (c) => l(c) !== r(c);
          case 'and': return (c) => !!l(c) && !!r(c);
          case 'or': return (c) => !!l(c) || !!r(c);
        }
        break;
      }
      case 'inRange': {
        const i = this.expr(e.item);
        const lo = this.expr(e.low);
        const hi = this.expr(e.high);
        return (c) => { const v = i(c) as number; return v >= (lo(c) as number) && v <= (hi(c) as number); };
      }
      case 'inList': {
        const i = this.expr(e.item);
        const l = this.expr(e.list);
        return (c) => asList(l(c)).includes(i(c));
      }
      case 'has': {
        const s = this.expr(e.subject);
        const l = this.expr(e.label);
        return (c) => g.labelsOf(s(c)).includes(l(c) as string);
      }
      case 'where': {
        const l = this.expr(e.list);
        const p = this.expr(e.predicate);
        return (c) => {
          const saved = c.it;
          const out = [];
          for (const x of asList(l(c))) {
            c.it = x;
            if (p(c)) out.push(x);
          }
          c.it = saved;
          return out;
        };
      }
    }
    throw new Error(`unknown expression kind ${(e as { kind: string }).kind}`);
  }

  private builtin(fn: BuiltinFn, argIr: Expr[]): Ev {
    const g = this.engine;
    const args = argIr.map((a) => this.expr(a));
    const [a0, a1] = args as [Ev, Ev];
    switch (fn) {
      case 'count': return (c) => asList(a0(c)).length;
      case 'is_empty': return (c) => asList(a0(c)).length === 0;
      case 'first': return (c) => asList(a0(c))[0] ?? null;
      case 'top': return (c) => asList(a0(c)).slice(0, Math.max(0, a1(c) as number));
      case 'bottom': return (c) => { const l = asList(a0(c)); const n = Math.max(0, a1(c) as number); return n === 0 ? [] : l.slice(-n); };
      // List functions over `it`: plain loops, `it` saved and restored around them.
      case 'sum': return (c) => { const saved = c.it; const xs = asList(a0(c)); let t = 0; for (let i = 0; i < xs.length; i++) { c.it = xs[i]; t += a1(c) as number; } c.it = saved; return t; };
      case 'max': return (c) => { const saved = c.it; const xs = asList(a0(c)); let m = 0; for (let i = 0; i < xs.length; i++) { c.it = xs[i]; const v = a1(c) as number; if (i === 0 || v > m) m = v; } c.it = saved; return m; };
      case 'min': return (c) => { const saved = c.it; const xs = asList(a0(c)); let m = 0; for (let i = 0; i < xs.length; i++) { c.it = xs[i]; const v = a1(c) as number; if (i === 0 || v < m) m = v; } c.it = saved; return m; };
      case 'any': return (c) => { const saved = c.it; const xs = asList(a0(c)); let r = false; for (let i = 0; i < xs.length && !r; i++) { c.it = xs[i]; r = !!a1(c); } c.it = saved; return r; };
      case 'all': return (c) => { const saved = c.it; const xs = asList(a0(c)); let r = true; for (let i = 0; i < xs.length && r; i++) { c.it = xs[i]; r = !!a1(c); } c.it = saved; return r; };
      // Stable: equal keys keep their order (an insertion sort: these lists are short).
      case 'sorted': return (c) => {
        const saved = c.it;
        const xs = asList(a0(c));
        const keys: number[] = new Array(xs.length);
        for (let i = 0; i < xs.length; i++) { c.it = xs[i]; keys[i] = a1(c) as number; }
        c.it = saved;
        const out = xs.slice();
        for (let i = 1; i < out.length; i++) {
          const x = out[i];
          const k = keys[i]!;
          let j = i - 1;
          while (j >= 0 && keys[j]! > k) { out[j + 1] = out[j]; keys[j + 1] = keys[j]!; j--; }
          out[j + 1] = x;
          keys[j + 1] = k;
        }
        return out;
      };
      // The first element for each distinct key, in list order (one option per cost, not per card).
      case 'distinct': return (c) => {
        const saved = c.it;
        const xs = asList(a0(c));
        const keys: unknown[] = [];
        const out: unknown[] = [];
        for (let i = 0; i < xs.length; i++) { c.it = xs[i]; const k = a1(c); if (!keys.includes(k)) { keys.push(k); out.push(xs[i]); } }
        c.it = saved;
        return out;
      };
      case 'all_same': return (c) => { const saved = c.it; const xs = asList(a0(c)); let r = true; let first: unknown; for (let i = 0; i < xs.length && r; i++) { c.it = xs[i]; const v = a1(c); if (i === 0) first = v; else r = v === first; } c.it = saved; return r; };
      case 'units': return (c) => { const k = a0(c) as Card | null; return k ? [k, ...k.attached] : []; };
      case 'host': return (c) => (a0(c) as Card | null)?.host ?? null;
      case 'zone_of': return (c) => { const k = a0(c) as Card | null; return k ? (k.host ? k.host.zone : k.zone) : null; };
      case 'owner': return (c) => (a0(c) as Card | null)?.owner ?? null;
      case 'other': return (c) => g.nextPlayer(a0(c) as Player);
      case 'random': return (c) => { const l = asList(a0(c)); return l.length ? l[g.rng.below(l.length)] : null; };
      case 'entered_this_turn': return (c) => { const k = a0(c) as Card | null; return !!k && k.entered === g.turn; };
      case 'targets': return (c) => { const q = a0(c) as Request | null; return q ? g.targetsOf(q) : []; };
      case 'cards': return (c) => (a0(c) as Request | null)?.cards ?? [];
      case 'controller': return (c) => (a0(c) as Request | null)?.controller ?? null;
      case 'labels': return (c) => g.labelsOf(a0(c));
      case 'zone_owner': return (c) => (a0(c) as Zone | null)?.player ?? null;
    }
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
        return ((c) => { const pl = p(c) as Player | null; if (pl) g.setPlayerVar(pl, f, v(c)); });
      }
      case 'setGlobal': {
        const v = this.expr(s.value);
        const f = s.field;
        return ((c) => { g.setGlobal(f, v(c)); });
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
        return ((c) => {
          const host = to(c) as Card | null;
          if (host) g.attach([...asList(cards(c))], host, pos, c, loc);
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
        const { slot, single, prompt, name } = s;
        return ((c) => {
          const chooser = by ? (by(c) as Player) : c.me;
          c.frame[slot] = g.choose(chooser, asList(from(c)), min(c) as number, max(c) as number, single, such, slot, c, prompt || `choose ${name}`, loc);
        });
      }
      case 'chooseOrder': {
        const from = this.expr(s.from);
        const by = s.by ? this.expr(s.by) : null;
        const { slot, prompt, name } = s;
        return ((c) => {
          const chooser = by ? (by(c) as Player) : c.me;
          const rest = [...asList(from(c))];
          const ordered: unknown[] = [];
          // One pick per place, first to last; the last card takes the last place.
          while (rest.length > 1) {
            const place = ordered.length + 1;
            const v = g.choose(chooser, rest, 1, 1, true, null, slot, c, `${prompt || `order ${name}`}: place ${place} of ${place + rest.length - 1}`, loc);
            ordered.push(v);
            rest.splice(rest.indexOf(v), 1);
          }
          ordered.push(...rest);
          c.frame[slot] = ordered;
        });
      }
      case 'chooseMode': {
        const by = s.by ? this.expr(s.by) : null;
        const options = s.options.map((o) => ({ label: o.label, when: o.when ? this.expr(o.when) : null, body: this.block(o.body) }));
        const prompt = s.prompt;
        return ((c) => {
          const chooser = by ? (by(c) as Player) : c.me;
          const open = options.filter((o) => !o.when || o.when(c));
          if (open.length === 0) return;
          const pick = g.chooseMode(chooser, open.map((o) => o.label), c, prompt, loc);
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
        const a = s.action;
        return ((c) => { g.perform(a, by ? (by(c) as Player) : c.me, loc); });
      }
      case 'window': {
        const { name, passable } = s;
        return ((_c) => { g.window(name, passable); });
      }
      case 'modify': {
        const card = this.expr(s.card);
        const by = this.expr(s.by);
        const { field, untilEndOfTurn } = s;
        return ((c) => { const k = card(c) as Card | null; if (k) g.modify(k, field, by(c) as number, untilEndOfTurn, c, loc); });
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
      case 'win':
      case 'lose': {
        const p = this.expr(s.player);
        const { reason, kind } = s;
        return ((c) => { g.finish(kind, p(c) as Player, reason, c, loc); });
      }
      case 'drawGame': {
        const reason = s.reason;
        return ((c) => { g.finish('draw', null, reason, c, loc); });
      }
      case 'log': {
        const text = s.text;
        return ((c) => { g.narrate(text, c, loc); });
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
