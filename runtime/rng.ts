/** A small, fast, seedable PRNG (sfc32). Never Math.random: the same seed gives the same game. */
export class Rng {
  a: number;
  b: number;
  c: number;
  d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /**
   * An integer in [0, n): `next() % n`, worked out as `x - floor(x / n) * n`, the same number
   * (exact for any x below 2^53). V8 computes `%` of a number at or above 2^31 as a double
   * remainder (a call into C, x87 `fprem`); a division and a floor cost a few cycles. The
   * hand-written Vanilla of the benchmark draws from this same class, so both gain alike.
   */
  below(n: number): number {
    if (n <= 1) return 0;
    const x = this.next();
    return x - Math.floor(x / n) * n;
  }

  save(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d];
  }

  restore(s: [number, number, number, number]): void {
    [this.a, this.b, this.c, this.d] = s;
  }
}
