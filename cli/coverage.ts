/**
 * `grimoire coverage <game> [--md FILE] [--json]`: for each rule id of the game's rulebook
 * (rules/<game>/rule-ids.yaml; a revision without its own list uses its base game's), whether the
 * casebook tests it, a definition only cites it, or nothing cites it — and then why, from the
 * README (scenario/coverage.ts). Exit 0; 1 when a citation names an id the list does not hold
 * (each at its file:line), or with `--fail-under P` when fewer than P% of the cited ids are tested
 * or an id is unexplained; 2 for a usage error.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gameSources, listGames } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { coverageJSON, coverageMarkdown, coverageText, explanation, parseRuleList, ruleCoverage, type CoverageReport, type CoverageRun } from '../scenario/coverage.ts';
import { runScenarioInRepo, scenarioFiles } from '../scenario/files.ts';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';
import { claimOutputFile } from './output-file.ts';
import { requireIR } from './games.ts';

/** The coverage report of a game of the repository at `root` (the CLI's and the tests' entry). */
export function gameCoverage(root: string, game: string, ir: GameIR): CoverageReport {
  const listFile = [game, ir.game.revisionOf].filter((g): g is string => !!g).map((g) => join(root, 'rules', g, 'rule-ids.yaml')).find((f) => existsSync(f));
  if (!listFile) throw new UsageError(t('cli.coverage.no-list', { game }), false);
  let list;
  try {
    list = parseRuleList(readFileSync(listFile, 'utf8'));
  } catch (e) {
    throw new UsageError(`${relative(root, listFile)}: ${(e as Error).message}`, false);
  }
  const rulingsDir = join(root, 'rules', game, 'rulings');
  const runs: CoverageRun[] = existsSync(rulingsDir)
    ? scenarioFiles([rulingsDir]).map((f) => {
        const path = relative(root, f);
        return runScenarioInRepo(root, path, readFileSync(f, 'utf8'), { game });
      })
    : [];
  const readmeFile = join(root, 'rules', game, 'README.md');
  return ruleCoverage({
    game,
    ir,
    list,
    runs,
    sources: gameSources(root, game) ?? [],
    readme: existsSync(readmeFile) ? readFileSync(readmeFile, 'utf8') : undefined,
  });
}

/** `--fail-under P`: a percentage, 0 to 100. */
function parsePercent(text: string | undefined): number | null {
  if (text === undefined) return null;
  const p = Number(text.replace(/%$/, ''));
  if (text.trim() === '' || !Number.isFinite(p) || p < 0 || p > 100) throw new UsageError(t('cli.coverage.fail-under', { text }), false);
  return p;
}

/**
 * What `--fail-under P` refuses, in words (empty: it holds): fewer than P% of the ids the rules
 * cite are tested by a passing ruling, or an id nothing cites has no reason in the README.
 */
export function coverageShortfall(report: CoverageReport, percent: number): string[] {
  const { tested, cited, untestable, unexplained } = report.counts;
  // Cited ids the README says no ruling can run (code N) are explained, not missing.
  const runnable = tested + cited - untestable;
  const share = runnable === 0 ? 100 : (100 * tested) / runnable;
  const out: string[] = [];
  if (share < percent) {
    const untested = report.rules.filter((r) => r.status === 'cited' && !r.readme.some((n) => n.code === 'N')).map((r) => r.id);
    out.push(t('cli.coverage.short', { game: report.game, tested, runnable, share: share.toFixed(1), percent: String(percent), ids: untested.slice(0, 8).join(', '), more: Math.max(0, untested.length - 8) }));
  }
  if (unexplained > 0) {
    const ids = report.rules.filter((r) => r.status === 'uncited' && explanation(r).startsWith('?')).map((r) => r.id);
    out.push(t('cli.coverage.unexplained', { game: report.game, n: unexplained, ids: ids.join(', ') }));
  }
  return out;
}

export function cmdCoverage(positionals: string[], opts: { root: string; md?: string; json: boolean; failUnder?: string }): number {
  const game = positionals[0];
  if (!game || positionals.length > 1) throw new UsageError(t('cli.coverage.needs-a-game'));
  const failUnder = parsePercent(opts.failUnder);
  if (!listGames(opts.root).includes(game)) throw new UsageError(t('cli.why-not.unknown-game', { game, games: listGames(opts.root) }), false);
  claimOutputFile('--md', opts.md);
  const report = gameCoverage(opts.root, game, requireIR(game));
  if (opts.md !== undefined) writeFileSync(opts.md, coverageMarkdown(report));
  if (opts.json) console.log(JSON.stringify(coverageJSON(report), null, 2));
  else {
    console.log(coverageText(report));
    if (opts.md !== undefined) console.log(`\n${t('cli.coverage.wrote', { file: opts.md })}`);
  }
  if (report.unknown.length) {
    console.error(t('cli.coverage.unknown', { game, n: report.unknown.length }));
    for (const u of report.unknown) console.error(`  ${u.file}:${u.line}: ${u.id}`);
    return 1;
  }
  if (failUnder !== null) {
    const short = coverageShortfall(report, failUnder);
    for (const s of short) console.error(s);
    if (short.length) return 1;
  }
  return 0;
}
