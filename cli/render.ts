/** Rendering diagnostics for a terminal: `file:line:col: error CODE message`, then a code frame. */
import { codeFrameColumns } from '@babel/code-frame';
import { diagnosticWords, type Diagnostic } from '../compiler/diagnostics.ts';
import { t } from '../i18n/format.ts';
import type { SourceText } from '../compiler/compile.ts';
import { escapeControls, excerptStart, showLine, SourceLines } from './excerpt.ts';

/** Diagnostics shown per file; the rest are counted in one line (`grimoire check --json` lists them all). */
export const SHOWN_PER_FILE = 200;

/**
 * The diagnostics of a compile as the terminal shows them, each followed by an empty line: at most
 * SHOWN_PER_FILE per file, then one line per file saying how many more there are.
 */
export function* renderDiagnostics(diags: Diagnostic[], sources: SourceText[], color: boolean): Generator<string> {
  const lines = new Map(sources.map((s) => [s.path, new SourceLines(s.text)]));
  const perFile = new Map<string, number>();
  for (const d of diags) {
    const n = (perFile.get(d.loc.file) ?? 0) + 1;
    perFile.set(d.loc.file, n);
    if (n <= SHOWN_PER_FILE) yield renderDiagnostic(d, lines.get(d.loc.file), color) + '\n';
  }
  for (const [file, n] of perFile) if (n > SHOWN_PER_FILE) yield t('cli.check.more-in-file', { count: n - SHOWN_PER_FILE, file: escapeControls(file) }) + '\n';
}

/**
 * `source` is the file's text, or better its SourceLines shared by all the file's diagnostics:
 * the frame is built from the few lines it shows, never from the whole file.
 */
export function renderDiagnostic(d: Diagnostic, source: SourceLines | string | undefined, color: boolean): string {
  // The code, the position and the frame are the same in every language; the words are the reader's.
  const { message, notes } = diagnosticWords(d);
  const head = escapeControls(`${d.loc.file}:${d.loc.line}:${d.loc.col}: ${t(d.severity === 'error' ? 'cli.severity.error' : 'cli.severity.warning')} ${d.code} ${message}`);
  const lines = [head];
  const src = typeof source === 'string' ? new SourceLines(source) : source;
  if (src !== undefined) lines.push(codeFrame(d, src, color));
  for (const n of notes) lines.push(t('cli.diagnostic.note', { note: escapeControls(n) }));
  return lines.join('\n');
}

/** code-frame's options; `startLine` (the number of the first line passed) is missing from its typings. */
type FrameOptions = NonNullable<Parameters<typeof codeFrameColumns>[2]> & { startLine: number };

function codeFrame(d: Diagnostic, src: SourceLines, color: boolean): string {
  const { line, col } = d.loc;
  const first = Math.max(1, line - 1);
  const last = Math.min(src.count, line + 1);
  const raw: string[] = [];
  for (let n = first; n <= last; n++) raw.push(src.line(n));
  const from = excerptStart(src.line(line), col);
  // The marked line is shown at least through the marked characters (a few dozen at most).
  const through = Math.min(d.loc.endLine === line ? d.loc.endCol : col, col + 40) - 1;
  const shown = raw.map((l, i) => showLine(l, from, first + i === line ? through : from));
  // The frame's lines are numbered from `first` (startLine): only they are handed to code-frame.
  const at = shown[line - first];
  if (!at) return '';
  const start = { line, column: at.column(col) };
  const end = d.loc.endLine === line ? { line, column: at.column(d.loc.endCol + 1) } : undefined;
  const options: FrameOptions = { highlightCode: color, linesAbove: 1, linesBelow: 1, startLine: first };
  return codeFrameColumns(shown.map((s) => s.text).join('\n'), { start, end }, options);
}
