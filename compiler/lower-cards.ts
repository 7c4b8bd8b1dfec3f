/**
 * Cards: the card fields (values, labels, states, a card's own states, numbered labels'
 * printed numbers), `card type`s and `card`s.
 *
 * One part of lowering (see lower.ts for how the parts make one lowering).
 */
import type * as A from '../grammar/ast.ts';
import { TokenName } from '../grammar/packed-card.ts';
import { msg } from '../i18n/format.ts';
import { labelDefault, levelFormula, printedFieldName, takePrinted, type PrintedNumber } from './label-values.ts';
import { type GameIR, type IRType, type Literal } from './ir.ts';
import { type Scope } from './lower-base.ts';
import { AbilityLowering } from './lower-abilities.ts';

function defaultOf(type: IRType): Literal {
  if (type === 'number') return 0;
  if (type === 'bool') return false;
  if (type === 'text') return '';
  return null;
}

/** The value of a number, text or truth literal written where that type is expected; else undefined. */
function literalOf(e: A.Expr, type: IRType): number | string | boolean | undefined {
  if (e.kind === 'number') return type === 'number' ? e.value : undefined;
  if (e.kind === 'string') return type === 'text' ? e.value : undefined;
  if (e.kind === 'bool') return type === 'bool' ? e.value : undefined;
  return undefined;
}

/** A call in a printed value, or in one of its list's items (where `王(3)` may be written). */
function hasCall(e: A.Expr): boolean {
  return e.kind === 'call' || (e.kind === 'list' && e.items.some((x) => x.kind === 'call'));
}

export abstract class CardLowering extends AbilityLowering {
  protected collectCardFields(): void {
    for (const t of this.cardTypes) {
      for (const f of t.fields) {
        const type = this.typeName(f.type);
        const existing = this.cardFieldIndex.get(f.name.text);
        if (existing !== undefined) {
          const e = this.cardFields[existing]!;
          if (e.type !== type || e.kind !== f.kind) {
            this.error('type/mismatch', f.name.loc, msg('type/mismatch.card-field-is-a-of', { name: f.name.text, kind: f.kind, type, kind2: e.kind, type2: e.type }));
          }
          continue;
        }
        if (['name', 'owner', 'facedown', 'entered', 'title'].includes(f.name.text)) {
          this.error('name/duplicate', f.name.loc, msg('name/duplicate.is-built-into-every-card', { name: f.name.text }));
          continue;
        }
        this.cardFieldIndex.set(f.name.text, this.cardFields.length);
        this.cardFields.push({ name: f.name.text, kind: f.kind, type, keep: f.keep });
      }
    }
    this.collectNumberedLabels();
    this.collectOwnStates();
  }

  /**
   * A card's own states (`state x: T = v` inside the card): a card field of its own, named
   * `<card>.<state>` (so no other card's rules can name it), in the card type's fields; only the
   * card's abilities and auras read and set it, as `this.x` (Scope.ownStates).
   */
  protected collectOwnStates(): void {
    for (const c of this.cards) {
      for (const f of c.states ?? []) {
        if (f.kind !== 'state') {
          this.error('card/own-field', f.name.loc, msg('card/own-field.a-card-declares-only-states', { name: f.name.text, kind: f.kind }));
          continue;
        }
        const own = (this.ownStates.get(c) ?? this.ownStates.set(c, new Map()).get(c))!;
        if (own.has(f.name.text)) {
          this.error('name/duplicate', f.name.loc, msg('name/duplicate.declares-the-state-twice', { name: c.name.text, name2: f.name.text }));
          continue;
        }
        if (this.cardFieldIndex.has(f.name.text) || ['name', 'owner', 'facedown', 'entered', 'title'].includes(f.name.text)) {
          this.error('name/duplicate', f.name.loc, msg('name/duplicate.is-already-a-field-of', { name: f.name.text, name2: c.name.text }));
          continue;
        }
        const index = this.cardFields.length;
        this.cardFields.push({ name: `${c.name.text}.${f.name.text}`, kind: 'state', type: this.typeName(f.type), keep: f.keep });
        own.set(f.name.text, index);
        const list = this.ownStateInits.get(c.type.text) ?? this.ownStateInits.set(c.type.text, []).get(c.type.text)!;
        list.push({ field: index, init: f.init });
      }
    }
  }

  /**
   * Each numbered label's card fields, after the game's own (so a game without numbered labels
   * keeps its field numbers): the card's number, a value named as the label, and the number the
   * card prints (label-values.ts).
   */
  protected collectNumberedLabels(): void {
    this.labels.forEach((l, i) => {
      if (!l.value) return;
      const name = l.name.text;
      const dflt = labelDefault(l, (code, loc, message, notes) => this.error(code, loc, message, notes));
      if (this.cardFieldIndex.has(name) || ['name', 'owner', 'facedown', 'entered', 'title'].includes(name)) {
        this.error('label/name-clash', l.name.loc, msg('label/name-clash.label-carries-a-number-read', { name }));
        return;
      }
      const level = this.cardFields.length;
      this.cardFieldIndex.set(name, level);
      this.cardFields.push({ name, kind: 'value', type: 'number', keep: false });
      this.cardFields.push({ name: printedFieldName(name), kind: 'attr', type: 'number', keep: false, printed: true });
      this.numbered.set(name, { label: i, default: dflt, level, printed: level + 1 });
    });
  }

  protected lowerCardType(t: A.CardTypeDecl): GameIR['cardTypes'][number] {
    const fields = t.fields.map((f) => this.cardFieldIndex.get(f.name.text)).filter((i): i is number => i !== undefined);
    const stateInits: GameIR['cardTypes'][number]['stateInits'] = [];
    const values: GameIR['cardTypes'][number]['values'] = [];
    for (const f of t.fields) {
      const index = this.cardFieldIndex.get(f.name.text);
      if (index === undefined) continue;
      const type = this.cardFields[index]!.type;
      if (f.kind === 'state') {
        stateInits.push({ field: index, init: f.init ? this.constExpr(f.init, type) : { kind: 'lit', value: defaultOf(type) } });
      } else if (f.kind === 'value') {
        if (!f.init) {
          this.error('type/mismatch', f.name.loc, msg('type/mismatch.value-needs-a-formula-value', { name: f.name.text, type: f.type.text }));
          continue;
        }
        const scope = this.newScope({ hasThis: true });
        const e = this.expect(f.init, type, scope);
        values.push({ field: index, expr: e, slots: scope.frame.slots });
      }
      // An attr's `= …` is the default for cards that do not give it (checked on each card).
    }
    // Every card type has each numbered label's number (0 on a card that never has the label).
    for (const n of this.numbered.values()) {
      fields.push(n.level, n.printed);
      values.push({ field: n.level, expr: levelFormula(n), slots: 0 });
    }
    // Its cards' own states: a slot in every card of the type, named so only that card reads it.
    for (const s of this.ownStateInits.get(t.name.text) ?? []) {
      const type = this.cardFields[s.field]!.type;
      fields.push(s.field);
      stateInits.push({ field: s.field, init: s.init ? this.constExpr(s.init, type) : { kind: 'lit', value: defaultOf(type) } });
    }
    return { name: t.name.text, fields, stateInits, values, cite: t.cite ?? '' };
  }

  private fieldsOfType = new Map<A.CardTypeDecl, Map<string, A.CardField>>();
  private attrsOfType = new Map<A.CardTypeDecl, number>();

  /** How many attrs a card type's cards have. */
  private attrCount(type: A.CardTypeDecl): number {
    let n = this.attrsOfType.get(type);
    if (n === undefined) this.attrsOfType.set(type, (n = type.fields.filter((f) => f.kind === 'attr').length));
    return n;
  }

  /** A card type's fields by name, the first of a name (asked once per card of a pool of thousands). */
  private fieldsByName(type: A.CardTypeDecl): Map<string, A.CardField> {
    let m = this.fieldsOfType.get(type);
    if (!m) {
      m = new Map();
      for (const f of type.fields) if (!m.has(f.name.text)) m.set(f.name.text, f);
      this.fieldsOfType.set(type, m);
    }
    return m;
  }

  protected lowerCard(c: A.CardDecl): GameIR['cards'][number] {
    const typeIndex = this.indexOfName(this.cardTypes, c.type.text);
    // A packed name (a compile's plain card) holds its place: no range made only to be read.
    const loc = c.name instanceof TokenName ? this.srcAt(c.name.file, c.name.line, c.name.col) : this.src(c.name.loc);
    if (typeIndex < 0) {
      this.error('name/unknown', c.type.loc, msg('name/unknown.unknown-card-type', { type: c.type.text }), this.didYouMean(c.type.text, this.cardTypes.map((t) => t.name.text)));
      return { name: c.name.text, title: c.title ?? c.name.text, type: 0, attrs: [], cite: c.cite ?? '', loc };
    }
    const type = this.cardTypes[typeIndex]!;
    // One attr per attr field, in an array of that length (the IR of a pool's cards lives as long
    // as the game; a pushed array keeps spare room). Printed numbers are pushed after them.
    const attrs: GameIR['cards'][number]['attrs'] = new Array(this.attrCount(type));
    let given = 0;
    // Attrs a revision removed or made derived: the cards' printed values of them are no longer read.
    const unread = c.unread;
    if (unread) c = { ...c, values: c.values.filter((v) => !unread.includes(v.name.text)) };
    // The value the card gives a field, the last one written if it is given twice (a card gives a
    // handful: a scan, no map per card).
    const values = c.values;
    const givenValue = (name: string) => {
      for (let i = values.length - 1; i >= 0; i--) if (values[i]!.name.text === name) return values[i];
      return undefined;
    };
    // Numbered labels printed with their numbers (`passives = [王(3)]`), and those printed bare.
    const numbers: PrintedNumber[] = [];
    const bare: { label: string; loc: A.Loc }[] = [];
    const fieldOf = this.fieldsByName(type);
    for (const v of c.values) {
      const f = fieldOf.get(v.name.text);
      if (!f || f.kind !== 'attr') {
        this.error('card/unknown-attr', v.name.loc, msg('card/unknown-attr.card-type-has-no-attr', { name: type.name.text, name2: v.name.text }), this.didYouMean(v.name.text, type.fields.filter((x) => x.kind === 'attr').map((x) => x.name.text)));
      }
    }
    for (const f of type.fields) {
      if (f.kind !== 'attr') continue;
      const index = this.cardFieldIndex.get(f.name.text)!;
      const v = givenValue(f.name.text);
      // An attr the card does not give takes the card type's default (`attr cost: number = 0`).
      let written = v?.value ?? f.init;
      if (!written) {
        this.error('card/missing-attr', c.name.loc, msg('card/missing-attr.card-does-not-say-its', { name: c.name.text, name2: f.name.text, name3: type.name.text }));
        continue;
      }
      // Numbers on labels (`王(3)`), and labels printed bare where some label carries a number;
      // a value with neither (most of a pool's) is left as written.
      if (this.labels.length && (this.numbered.size > 0 || hasCall(written))) {
        const p = takePrinted(written, (name) => this.labelDecl(name), (code, loc, message, notes) => this.error(code, loc, message, notes));
        written = p.expr;
        numbers.push(...p.numbers);
        bare.push(...p.bare);
      }
      const fieldType = this.cardFields[index]!.type;
      // A literal of the field's own type is its value (most of a pool's printed values): what
      // constExpr and foldConstant give it, without the IR node and the type made on the way.
      const value = literalOf(written, fieldType) ?? this.foldConstant(this.constExpr(written, fieldType));
      if (value === undefined) {
        this.error('card/non-constant-attr', written.loc, msg('card/non-constant-attr.the-of-card-must-be', { name: f.name.text, name2: c.name.text }));
        continue;
      }
      attrs[given++] = { field: index, value };
    }
    // (Fewer where an attr had an error: that IR is not kept.)
    attrs.length = given;
    this.printedNumbers(c, numbers, bare, attrs);
    return { name: c.name.text, title: c.title ?? c.name.text, type: typeIndex, attrs, cite: c.cite ?? '', loc };
  }

  /** The numbers a card prints, as its `printed` attrs: one per label; a bare label needs a default. */
  protected printedNumbers(c: A.CardDecl, numbers: PrintedNumber[], bare: { label: string; loc: A.Loc }[], attrs: GameIR['cards'][number]['attrs']): void {
    if (numbers.length === 0 && bare.length === 0) return;
    const seen = new Map<string, number>();
    for (const p of numbers) {
      const n = this.numbered.get(p.label);
      if (!n) continue;
      const before = seen.get(p.label);
      if (before !== undefined) {
        this.error('label/value-repeated', p.loc, msg('label/value-repeated.card-prints-twice-and-a', { name: c.name.text, label: p.label, before, value: p.value }));
        continue;
      }
      seen.set(p.label, p.value);
      attrs.push({ field: n.printed, value: p.value });
    }
    for (const b of bare) {
      if (seen.has(b.label) || this.numbered.get(b.label)?.default !== null) continue;
      this.error('label/value-missing', b.loc, msg('label/value-missing.label-carries-a-number-and', { label: b.label, name: c.name.text }));
    }
  }
}
