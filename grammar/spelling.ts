/**
 * "Did you mean …?": the nearest names by edit distance. Used by the parser for misspelt
 * keywords and by the compiler for unknown names.
 */

export function suggest(name: string, candidates: Iterable<string>): string[] {
  const scored: [number, string][] = [];
  const limit = Math.max(2, Math.floor(name.length / 3));
  for (const c of candidates) {
    const d = editDistance(name, c);
    if (d <= limit && c !== name) scored.push([d, c]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  return scored.slice(0, 3).map(([, c]) => c);
}

function editDistance(a: string, b: string): number {
  const A = [...a];
  const B = [...b];
  if (Math.abs(A.length - B.length) > 4) return 99;
  let prev = Array.from({ length: B.length + 1 }, (_, i) => i);
  for (let i = 1; i <= A.length; i++) {
    const cur = [i];
    for (let j = 1; j <= B.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (A[i - 1] === B[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[B.length]!;
}
