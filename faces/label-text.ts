/**
 * A label as a card prints it: its title, and for a numbered label (`label 王 "王" value number`)
 * the number the card prints — 「王（3）」 after a Japanese title, "Ward 2" after a Latin one. A
 * label the card prints bare shows no number, as on the card (the rule itself: compiler/label-text.ts).
 * What every face prints for a label (read-card.ts), declared or default.
 */
import type { CardIR, GameIR, Literal } from '../compiler/ir.ts';
import { labelText } from '../compiler/label-text.ts';

export { labelText };

/** The number `card` prints for the label named `name`, or null (none printed, or a label that carries none). */
export function printedNumber(ir: GameIR, card: CardIR, name: string): number | null {
  const field = ir.labels.find((l) => l.name === name)?.value?.printed;
  if (field === undefined) return null;
  const v = card.attrs.find((a) => a.field === field)?.value;
  return typeof v === 'number' ? v : null;
}

/** A list of labels as `card` prints them (their titles, with numbers). */
export function printedLabels(ir: GameIR, card: CardIR, names: readonly Literal[]): string[] {
  return names.map((v) => {
    const label = ir.labels.find((l) => l.name === v);
    return labelText(label?.title || String(v), label ? printedNumber(ir, card, label.name) : null);
  });
}

/** Whether a card field is a numbered label's printed number (shown with its label, not as an attribute). */
export function isPrintedNumber(ir: GameIR, field: number): boolean {
  return ir.labels.some((l) => l.value?.printed === field);
}
