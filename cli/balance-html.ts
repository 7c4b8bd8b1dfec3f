/**
 * `grimoire balance --html FILE`: the self-contained report (balance/report-html.ts) with the
 * charts' script — balance/report-page.ts bundled with Plot and d3 into one minified IIFE.
 *
 * Where the script comes from: cli/bundle.js builds it beside the CLI's bundle (report-page.mjs,
 * rebuilt with the rest when a source changes), so a normal run reads a file. When this module
 * runs from the sources (tests, the tsx fallback), it bundles report-page.ts once per process
 * (report-page-build.js: the same options).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reportHtml } from '../balance/report-html.ts';
import type { BalanceComparison, BalanceReport, TuneResult } from '../balance/report.ts';
import { buildReportPage } from './report-page-build.js';
import { catalogs } from '../i18n/catalogs.ts';
import { language } from '../i18n/format.ts';
import { sheetFontCss } from './sheet-fonts.ts';

let script: Promise<string> | undefined;

/** The bundled page script: the CLI bundle's prebuilt file, or built from the sources once. */
export function reportPageScript(): Promise<string> {
  script ??= (async () => {
    const prebuilt = new URL('./report-page.mjs', import.meta.url);
    if (existsSync(prebuilt)) return readFileSync(prebuilt, 'utf8');
    return buildReportPage(fileURLToPath(new URL('../balance/report-page.ts', import.meta.url)));
  })();
  return script;
}

/**
 * The page in the process's language. A Japanese page carries the Noto Sans JP subsets of the
 * characters it can show — its catalog's words and the report's own names — so it reads the same
 * on a machine without a Japanese font (an English page uses the machine's fonts, as it always did).
 */
export async function balanceHtml(result: BalanceReport | BalanceComparison | TuneResult): Promise<string> {
  const lang = language();
  let fontCss = '';
  if (lang === 'ja') {
    const words = Object.entries(catalogs.ja).filter(([k]) => k.startsWith('bal')).map(([, v]) => v).join('');
    const text = [...new Set(`${words}${JSON.stringify(result)}`)].filter((c) => c.codePointAt(0)! > 0x7f).join('');
    fontCss = sheetFontCss({ regular: text, bold: '' });
  }
  return reportHtml(result, await reportPageScript(), fontCss);
}
