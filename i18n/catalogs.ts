/**
 * Every catalog, by language. English is the reference: its keys are the keys, and every other
 * language must word each of them (the type says so; test/i18n.test.ts checks placeholders).
 */
import { diagnostics as enDiagnostics } from './en/diagnostics.ts';
import { diagnostics as jaDiagnostics } from './ja/diagnostics.ts';
import { cli as enCli } from './en/cli.ts';
import { cli as jaCli } from './ja/cli.ts';
import { scenario as enScenario } from './en/scenario.ts';
import { scenario as jaScenario } from './ja/scenario.ts';
import { scenarioChecks as enScenarioChecks } from './en/scenario-checks.ts';
import { scenarioChecks as jaScenarioChecks } from './ja/scenario-checks.ts';
import { cliMain as enCliMain } from './en/cli-main.ts';
import { cliMain as jaCliMain } from './ja/cli-main.ts';
import { usage as enUsage } from './en/usage.ts';
import { usage as jaUsage } from './ja/usage.ts';
import { cliOptions as enCliOptions } from './en/cli-options.ts';
import { cliOptions as jaCliOptions } from './ja/cli-options.ts';
import { playground as enPlayground } from './en/playground.ts';
import { playground as jaPlayground } from './ja/playground.ts';
import { cliReports as enCliReports } from './en/cli-reports.ts';
import { cliReports as jaCliReports } from './ja/cli-reports.ts';
import { log as enLog } from './en/log.ts';
import { log as jaLog } from './ja/log.ts';
import { balance as enBalance } from './en/balance.ts';
import { balance as jaBalance } from './ja/balance.ts';
import { balanceHtml as enBalanceHtml } from './en/balance-html.ts';
import { balanceHtml as jaBalanceHtml } from './ja/balance-html.ts';
import { coverage as enCoverage } from './en/coverage.ts';
import { coverage as jaCoverage } from './ja/coverage.ts';
import { fromDb as enFromDb } from './en/from-db.ts';
import { fromDb as jaFromDb } from './ja/from-db.ts';
import { cliMatchQueue as enCliMatchQueue } from './en/cli-match-queue.ts';
import { cliMatchQueue as jaCliMatchQueue } from './ja/cli-match-queue.ts';
import { services as enServices } from './en/services.ts';
import { services as jaServices } from './ja/services.ts';
import type { Language } from './language.ts';

const en = { ...enDiagnostics, ...enCli, ...enCliMain, ...enUsage, ...enCliOptions, ...enScenario, ...enScenarioChecks, ...enPlayground, ...enCliReports, ...enLog, ...enBalance, ...enBalanceHtml, ...enCoverage, ...enFromDb, ...enCliMatchQueue, ...enServices };
export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

const ja: Catalog = { ...jaDiagnostics, ...jaCli, ...jaCliMain, ...jaUsage, ...jaCliOptions, ...jaScenario, ...jaScenarioChecks, ...jaPlayground, ...jaCliReports, ...jaLog, ...jaBalance, ...jaBalanceHtml, ...jaCoverage, ...jaFromDb, ...jaCliMatchQueue, ...jaServices };

export const catalogs: Record<Language, Catalog> = { en, ja };
