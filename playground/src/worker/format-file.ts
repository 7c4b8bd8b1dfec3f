/**
 * Format Document in the playground: one file of the workspace through grammar/format.ts (the
 * function `grimoire fmt` runs), in the compile worker, where the parser already is.
 */
import { formatGrim } from '../../../grammar/format.ts';
import type { ServiceResults, WorkspaceFile } from './protocol.ts';
import { t } from '../../../i18n/format.ts';

/** The file in the canonical layout, or why not (its first syntax error, as file:line:col). */
export function formatFile(files: WorkspaceFile[], path: string): ServiceResults['format'] {
  const file = files.find((f) => f.path === path);
  if (!file) return { refused: t('pg.format.not-a-file', { path }) };
  const r = formatGrim(file.text, file.path);
  if (r.ok) return { text: r.text };
  const d = r.diagnostics[0]!;
  return { refused: `${file.path}:${d.loc.line}:${d.loc.col}: ${d.message}` };
}
