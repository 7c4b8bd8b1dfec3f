/**
 * The catalogs the balance report's page script carries (balance/report-page.ts, bundled into
 * every HTML report by cli/report-page-build.js): the report's own words only — `bal.*`, `tune.*`,
 * `balh.*` — in place of i18n/catalogs.ts, whose diagnostics and playground messages the page
 * never shows (a third of a megabyte in every file). The bundler swaps it in for format.ts's
 * import of catalogs.ts; a key the page asked for and this lacks would show as the key, which
 * test/e2e/balance-report.test.ts looks for.
 */
import { balance as enBalance } from './en/balance.ts';
import { balance as jaBalance } from './ja/balance.ts';
import { balanceHtml as enBalanceHtml } from './en/balance-html.ts';
import { balanceHtml as jaBalanceHtml } from './ja/balance-html.ts';
import type { Catalog, MessageKey } from './catalogs.ts';
import type { Language } from './language.ts';

export type { Catalog, MessageKey };

export const catalogs = { en: { ...enBalance, ...enBalanceHtml }, ja: { ...jaBalance, ...jaBalanceHtml } } as unknown as Record<Language, Catalog>;
