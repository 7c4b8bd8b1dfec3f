/**
 * The self-contained HTML report: one file, no network — the report's JSON in a data script, the
 * charts' script (report-page.ts bundled with Plot and d3) and the styles inline. The CLI
 * (cli/balance-html.ts) and the playground's Download button both write it; they differ only in
 * how they get the bundled script. No Node APIs here.
 */
import { reportCss } from './report-css.ts';
import type { BalanceComparison, BalanceReport, TuneResult } from './report.ts';
import { language, t } from '../i18n/format.ts';

/** JSON that can sit inside a <script> element: no `<` at all, so no `</script>` or `<!--`. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Script text that can sit inside a <script> element (`<\/script` means the same to JavaScript, in strings and regular expressions alike). */
export function scriptSafeCode(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1');
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function reportTitle(result: BalanceReport | BalanceComparison | TuneResult): string {
  if (result.kind === 'tune') return t('balh.title.tune', { card: result.card, attr: result.attr, game: result.settings.game, games: result.settings.games });
  return result.kind === 'report' ? t('balh.title.report', { game: result.settings.game, games: result.games }) : t('balh.title.comparison', { game: result.base.settings.game, other: result.otherLabel, games: result.base.games });
}

/**
 * The whole HTML file, in the process's language (i18n/format.ts): the page's `lang` tells its
 * script which catalog to draw the report in. `script` is the bundled report-page.ts; `fontCss`
 * the `@font-face` rules of the fonts it carries (the CLI embeds the Noto Sans JP subsets a
 * Japanese page needs, cli/balance-html.ts), or none.
 */
export function reportHtml(result: BalanceReport | BalanceComparison | TuneResult, script: string, fontCss = ''): string {
  const title = escapeHtml(reportTitle(result));
  return `<!doctype html>
<html lang="${language()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; font-src data:">
<title>${title}</title>
<style>
body { margin: 0; background: #fff; }
${fontCss}${fontCss ? '\n' : ''}${reportCss}
</style>
</head>
<body>
<div id="balance-mount"><p class="balance-report">${escapeHtml(t('balh.no-script', { title: reportTitle(result) }))}</p></div>
<script type="application/json" id="balance-data">${scriptSafeJson(result)}</script>
<script>${scriptSafeCode(script)}</script>
</body>
</html>
`;
}
