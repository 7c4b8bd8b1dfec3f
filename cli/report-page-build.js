// How the HTML report's script is bundled: balance/report-page.ts with Observable Plot and d3
// into one minified IIFE for a browser, to inline in the report (balance/report-html.ts). One
// place for the three builds of it: the CLI's bundle (bundle.js, beside main.mjs), the CLI run
// from its sources (balance-html.ts) and the playground's "Download report" (its vite.config.ts,
// a virtual module). Plain JavaScript: bundle.js and Vite's config load it without TypeScript.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * The page carries the report's own messages only: i18n/format.ts's import of every catalog
 * (i18n/catalogs.ts) resolves to i18n/report-catalogs.ts here.
 */
const reportCatalogs = {
  name: 'grimoire-report-catalogs',
  setup(b) {
    const only = fileURLToPath(new URL('../i18n/report-catalogs.ts', import.meta.url));
    b.onResolve({ filter: /^\.\/catalogs\.ts$/ }, (args) => (/[\\/]i18n[\\/]format\.ts$/.test(args.importer) ? { path: only } : undefined));
  },
};

/** esbuild's options for the page script (no entry, no output: the callers add theirs). */
export const reportPageOptions = { bundle: true, minify: true, format: 'iife', platform: 'browser', target: 'es2020', legalComments: 'none', charset: 'utf8', logLevel: 'warning', plugins: [reportCatalogs] };

/** The page script's source, beside this file in a checkout (not in a bundle: pass `entry` there). */
export const reportPageEntry = () => fileURLToPath(new URL('../balance/report-page.ts', import.meta.url));

/** The page script as text, bundled now. */
export async function buildReportPage(entry = reportPageEntry()) {
  const out = await build({ ...reportPageOptions, entryPoints: [entry], write: false });
  return out.outputFiles[0].text;
}
