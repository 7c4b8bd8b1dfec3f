/**
 * Hover: the playground's Markdown (services/markdown.ts) for the name under the cursor — kind,
 * signature, title, the rule it cites, its note, where it is defined; a local name's binding; a
 * built-in's documentation. The game's text in it is escaped (no link or HTML of a rule file
 * takes effect).
 */
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { symbolAt } from '../services/cursor.ts';
import { bindingMarkdown, builtInMarkdown, symbolsMarkdown } from '../services/markdown.ts';
import type { NameTable } from '../services/names.ts';

export function hover(doc: TextDocument, position: Position, names: NameTable, file: string): Hover | null {
  const at = symbolAt(doc.getText(), doc.offsetAt(position), names);
  if (!at) return null;
  const value = at.binding ? bindingMarkdown(at.binding, file) : at.defs.length ? symbolsMarkdown(at.defs) : at.builtIn ? builtInMarkdown(at.builtIn) : null;
  if (value === null) return null;
  return { contents: { kind: MarkupKind.Markdown, value }, range: { start: doc.positionAt(at.start), end: doc.positionAt(at.end) } };
}
