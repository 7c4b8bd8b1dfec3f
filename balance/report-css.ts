/**
 * The report's styles, every rule under `.balance-report` so that the playground can take them
 * as they are without touching its own page: inlined in the HTML file (report-html.ts) and added
 * by the Simulate panel. Print: charts are not split across pages, and the tables keep their
 * header on every page.
 */
export const reportCss = `
.balance-report { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans JP", "Noto Sans CJK JP", "Yu Gothic", sans-serif; color: #1d2329; max-width: 920px; margin: 0 auto; padding: 24px 20px 48px; }
.balance-report h1 { font-size: 24px; margin: 0 0 2px; font-weight: 650; }
.balance-report h2 { font-size: 18px; margin: 36px 0 8px; border-bottom: 1px solid #d5dadf; padding-bottom: 4px; }
.balance-report h3 { font-size: 15px; margin: 0 0 6px; }
.balance-report .balance-subtitle { margin: 0 0 12px; color: #55606b; }
.balance-report .balance-settings { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0; padding: 10px 14px; background: #f5f7f9; border: 1px solid #e2e6ea; border-radius: 4px; font-size: 13px; }
.balance-report .balance-settings dt { color: #55606b; }
.balance-report .balance-settings dd { margin: 0; word-break: break-word; }
.balance-report .balance-params summary { cursor: pointer; color: #55606b; }
.balance-report .balance-random { margin: 12px 0 0; padding: 8px 12px; border-left: 4px solid #d99a00; background: #fff7e0; font-size: 13px; }
.balance-report .balance-figure { margin: 28px 0 0; break-inside: avoid; page-break-inside: avoid; }
.balance-report .balance-figure-body { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: flex-start; }
.balance-report .balance-figure-body > * { max-width: 100%; }
.balance-report .balance-figure-body figure { margin: 0; }
.balance-report .balance-panel { width: 100%; }
.balance-report h4 { font-size: 13px; font-weight: 600; margin: 8px 0 2px; color: #333; }
.balance-report figcaption { font-size: 12.5px; color: #55606b; margin-top: 4px; }
.balance-report .balance-verdicts ul { padding-left: 18px; margin: 6px 0; }
.balance-report .balance-verdicts li { margin: 3px 0; }
.balance-report .verdict-badge { display: inline-block; font-size: 11px; font-weight: 650; padding: 0 6px; border-radius: 8px; background: #e6e9ec; color: #333; white-space: nowrap; }
.balance-report .verdict-stronger .verdict-badge { background: #fbe3e4; color: #b3161c; }
.balance-report .verdict-weaker .verdict-badge, .balance-report .verdict-weakest .verdict-badge, .balance-report .verdict-dud .verdict-badge { background: #e0ebf7; color: #1f5fa8; }
.balance-report .balance-none { font-style: italic; color: #55606b; }
.balance-report .balance-table { border-collapse: collapse; width: 100%; margin: 18px 0 0; font-size: 11.5px; font-variant-numeric: tabular-nums; }
.balance-report .balance-table caption { text-align: left; font-weight: 600; font-size: 13px; padding: 0 0 4px; }
.balance-report .balance-table th, .balance-report .balance-table td { padding: 2px 5px; border-bottom: 1px solid #e6e9ec; text-align: left; vertical-align: top; }
.balance-report .balance-table th { border-bottom: 1.5px solid #9aa4ad; font-weight: 600; white-space: nowrap; }
.balance-report .balance-table .num { text-align: right; white-space: nowrap; }
.balance-report .balance-table td.significant { color: #b3161c; font-weight: 600; }
.balance-report .balance-table td .sub { display: block; font-size: 10.5px; color: #6b7680; font-weight: 400; }
.balance-report .balance-table tbody tr:nth-child(even) { background: #fafbfc; }
.balance-report footer { margin-top: 28px; font-size: 12px; color: #6b7680; }
@media print {
  .balance-report { max-width: none; padding: 0; font-size: 11pt; }
  .balance-report .balance-table thead { display: table-header-group; }
  .balance-report .balance-table tr { break-inside: avoid; }
  .balance-report .balance-tables { break-before: page; }
}
`;
