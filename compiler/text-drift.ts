/**
 * The code/text drift check: where a card's printed text (`text "…"`) and the text generated
 * from its abilities (generated-text.ts) clearly disagree on a number, a warning
 * `card/text-drift` at the number in the printed text.
 *
 * Conservative on purpose — a false alarm teaches designers to ignore warnings. It reads only a
 * few phrases of the printed text (docs/cards.md lists them), in Japanese and English:
 *
 * - cards drawn: 「2枚引く」「2枚ドロー」, "draw 2";
 * - damage: 「1ダメージ」, "1 damage";
 * - a value changed: 「AP+1」「数値を＋２００」「攻撃力−200」, "ATTACK +200" (a value word of the card
 *   type, or 攻撃力 守備力 数値 パワー, then a sign and the number);
 * - uses per turn: 「1ターンに1度」「1ターンに1回」, "once per turn", "twice per turn";
 * - the card's own cost: 「コスト2」, "cost 2" standing alone (not 「コスト1以下の」, 「コスト0で」, …).
 *
 * and warns only when the card's code states numbers of that kind, every one of them fixed (not
 * computed in play), and the printed number is none of them. A printed text that says something
 * the code does not do at all is not reported (the generator may not phrase it).
 */
import type * as A from '../grammar/ast.ts';
import { diag, type Diagnostic } from './diagnostics.ts';
import { msg } from '../i18n/format.ts';
import { generatedText, type NumberFact } from './generated-text.ts';
import type { GameIR } from './ir.ts';
import { declsOf, type Declarations } from './resolve.ts';

/** A number the printed text states: what kind, the number, and where it is in the text. */
export interface Claim {
  kind: NumberFact['kind'];
  value: number;
  /** `attr`: the attr it speaks of. */
  field?: string;
  /** The phrase, as printed. */
  phrase: string;
  /** Where the number is in the text (UTF-16 index and length). */
  index: number;
  length: number;
}

/** Full-width digits and signs read as ASCII, one character for one (indices stay the same). */
function halfWidth(text: string): string {
  return [...text]
    .map((c) => {
      if (c === '−' || c === '－' || c === '‐' || c === '―') return '-';
      const n = c.normalize('NFKC');
      return n.length === c.length ? n : c;
    })
    .join('');
}

/** Words for "a value of the card" besides its own field names. */
const VALUE_WORDS = ['攻撃力', '守備力', '数値', 'パワー', 'ATTACK', 'DEFENCE', 'DEFENSE', 'POWER'];
const COST_WORDS = ['コスト', 'COST', 'cost', 'Cost'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The numbers a printed text states, in the phrases the check reads. `valueNames`: the card type's number fields. */
export function readClaims(printed: string, valueNames: string[]): Claim[] {
  const text = halfWidth(printed);
  const claims: Claim[] = [];
  // Every pattern has the `d` flag: the range of each group.
  const at = (m: RegExpExecArray, group: number) => {
    const [start, end] = m.indices![group]!;
    return { index: start, length: end - start };
  };
  const each = (re: RegExp, f: (m: RegExpExecArray) => void) => {
    for (const m of text.matchAll(re)) f(m as RegExpExecArray);
  };
  const number = (s: string) => Number(s);
  // The phrase as printed (full-width digits and all): the same range of the original text.
  const phrase = (m: RegExpExecArray) => ({ phrase: printed.slice(m.index, m.index + m[0].length) });
  // Cards drawn.
  each(/(\d+)\s*枚\s*(?:の\s*カード\s*を\s*)?(?:引|ドロー)/gd, (m) => claims.push({ kind: 'draw', value: number(m[1]!), ...at(m, 1), ...phrase(m) }));
  each(/\bdraws?\s+(\d+)\b/gid, (m) => claims.push({ kind: 'draw', value: number(m[1]!), ...at(m, 1), ...phrase(m) }));
  // Damage dealt.
  each(/(\d+)\s*(?:点の\s*)?ダメージ/gd, (m) => claims.push({ kind: 'damage', value: number(m[1]!), ...at(m, 1), ...phrase(m) }));
  each(/\b(\d+)\s+damage\b/gid, (m) => claims.push({ kind: 'damage', value: number(m[1]!), ...at(m, 1), ...phrase(m) }));
  // A value changed: a value word, then a sign and the number.
  const values = [...new Set([...VALUE_WORDS, ...valueNames.filter((n) => /^[\p{L}_]/u.test(n))])].sort((a, b) => b.length - a.length).map(escape);
  if (values.length) {
    const re = new RegExp(`(?<![A-Za-z0-9_])(${values.join('|')})(?![A-Za-z0-9_])\\s*(?:値)?\\s*(?:を|が|は)?\\s*([+-])\\s*(\\d+)`, 'giud');
    each(re, (m) => claims.push({ kind: 'modify', value: (m[2] === '-' ? -1 : 1) * number(m[3]!), field: m[1], ...at(m, 3), ...phrase(m) }));
  }
  // Uses per turn.
  each(/1\s*ターン\s*に\s*(\d+)\s*(?:度|回)/gd, (m) => claims.push({ kind: 'limit', value: number(m[1]!), ...at(m, 1), ...phrase(m) }));
  each(/\b(once|twice)\s+(?:per|a|each)\s+turn\b/gid, (m) => claims.push({ kind: 'limit', value: m[1]!.toLowerCase() === 'once' ? 1 : 2, ...at(m, 1), ...phrase(m) }));
  each(/\b(\d+)\s+times\s+(?:per|a|each)\s+turn\b/gid, (m) => claims.push({ kind: 'limit', value: number(m[1]!), ...at(m, 1), ...phrase(m) }));
  // The card's own cost, standing alone: not a condition on other cards (「コスト1以下の」) nor a way of playing (「コスト0で」).
  const cost = new RegExp(`(?<![A-Za-z0-9_])(?:${COST_WORDS.map(escape).join('|')})\\s*[:：]?\\s*(\\d+)(?![\\p{N}]|\\s*(?:以下|以上|未満|超|より|を超|で|の|or\\b|and\\b|less|more|\\+|-))`, 'gud');
  each(cost, (m) => claims.push({ kind: 'attr', field: 'cost', value: number(m[1]!), ...at(m, 1), ...phrase(m) }));
  return claims;
}

/** What a kind of claim is about, for the message. */
const about: Record<NumberFact['kind'], string> = {
  draw: 'cards drawn',
  damage: 'damage dealt',
  modify: 'a value changed',
  limit: 'uses per turn',
  attr: 'the cost',
};

/** The drift warnings of every card with a printed text. */
export function checkTextDrift(decls: Declarations, ir: GameIR): Diagnostic[] {
  const out: Diagnostic[] = [];
  declsOf(decls, 'card').forEach((c, i) => {
    const printed = c.printed?.[0];
    const card = ir.cards[i];
    if (!printed || !card || card.name !== c.name.text) return;
    const type = ir.cardTypes[card.type];
    const valueNames = (type?.fields ?? []).map((f) => ir.cardFields[f]!).filter((f) => f.type === 'number').map((f) => f.name);
    const claims = readClaims(printed.text, valueNames);
    if (claims.length === 0) return;
    const generated = generatedText(ir, i);
    for (const claim of claims) {
      const facts = generated.facts.filter((f) => f.kind === claim.kind && (claim.kind !== 'attr' || f.field === claim.field));
      // Nothing to compare with, or a number computed in play: say nothing.
      if (facts.length === 0 || facts.some((f) => f.value === null)) continue;
      if (facts.some((f) => f.value === claim.value)) continue;
      const states = [...new Set(facts.map((f) => (claim.kind === 'modify' ? signed(f.value!) : String(f.value))))].join(' or ');
      const sources = [...new Set(facts.map((f) => f.source))].join(', ');
      const sentence = generated.sentences.find((s) => facts.some((f) => f.source === s.source));
      out.push(
        diag(
          'card/text-drift',
          locInString(printed, claim),
          msg('card/text-drift.the-printed-text-says-but', { p: claim.phrase.trim(), p2: about[claim.kind], p3: claim.kind === 'modify' ? signed(claim.value) : claim.value, p4: claim.kind === 'attr' ? 'attr' : 'code', states, sources }),
          [sentence ? msg('card/text-drift.note.generated-from-the-code', { sentence: sentence.text }) : msg('card/text-drift.note.message', { field: String(claim.field), states }), msg('card/text-drift.note.fix-the-printed-text-or')],
          'warning',
        ),
      );
    }
  });
  return out;
}

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

/** The range of a claim's number inside the printed string (a string stays on one line; escapes before it counted). */
function locInString(p: A.PrintedText, claim: Claim): A.Loc {
  const raw = (s: string) => s.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\n').length;
  const col = p.loc.col + 1 + raw(p.text.slice(0, claim.index));
  const offset = p.loc.offset + 1 + raw(p.text.slice(0, claim.index));
  const width = raw(p.text.slice(claim.index, claim.index + claim.length));
  return { file: p.loc.file, line: p.loc.line, col, offset, endLine: p.loc.line, endCol: col + width - 1, endOffset: offset + width };
}
