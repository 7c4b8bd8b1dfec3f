/**
 * Runs a game's casebook — every ruling, one after another — under compiled rules, each with the
 * step limit, through the same path as a single scenario run (simulate.ts, i.e. scenario/run.ts),
 * and reduces each run to its row (casebook.ts). A ruling that loops forever is stopped at the
 * step limit and the next one runs. No DOM, no worker globals: the tests run it in Node.
 */
import type { GameIR } from '../../../compiler/ir.ts';
import type { CasebookRow } from './casebook.ts';
import type { WorkspaceFile } from './protocol.ts';
import { simulate, type SimulationReport } from './simulate.ts';

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** One run reduced to its row: the outcome and, when it did not pass, why in words. */
export function casebookRow(path: string, r: SimulationReport): CasebookRow {
  // The runner names a scenario without `name:` (or unreadable) by its path.
  const name = r.scenario?.name && r.scenario.name !== path ? r.scenario.name : fileName(path);
  const p = r.problem;
  if (p?.kind === 'limit') {
    const stopped = /stopped after [\d,]+ (?:log )?(?:steps|triggers[^(:]*[^(: ])/.exec(p.message)?.[0] ?? 'stopped at the step limit';
    return { path, name, outcome: 'limit', detail: stopped };
  }
  if (p && p.kind !== 'scenario') return { path, name, outcome: 'error', detail: p.message };
  // A mistake of the script under these rules (a step the engine no longer asks, an unknown
  // card or zone) fails the ruling, as `grimoire scenario` says.
  if (p) return { path, name, outcome: 'fail', detail: p.message };
  const s = r.scenario;
  if (s?.passed) return { path, name, outcome: 'pass', detail: null };
  const x = s?.expectations.find((e) => !e.passed);
  const detail = x ? `${x.at === 'expect' ? '' : `${x.at}: `}${x.label} — ${x.failures[0] ?? 'does not hold'}` : s?.otherFailures[0] ?? 'the ruling did not pass';
  return { path, name, outcome: 'fail', detail };
}

/**
 * Runs every scenario under `ir` (the rules of `game`), in order; `progress` is called after
 * each one with the number done.
 */
export function runCasebook(ir: GameIR, game: string, scenarios: WorkspaceFile[], maxSteps: number, progress?: (done: number) => void): CasebookRow[] {
  const rows: CasebookRow[] = [];
  for (const s of scenarios) {
    rows.push(casebookRow(s.path, simulate({ what: 'scenario', ir, game, path: s.path, text: s.text, maxSteps })));
    progress?.(rows.length);
  }
  return rows;
}
