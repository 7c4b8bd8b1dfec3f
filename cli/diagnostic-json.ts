/**
 * A diagnostic as `grimoire check --json` prints it (docs/diagnostics.md): flat, 1-based lines and
 * columns, the end inclusive — the shape other tools (editors, CI annotations) read.
 */
import { diagnosticWords, type Diagnostic } from '../compiler/diagnostics.ts';

export interface DiagnosticJSON {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  severity: Diagnostic['severity'];
  code: string;
  message: string;
  notes: string[];
}

export function diagnosticJSON(d: Diagnostic): DiagnosticJSON {
  const { file, line, col, endLine, endCol } = d.loc;
  // severity and code are keys for tools, in every language; message and notes are the reader's (--lang).
  const { message, notes } = diagnosticWords(d);
  return { file, line, col, endLine, endCol, severity: d.severity, code: d.code, message, notes };
}
