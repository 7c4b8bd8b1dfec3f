/**
 * Statements: blocks and every statement (`move`, `set`, `modify … until`, `for each`, `choose`,
 * `if`, …), with `modify`'s change of a card field (shared with auras) and its duration.
 *
 * One part of lowering (see lower.ts for how the parts make one lowering).
 */
import type * as A from '../grammar/ast.ts';
import { msg } from '../i18n/format.ts';
import { type DurationIR, type Expr, type SrcLoc, type Stmt } from './ir.ts';
import { type Scope, elementOf, listOf, isList, assignable, describeType } from './lower-base.ts';
import { ExpressionLowering } from './lower-expressions.ts';

export abstract class StatementLowering extends ExpressionLowering {
  /**
   * One change of a card's value (`modify`, an aura): the field must be a `value` of cards, and
   * the change fit its type — numbers add and scale, any value but a card or player can become
   * another, a list of labels gains and loses labels. A value changed here is a status the rules
   * should read (see warnUnreadChanges).
   */
  protected lowerChange(name: A.Name, op: A.ChangeOp, value: A.Expr, scope: Scope, what: string, at: A.Loc): { field: number; by: Expr } | undefined {
    const index = this.cardFieldIndex.get(name.text);
    const f = index === undefined ? undefined : this.cardFields[index]!;
    if (f === undefined || f.kind !== 'value') {
      if (this.labelWithoutNumber(name)) return undefined;
      const why = f === undefined ? `'${name.text}' is not a value of cards` : f.kind === 'attr' ? `'${name.text}' is an attr (printed: it never changes)` : `'${name.text}' is a state (change it with set; it does not end by itself)`;
      this.error(
        'type/not-assignable',
        at,
        msg('type/not-assignable.changes-a-value-of-cards', { what, why, name: name.text }),
        this.didYouMean(name.text, this.fieldNames('value')),
      );
      return undefined;
    }
    const type = f.type;
    const word = { add: 'by', mul: 'times', div: 'divided by', set: 'becomes', gain: 'gains', lose: 'loses' }[op];
    if (op === 'add' || op === 'mul' || op === 'div') {
      if (type !== 'number') {
        this.error('type/mismatch', at, msg(type === 'labels' ? 'type/mismatch.changes-a-number-but-is-labels' : 'type/mismatch.changes-a-number-but-is', { word, name: name.text, p: describeType(type) }));
        return undefined;
      }
      this.changedFields.set(index!, this.changedFields.get(index!) ?? at);
      return { field: index!, by: this.expect(value, 'number', scope) };
    }
    if (op === 'gain' || op === 'lose') {
      if (type !== 'labels') {
        this.error('type/mismatch', at, msg('type/mismatch.puts-a-label-into-or', { word, name: name.text, p: describeType(type) }));
        return undefined;
      }
      this.changedFields.set(index!, this.changedFields.get(index!) ?? at);
      return { field: index!, by: this.expect(value, 'label', scope) };
    }
    if (type === 'card' || type === 'player' || type === 'cards' || type === 'players') {
      this.error('type/mismatch', at, msg('type/mismatch.becomes-sets-a-number-a', { name: name.text, p: describeType(type) }));
      return undefined;
    }
    this.changedFields.set(index!, this.changedFields.get(index!) ?? at);
    return { field: index!, by: this.expect(value, type, scope) };
  }

  /** How long a `modify` lasts (A.Duration → DurationIR). */
  protected lowerDuration(d: A.Duration | undefined, scope: Scope): DurationIR | null {
    if (!d) return null;
    switch (d.kind) {
      case 'endOfTurn':
        return { kind: 'endOfTurn' };
      case 'endOfNextTurn':
      case 'duringNextTurn':
      case 'untilNextTurn':
        return { kind: d.kind, player: this.expect(d.player, 'player', scope) };
      case 'turns': {
        const count = this.expect(d.count, 'number', scope);
        if (count.kind === 'lit' && typeof count.value === 'number' && count.value < 1) this.error('type/mismatch', d.count.loc, msg('type/mismatch.for-turns-would-end-before', { value: count.value }));
        return { kind: 'turns', count };
      }
      case 'leaves':
        return { kind: 'leaves', card: this.expect(d.card, 'card', scope), zone: this.zoneIndex(d.zone) };
    }
  }

  protected block(stmts: A.Stmt[], scope: Scope): Stmt[] {
    const inner = this.nested(scope);
    const out: Stmt[] = [];
    for (const s of stmts) {
      const ir = this.stmt(s, inner);
      if (ir) out.push(ir);
    }
    return out;
  }

  protected stmt(s: A.Stmt, scope: Scope): Stmt | undefined {
    const loc = this.src(s.loc);
    switch (s.kind) {
      case 'let': {
        const value = this.expr(s.value, scope);
        const existing = this.lookup(scope, s.name.text);
        if (existing && scope.vars[scope.vars.length - 1]!.has(s.name.text) && assignable(value.type, existing.type)) {
          return { kind: 'let', slot: existing.slot, value: value.ir, loc };
        }
        const slot = this.bind(scope, s.name, value.type);
        return { kind: 'let', slot, value: value.ir, loc };
      }
      case 'set':
        return this.setStmt(s.target, s.value, scope, loc);
      case 'move': {
        const cards = this.expectCards(s.cards, scope);
        const to = this.expect(s.to, 'zone', scope);
        return { kind: 'move', cards, to, position: s.position ?? 'default', face: s.face ?? 'default', loc };
      }
      case 'attach':
        return { kind: 'attach', cards: this.expectCards(s.cards, scope), to: this.expect(s.to, 'card', scope), position: s.position ?? 'top', facedown: s.face === 'facedown', loc };
      case 'detach':
        return { kind: 'detach', cards: this.expectCards(s.cards, scope), loc };
      case 'create': {
        const zone = this.expect(s.zone, 'zone', scope);
        if (s.every) {
          const t = this.indexOfName(this.cardTypes, s.every!.text);
          if (t < 0) this.error('name/unknown', s.every.loc, msg('name/unknown.unknown-card-type-3', { every: s.every.text }), this.didYouMean(s.every.text, this.cardTypes.map((x) => x.name.text)));
          const filter = s.filter ? this.expect(s.filter, 'bool', { ...scope, itType: 'card' }) : null;
          return { kind: 'createEvery', cardType: t, zone, filter, loc };
        }
        const c = this.cards.findIndex((x) => x.name.text === s.card!.text);
        if (c < 0) this.error('name/unknown', s.card!.loc, msg('name/unknown.unknown-card', { card: s.card!.text }), this.didYouMean(s.card!.text, this.cards.map((x) => x.name.text)));
        return { kind: 'createCount', count: this.expect(s.count!, 'number', scope), card: c, zone, loc };
      }
      case 'shuffle':
        return { kind: 'shuffle', zone: this.expect(s.zone, 'zone', scope), loc };
      case 'reveal':
        return { kind: 'reveal', cards: this.expectCards(s.cards, scope), to: s.to ? this.expect(s.to, 'player', scope) : null, loc };
      case 'chooseOrder': {
        const from = this.expr(s.from, scope);
        if (!isList(from.type)) this.error('type/mismatch', s.from.loc, msg('type/mismatch.choose-order-from-needs-a', { p: describeType(from.type) }));
        const by = s.by ? this.expect(s.by, 'player', scope) : null;
        const slot = this.bind(scope, s.name, listOf(elementOf(from.type)));
        return { kind: 'chooseOrder', slot, name: s.name.text, from: from.ir, by, prompt: s.prompt ?? '', promptArgs: this.placeholders(s.prompt, scope, s.loc), loc };
      }
      case 'choose': {
        const from = this.expr(s.from, scope);
        if (!isList(from.type)) this.error('type/mismatch', s.from.loc, msg('type/mismatch.choose-from-needs-a-list', { p: describeType(from.type) }));
        const single = s.count.max === undefined && s.count.min.kind === 'number' && s.count.min.value === 1;
        const min = this.expect(s.count.min, 'number', scope);
        const max = s.count.max ? this.expect(s.count.max, 'number', scope) : min;
        const by = s.by ? this.expect(s.by, 'player', scope) : null;
        const elem = elementOf(from.type);
        const slot = this.bind(scope, s.name, single ? elem : listOf(elem));
        const suchThat = s.suchThat ? this.expect(s.suchThat, 'bool', scope) : null;
        return { kind: 'choose', slot, name: s.name.text, min, max, single, from: from.ir, suchThat, by, prompt: s.prompt ?? '', promptArgs: this.placeholders(s.prompt, scope, s.loc), loc };
      }
      case 'chooseMode':
        return {
          kind: 'chooseMode',
          by: s.by ? this.expect(s.by, 'player', scope) : null,
          prompt: s.prompt ?? '',
          promptArgs: this.placeholders(s.prompt, scope, s.loc),
          options: s.options.map((o) => ({ label: o.label, when: o.when ? this.expect(o.when, 'bool', scope) : null, body: this.block(o.body, scope) })),
          loc,
        };
      case 'if':
        return { kind: 'if', cond: this.expect(s.cond, 'bool', scope), then: this.block(s.then, scope), else: s.else ? this.block(s.else, scope) : [], loc };
      case 'forEach': {
        const list = this.expr(s.list, scope);
        if (!isList(list.type)) this.error('type/mismatch', s.list.loc, msg('type/mismatch.for-each-needs-a-list', { p: describeType(list.type) }));
        const inner = this.nested(scope);
        const slot = this.bind(inner, s.name, elementOf(list.type));
        return { kind: 'forEach', slot, list: list.ir, body: this.block(s.body, inner), loc };
      }
      case 'repeat':
        return { kind: 'repeat', count: this.expect(s.count, 'number', scope), body: this.block(s.body, scope), loc };
      case 'while':
        return { kind: 'while', cond: this.expect(s.cond, 'bool', scope), body: this.block(s.body, scope), loc };
      case 'do': {
        const index = this.indexOfName(this.procedures, s.proc.text);
        if (index < 0) {
          this.error('name/unknown', s.proc.loc, msg('name/unknown.unknown-procedure', { proc: s.proc.text }), this.didYouMean(s.proc.text, this.procedures.map((p) => p.name.text)));
          return undefined;
        }
        const proc = this.procedures[index]!;
        if (this.currentCallable?.kind === 'proc') this.recordCall(this.procCalls, this.currentCallable.name, proc.name.text);
        if (proc.params.length !== s.args.length) {
          this.error('type/bad-arguments', s.loc, msg('type/bad-arguments.procedure-takes-argument-s-not', { name: proc.name.text, paramsCount: proc.params.length, p: proc.params.map((p) => `${p.name.text}: ${p.type.text}`).join(', '), argsCount: s.args.length }));
        }
        const args = s.args.map((a, i) => (proc.params[i] ? this.expect(a, this.typeName(proc.params[i]!.type), scope) : this.expr(a, scope).ir));
        return { kind: 'callProc', proc: index, args, loc };
      }
      case 'perform': {
        const as = s.as ? this.expect(s.as, 'card', scope) : null;
        const by = s.by ? this.expect(s.by, 'player', scope) : null;
        // A local holding an ability (chosen from abilities(c)): performed by its name when it runs.
        const local = this.lookup(scope, s.action.text);
        if (local) {
          if (local.type !== 'action' && local.type !== 'any') this.error('type/mismatch', s.action.loc, msg('type/mismatch.perform-takes-an-action-or', { action: s.action.text, p: describeType(local.type) }));
          return { kind: 'perform', action: -1, ability: { kind: 'local', slot: local.slot }, as, by, loc };
        }
        const index = this.actionIndex.get(s.action.text) ?? -1;
        if (index < 0) this.error('name/unknown', s.action.loc, msg('name/unknown.unknown-action', { action: s.action.text }), this.didYouMean(s.action.text, () => this.actions.map((x) => x.name.text)));
        return { kind: 'perform', action: index, ability: null, as, by, loc };
      }
      case 'window':
        return { kind: 'window', name: s.name.text, passable: s.passable, open: s.open, loc };
      case 'modify': {
        const card = this.expect(s.target, 'card', scope);
        if (!s.field.text) {
          this.error('type/not-assignable', s.loc, msg('type/not-assignable.modify-changes-a-value-of'));
          return undefined;
        }
        const change = this.lowerChange(s.field, s.op, s.by, scope, "'modify'", s.field.loc);
        if (!change) return undefined;
        return { kind: 'modify', card, field: change.field, op: s.op, by: change.by, duration: this.lowerDuration(s.duration, scope), loc };
      }
      case 'gainAbilities': {
        // `modify c gains abilities of x`: c has x's abilities (its card's) as its own, for the duration.
        const card = this.expect(s.target, 'card', scope);
        const from = this.expect(s.from, 'card', scope);
        if (s.op !== 'gain') this.error('type/not-assignable', s.loc, msg('type/not-assignable.a-card-gains-another-card'));
        return { kind: 'gainAbilities', card, from, duration: this.lowerDuration(s.duration, scope), loc };
      }
      case 'unmodify': {
        const card = this.expect(s.target, 'card', scope);
        if (!s.field) return { kind: 'unmodify', card, field: -1, loc };
        const index = this.cardFieldIndex.get(s.field.text);
        if (index === undefined || this.cardFields[index]!.kind !== 'value') {
          if (!this.labelWithoutNumber(s.field)) this.error('type/not-assignable', s.field.loc, msg('type/not-assignable.unmodify-removes-the-modifiers-of', { field: s.field.text }), this.didYouMean(s.field.text, this.fieldNames('value')));
          return undefined;
        }
        return { kind: 'unmodify', card, field: index, loc };
      }
      case 'cancel':
        return { kind: 'cancel', request: this.expect(s.request, 'request', scope), loc };
      case 'retarget':
        return { kind: 'retarget', request: this.expect(s.request, 'request', scope), by: s.by ? this.expect(s.by, 'player', scope) : null, loc };
      case 'endTurn':
        return { kind: 'endTurn', loc };
      case 'reverseTurnOrder':
        return { kind: 'reverseTurnOrder', loc };
      case 'win':
      case 'lose':
        return { kind: s.kind, player: this.expect(s.player, 'player', scope), ...this.reason(s.reason, scope), loc };
      case 'draw':
        return { kind: 'drawGame', ...this.reason(s.reason, scope), loc };
      case 'log':
        return { kind: 'log', text: s.text, args: this.placeholders(s.text, scope, s.loc), loc };
      case 'signal': {
        const ev = this.eventIndex(s.event);
        const params = this.events[ev] ? this.eventParams(this.events[ev]!) : [];
        const given = [s.card, ...(s.more ?? [])];
        if (this.events[ev] && given.length !== params.length) {
          this.error('type/bad-arguments', s.loc, msg('type/bad-arguments.event-takes-argument-not', { event: s.event.text, paramsCount: params.length, p2: params.map((p) => `${p.name}: ${p.type}`).join(', '), givenCount: given.length }));
        }
        const args = given.map((x, i) => this.expect(x, params[i]?.type ?? 'card', scope));
        return { kind: 'signal', event: ev, card: args[0]!, args: args.slice(1), loc };
      }
      case 'proceed':
        if (!scope.replacing) {
          this.error('action/proceed-outside-instead', s.loc, msg('action/proceed-outside-instead.proceed-lets-a-replaced-event'));
          return undefined;
        }
        return { kind: 'proceed', loc };
      case 'cite':
        return { kind: 'cite', text: s.text, body: this.block(s.body, scope), loc };
    }
  }

  protected setStmt(target: A.Expr, valueExpr: A.Expr, scope: Scope, loc: SrcLoc): Stmt | undefined {
    if (target.kind === 'name') {
      const local = this.lookup(scope, target.name);
      if (local) return { kind: 'let', slot: local.slot, value: this.expect(valueExpr, local.type, scope), loc };
      if (target.name === 'active') return { kind: 'setActive', value: this.expect(valueExpr, 'player', scope), loc };
      const g = this.indexOfName(this.globalStates, target.name);
      if (g >= 0) return { kind: 'setGlobal', field: g, value: this.expect(valueExpr, this.typeName(this.globalStates[g]!.type), scope), loc };
      this.error('type/not-assignable', target.loc, msg('type/not-assignable.cannot-be-set-only-card', { name: target.name }));
      return undefined;
    }
    if (target.kind === 'member') {
      const obj = this.expr(target.object, scope);
      const name = target.name.text;
      if (obj.type === 'card') {
        if (name === 'facedown') return { kind: 'setFacedown', card: obj.ir, value: this.expect(valueExpr, 'bool', scope), loc };
        const index = scope.ownStates?.get(name) ?? this.cardFieldIndex.get(name);
        if (index !== undefined && this.cardFields[index]!.kind === 'state') {
          return { kind: 'setCard', card: obj.ir, field: index, value: this.expect(valueExpr, this.cardFields[index]!.type, scope), loc };
        }
        const what = index === undefined ? 'not a field of cards' : `a${this.cardFields[index]!.kind === 'attr' ? 'n attr (printed, never changes)' : ' value (derived; use modify)'}`;
        this.error('type/not-assignable', target.name.loc, msg('type/not-assignable.cannot-be-set-it-is', { name, what }), this.didYouMean(name, this.fieldNames('state')));
        return undefined;
      }
      if (obj.type === 'player') {
        const index = this.indexOfName(this.playerStates, name);
        if (index >= 0) return { kind: 'setPlayer', player: obj.ir, field: index, value: this.expect(valueExpr, this.typeName(this.playerStates[index]!.type), scope), loc };
        this.error('type/not-assignable', target.name.loc, msg('type/not-assignable.is-not-a-player-state', { name }), this.didYouMean(name, this.playerStates.map((x) => x.name.text)));
        return undefined;
      }
      if (obj.type === 'request') {
        const index = this.indexOfName(this.requestStates, name);
        if (index >= 0) return { kind: 'setRequest', request: obj.ir, field: index, value: this.expect(valueExpr, this.typeName(this.requestStates[index]!.type), scope), loc };
        this.error('type/not-assignable', target.name.loc, msg('type/not-assignable.is-not-a-request-state', { name }), this.didYouMean(name, this.requestStates.map((x) => x.name.text)));
        return undefined;
      }
      if (obj.type !== 'error') this.error('type/not-assignable', target.loc, msg('type/not-assignable.only-a-card-s-a', { p: describeType(obj.type) }));
      return undefined;
    }
    this.error('type/not-assignable', target.loc, msg('type/not-assignable.this-cannot-be-set-write'));
    return undefined;
  }

  // ------------------------------------------------------------ expressions
}
