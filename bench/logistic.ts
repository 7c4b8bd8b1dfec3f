/**
 * Logistic regression: the weights w for which 1 / (1 + e^(−w·x)) fits 0/1 (or ½) outcomes best,
 * by Newton's method on the log-loss with a small ridge penalty, each column's in proportion to its
 * size (so that terms that move together, or never move, keep finite weights instead of running
 * off, and a rare term is not shrunk more than a common one).
 *
 * bench/evaluate-fit.ts uses it to weigh an evaluation's terms by how well they predict the ends of
 * playouts — the tuning chess engines call Texel's: each term's weight fitted to results, not
 * guessed.
 */

/** Weights (one per column of `x`, no intercept: an evaluation of mine minus theirs is 0 when even). */
export function fitLogistic(x: readonly (readonly number[])[], y: readonly number[], ridge = 1e-3): number[] {
  const k = x[0]?.length ?? 0;
  const w = new Array<number>(k).fill(0);
  if (k === 0) return w;
  // The penalty of each column in proportion to its own size (Σ x²), so a rare term (an empty
  // pile, nonzero in 1% of rows) is held back as little as a common one; a floor keeps a column
  // that never moves at weight 0 instead of making the system singular.
  const lambda = Array.from({ length: k }, (_, j) => ridge * x.reduce((s, xi) => s + xi[j]! * xi[j]!, 0) + 1e-9 * x.length);
  for (let step = 0; step < 100; step++) {
    const grad = w.map((wi, j) => lambda[j]! * wi);
    const hess = Array.from({ length: k }, (_, a) => Array.from({ length: k }, (_, b) => (a === b ? lambda[a]! : 0)));
    for (let i = 0; i < x.length; i++) {
      const xi = x[i]!;
      const p = sigmoid(dot(w, xi));
      const e = p - y[i]!;
      const s = p * (1 - p);
      for (let a = 0; a < k; a++) {
        grad[a]! += e * xi[a]!;
        for (let b = 0; b < k; b++) hess[a]![b]! += s * xi[a]! * xi[b]!;
      }
    }
    const delta = solve(hess, grad);
    let largest = 0;
    for (let a = 0; a < k; a++) {
      w[a]! -= delta[a]!;
      largest = Math.max(largest, Math.abs(delta[a]!));
    }
    if (largest < 1e-10) break;
  }
  return w;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export const dot = (w: readonly number[], x: readonly number[]): number => {
  let s = 0;
  for (let j = 0; j < w.length; j++) s += w[j]! * x[j]!;
  return s;
};

/** Mean squared error of the predicted chance against the outcome (lower is better; always ½ scores 0.25). */
export function logisticBrier(w: readonly number[], x: readonly (readonly number[])[], y: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (sigmoid(dot(w, x[i]!)) - y[i]!) ** 2;
  return s / Math.max(1, x.length);
}

/** Gaussian elimination with partial pivoting: the d with m·d = v (m is positive definite here). */
function solve(m: number[][], v: number[]): number[] {
  const k = v.length;
  const a = m.map((row, i) => [...row, v[i]!]);
  for (let c = 0; c < k; c++) {
    let pivot = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < k; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / a[c]![c]!;
      if (f !== 0) for (let j = c; j <= k; j++) a[r]![j]! -= f * a[c]![j]!;
    }
  }
  return a.map((row, i) => row[k]! / row[i]!);
}
