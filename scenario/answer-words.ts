/**
 * The words a script may answer with — checked before a ruling runs, so a misspelt step
 * (`- p1: Plya`) is refused at its place with "did you mean", not at run time.
 *
 * An answer names an option of a decision, and the engine labels options (runtime/decisions.ts,
 * choices.ts optionLabel, view.ts cardLabel) only with: an action or ability (`Attack`,
 * `Archer.Volley`, told apart by ` (2)`), `pass`, `none`, a card, a player, a number, the label
 * of a `choose … { option "…" }` or a text of the rules (a choice among texts), an enum value,
 * a label, `activate` / `decline` (an optional trigger), a group member `Ability (Card)`, and
 * several of these joined by ` + `. The set is built from the IR alone, once per IR; anything
 * else can never match an option.
 */
import { maxPlayerCount, type GameIR } from '../compiler/ir.ts';

export interface AnswerWords {
  /** Every whole word an option may be labelled with. */
  words: Set<string>;
  /** The same, for "did you mean": actions first (the common answer). */
  suggestions: string[];
}

const cache = new WeakMap<GameIR, AnswerWords>();

export function answerWords(ir: GameIR): AnswerWords {
  const known = cache.get(ir);
  if (known) return known;
  const actions = ir.actions.map((a) => a.name);
  const texts = new Set<string>();
  collectTexts(ir, texts);
  const words = new Set<string>([
    ...actions,
    'pass',
    'none',
    'activate',
    'decline',
    ...ir.cards.map((c) => c.name),
    ...Array.from({ length: maxPlayerCount(ir) }, (_, i) => `p${i + 1}`),
    ...ir.enums.flatMap((e) => e.values.map((v) => v.name)),
    ...ir.labels.map((l) => l.name),
    ...texts,
  ]);
  const out = { words, suggestions: [...new Set([...actions, ...ir.cards.map((c) => c.name), ...texts, 'pass'])] };
  cache.set(ir, out);
  return out;
}

/**
 * Whether `answer` can be an option's label: each part of a ` + ` list, without a trailing
 * ` (2)` / ` (Card)`, is a known word or a number.
 */
export function canAnswer(words: AnswerWords, answer: string): boolean {
  if (words.words.has(answer)) return true;
  return answer.split(' + ').every((part) => {
    const head = part.replace(/ \([^()]*\)$/, '');
    return words.words.has(part) || words.words.has(head) || /^-?\d+(\.\d+)?$/.test(head);
  });
}

/** Text literals and `choose … { option "…" }` labels anywhere in the IR's expressions and statements. */
function collectTexts(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) {
    for (const x of node) collectTexts(x, out);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (o.kind === 'lit' && typeof o.value === 'string') out.add(o.value);
  if (o.kind === 'chooseMode' && Array.isArray(o.options)) for (const opt of o.options as { label: string }[]) out.add(opt.label);
  for (const k in o) {
    const v = o[k];
    if (v !== null && typeof v === 'object') collectTexts(v, out);
  }
}
