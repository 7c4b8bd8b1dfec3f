/**
 * Numbered labels — the parts of lowering that are theirs alone.
 *
 *   label 王 "king" value number = 1        // declared: it carries a number, 1 when a card prints none
 *   card 老王: Monster { passives = [王(3), 飛行] }   // printed: 王（3）
 *   c.王                                    // read: the card's number, 0 when it lacks 王
 *   modify c.王 by 1 until end of turn      // changed like any value (durations, auras, unmodify)
 *
 * A card's number is a computed value of the card named as the label, so everything the
 * language does to values works on it unchanged; the number the card prints lives in an attr
 * beside it (ir.ts LabelValueIR). This file finds the printed numbers in a card's values and
 * writes the value's formula; compiler/lower.ts calls it and reports what it finds wrong.
 */
import type * as A from '../grammar/ast.ts';
import type { DiagnosticCode, DiagnosticText } from './diagnostics.ts';
import { msg } from '../i18n/format.ts';
import type { Expr, LabelValueIR } from './ir.ts';

/** A numbered label of the game: its index in the label table, and its two card fields. */
export interface NumberedLabel extends LabelValueIR {
  label: number;
}

export type Report = (code: DiagnosticCode, loc: A.Loc, message: DiagnosticText, notes?: DiagnosticText[]) => void;

/** The name of the attr that holds the number a card prints for a label (no name written in the language can be it). */
export function printedFieldName(label: string): string {
  return `${label} (printed)`;
}

/** A whole number written as a literal (`3`, `-1`), or undefined. */
export function wholeNumber(e: A.Expr | undefined): number | undefined {
  if (!e) return undefined;
  if (e.kind === 'number') return Number.isInteger(e.value) ? e.value : undefined;
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number' && Number.isInteger(e.operand.value)) return -e.operand.value;
  return undefined;
}

/**
 * The default of a numbered label's declaration (`value number = 1`): a whole number, or null
 * when none is written. Reports a value type other than `number` and a default that is not a
 * whole number.
 */
export function labelDefault(decl: A.LabelDecl, report: Report): number | null {
  const v = decl.value!;
  if (v.type.text !== 'number') {
    report('label/value-not-number', v.type.loc, msg('label/value-not-number.a-label-carries-a-number', { name: decl.name.text, type: v.type.text }));
  }
  if (!v.default) return null;
  const n = wholeNumber(v.default);
  if (n === undefined) {
    report('label/value-not-number', v.default.loc, msg('label/value-not-number.the-default-of-label-must', { name: decl.name.text }));
    return null;
  }
  return n;
}

/**
 * The formula of a card's number for a label: while the card has the label, the number it
 * prints, else the label's default (0 without one); none while it lacks the label — so no
 * modifier or aura adds to it there, and a read gives 0 (runtime/codegen.ts).
 */
export function levelFormula(n: NumberedLabel): Expr {
  const self: Expr = { kind: 'builtin', name: 'this' };
  const printed: Expr = { kind: 'cardField', card: self, field: n.printed };
  return {
    kind: 'cond',
    test: { kind: 'has', subject: self, label: { kind: 'label', index: n.label } },
    then: { kind: 'cond', test: { kind: 'binary', op: '==', left: printed, right: { kind: 'lit', value: null } }, then: { kind: 'lit', value: n.default ?? 0 }, else: printed },
    else: { kind: 'lit', value: null },
  };
}

/** A number a card prints for a label, where it is written. */
export interface PrintedNumber {
  label: string;
  value: number;
  loc: A.Loc;
}

/** What a card's printed value holds of numbered labels. */
export interface PrintedLabels {
  /** The value with every `王(3)` written as `王` (what the label list holds). */
  expr: A.Expr;
  numbers: PrintedNumber[];
  /** Numbered labels written without a number (`王`). */
  bare: { label: string; loc: A.Loc }[];
}

/**
 * Takes the numbers out of a card's printed value — a label or a list of them — as written on
 * the card (`[王(3), 飛行]`). `labelOf` finds a label's declaration by name. A number on a label
 * that carries none, or a number that is not a whole number written out, is reported; the label
 * is kept either way.
 */
export function takePrinted(e: A.Expr, labelOf: (name: string) => A.LabelDecl | undefined, report: Report): PrintedLabels {
  const out: PrintedLabels = { expr: e, numbers: [], bare: [] };
  const item = (x: A.Expr): A.Expr => {
    if (x.kind === 'name') {
      if (labelOf(x.name)?.value) out.bare.push({ label: x.name, loc: x.loc });
      return x;
    }
    if (x.kind !== 'call') return x;
    const decl = labelOf(x.callee.text);
    if (!decl) return x;
    const name: A.Expr = { kind: 'name', name: x.callee.text, loc: x.callee.loc };
    if (!decl.value) {
      report('label/value-not-taken', x.loc, msg('label/value-not-taken.label-carries-no-number-write', { name: decl.name.text }));
      return name;
    }
    const value = x.args.length === 1 ? wholeNumber(x.args[0]) : undefined;
    if (value === undefined) {
      report('label/value-not-number', x.args[0]?.loc ?? x.loc, msg('label/value-not-number.label-takes-one-whole-number', { name: decl.name.text }));
    } else out.numbers.push({ label: decl.name.text, value, loc: x.loc });
    return name;
  };
  if (e.kind === 'list') out.expr = { ...e, items: e.items.map(item) };
  else out.expr = item(e);
  return out;
}
