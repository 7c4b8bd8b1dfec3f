/**
 * Runs a game's casebook — every ruling, one after another — under compiled rules, each with the
 * step limit, through the same path as a single scenario run (simulate.ts, i.e. scenario/run.ts),
 * and reduces each run to its row (casebook.ts). A ruling that loops forever is stopped at the
 * step limit and the next one runs. No DOM, no worker globals: the tests run it in Node. It also
 * gathers the source lines the passing rulings ran (the editor's gutter marks them after Run all).
 */
import type { GameIR } from '../../../compiler/ir.ts';
import type { CasebookRow } from './casebook.ts';
import type { WorkspaceFile } from './protocol.ts';
import { simulate, type SimulationReport } from './simulate.ts';
import type { ExecutedLines } from './run-protocol.ts';
import { t } from '../../../i18n/format.ts';

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** One run reduced to its row: the outcome and, when it did not pass, why in words. */
export function casebookRow(path: string, r: SimulationReport): CasebookRow {
  // The runner names a scenario without `name:` (or unreadable) by its path.
  const name = r.scenario?.name && r.scenario.name !== path ? r.scenario.name : fileName(path);
  const p = r.problem;
  if (p?.kind === 'limit') {
    const stopped = /stopped after [\d,]+ (?:log )?(?:steps|triggers[^(:]*[^(: ])/.exec(p.message)?.[0] ?? t('pg.casebook.at-limit');
    return { path, name, outcome: 'limit', detail: stopped };
  }
  if (p && p.kind !== 'scenario') return { path, name, outcome: 'error', detail: p.message };
  // A mistake of the script under these rules (a step the engine no longer asks, an unknown
  // card or zone) fails the ruling, as `grimoire scenario` says.
  if (p) return { path, name, outcome: 'fail', detail: p.message };
  const s = r.scenario;
  if (s?.passed) return { path, name, outcome: 'pass', detail: null };
  const x = s?.expectations.find((e) => !e.passed);
  const detail = x ? `${x.at === 'expect' ? '' : `${x.at}: `}${x.label} — ${x.failures[0] ?? t('pg.casebook.does-not-hold')}` : s?.otherFailures[0] ?? t('pg.casebook.did-not-pass');
  return { path, name, outcome: 'fail', detail };
}


/**
 * Adds the lines a ruling's run went through (its log steps' places) to `into`, when it passed:
 * a failing ruling tests nothing (as `grimoire coverage` counts). A very long log is kept as its
 * head and tail (trace.ts), so a runaway run may miss lines between — such a run does not pass.
 */
export function addExecuted(into: ExecutedLines, row: CasebookRow, r: SimulationReport): void {
  if (row.outcome !== 'pass') return;
  const seen = new Set<string>();
  for (const step of r.log) {
    if (!step.file || !step.line) continue;
    const key = `${step.file}:${step.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const lines = (into[step.file] ??= {});
    lines[step.line] = (lines[step.line] ?? 0) + 1;
  }
}

/** The editor gutter's marks (Monaco decorations) for one file's executed lines, in line order. */
export function executedDecorations(lines: Record<number, number>): { range: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number }; options: { linesDecorationsClassName: string; linesDecorationsTooltip: string } }[] {
  return Object.entries(lines)
    .map(([line, n]) => [Number(line), n] as const)
    .filter(([line, n]) => Number.isInteger(line) && line > 0 && n > 0)
    .sort((a, b) => a[0] - b[0])
    .map(([line, n]) => ({
      range: { startLineNumber: line, startColumn: 1, endLineNumber: line, endColumn: 1 },
      options: { linesDecorationsClassName: 'casebook-ran', linesDecorationsTooltip: t('pg.casebook.ran-line', { n }) },
    }));
}

/**
 * Runs every scenario under `ir` (the rules of `game`), in order; `progress` is called after
 * each one with the number done; `executed`, when given, gathers the lines the passing ones ran.
 */
export function runCasebook(ir: GameIR, game: string, scenarios: WorkspaceFile[], maxSteps: number, progress?: (done: number) => void, executed?: ExecutedLines): CasebookRow[] {
  const rows: CasebookRow[] = [];
  for (const s of scenarios) {
    const report = simulate({ what: 'scenario', ir, game, path: s.path, text: s.text, maxSteps });
    const row = casebookRow(s.path, report);
    if (executed) addExecuted(executed, row, report);
    rows.push(row);
    progress?.(rows.length);
  }
  return rows;
}
