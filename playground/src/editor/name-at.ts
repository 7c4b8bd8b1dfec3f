/**
 * The name under a place of a line — the longest run of characters a name of the language may
 * hold (letters, digits, symbols such as ♠, marks, `_`, `・`, `ー`) — for the hover of a ruling's
 * YAML, where the scenario format writes cards by name among other punctuation: `♠7`, `p1:♠7`,
 * `[♠2, ♠5]`, `♠2 + ♠5`. Pure: no Monaco, so the tests run it in Node.
 */

const NAME_CHAR = /[\p{L}\p{N}\p{So}\p{M}_・ー]/u;

/**
 * The name at `column` (1-based, counted in UTF-16 units as Monaco counts) of `line`, with its
 * start and end columns (end exclusive); null when the character there is not part of a name.
 */
export function nameAt(line: string, column: number): { name: string; start: number; end: number } | null {
  const chars = Array.from(line);
  // The character under the column, walking whole code points (a kanji outside the BMP is two units).
  let unit = 0;
  let at = -1;
  for (let i = 0; i < chars.length && at < 0; i++) {
    if (column - 1 < unit + chars[i]!.length) at = i;
    unit += chars[i]!.length;
  }
  if (at < 0 || !NAME_CHAR.test(chars[at]!)) return null;
  let a = at;
  let b = at;
  while (a > 0 && NAME_CHAR.test(chars[a - 1]!)) a--;
  while (b < chars.length - 1 && NAME_CHAR.test(chars[b + 1]!)) b++;
  const units = (k: number) => chars.slice(0, k).join('').length;
  return { name: chars.slice(a, b + 1).join(''), start: units(a) + 1, end: units(b + 1) + 1 };
}
