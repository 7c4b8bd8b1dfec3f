/** Rendering diagnostics for a terminal: `file:line:col: error CODE message`, then a code frame. */
import { codeFrameColumns } from '@babel/code-frame';
import type { Diagnostic } from '../compiler/diagnostics.ts';

export function renderDiagnostic(d: Diagnostic, text: string | undefined, color: boolean): string {
  const head = `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity} ${d.code} ${d.message}`;
  const lines = [head];
  if (text !== undefined) {
    const sameLine = d.loc.endLine === d.loc.line;
    const frame = codeFrameColumns(
      text,
      { start: { line: d.loc.line, column: d.loc.col }, end: sameLine ? { line: d.loc.line, column: d.loc.endCol + 1 } : undefined },
      { highlightCode: color, linesAbove: 1, linesBelow: 1 },
    );
    lines.push(frame);
  }
  for (const n of d.notes ?? []) lines.push(`  note: ${n}`);
  return lines.join('\n');
}
