/**
 * The numbers of a balance report in the reader's language (i18n/format.ts): percentages, points
 * of win rate, intervals and counts, formatted by `Intl` — the same digits the report always
 * printed in English ("12.3%", "+3.8 pts", "1,000"), since each number is rounded the way it was
 * (toFixed) before Intl words it. One module for the text (cli/), the HTML report and the
 * playground, so every view writes a number alike. Pure: no Node APIs, no DOM.
 */
import { format, language } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';

const formats = new Map<string, Intl.NumberFormat>();
function nf(lang: Language, digits: number, style: 'decimal' | 'percent', grouping: boolean, least = digits): Intl.NumberFormat {
  const k = `${lang}:${least}:${digits}:${style}:${grouping}`;
  let f = formats.get(k);
  if (!f) formats.set(k, (f = new Intl.NumberFormat(lang, { style, minimumFractionDigits: least, maximumFractionDigits: digits, useGrouping: grouping })));
  return f;
}

/** `x.toFixed(digits)` in the language's digits (no grouping, as toFixed): 12.345 → "12.3". */
export const fixed = (x: number, digits: number): string => nf(language(), digits, 'decimal', false).format(Number(x.toFixed(digits)));

/** At most `digits` decimals, trailing zeros dropped (as `String(Number(x.toFixed(digits)))`): 21.10 → "21.1". */
export const upTo = (x: number, digits: number): string => nf(language(), digits, 'decimal', false, 0).format(Number(x.toFixed(digits)));

/** A share as a percentage, rounded as `(100 * x).toFixed(digits)`: 0.1234 → "12.3%". */
export const pct = (x: number, digits = 1): string => nf(language(), digits, 'percent', false).format(Number((100 * x).toFixed(digits)) / 100);

/** A whole number with the language's grouping: 5000 → "5,000". */
export const count = (n: number): string => nf(language(), 0, 'decimal', true).format(n);

/** Points of win rate with their sign, no unit: 0.038 → "+3.8", −0.012 → "−1.2". */
export const ptsBare = (x: number, digits = 1): string => `${x >= 0 ? '+' : '−'}${fixed(100 * Math.abs(x), digits)}`;

/** Points with their sign and unit: "+3.8 pts" (「+3.8 ポイント」). */
export const points = (x: number): string => format(language(), 'bal.pts', { n: ptsBare(x) });

/** An estimate with its 95% interval, in points: "+3.8 pts [+2.4 pts, +5.2 pts]". */
export const interval = (d: { diff: number; ci95: readonly [number, number] | number[] }): string => `${points(d.diff)} [${points(d.ci95[0]!)}, ${points(d.ci95[1]!)}]`;

/**
 * A deck's name as balance/fold.ts gives it ("the deck", "p1's deck", "deck 2", "other decks",
 * "every deck (no list repeats)") in the reader's language. The report keeps the English name (its
 * JSON, and the key decks and values are matched by); only what is shown is worded.
 */
export function deckName(name: string): string {
  if (language() === 'en') return name;
  const l = language();
  if (name === 'the deck') return format(l, 'bal.deck.the'); // i18n-ok: the English names fold.ts gives, matched
  if (name === 'other decks') return format(l, 'bal.deck.others'); // i18n-ok: the English names fold.ts gives, matched
  if (name === 'every deck (no list repeats)') return format(l, 'bal.deck.every'); // i18n-ok: the English names fold.ts gives, matched
  const seat = /^(.+)'s deck$/.exec(name);
  if (seat) return format(l, 'bal.deck.of-seat', { seat: seat[1]! });
  const n = /^deck (\d+)$/.exec(name);
  return n ? format(l, 'bal.deck.numbered', { n: n[1]! }) : name;
}

/** An action's kind ("action", "trigger") in the reader's language. */
export const kindName = (kind: string): string => (kind === 'trigger' ? format(language(), 'bal.kind.trigger') : kind === 'action' ? format(language(), 'bal.kind.action') : kind);
