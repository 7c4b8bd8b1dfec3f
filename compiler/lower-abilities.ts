/**
 * Actions and abilities: `action`/`trigger`/`instead` with their clauses and steps, the events
 * triggers wait for, where an ability works (`while in`, `while attached`), auras, `limit`s, and the
 * warning for changed fields nothing reads.
 *
 * One part of lowering (see lower.ts for how the parts make one lowering).
 */
import type * as A from '../grammar/ast.ts';
import { clausesOf } from '../grammar/repeats.ts';
import { msg } from '../i18n/format.ts';
import { type ActionIR, type AuraIR, type DeclareStepIR, type LimitIR, type GameIR } from './ir.ts';
import { type Owner, type Scope, ATTACHED, IN_ZONES, elementOf, listOf, isList, describeType } from './lower-base.ts';
import { StatementLowering } from './lower-statements.ts';
import { movedAbility, rememberAbility, type LoweredRepeat } from './repeated-abilities.ts';

export abstract class AbilityLowering extends StatementLowering {
  /** `while in a[, b…]` or `while attached` (zone null): the IR's sourceZone and sourceZones. */
  protected whereItWorks(zone: A.Name | null, more: A.Name[] | undefined): { sourceZone: number; sourceZones: number[] } {
    if (zone === null) return { sourceZone: ATTACHED, sourceZones: [] };
    const zones = [...new Set([zone, ...(more ?? [])].map((z) => this.zoneIndex(z)))];
    return zones.length === 1 ? { sourceZone: zones[0]!, sourceZones: [] } : { sourceZone: IN_ZONES, sourceZones: zones };
  }

  /** An aura: one AuraIR per change it makes (`atk by 1  def by 1`), each with the aura's name, list and place. */
  protected lowerAura(a: A.AuraDecl, card: A.CardDecl, cardIndex: number): AuraIR[] {
    const scope = this.newScope({ hasThis: true });
    scope.ownStates = this.ownStates.get(card);
    const targets = this.expectCards(a.to, scope);
    const where = a.zone === undefined ? { sourceZone: -1, sourceZones: [] } : this.whereItWorks(a.zone, a.moreZones);
    return a.changes.flatMap((ch) => {
      const change = this.lowerChange(ch.field, ch.op, ch.value, { ...scope, itType: 'card' }, 'an aura', ch.field.loc);
      if (!change) return [];
      return [{
        name: `${card.name.text}.${a.name.text}`,
        title: a.title ?? a.name.text,
        source: cardIndex,
        ...where,
        targets,
        field: change.field,
        op: ch.op,
        by: change.by,
        slots: scope.frame.slots,
        cite: a.cite ?? '',
        loc: this.src(a.name.loc),
      }];
    });
  }

  /**
   * A shared limit: its IR, and its index in the `sharedLimits` of every action it covers — by
   * kind (actions, triggers, or both; `card`: cards' own only), card type and tags.
   */
  protected lowerLimit(l: A.LimitDecl, index: number, ir: GameIR): LimitIR {
    const kinds = ['actions', 'triggers', 'abilities'];
    if (!kinds.includes(l.what.text)) {
      this.error('limit/unknown-kind', l.what.loc, msg('limit/unknown-kind.a-limit-covers-actions-triggers', { what: l.what.text, name: l.name.text, count: l.count }), this.didYouMean(l.what.text, kinds));
    }
    const type = l.cardType ? this.indexOfName(this.cardTypes, l.cardType!.text) : -1;
    if (l.cardType && type < 0) this.error('name/unknown', l.cardType.loc, msg('name/unknown.unknown-card-type-2', { cardType: l.cardType.text }), this.didYouMean(l.cardType.text, this.cardTypes.map((t) => t.name.text)));
    const tags = l.tags.map((t) => {
      const i = this.indexOfName(this.labels, t.text);
      if (i < 0) this.error('name/unknown', t.loc, msg('name/unknown.unknown-label', { t: t.text }), this.didYouMean(t.text, this.labels.map((x) => x.name.text)));
      return i;
    });
    let covered = 0;
    ir.actions.forEach((a) => {
      if (a.replaces) return;
      if (l.what.text === 'actions' && a.isTrigger) return;
      if (l.what.text === 'triggers' && !a.isTrigger) return;
      if ((l.cardsOnly || type >= 0) && a.source < 0) return;
      if (type >= 0 && ir.cards[a.source]!.type !== type) return;
      if (tags.length && !a.tags.some((t) => tags.includes(t))) return;
      a.sharedLimits.push(index);
      covered++;
    });
    if (covered === 0) this.warning('limit/covers-nothing', l.name.loc, msg('limit/covers-nothing.limit-covers-no-action-of', { name: l.name.text, p: l.cardsOnly ? 'card ' : '', what: l.what.text, p2: l.cardType ? ` of ${l.cardType.text}` : '', p3: l.tags.length ? ` tagged ${l.tags.map((t) => t.text).join(', ')}` : '' }));
    return { name: l.name.text, title: l.title ?? l.name.text, count: l.count, per: l.per, cite: l.cite ?? '', loc: this.src(l.name.loc) };
  }

  /**
   * A value that effects change (a status: `cannot_attack becomes true`) but no rule reads does
   * nothing: the rules decide what a status means. Warned at the first change.
   */
  protected warnUnreadChanges(): void {
    for (const [field, loc] of this.changedFields) {
      if (this.fieldReads.has(field)) continue;
      const name = this.cardFields[field]!.name;
      this.warning('value/never-read', loc, msg('value/never-read.is-changed-here-but-no', { name }));
    }
  }

  /** Copies of a repeated ability lowered once, by the clauses they share (repeated-abilities.ts). */
  private loweredRepeats = new Map<A.Clause[], LoweredRepeat>();

  /**
   * An action, trigger or ability: lowered as lowerAction does, except that a copy of an ability
   * lowered before on a card without own states is that IR, moved (repeated-abilities.ts).
   */
  protected lowerAbility(a: A.ActionDecl, stackZone: number, owner: Owner | undefined): ActionIR {
    if (a.moved === undefined || !owner || this.ownStates.has(owner.card)) return this.lowerAction(a, stackZone, owner);
    const first = this.loweredRepeats.get(a.clauses);
    const place = { file: this.fileIndex.get(a.name.loc.file) ?? 0, line: a.name.loc.line, name: a.name.text, title: a.title ?? a.name.text, source: owner.index };
    if (first) return movedAbility(first, place);
    const reported = this.diagnostics.length;
    const ir = this.lowerAction(a, stackZone, owner);
    // Kept only when it reported nothing: a report belongs where each copy stands.
    if (this.diagnostics.length === reported) this.loweredRepeats.set(a.clauses, rememberAbility(ir, place.line, place.file));
    return ir;
  }

  protected lowerAction(a: A.ActionDecl, stackZone: number, owner: Owner | undefined): ActionIR {
    const isTrigger = a.kind === 'trigger' || a.kind === 'instead';
    const scope = this.newScope({ inEffect: false, hasThis: !!owner });
    if (owner) scope.ownStates = this.ownStates.get(owner.card);
    const ir: ActionIR = {
      name: a.name.text,
      title: a.title ?? a.name.text,
      isTrigger,
      event: null,
      condition: null,
      controller: null,
      level: 0,
      speed: 'normal',
      tags: [],
      when: [],
      limit: -1,
      sharedLimits: [],
      steps: [],
      effect: [],
      slots: 0,
      optional: false,
      last: false,
      group: null,
      replaces: a.kind === 'instead',
      source: owner ? owner.index : -1,
      sourceZone: -1,
      sourceZones: [],
      cite: a.cite ?? '',
      loc: this.src(a.name.loc),
    };
    if (a.since) {
      // A format a revision removed keeps its level here: what it gated stays gated as before (revise.ts).
      const level = this.formatLevels.get(a.since.text) ?? this.decls.game?.removedFormats?.find((f) => f.name.text === a.since!.text)?.level;
      if (level === undefined) this.error('format/unknown', a.since.loc, msg('format/unknown.unknown-format-2', { since: a.since.text }), this.didYouMean(a.since.text, this.formatLevels.keys()));
      else ir.level = level;
    }
    // A copy of a repeated ability may share its clauses with the tree it copies (grammar/repeats.ts).
    const clauses = clausesOf(a);
    const seen = new Set<string>();
    const once = (c: A.Clause) => {
      if (['speed', 'limit', 'effect', 'on', 'controller'].includes(c.kind)) {
        if (seen.has(c.kind)) this.error('action/clause-repeated', c.loc, msg('action/clause-repeated.appears-twice-in', { kind: c.kind, kind2: a.kind, name: a.name.text }));
        seen.add(c.kind);
      }
    };
    // The event comes first: it binds the card of a `moved` event for the other clauses.
    for (const c of clauses) {
      if (c.kind !== 'on') continue;
      once(c);
      if (!isTrigger) {
        this.error('action/event-in-action', c.loc, msg('action/event-in-action.an-action-is-chosen-by', { name: a.name.text }));
        continue;
      }
      ir.event = this.lowerEvent(c.event, scope, !!owner);
    }
    if (a.kind === 'instead' && ir.event !== null && ir.event.kind !== 'moved' && ir.event.kind !== 'signal') {
      this.error('action/instead-needs-move', a.name.loc, msg('action/instead-needs-move.instead-replaces-a-move-on', { kind: ir.event.kind }));
    }
    if (a.kind === 'instead' && !owner && ir.event?.kind === 'moved' && ir.event.cardSlot === -1) {
      this.error('action/instead-needs-move', a.name.loc, msg('action/instead-needs-move.on-moved-this-is-about'));
    }
    if (isTrigger && !ir.event) this.error('action/trigger-needs-event', a.name.loc, msg('action/trigger-needs-event.trigger-needs-on-event-e', { name: a.name.text }));
    if (isTrigger) ir.speed = 'immediate';
    let effect: A.Stmt[] | undefined;
    for (const c of clauses) {
      if (c.kind === 'on') continue;
      once(c);
      switch (c.kind) {
        case 'speed':
          ir.speed = c.value;
          break;
        case 'tags':
          for (const l of c.labels) {
            const i = this.indexOfName(this.labels, l.text);
            if (i < 0) this.error('name/unknown', l.loc, msg('name/unknown.unknown-label-2', { l: l.text }), this.didYouMean(l.text, this.labels.map((x) => x.name.text)));
            else ir.tags.push(i);
          }
          break;
        case 'when':
          ir.when.push(this.expect(c.expr, 'bool', scope));
          break;
        case 'limit':
          ir.limit = c.count;
          break;
        case 'group':
          if (!isTrigger) this.error('action/optional-action', c.loc, msg('action/optional-action.group-is-for-triggers-which'));
          else ir.group = { name: c.name.text, mode: c.mode };
          break;
        case 'last':
          if (!isTrigger) this.error('action/optional-action', c.loc, msg('action/optional-action.last-is-for-triggers-which'));
          else ir.last = true;
          break;
        case 'optional':
          if (!isTrigger) this.error('action/optional-action', c.loc, msg('action/optional-action.optional-is-for-triggers-the'));
          else ir.optional = true;
          break;
        case 'whileIn':
          if (!owner) this.error('action/while-in-outside-card', c.loc, msg('action/while-in-outside-card.while-in-says-where-a', { name: a.name.text }));
          else Object.assign(ir, this.whereItWorks(c.zone, c.more));
          break;
        case 'if':
          ir.condition = this.expect(c.expr, 'bool', scope);
          break;
        case 'controller':
          ir.controller = this.expect(c.expr, 'player', scope);
          break;
        case 'using':
        case 'target': {
          const from = this.expr(c.from, scope);
          if (!isList(from.type)) this.error('type/mismatch', c.from.loc, msg('type/mismatch.from-needs-a-list-to', { kind: c.kind, p: describeType(from.type) }));
          const single = c.count.max === undefined && c.count.min.kind === 'number' && c.count.min.value === 1;
          const elem = elementOf(from.type);
          if (c.kind === 'using' && elem !== 'card' && elem !== 'any' && elem !== 'error') this.error('type/mismatch', c.from.loc, msg('type/mismatch.using-chooses-cards-but-this', { p: describeType(from.type) }));
          const min = this.expect(c.count.min, 'number', scope);
          const max = c.count.max ? this.expect(c.count.max, 'number', scope) : min;
          const slot = this.bind(scope, c.name, single ? elem : listOf(elem));
          const suchThat = c.suchThat ? this.expect(c.suchThat, 'bool', scope) : null;
          ir.steps.push({ kind: c.kind, slot, name: c.name.text, min, max, single, from: from.ir, suchThat, loc: this.src(c.loc) });
          break;
        }
        case 'cost':
          ir.steps.push({ kind: 'cost', body: this.block(c.body, { ...scope, inEffect: true }), loc: this.src(c.loc) } as DeclareStepIR);
          break;
        case 'effect':
          effect = c.body;
          break;
      }
    }
    if (effect) ir.effect = this.block(effect, { ...scope, inEffect: true, replacing: a.kind === 'instead' });
    if (ir.speed === 'normal' && stackZone < 0) {
      this.error('stack/missing', a.name.loc, msg('stack/missing.has-normal-speed-it-waits', { name: a.name.text }));
    }
    ir.slots = scope.frame.slots;
    return ir;
  }

  protected lowerEvent(e: A.EventSpec, scope: Scope, isAbility: boolean): ActionIR['event'] {
    switch (e.kind) {
      case 'resolved':
      case 'declared': {
        const i = this.actionIndex.get(e.action.text) ?? -1;
        if (i < 0) this.error('name/unknown', e.action.loc, msg('name/unknown.unknown-action', { action: e.action.text }), this.didYouMean(e.action.text, () => this.actions.map((x) => x.name.text)));
        return { kind: e.kind, action: i };
      }
      case 'signal': {
        const ev = this.eventIndex(e.event);
        const params = this.events[ev] ? this.eventParams(this.events[ev]!) : [];
        const names = [e.card, ...(e.more ?? [])];
        if (this.events[ev] && names.length !== params.length) {
          this.error('type/bad-arguments', e.loc, msg('type/bad-arguments.event-has-parameter-name-each', { event: e.event.text, paramsCount: params.length, p2: params.map((p) => `${p.name}: ${p.type}`).join(', '), p3: params.map((p) => p.name).join(', ') }));
        }
        const typeOf = (i: number) => params[i]?.type ?? 'card';
        // The first name may be `this` inside a card: the event is about the card itself.
        const cardSlot = isAbility && e.card.text === 'this' && typeOf(0) === 'card' ? -1 : this.bind(scope, e.card, typeOf(0));
        const argSlots = (e.more ?? []).map((n, i) => this.bind(scope, n, typeOf(i + 1)));
        return { kind: 'signal', event: ev, cardSlot, argSlots };
      }
      case 'moved': {
        const zone = (n: A.Name) => (n.text === 'any' ? -1 : this.zoneIndex(n));
        const from = zone(e.from);
        const to = zone(e.to);
        // `on moved this …` inside a card: the card itself moved (no new name to bind).
        if (isAbility && e.card.text === 'this') return { kind: 'moved', from, to, cardSlot: -1 };
        const cardSlot = this.bind(scope, e.card, 'card');
        return { kind: 'moved', from, to, cardSlot };
      }
      default:
        return { kind: e.kind };
    }
  }

  // ------------------------------------------------------------ scopes
}
