/**
 * How a numbered label reads when printed — 「王（3）」 after a Japanese title, "Ward 2" after a
 * Latin one — in one place for everything that writes it: the faces (faces/label-text.ts) and the
 * editors' hover (symbols.ts). Here in the compiler because the faces build on it, not it on them.
 */

/** Ends in a Japanese (or other full-width) character: the number goes in full-width brackets. */
const WIDE_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]$/u;

/** `王（3）`, `Ward 2`, or the title alone when there is no number. */
export function labelText(title: string, n: number | null): string {
  if (n === null) return title;
  return WIDE_END.test(title) ? `${title}（${n}）` : `${title} ${n}`;
}
