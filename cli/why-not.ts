/**
 * `grimoire why-not <scenario.yaml> [--step N] --player P [--action NAME] [--json]`: at the first
 * decision after the scenario's script (or after its step N), every action of the game for player
 * P — available, or each precondition that fails with its citation and source line
 * (scenario/why-not.ts, runtime/why-not.ts). docs/judges.md.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileGame } from '../compiler/compile.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { checkScenarioInRepo } from '../scenario/files.ts';
import { WhyNotNameError, whyNotScenario, type WhyNotReport } from '../scenario/why-not.ts';
import { diagnosticJSON } from './diagnostic-json.ts';
import { projectRoot } from './games.ts';
import { wholeNumberOption } from './options.ts';
import { renderDiagnostic } from './render.ts';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';

export interface WhyNotValues {
  step?: string;
  player?: string;
  action?: string;
  card?: string[];
  game?: string;
  json?: boolean;
}

export function cmdWhyNot(positionals: string[], values: WhyNotValues, color: boolean): number {
  if (positionals.length !== 1) throw new UsageError(t('cli.why-not.needs-a-file'));
  const path = positionals[0]!;
  if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(t('cli.why-not.no-file', { path }), false);
  if (values.player === undefined) throw new UsageError(t('cli.why-not.needs-player'));
  if (values.game !== undefined && !listGames(projectRoot).includes(values.game)) throw new UsageError(t('cli.why-not.unknown-game', { game: values.game, games: listGames(projectRoot) }), false);
  const step = values.step === undefined ? undefined : wholeNumberOption('--step', values.step, 0, 0, 1_000_000);
  const file = relative(projectRoot, path) || path;
  const text = readFileSync(path, 'utf8');
  const diags = checkScenarioInRepo(projectRoot, file, text, { game: values.game });
  if (diags.length) {
    if (values.json) console.log(JSON.stringify({ file, diagnostics: diags.map(diagnosticJSON) }));
    else for (const d of diags) console.log(renderDiagnostic(d, text, color) + '\n');
    return 1;
  }
  const irs = new Map<string, GameIR | string>();
  const rules = (game: string): GameIR | string => {
    const name = values.game ?? game;
    let ir = irs.get(name);
    if (ir === undefined) {
      const sources = gameSources(projectRoot, name);
      const r = sources ? compileGame({ sources, loadBase: (n) => gameSources(projectRoot, n) }) : null;
      ir = r?.ir ?? t('cli.why-not.no-compile', { game: name });
      irs.set(name, ir);
    }
    return ir;
  };
  const source = (p: string): string | undefined => {
    try {
      return readFileSync(join(projectRoot, p), 'utf8');
    } catch {
      return undefined;
    }
  };
  let report: WhyNotReport;
  try {
    report = whyNotScenario(file, text, { rules, step, player: values.player, action: values.action, cards: values.card, source });
  } catch (e) {
    if (e instanceof WhyNotNameError) throw new UsageError(e.message, false);
    throw e;
  }
  const o = report.outcome;
  if (o.error && o.error.kind !== 'runtime' && report.actions.length === 0) {
    console.error(`grimoire: ${file}: ${o.error.message}`);
    return 1;
  }
  if (values.json) {
    const { outcome, ...rest } = report;
    console.log(JSON.stringify({ ...rest, error: outcome.error }));
    return 0;
  }
  printReport(report, color, report.choice !== null && values.action === undefined);
  return 0;
}

function printReport(r: WhyNotReport, color: boolean, choiceOnly: boolean): void {
  const dim = (s: string) => (color ? `\x1b[2m${s}\x1b[0m` : s);
  const green = (s: string) => (color ? `\x1b[32m${s}\x1b[0m` : s);
  const red = (s: string) => (color ? `\x1b[31m${s}\x1b[0m` : s);
  const d = r.decision;
  const when = d ? t('cli.why-not.at-decision', { step: r.afterStep, prompt: d.prompt, options: d.options.join(' | ') }) : t('cli.why-not.at-end', { step: r.afterStep });
  console.log(t('cli.why-not.head', { file: r.file, player: r.player, when }));
  if (r.outcome.error) console.log(t('cli.why-not.the-run', { message: r.outcome.error.message }));
  if (r.choice) printChoice(r.choice, color);
  if (choiceOnly) return;
  if (d && d.player !== r.player) console.log(dim(t('cli.why-not.other-player', { asked: d.player, player: r.player })));
  let available = 0;
  // Card abilities with no card of the player's where they work: one line for them all (--action or --json shows each).
  const cardless = r.actions.length > 1 ? r.actions.filter((a) => !a.available && a.reasons.length === 1 && a.reasons[0]!.kind === 'source') : [];
  for (const a of r.actions) {
    if (cardless.includes(a)) continue;
    const name = `${a.action}${a.title !== a.action ? ` "${a.title}"` : ''}${a.card ? ` — ${a.card}` : ''}`;
    if (a.available) {
      available++;
      console.log(`${green(t('cli.why-not.available'))}  ${name}`);
      continue;
    }
    console.log(`${red(t('cli.why-not.refused'))}    ${name}`);
    for (const why of a.reasons) {
      const at = why.at ? `${why.at.file}:${why.at.line}` : '';
      console.log(`    ${why.kind}: ${why.text}${at ? dim(`  [${at}]`) : ''}`);
      for (const c of why.cites) console.log(dim(`      ${c.name}: ${c.cite}`));
    }
    if (a.cite) console.log(dim(`      — ${a.cite}`));
  }
  if (cardless.length) console.log(`${red(t('cli.why-not.refused'))}    ${t('cli.why-not.cardless', { n: cardless.length, player: r.player, actions: cardless.map((a) => a.action) })}`);
  console.log(t('cli.why-not.summary', { available, refused: r.actions.length - available }));
}

/** A choice inside a rule: the choice, its closed options, and each card asked about. */
function printChoice(c: NonNullable<WhyNotReport['choice']>, color: boolean): void {
  const dim = (s: string) => (color ? `\x1b[2m${s}\x1b[0m` : s);
  const green = (s: string) => (color ? `\x1b[32m${s}\x1b[0m` : s);
  const red = (s: string) => (color ? `\x1b[31m${s}\x1b[0m` : s);
  console.log(`${t('cli.why-not.the-choice', { statement: c.statement })}${c.at ? dim(`  [${c.at.file}:${c.at.line}]`) : ''}`);
  if (c.cite) console.log(dim(`  — ${c.cite}`));
  for (const o of c.closed) console.log(`${red(t('cli.why-not.closed'))}     ${t('cli.why-not.option', { label: o.label, reason: o.reason })}`);
  if (c.cards.length === 0 && c.closed.length === 0) console.log(t('cli.why-not.all-offered'));
  for (const v of c.cards) {
    if (v.offered) {
      console.log(`${green(t('cli.why-not.offered'))}    ${v.card}`);
      continue;
    }
    console.log(`${red(t('cli.why-not.not-offered'))} ${v.card}`);
    for (const why of v.reasons) console.log(`    ${why}`);
    for (const x of v.cites) console.log(dim(`      ${x.name}: ${x.cite}`));
  }
}
