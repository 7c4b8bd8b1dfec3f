/**
 * Game-level declarations: the game's settings (players, first responder), zones' overflow and
 * displaced zones, `param`s, `function`s, `procedure`s, rule bodies (setup, turn, checks) and the
 * recursion check of functions and procedures.
 *
 * One part of lowering (see lower.ts for how the parts make one lowering).
 */
import type * as A from '../grammar/ast.ts';
import { msg } from '../i18n/format.ts';
import { MAX_PLAYERS, type GameIR, type Literal } from './ir.ts';
import { describeType } from './lower-base.ts';
import { CardLowering } from './lower-cards.ts';

/** The agents every game has (runtime/agents/spec.ts): a game's own agent may not take their names. */
const BUILT_IN_AGENTS = ['random', 'first', 'greedy', 'mcts'];

export abstract class DeclarationLowering extends CardLowering {
  /** The number of players: `players N`, or the default of `players param <name>`'s parameter. */
  protected playerCount(game: A.GameDecl): number {
    if (!game.playersParam) return game.players ?? 2;
    const p = this.params.find((x) => x.name.text === game.playersParam!.text);
    return p?.value.kind === 'number' ? p.value.value : 2;
  }

  /**
   * `players param <name>`: the parameter's index. Its default and alternatives are the numbers
   * of players the rules are written for: whole numbers from 1 to MAX_PLAYERS.
   */
  protected playersParam(game: A.GameDecl): number {
    const n = game.playersParam!;
    const word = game.playersParamWord;
    if (word && word.text !== 'param') {
      this.error('syntax/unexpected-token', word.loc, msg('syntax/unexpected-token.players-takes-a-number-players', { word: word.text }));
      return -1;
    }
    return this.settingParam(n, (e) => e.kind === 'number' && Number.isInteger(e.value) && e.value >= 1 && e.value <= MAX_PLAYERS, `is the number of players, so its values must be whole numbers from 1 to ${MAX_PLAYERS}`);
  }

  /**
   * A game setting left to a parameter (`players param n`, `first responder param r`): its index,
   * each of its values checked (`fits`, else `why` is said of it); -1 when no parameter has that name.
   */
  protected settingParam(n: A.Name, fits: (e: A.Expr) => boolean, why: string): number {
    const i = this.indexOfName(this.params, n.text);
    if (i < 0) {
      this.error('name/unknown', n.loc, msg('name/unknown.unknown-parameter', { n: n.text }), this.didYouMean(n.text, this.params.map((p) => p.name.text)));
      return -1;
    }
    const p = this.params[i]!;
    for (const e of [p.value, ...p.alternatives]) if (!fits(e)) this.error('type/mismatch', e.loc, msg('type/mismatch.the-parameter', { n: n.text, why }));
    return i;
  }

  protected firstResponderParam(game: A.GameDecl): number {
    const n = game.firstResponderParam;
    if (!n) return -1;
    return this.settingParam(n, (e) => e.kind === 'string' && ['opponent', 'controller', 'active'].includes(e.value), 'chooses the first responder, so its values must be "opponent", "controller" or "active"');
  }

  protected firstResponder(game: A.GameDecl): 'opponent' | 'controller' | 'active' {
    if (game.firstResponderParam) {
      const p = this.params.find((x) => x.name.text === game.firstResponderParam!.text);
      const v = p?.value.kind === 'string' ? p.value.value : 'opponent';
      return v === 'controller' || v === 'active' ? v : 'opponent';
    }
    const v = game.firstResponder?.text ?? 'opponent';
    if (v === 'opponent' || v === 'controller' || v === 'active') return v;
    this.error('type/mismatch', game.firstResponder!.loc, msg('type/mismatch.first-responder-is-one-of', { v }));
    return 'opponent';
  }

  /**
   * `agent <name> "<agent>"` in the game's header: each name once, and none of the agents every
   * game has (the text itself is read where the agent is made: runtime/agents/spec.ts).
   */
  protected namedAgents(game: A.GameDecl): { name: string; spec: string }[] {
    const out: { name: string; spec: string }[] = [];
    for (const a of game.agents ?? []) {
      const name = a.name.text;
      if (BUILT_IN_AGENTS.includes(name)) this.error('game/agent-name', a.name.loc, msg('game/agent-name.built-in', { name }));
      else if (out.some((x) => x.name === name)) this.error('game/agent-name', a.name.loc, msg('game/agent-name.twice', { name }));
      else out.push({ name, spec: a.spec });
    }
    return out;
  }

  /** `capacity N overflow <zone>`: a zone of the same kind (per player or shared), not the zone itself. */
  protected overflowZone(z: A.ZoneDecl): number {
    if (!z.overflow) return -1;
    if (z.capacity === undefined) this.error('zone/overflow-without-capacity', z.overflow.loc, msg('zone/overflow-without-capacity.overflow-says-where-a-card', { name: z.name.text, overflow: z.overflow.text }));
    const i = this.zoneIndex(z.overflow);
    if (i < 0) return -1;
    const o = this.zones[i]!;
    if (o === z) this.error('zone/overflow-without-capacity', z.overflow.loc, msg('zone/overflow-without-capacity.a-full-zone-cannot-overflow'));
    else if (!o.shared && z.shared) this.error('zone/overflow-without-capacity', z.overflow.loc, msg('zone/overflow-without-capacity.is-shared-so-its-overflow', { name: z.name.text, name2: o.name.text }));
    return i;
  }

  /** `capacity N displaced <zone>`: another zone (per player: the displaced card's owner's); not with `overflow`. */
  protected displacedZone(z: A.ZoneDecl): number {
    if (!z.displaced) return -1;
    if (z.capacity === undefined) this.error('zone/overflow-without-capacity', z.displaced.loc, msg('zone/overflow-without-capacity.displaced-says-where-the-card', { name: z.name.text, displaced: z.displaced.text }));
    if (z.overflow) this.error('zone/overflow-without-capacity', z.displaced.loc, msg('zone/overflow-without-capacity.has-both-overflow-the-new', { name: z.name.text }));
    const i = this.zoneIndex(z.displaced);
    if (i < 0) return -1;
    if (this.zones[i] === z) this.error('zone/overflow-without-capacity', z.displaced.loc, msg('zone/overflow-without-capacity.a-card-displaced-from-a'));
    return i;
  }

  protected lowerParam(p: A.ParamDecl): GameIR['params'][number] {
    const type = p.type.text;
    if (type !== 'number' && type !== 'bool' && type !== 'text') {
      this.error('param/bad-default', p.type.loc, msg('param/bad-default.a-parameter-is-a-number', { type }));
    }
    const lit = (e: A.Expr): Literal => {
      if (e.kind === 'number') return e.value;
      if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number') return -e.operand.value;
      if (e.kind === 'string') return e.value;
      if (e.kind === 'bool') return e.value;
      this.error('param/bad-default', e.loc, msg('param/bad-default.a-parameter-value-must-be'));
      return null;
    };
    const check = (v: Literal, e: A.Expr) => {
      const t = typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'bool' : typeof v === 'string' ? 'text' : null;
      if (t && t !== type) this.error('param/bad-default', e.loc, msg('param/bad-default.parameter-is-but-this-value', { name: p.name.text, p: describeType(type), p2: describeType(t) }));
    };
    const value = lit(p.value);
    check(value, p.value);
    const alternatives = p.alternatives.map((e) => {
      const v = lit(e);
      check(v, e);
      return v;
    });
    return { name: p.name.text, type: type as 'number', value: value ?? 0, alternatives: alternatives.filter((v): v is number => v !== null), cite: p.cite ?? '', note: p.note ?? '' };
  }

  protected lowerFunction(f: A.FunctionDecl): GameIR['functions'][number] {
    this.currentCallable = { kind: 'fn', name: f.name.text };
    const scope = this.newScope({});
    const params = f.params.map((p) => {
      const type = this.typeName(p.type);
      this.bind(scope, p.name, type);
      return { name: p.name.text, type };
    });
    const returnType = this.typeName(f.returnType);
    const body = this.expect(f.body, returnType, scope);
    this.currentCallable = null;
    return { name: f.name.text, params, returnType, slots: scope.frame.slots, body, cite: f.cite ?? '' };
  }

  protected lowerProcedure(p: A.ProcedureDecl): GameIR['procedures'][number] {
    this.currentCallable = { kind: 'proc', name: p.name.text };
    const scope = this.newScope({ inEffect: true });
    const params = p.params.map((x) => {
      const type = this.typeName(x.type);
      this.bind(scope, x.name, type);
      return { name: x.name.text, type };
    });
    const body = this.block(p.body, scope);
    this.currentCallable = null;
    return { name: p.name.text, params, slots: scope.frame.slots, body, cite: p.cite ?? '', loc: this.src(p.name.loc) };
  }

  protected lowerBody(name: string, body: A.Stmt[], cite: string | undefined, loc: A.Loc): GameIR['setup'] {
    const scope = this.newScope({ inEffect: true });
    const stmts = this.block(body, scope);
    return { name, slots: scope.frame.slots, body: stmts, cite: cite ?? '', loc: this.src(loc) };
  }

  protected checkRecursion(): void {
    const report = (map: Map<string, Set<string>>, kind: 'function' | 'procedure', decls: { name: A.Name }[]) => {
      const state = new Map<string, 0 | 1 | 2>();
      const visit = (n: string, path: string[]): void => {
        if (state.get(n) === 2) return;
        if (state.get(n) === 1) {
          const d = decls.find((x) => x.name.text === n);
          const cycle = [...path.slice(path.indexOf(n)), n].join(' → ');
          if (d) this.error(kind === 'function' ? 'function/recursive' : 'procedure/recursive', d.name.loc, msg(kind === 'function' ? 'function/recursive.calls-itself' : 'procedure/recursive.calls-itself', { n, cycle }));
          return;
        }
        state.set(n, 1);
        for (const m of map.get(n) ?? []) visit(m, [...path, n]);
        state.set(n, 2);
      };
      for (const n of map.keys()) visit(n, []);
    };
    report(this.fnCalls, 'function', this.functions);
    report(this.procCalls, 'procedure', this.procedures);
  }
}
