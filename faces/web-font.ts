/**
 * The web font a sheet carries, chosen by the text it shows: Noto Sans JP comes (from
 * @fontsource/noto-sans-jp) as about 120 subsets per weight, each with the unicode range it
 * covers; a sheet embeds only the subsets that hold a character of its text, so it shows
 * Japanese on a machine without a CJK font and stays small. Pure functions of the CSS text and the
 * sheet's text: reading the font files is the CLI's (cli/sheet-fonts.ts).
 */

/** One `@font-face` of a fontsource CSS file. */
export interface FontSubset {
  family: string;
  weight: number;
  /** The woff2 file, relative to the CSS file (`./files/noto-sans-jp-0-400-normal.woff2`). */
  file: string;
  /** Inclusive code point ranges. */
  ranges: [number, number][];
}

/** The `@font-face` rules of a fontsource CSS file (family, weight, woff2 file, unicode ranges). */
export function parseFontSubsets(css: string): FontSubset[] {
  const out: FontSubset[] = [];
  for (const block of css.match(/@font-face\s*\{[^}]*\}/g) ?? []) {
    const family = /font-family:\s*'([^']+)'/.exec(block)?.[1];
    const weight = Number(/font-weight:\s*(\d+)/.exec(block)?.[1]);
    const file = /url\(([^)]+\.woff2)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!family || !file || !range || !Number.isFinite(weight)) continue;
    const ranges = range.split(',').map((r): [number, number] => {
      const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(a!, 16), parseInt(b ?? a!, 16)];
    });
    out.push({ family, weight, file, ranges });
  }
  return out;
}

/** The subsets that hold at least one character of `text` (spaces and ASCII controls aside). */
export function subsetsFor(text: string, subsets: FontSubset[]): FontSubset[] {
  const points = new Set<number>();
  for (const c of text) {
    const cp = c.codePointAt(0)!;
    if (cp > 0x20) points.add(cp);
  }
  const sorted = [...points].sort((a, b) => a - b);
  return subsets.filter((s) => sorted.some((cp) => s.ranges.some(([a, b]) => cp >= a && cp <= b)));
}

/** The characters of `text` that no subset covers (they fall back to the machine's fonts). */
export function uncovered(text: string, subsets: FontSubset[]): string[] {
  const out = new Set<string>();
  for (const c of text) {
    const cp = c.codePointAt(0)!;
    if (cp > 0x20 && !subsets.some((s) => s.ranges.some(([a, b]) => cp >= a && cp <= b))) out.add(c);
  }
  return [...out];
}

/** An `@font-face` rule with the font inline (base64), limited to the subset's range. */
export function inlineFontFace(subset: FontSubset, woff2Base64: string): string {
  const range = subset.ranges.map(([a, b]) => (a === b ? `U+${a.toString(16)}` : `U+${a.toString(16)}-${b.toString(16)}`)).join(',');
  return `@font-face{font-family:'${subset.family}';font-style:normal;font-display:block;font-weight:${subset.weight};src:url(data:font/woff2;base64,${woff2Base64}) format('woff2');unicode-range:${range}}`;
}
