/**
 * `grimoire balance --html FILE`: the self-contained report (balance/report-html.ts) with the
 * charts' script — balance/report-page.ts bundled with Plot and d3 into one minified IIFE.
 *
 * Where the script comes from: cli/bundle.js builds it beside the CLI's bundle (report-page.mjs,
 * rebuilt with the rest when a source changes), so a normal run reads a file. When this module
 * runs from the sources (tests, the tsx fallback), it bundles report-page.ts with esbuild once per
 * process, with the same options as cli/bundle.js's `reportPage`.
 */
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reportHtml } from '../balance/report-html.ts';
import type { BalanceComparison, BalanceReport } from '../balance/report.ts';

let script: Promise<string> | undefined;

async function bundleFromSources(): Promise<string> {
  const entry = fileURLToPath(new URL('../balance/report-page.ts', import.meta.url));
  const out = await build({ entryPoints: [entry], bundle: true, minify: true, format: 'iife', platform: 'browser', target: 'es2020', legalComments: 'none', charset: 'utf8', write: false, logLevel: 'warning' });
  return out.outputFiles[0]!.text;
}

/** The bundled page script: the CLI bundle's prebuilt file, or built from the sources once. */
export function reportPageScript(): Promise<string> {
  script ??= (async () => {
    const prebuilt = new URL('./report-page.mjs', import.meta.url);
    if (existsSync(prebuilt)) return readFileSync(prebuilt, 'utf8');
    return bundleFromSources();
  })();
  return script;
}

export async function balanceHtml(result: BalanceReport | BalanceComparison): Promise<string> {
  return reportHtml(result, await reportPageScript());
}
