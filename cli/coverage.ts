/**
 * `grimoire coverage <game> [--md FILE] [--json]`: for each rule id of the game's rulebook
 * (rules/<game>/rule-ids.yaml; a revision without its own list uses its base game's), whether the
 * casebook tests it, a definition only cites it, or nothing cites it — and then why, from the
 * README (scenario/coverage.ts). Exit 0; 1 when a citation names an id the list does not hold
 * (each at its file:line); 2 for a usage error.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gameSources, listGames } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { coverageJSON, coverageMarkdown, coverageText, parseRuleList, ruleCoverage, type CoverageReport, type CoverageRun } from '../scenario/coverage.ts';
import { runScenarioInRepo, scenarioFiles } from '../scenario/files.ts';
import { UsageError } from './usage-error.ts';
import { claimOutputFile } from './output-file.ts';
import { requireIR } from './games.ts';

/** The coverage report of a game of the repository at `root` (the CLI's and the tests' entry). */
export function gameCoverage(root: string, game: string, ir: GameIR): CoverageReport {
  const listFile = [game, ir.game.revisionOf].filter((g): g is string => !!g).map((g) => join(root, 'rules', g, 'rule-ids.yaml')).find((f) => existsSync(f));
  if (!listFile) throw new UsageError(`${game} has no rule-id list: write rules/${game}/rule-ids.yaml (id: title, one a line; docs/judges.md#rule-coverage)`, false);
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

export function cmdCoverage(positionals: string[], opts: { root: string; md?: string; json: boolean }): number {
  const game = positionals[0];
  if (!game || positionals.length > 1) throw new UsageError('coverage needs one game, e.g. grimoire coverage trump');
  if (!listGames(opts.root).includes(game)) throw new UsageError(`unknown game '${game}'; the games are: ${listGames(opts.root).join(', ')}`, false);
  claimOutputFile('--md', opts.md);
  const report = gameCoverage(opts.root, game, requireIR(game));
  if (opts.md !== undefined) writeFileSync(opts.md, coverageMarkdown(report));
  if (opts.json) console.log(JSON.stringify(coverageJSON(report), null, 2));
  else {
    console.log(coverageText(report));
    if (opts.md !== undefined) console.log(`\nwrote ${opts.md}`);
  }
  if (report.unknown.length) {
    console.error(`${game}: ${report.unknown.length} citation${report.unknown.length > 1 ? 's name' : ' names'} a rule id that is not in the rule-id list:`);
    for (const u of report.unknown) console.error(`  ${u.file}:${u.line}: ${u.id}`);
    return 1;
  }
  return 0;
}
