/**
 * "Did you mean …?": the nearest names by edit distance. Used by the parser for misspelt
 * keywords and by the compiler for unknown names.
 *
 * A file with thousands of unknown names in a game with thousands of names asks for millions of
 * distances, so each one is bounded: a candidate whose length alone puts it out of reach is
 * skipped, and the distance stops as soon as every path through its table exceeds the limit —
 * no allocation per candidate.
 */

export function suggest(name: string, candidates: Iterable<string>): string[] {
  const a = codePoints(name, new Int32Array(name.length));
  const limit = Math.max(2, Math.floor(name.length / 3));
  // A length difference over 4 is never suggested, however long the name.
  const lengthLimit = Math.min(4, limit);
  const scored: [number, string][] = [];
  for (const c of candidates) {
    // UTF-16 lengths first (a code point is one or two units), then code points.
    if (c === name || c.length < a.length - lengthLimit || c.length > 2 * (a.length + lengthLimit)) continue;
    if (candidate.length < c.length) candidate = new Int32Array(2 * c.length);
    const b = codePoints(c, candidate);
    if (Math.abs(a.length - b.length) > lengthLimit) continue;
    const d = boundedDistance(a, b, limit);
    if (d <= limit) scored.push([d, c]);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  return scored.slice(0, 3).map(([, c]) => c);
}

/** Reused for every candidate: its code points. */
let candidate = new Int32Array(64);
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/** The code points of s, written into `into` (long enough for s.length); returns the filled part. */
function codePoints(s: string, into: Int32Array): Int32Array {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.codePointAt(i)!;
    into[n++] = c;
    if (c > 0xffff) i++;
  }
  return into.subarray(0, n);
}

/** Levenshtein distance of a and b, or limit + 1 as soon as it must exceed the limit. */
function boundedDistance(a: Int32Array, b: Int32Array, limit: number): number {
  const n = b.length;
  if (previousRow.length <= n) {
    previousRow = new Int32Array(2 * n + 2);
    currentRow = new Int32Array(2 * n + 2);
  }
  let prev = previousRow;
  let cur = currentRow;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const ai = a[i - 1];
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ai === b[j - 1] ? 0 : 1));
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // Every later cell is at least the smallest of this row: past the limit already.
    if (rowMin > limit) return limit + 1;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[n]!;
}
