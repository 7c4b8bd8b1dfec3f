/**
 * What the editor checks as you type, and how much of the answer it shows. A game of a few
 * hundred kilobytes is checked in milliseconds; a pasted 5 MB file would keep the worker busy for
 * seconds on every pause in typing, and 5,000 markers and problem rows would slow the page. So
 * past a size the worker gives up with a message (the command line checks files up to 8 MB), and
 * the page gets the first diagnostics only, with the count of the rest.
 */
import type { Diagnostic } from '../../../compiler/diagnostics.ts';
import type { WorkspaceFile } from './protocol.ts';
import { t } from '../../../i18n/format.ts';

/** Characters of .grim text checked as you type (the largest game is about 400,000). */
export const EDITOR_MAX_CHARS = 2_000_000;
/** Diagnostics sent to the page per check: markers and rows of the problems panel. */
export const EDITOR_MAX_DIAGNOSTICS = 500;

/** Why these files are not checked as you type, or undefined when they are within the budget. */
export function tooBigToCheck(files: WorkspaceFile[]): string | undefined {
  let chars = 0;
  let biggest = files[0];
  for (const f of files) {
    chars += f.text.length;
    if (f.text.length > (biggest?.text.length ?? 0)) biggest = f;
  }
  if (chars <= EDITOR_MAX_CHARS) return undefined;
  const millions = (n: number) => (n / 1e6).toFixed(1);
  return t('pg.budget.too-big', { chars: millions(chars), path: biggest!.path, biggest: millions(biggest!.text.length), max: millions(EDITOR_MAX_CHARS) });
}

/** The diagnostics the page shows (the first EDITOR_MAX_DIAGNOSTICS) and the count of the others by severity. */
export function shownDiagnostics(all: Diagnostic[]): { diagnostics: Diagnostic[]; omitted?: { errors: number; warnings: number } } {
  if (all.length <= EDITOR_MAX_DIAGNOSTICS) return { diagnostics: all };
  const rest = all.slice(EDITOR_MAX_DIAGNOSTICS);
  const errors = rest.filter((d) => d.severity === 'error').length;
  return { diagnostics: all.slice(0, EDITOR_MAX_DIAGNOSTICS), omitted: { errors, warnings: rest.length - errors } };
}
