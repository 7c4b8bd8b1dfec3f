/**
 * The script of the self-contained HTML report (report-html.ts inlines it, bundled with Plot and
 * d3 into one IIFE): reads the report's JSON from the page and draws it. Built by esbuild for the
 * CLI (cli/bundle.js, cli/balance-html.ts) and by the playground's Vite config for its "Download
 * report" button — the same source either way.
 */
import { balanceView } from './report-view.ts';
import type { BalanceComparison, BalanceReport, TuneResult } from './report.ts';
import { setLanguage } from '../i18n/format.ts';
import { languageOf } from '../i18n/language.ts';

function show(): void {
  const data = document.getElementById('balance-data');
  const mount = document.getElementById('balance-mount');
  if (!data || !mount) return;
  const result = JSON.parse(data.textContent ?? 'null') as BalanceReport | BalanceComparison | TuneResult;
  // The language the file was written in (report-html.ts puts it on <html lang>).
  setLanguage(languageOf(document.documentElement.lang) ?? 'en');
  const view = balanceView(result, { document, width: 880 });
  mount.replaceChildren(view);
  document.body.dataset.rendered = 'true';
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
else show();
