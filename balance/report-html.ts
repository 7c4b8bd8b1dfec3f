/**
 * The self-contained HTML report: one file, no network — the report's JSON in a data script, the
 * charts' script (report-page.ts bundled with Plot and d3) and the styles inline. The CLI
 * (cli/balance-html.ts) and the playground's Download button both write it; they differ only in
 * how they get the bundled script. No Node APIs here.
 */
import { reportCss } from './report-css.ts';
import type { BalanceComparison, BalanceReport, TuneResult } from './report.ts';

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
  if (result.kind === 'tune') return `What should ${result.card}'s ${result.attr} be? (${result.settings.game}, ${result.settings.games} games per value)`;
  return result.kind === 'report' ? `Balance of ${result.settings.game} (${result.games} games)` : `Balance of ${result.base.settings.game} compared with ${result.otherLabel} (${result.base.games} games each)`;
}

/** The whole HTML file. `script` is the bundled report-page.ts. */
export function reportHtml(result: BalanceReport | BalanceComparison | TuneResult, script: string): string {
  const title = escapeHtml(reportTitle(result));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${title}</title>
<style>
body { margin: 0; background: #fff; }
${reportCss}
</style>
</head>
<body>
<div id="balance-mount"><p class="balance-report">${title}: the charts need JavaScript. The numbers are in the JSON below (view the page source).</p></div>
<script type="application/json" id="balance-data">${scriptSafeJson(result)}</script>
<script>${scriptSafeCode(script)}</script>
</body>
</html>
`;
}
