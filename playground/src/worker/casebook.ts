/**
 * The casebook of a game — every ruling (scenario) run one after another — reduced to one row
 * per ruling: its outcome (PASS, FAIL, an error, or stopped at the step limit), its name and, for
 * a failure, the first failing expectation in words. Then compared with the outcomes under the
 * game's original files ("what changed with your edits") and summed up as `grimoire scenario`
 * does ("N passed, M failed"). Pure and plain data, with no runtime import: the page and the
 * worker both use it; casebook-run.ts runs the rulings.
 */
import { t } from '../../../i18n/format.ts';

/** pass / fail as `grimoire scenario` says; `error` and `limit` (stopped at the step limit) could not run to the end. */
export type Outcome = 'pass' | 'fail' | 'error' | 'limit';

export interface CasebookRow {
  /** The scenario's path in the workspace, e.g. rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml. */
  path: string;
  /** The ruling's `name:` (its file name when it has none or could not be read). */
  name: string;
  outcome: Outcome;
  /**
   * Why it did not pass, in words: the first failing expectation (`label — why`), the
   * scenario's problem, the error, or `stopped after N steps`. Null for a pass.
   */
  detail: string | null;
}

/** A row with its outcome under the game's original files, when that is known. */
export interface ComparedRow extends CasebookRow {
  /** The outcome with the original files; null when unknown (no such ruling, or not computed). */
  was: Outcome | null;
  /** The outcome differs from the original one. */
  changed: boolean;
}

export interface CasebookSummary {
  total: number;
  passed: number;
  /** Every ruling that did not pass (failed, errors and stopped), as `grimoire scenario` counts them. */
  failed: number;
  errors: number;
  stopped: number;
  /** Rulings whose outcome differs from the original's; null when the original outcome is unknown. */
  changed: number | null;
  /** "87 passed, 3 failed (1 error) — 3 rulings changed outcome with your edits". */
  text: string;
}

/** The outcome as shown in a row: PASS, FAIL, error, stopped. */
export function outcomeLabel(o: Outcome): string {
  return o === 'pass' ? t('scenario.pass') : o === 'fail' ? t('scenario.fail') : o === 'error' ? t('pg.casebook.error') : t('pg.casebook.stopped');
}

/** "was PASS, now FAIL" for a changed row, else ''. */
export function changeText(r: ComparedRow): string {
  return r.changed && r.was ? t('pg.casebook.change', { was: outcomeLabel(r.was), now: outcomeLabel(r.outcome) }) : '';
}

/** Pairs each row with the same ruling's row under the original files (by path). */
export function compareCasebooks(now: CasebookRow[], original: CasebookRow[] | null): ComparedRow[] {
  const before = new Map((original ?? []).map((r) => [r.path, r.outcome]));
  return now.map((r) => {
    const was = before.get(r.path) ?? null;
    return { ...r, was, changed: was !== null && was !== r.outcome };
  });
}


/** "N passed, M failed", then how many rulings changed outcome (when the original is known). */
export function summarise(rows: ComparedRow[], originalKnown: boolean): CasebookSummary {
  const passed = rows.filter((r) => r.outcome === 'pass').length;
  const errors = rows.filter((r) => r.outcome === 'error').length;
  const stopped = rows.filter((r) => r.outcome === 'limit').length;
  const failed = rows.length - passed;
  const changed = originalKnown ? rows.filter((r) => r.changed).length : null;
  const notRun = [errors ? t('pg.casebook.errors', { n: errors }) : '', stopped ? t('pg.casebook.limit', { n: stopped }) : ''].filter(Boolean);
  let text = t('pg.casebook.summary', { passed, failed, notRun: notRun.length ? t('pg.variant.paren', { what: notRun }) : '' });
  if (changed !== null) text += t('pg.casebook.changed', { n: changed });
  return { total: rows.length, passed, failed, errors, stopped, changed, text };
}

/** Changed rows first (what the edit did), then the others; each group in the casebook's order. */
export function changedFirst(rows: ComparedRow[]): ComparedRow[] {
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}
