/**
 * The web font of a print-and-play sheet: the Noto Sans JP subsets (@fontsource/noto-sans-jp,
 * regular and bold) whose unicode ranges hold a character the sheet shows, inlined as base64
 * `@font-face` rules — so the sheet and its PDF show Japanese on a machine without a CJK font, and
 * carry only the subsets they use (faces/web-font.ts chooses them; this file reads the files).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SheetText } from '../faces/sheet.ts';
import { inlineFontFace, parseFontSubsets, subsetsFor, type FontSubset } from '../faces/web-font.ts';

const PACKAGE = '@fontsource/noto-sans-jp';

/** The package's folder, or null when it is not installed (the sheet then uses the machine's fonts). */
function packageDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`));
  } catch {
    return null;
  }
}

let cached: { dir: string; regular: FontSubset[]; bold: FontSubset[] } | null | undefined;

function subsets(): { dir: string; regular: FontSubset[]; bold: FontSubset[] } | null {
  if (cached !== undefined) return cached;
  const dir = packageDir();
  cached = dir ? { dir, regular: parseFontSubsets(readFileSync(join(dir, '400.css'), 'utf8')), bold: parseFontSubsets(readFileSync(join(dir, '700.css'), 'utf8')) } : null;
  return cached;
}

/** What was embedded: for `grimoire cards` to report. */
export interface EmbeddedFonts {
  css: string;
  /** The subsets embedded, and their size in bytes (before base64). */
  files: number;
  bytes: number;
}

/** The `@font-face` rules for a sheet's text (empty when the font package is missing). */
export function sheetFontCss(text: SheetText, report?: (fonts: EmbeddedFonts) => void): string {
  const all = subsets();
  if (!all) {
    report?.({ css: '', files: 0, bytes: 0 });
    return '';
  }
  const rules: string[] = [];
  let bytes = 0;
  let files = 0;
  for (const [weight, chars] of [[all.regular, text.regular], [all.bold, text.bold]] as const) {
    for (const s of subsetsFor(chars, weight)) {
      const data = readFileSync(join(all.dir, s.file));
      bytes += data.length;
      files++;
      rules.push(inlineFontFace(s, data.toString('base64')));
    }
  }
  const css = rules.join('\n');
  report?.({ css, files, bytes });
  return css;
}
