/** Placeholder: the HTML report with charts (being written). */
import type { BalanceComparison, BalanceReport } from '../balance/report.ts';

export async function balanceHtml(report: BalanceReport | BalanceComparison): Promise<string> {
  return `<!doctype html><meta charset="utf-8"><pre>${JSON.stringify(report, null, 1).replace(/</g, '&lt;')}</pre>`;
}
