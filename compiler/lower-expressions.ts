/**
 * Expressions, checked and lowered in one walk: `expr()` returns the IR node and its type; names,
 * members, calls of functions and built-ins (their signatures), binary operators, constants folded,
 * `{…}` placeholders in texts, and a `because` reason.
 *
 * One part of lowering (see lower.ts for how the parts make one lowering).
 */
import type * as A from '../grammar/ast.ts';
import { msg } from '../i18n/format.ts';
import { builtinFns, placeholderPattern, type BuiltinFn, type Expr, type IRType, type Literal } from './ir.ts';
import { LowerBase, type Typed, type Scope, elementOf, listOf, isList, assignable, describeType } from './lower-base.ts';

const builtinSignatures: Record<BuiltinFn, { args: ('list' | 'lambda' | 'number' | 'card' | 'player' | 'request' | 'any' | 'zone')[]; result: (argTypes: IRType[]) => IRType }> = {
  count: { args: ['list'], result: () => 'number' },
  sum: { args: ['list', 'lambda'], result: () => 'number' },
  max: { args: ['list', 'lambda'], result: () => 'number' },
  min: { args: ['list', 'lambda'], result: () => 'number' },
  any: { args: ['list', 'lambda'], result: () => 'bool' },
  all: { args: ['list', 'lambda'], result: () => 'bool' },
  all_same: { args: ['list', 'lambda'], result: () => 'bool' },
  sorted: { args: ['list', 'lambda'], result: (t) => listOf(elementOf(t[0]!)) },
  distinct: { args: ['list', 'lambda'], result: (t) => listOf(elementOf(t[0]!)) },
  is_empty: { args: ['list'], result: () => 'bool' },
  first: { args: ['list'], result: (t) => elementOf(t[0]!) },
  top: { args: ['list', 'number'], result: (t) => listOf(elementOf(t[0]!)) },
  bottom: { args: ['list', 'number'], result: (t) => listOf(elementOf(t[0]!)) },
  units: { args: ['card'], result: () => 'cards' },
  all_units: { args: ['list'], result: () => 'cards' },
  host: { args: ['card'], result: () => 'card' },
  zone_of: { args: ['card'], result: () => 'zone' },
  owner: { args: ['card'], result: () => 'player' },
  other: { args: ['player'], result: () => 'player' },
  random: { args: ['list'], result: (t) => elementOf(t[0]!) },
  entered_this_turn: { args: ['card'], result: () => 'bool' },
  targets: { args: ['request'], result: () => 'list:any' },
  cards: { args: ['request'], result: () => 'cards' },
  controller: { args: ['request'], result: () => 'player' },
  labels: { args: ['any'], result: () => 'labels' },
  zone_owner: { args: ['zone'], result: () => 'player' },
  abilities: { args: ['card'], result: () => 'list:action' },
  deck_problem: { args: ['player'], result: () => 'text' },
  match_wins: { args: ['player'], result: () => 'number' },
};

export abstract class ExpressionLowering extends LowerBase {
  /** The `{name}` placeholders of a log text or a prompt, in order, as expressions in this scope. */
  protected placeholders(text: string | undefined, scope: Scope, loc: A.Loc): Expr[] {
    if (!text) return [];
    const out: Expr[] = [];
    for (const m of text.matchAll(placeholderPattern)) {
      // `{t.owner.life}`: a name, then its members, each read as in an expression.
      const [first, ...rest] = m[1]!.split('.');
      let e: A.Expr = { kind: 'name', name: first!, loc };
      for (const member of rest) e = { kind: 'member', object: e, name: { text: member, loc }, loc };
      out.push(this.expr(e, scope).ir);
    }
    return out;
  }

  /** A result's reason: a literal text, or a text computed when the game ends (`reason why`). */
  protected reason(e: A.Expr | undefined, scope: Scope): { reason: string; reasonExpr: Expr | null } {
    if (!e) return { reason: '', reasonExpr: null };
    if (e.kind === 'string') return { reason: e.value, reasonExpr: null };
    return { reason: '', reasonExpr: this.expect(e, 'text', scope) };
  }

  /** The value of a constant expression (lists included), or undefined when it is not constant. */
  protected foldConstant(e: Expr): Literal | Literal[] | undefined {
    if (e.kind === 'lit') return e.value;
    if (e.kind === 'neg') {
      const v = this.foldConstant(e.operand);
      return typeof v === 'number' ? -v : undefined;
    }
    if (e.kind === 'label') return this.labels[e.index]!.name.text;
    if (e.kind === 'list') {
      const items = e.items.map((x) => this.foldConstant(x));
      return items.every((x): x is Literal => x !== undefined && !Array.isArray(x)) ? items : undefined;
    }
    return undefined;
  }

  /** A constant: a literal, an enum value, a label or a parameter — folded to a literal where possible. */
  protected constExpr(e: A.Expr, type: IRType): Expr {
    // One scope for every constant (a pool's cards give tens of thousands), made anew only after
    // one was changed (a name bound in it): a scope's map is most of what a card value allocated.
    const kept = this.constScope;
    const scope = kept && kept.vars.length === 1 && kept.vars[0]!.size === 0 && kept.frame.slots === 0 && !kept.hasThis && !kept.inEffect && kept.itType === null && kept.ownStates === undefined && kept.replacing === undefined ? kept : (this.constScope = this.newScope({}));
    return this.expect(e, type, scope);
  }

  private constScope: Scope | undefined;

  protected expect(e: A.Expr, type: IRType, scope: Scope): Expr {
    const t = this.expr(e, scope);
    if (!assignable(t.type, type)) {
      this.error('type/mismatch', e.loc, msg('type/mismatch.expected-here-but-this-is', { p: describeType(type), p2: describeType(t.type) }));
    }
    return t.ir;
  }

  protected expectCards(e: A.Expr, scope: Scope): Expr {
    const t = this.expr(e, scope);
    if (t.type === 'card') return { kind: 'list', items: [t.ir] };
    if (!assignable(t.type, 'cards')) this.error('type/mismatch', e.loc, msg('type/mismatch.expected-a-card-or-a', { p: describeType(t.type) }));
    return t.ir;
  }

  protected expr(e: A.Expr, scope: Scope): Typed {
    switch (e.kind) {
      case 'number':
        return { ir: { kind: 'lit', value: e.value }, type: 'number' };
      case 'string':
        return { ir: { kind: 'lit', value: e.value }, type: 'text' };
      case 'bool':
        return { ir: { kind: 'lit', value: e.value }, type: 'bool' };
      case 'none':
        return { ir: { kind: 'lit', value: null }, type: 'none' };
      case 'name':
        return this.nameExpr(e.name, e.loc, scope);
      case 'member':
        return this.memberExpr(e, scope);
      case 'call':
        return this.callExpr(e, scope);
      case 'list': {
        const items = e.items.map((i) => this.expr(i, scope));
        const elem = items.length ? items[0]!.type : 'any';
        for (let i = 1; i < items.length; i++) {
          if (!assignable(items[i]!.type, elem)) this.error('type/mismatch', e.items[i]!.loc, msg('type/mismatch.a-list-holds-one-kind', { p: describeType(elem), p2: describeType(items[i]!.type) }));
        }
        return { ir: { kind: 'list', items: items.map((i) => i.ir) }, type: listOf(elem) };
      }
      case 'cond': {
        const test = this.expect(e.test, 'bool', scope);
        const a = this.expr(e.then, scope);
        const b = this.expr(e.else, scope);
        if (!assignable(b.type, a.type) && !assignable(a.type, b.type)) this.error('type/mismatch', e.else.loc, msg('type/mismatch.both-branches-must-be-of', { p: describeType(a.type), p2: describeType(b.type) }));
        return { ir: { kind: 'cond', test, then: a.ir, else: b.ir }, type: a.type === 'none' ? b.type : a.type };
      }
      case 'unary':
        if (e.op === 'not') return { ir: { kind: 'not', operand: this.expect(e.operand, 'bool', scope) }, type: 'bool' };
        return { ir: { kind: 'neg', operand: this.expect(e.operand, 'number', scope) }, type: 'number' };
      case 'binary':
        return this.binaryExpr(e, scope);
      case 'in': {
        const item = this.expr(e.item, scope);
        if (e.list) {
          const list = this.expr(e.list, scope);
          if (!isList(list.type)) this.error('type/mismatch', e.list.loc, msg('type/mismatch.in-needs-a-list-or', { p: describeType(list.type) }));
          return { ir: { kind: 'inList', item: item.ir, list: list.ir }, type: 'bool' };
        }
        if (!assignable(item.type, 'number')) this.error('type/mismatch', e.item.loc, msg('type/mismatch.a-range-a-b-holds', { p: describeType(item.type) }));
        return { ir: { kind: 'inRange', item: item.ir, low: this.expect(e.low!, 'number', scope), high: this.expect(e.high!, 'number', scope) }, type: 'bool' };
      }
      case 'has': {
        const subject = this.expr(e.subject, scope);
        if (!['card', 'request', 'any'].includes(subject.type)) this.error('type/mismatch', e.subject.loc, msg('type/mismatch.has-asks-a-card-or', { p: describeType(subject.type) }));
        this.readLabels();
        return { ir: { kind: 'has', subject: subject.ir, label: this.expect(e.label, 'label', scope) }, type: 'bool' };
      }
      case 'where': {
        const list = this.expr(e.list, scope);
        if (!isList(list.type)) this.error('type/mismatch', e.list.loc, msg('type/mismatch.where-filters-a-list-but', { p: describeType(list.type) }));
        const predicate = this.expect(e.predicate, 'bool', { ...scope, itType: elementOf(list.type) });
        return { ir: { kind: 'where', list: list.ir, predicate }, type: list.type === 'zone' ? 'cards' : list.type };
      }
    }
  }

  protected binaryExpr(e: Extract<A.Expr, { kind: 'binary' }>, scope: Scope): Typed {
    const op = e.op;
    if (op === 'and' || op === 'or') {
      return { ir: { kind: 'binary', op, left: this.expect(e.left, 'bool', scope), right: this.expect(e.right, 'bool', scope) }, type: 'bool' };
    }
    if (op === '==' || op === '!=') {
      const l = this.expr(e.left, scope);
      const r = this.expr(e.right, scope);
      if (!assignable(l.type, r.type) && !assignable(r.type, l.type)) {
        this.error('type/mismatch', e.loc, msg('type/mismatch.comparing-with-is-always', { p: describeType(l.type), p2: describeType(r.type), p3: op === '==' ? 'false' : 'true' }));
      } else {
        this.checkReading(l.ir, r.ir, e.right.loc, op);
        this.checkReading(r.ir, l.ir, e.left.loc, op);
      }
      return { ir: { kind: 'binary', op, left: l.ir, right: r.ir }, type: 'bool' };
    }
    if (op === '+' || op === '-') {
      const l = this.expr(e.left, scope);
      const r = this.expr(e.right, scope);
      if (isList(l.type) && op === '+') {
        // list concatenation: cards + cards
        if (!assignable(r.type, l.type === 'zone' ? 'cards' : l.type)) this.error('type/mismatch', e.right.loc, msg('type/mismatch.cannot-add-to', { p: describeType(r.type), p2: describeType(l.type) }));
        return { ir: { kind: 'binary', op, left: l.ir, right: r.ir }, type: l.type === 'zone' ? 'cards' : l.type };
      }
      if (l.type === 'text' && op === '+') return { ir: { kind: 'binary', op, left: l.ir, right: r.ir }, type: 'text' };
      if (!assignable(l.type, 'number')) this.error('type/mismatch', e.left.loc, msg('type/mismatch.needs-numbers-but-this-is', { op, p: describeType(l.type) }));
      if (!assignable(r.type, 'number')) this.error('type/mismatch', e.right.loc, msg('type/mismatch.needs-numbers-but-this-is', { op, p: describeType(r.type) }));
      return { ir: { kind: 'binary', op, left: l.ir, right: r.ir }, type: 'number' };
    }
    const left = this.expect(e.left, 'number', scope);
    const right = this.expect(e.right, 'number', scope);
    const isCompare = op === '<' || op === '<=' || op === '>' || op === '>=';
    return { ir: { kind: 'binary', op, left, right }, type: isCompare ? 'bool' : 'number' };
  }

  /**
   * A text parameter with alternatives is an enum of its readings: comparing it with a text that
   * is none of them (`fog_clear == "bothh"`) is a mistake, caught here with "did you mean".
   */
  protected checkReading(param: Expr, other: Expr, loc: A.Loc, op: string): void {
    if (param.kind !== 'param' || other.kind !== 'lit' || typeof other.value !== 'string') return;
    const p = this.params[param.index];
    if (!p || p.alternatives.length === 0 || p.type.text !== 'text') return;
    const readings = [p.value, ...p.alternatives].flatMap((e) => (e.kind === 'string' ? [e.value] : []));
    if (readings.includes(other.value)) return;
    this.error(
      'param/unknown-reading',
      loc,
      msg('param/unknown-reading.is-not-a-reading-of', { value: other.value, name: p.name.text, p: readings.map((r) => `"${r}"`).join(', '), p2: op === '==' ? 'false' : 'true' }),
      this.didYouMean(other.value, readings) ?? [`add "${other.value}" to the parameter's alternatives, or compare with one of its readings`],
    );
  }

  protected nameExpr(name: string, loc: A.Loc, scope: Scope): Typed {
    const local = this.lookup(scope, name);
    if (local) return { ir: { kind: 'local', slot: local.slot }, type: local.type };
    switch (name) {
      case 'me':
      case 'opponent':
      case 'active':
        return { ir: { kind: 'builtin', name }, type: 'player' };
      case 'players':
      case 'opponents':
      case 'teammates':
        return { ir: { kind: 'builtin', name }, type: 'players' };
      case 'stack':
        return { ir: { kind: 'builtin', name }, type: 'requests' };
      case 'turn':
      case 'match_game':
        return { ir: { kind: 'builtin', name }, type: 'number' };
      case 'last_winner':
      case 'last_loser':
        return { ir: { kind: 'builtin', name }, type: 'player' };
      case 'this':
        if (scope.hasThis) return { ir: { kind: 'builtin', name }, type: 'card' };
        break;
      case 'it':
        if (scope.itType) return { ir: { kind: 'builtin', name }, type: scope.itType };
        this.error('name/unknown', loc, msg('name/unknown.it-only-exists-inside-where'));
        return { ir: { kind: 'lit', value: null }, type: 'error' };
      case 'request':
        if (scope.inEffect) return { ir: { kind: 'builtin', name }, type: 'request' };
        break;
    }
    const p = this.indexOfName(this.params, name);
    if (p >= 0) return { ir: { kind: 'param', index: p }, type: this.params[p]!.type.text };
    const g = this.indexOfName(this.globalStates, name);
    if (g >= 0) return { ir: { kind: 'globalField', field: g }, type: this.typeName(this.globalStates[g]!.type) };
    const z = this.indexOfName(this.zones, name);
    if (z >= 0) {
      if (!this.zones[z]!.shared) {
        this.error('zone/not-shared', loc, msg('zone/not-shared.is-a-zone-of-each', { name }));
      }
      return { ir: { kind: 'zone', zone: z, player: null }, type: 'zone' };
    }
    const ev = this.enumValueIndex.get(name);
    if (ev) {
      if (ev.many) this.error('name/ambiguous', loc, msg('name/ambiguous.is-a-value-of-more', { name }));
      return { ir: { kind: 'lit', value: name }, type: `enum:${ev.enumName}` };
    }
    const l = this.indexOfName(this.labels, name);
    if (l >= 0) return { ir: { kind: 'label', index: l }, type: 'label' };
    const a = this.actionIndex.get(name) ?? -1;
    if (a >= 0) return { ir: { kind: 'actionRef', index: a }, type: 'action' };
    const candidates = () => [
      ...scope.vars.flatMap((m) => [...m.keys()]),
      'me', 'opponent', 'opponents', 'teammates', 'active', 'players', 'stack', 'turn', 'match_game', 'last_winner', 'last_loser',
      // The literal words: a misspelt `false` reads as a name.
      'true', 'false', 'none',
      ...this.params.map((x) => x.name.text), ...this.globalStates.map((x) => x.name.text), ...this.zones.map((x) => x.name.text),
      ...this.enumValueIndex.keys(), ...this.labels.map((x) => x.name.text), ...this.actions.map((x) => x.name.text),
    ];
    this.error('name/unknown', loc, msg('name/unknown.unknown-name', { name }), this.didYouMean(name, candidates));
    return { ir: { kind: 'lit', value: null }, type: 'error' };
  }

  protected memberExpr(e: Extract<A.Expr, { kind: 'member' }>, scope: Scope): Typed {
    // A card's ability by its full name, as a value: `it == 竜.ブレス`, `perform` of one held in a name.
    if (e.object.kind === 'name' && !this.lookup(scope, e.object.name)) {
      const ability = this.actionIndex.get(`${e.object.name}.${e.name.text}`);
      if (ability !== undefined && this.cards.some((c) => c.name.text === (e.object as { name: string }).name)) return { ir: { kind: 'actionRef', index: ability }, type: 'action' };
    }
    const obj = this.expr(e.object, scope);
    const name = e.name.text;
    const unknown = (candidates: string[]) => {
      this.error('type/not-a-member', e.name.loc, msg('type/not-a-member.has-no', { p: describeType(obj.type), name }), this.didYouMean(name, candidates));
      return { ir: { kind: 'lit', value: null }, type: 'error' } as Typed;
    };
    switch (obj.type) {
      case 'player': {
        const z = this.indexOfName(this.zones, name);
        if (z >= 0) return { ir: { kind: 'zone', zone: z, player: obj.ir }, type: 'zone' };
        const s = this.indexOfName(this.playerStates, name);
        if (s >= 0) return { ir: { kind: 'playerField', player: obj.ir, field: s }, type: this.typeName(this.playerStates[s]!.type) };
        return unknown([...this.zones.filter((z) => !z.shared).map((z) => z.name.text), ...this.playerStates.map((x) => x.name.text)]);
      }
      case 'card': {
        if (name === 'name' || name === 'title') return { ir: { kind: 'cardBuiltin', card: obj.ir, field: name }, type: 'text' };
        if (name === 'owner') return { ir: { kind: 'cardBuiltin', card: obj.ir, field: name }, type: 'player' };
        if (name === 'facedown') return { ir: { kind: 'cardBuiltin', card: obj.ir, field: name }, type: 'bool' };
        if (name === 'entered') return { ir: { kind: 'cardBuiltin', card: obj.ir, field: name }, type: 'number' };
        const own = scope.ownStates?.get(name);
        if (own !== undefined) return { ir: { kind: 'cardField', card: obj.ir, field: own }, type: this.cardFields[own]!.type };
        const f = this.cardFieldIndex.get(name);
        if (f !== undefined) {
          this.fieldReads.add(f);
          return { ir: { kind: 'cardField', card: obj.ir, field: f }, type: this.cardFields[f]!.type };
        }
        if (this.labelWithoutNumber(e.name)) return { ir: { kind: 'lit', value: null }, type: 'error' };
        return unknown(['name', 'owner', 'facedown', 'entered', ...this.fieldNames()]);
      }
      case 'players': {
        // `opponents.field`: the cards of that zone of each player of the list, in the list's order.
        const z = this.zones.findIndex((x) => x.name.text === name && !x.shared);
        if (z >= 0) return { ir: { kind: 'zones', zone: z, players: obj.ir }, type: 'cards' };
        return unknown(this.zones.filter((x) => !x.shared).map((x) => x.name.text));
      }
      case 'request':
        if (name === 'cards') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'cards' };
        if (name === 'targets') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'list:any' };
        if (name === 'controller') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'player' };
        if (name === 'action') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'action' };
        if (name === 'source') return { ir: { kind: 'requestField', request: obj.ir, field: name }, type: 'card' };
        {
          const rs = this.indexOfName(this.requestStates, name);
          if (rs >= 0) return { ir: { kind: 'requestState', request: obj.ir, field: rs }, type: this.typeName(this.requestStates[rs]!.type) };
        }
        return unknown(['cards', 'targets', 'controller', 'action', 'source', ...this.requestStates.map((x) => x.name.text)]);
      case 'any':
        this.error('type/not-a-member', e.name.loc, msg('type/not-a-member.cannot-tell-what-is-on', { name }));
        return { ir: { kind: 'lit', value: null }, type: 'error' };
      case 'error':
        return { ir: { kind: 'lit', value: null }, type: 'error' };
      default:
        return unknown([]);
    }
  }

  protected callExpr(e: Extract<A.Expr, { kind: 'call' }>, scope: Scope): Typed {
    const name = e.callee.text;
    const fnIndex = this.functionIndex.get(name) ?? -1;
    if (fnIndex >= 0) {
      const fn = this.functions[fnIndex]!;
      if (this.currentCallable?.kind === 'fn') this.recordCall(this.fnCalls, this.currentCallable.name, name);
      if (fn.params.length !== e.args.length) {
        this.error('type/bad-arguments', e.loc, msg('type/bad-arguments.function-takes-argument-s-not', { name, paramsCount: fn.params.length, p: fn.params.map((p) => `${p.name.text}: ${p.type.text}`).join(', '), argsCount: e.args.length }));
      }
      const args = e.args.map((a, i) => (fn.params[i] ? this.expect(a, this.typeName(fn.params[i]!.type), scope) : this.expr(a, scope).ir));
      return { ir: { kind: 'call', fn: fnIndex, args }, type: this.typeName(fn.returnType) };
    }
    if ((builtinFns as readonly string[]).includes(name)) {
      const fn = name as BuiltinFn;
      const sig = builtinSignatures[fn];
      if (sig.args.length !== e.args.length) {
        this.error('type/bad-arguments', e.loc, msg('type/bad-arguments.takes-argument-s-not', { name, argsCount: sig.args.length, argsCount2: e.args.length }));
        return { ir: { kind: 'lit', value: null }, type: 'error' };
      }
      const args: Expr[] = [];
      const types: IRType[] = [];
      let listType: IRType = 'any';
      sig.args.forEach((kind, i) => {
        const a = e.args[i]!;
        if (kind === 'lambda') {
          const t = this.expr(a, { ...scope, itType: elementOf(listType) });
          args.push(t.ir);
          types.push(t.type);
          return;
        }
        const t = this.expr(a, scope);
        args.push(t.ir);
        types.push(t.type);
        if (kind === 'list') {
          listType = t.type;
          if (!isList(t.type)) this.error('type/bad-arguments', a.loc, msg('type/bad-arguments.needs-a-list-here-but', { name, p: describeType(t.type) }));
        } else if (kind !== 'any' && !assignable(t.type, kind)) {
          this.error('type/bad-arguments', a.loc, msg('type/bad-arguments.needs-here-but-this-is', { name, p: describeType(kind), p2: describeType(t.type) }));
        }
      });
      if (fn === 'labels') this.readLabels();
      if (fn === 'deck_problem' && !this.decls.deckCheck) this.error('deck/no-check', e.callee.loc, msg('deck/no-check.deck-problem-p-asks-the'));
      return { ir: { kind: 'builtinCall', fn, args }, type: sig.result(types) };
    }
    if (this.procedures.some((p) => p.name.text === name)) {
      this.error('name/unknown', e.callee.loc, msg('name/unknown.is-a-procedure-call-it', { name }));
    } else if (this.labelDecl(name)) {
      this.error('label/value-outside-card', e.loc, msg('label/value-outside-card.a-label-s-number-is', { name }));
    } else {
      this.error('name/unknown', e.callee.loc, msg('name/unknown.unknown-function', { name }), this.didYouMean(name, () => [...this.functions.map((f) => f.name.text), ...builtinFns]));
    }
    for (const a of e.args) this.expr(a, scope);
    return { ir: { kind: 'lit', value: null }, type: 'error' };
  }
}
