/**
 * Completion: the playground's own entries (services/completion.ts, by the context
 * services/cursor.ts reads before the cursor) as LSP items. Each item's documentation (title,
 * citation, note, place) is written when the editor resolves the item, as in the playground: a
 * pool has thousands of names.
 */
import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { completionEntries, completionKindNames, entryKindWord, type CompletionEntry, type EntryKind } from '../services/completion.ts';
import { cursorContext } from '../services/cursor.ts';
import type { NameTable } from '../services/names.ts';

export const itemKinds = Object.fromEntries(Object.entries(completionKindNames).map(([kind, name]) => [kind, CompletionItemKind[name]])) as Record<EntryKind, CompletionItemKind>;

export class Completions {
  /** The entries of the last list, for resolving an item's documentation. */
  private last: CompletionEntry[] = [];

  complete(doc: TextDocument, position: Position, names: NameTable, file: string): CompletionList {
    const text = doc.getText();
    const offset = doc.offsetAt(position);
    const ctx = cursorContext(text, offset, names);
    const start = doc.positionAt(offset - ctx.word.length);
    const range = { start, end: position };
    this.last = completionEntries(ctx, names, file);
    const items = this.last.map(
      (e, i): CompletionItem => ({
        label: e.label,
        labelDetails: { description: entryKindWord(e.kind) },
        kind: itemKinds[e.kind],
        detail: e.detail,
        sortText: e.sortText,
        filterText: e.label,
        textEdit: { range, newText: e.label },
        data: i,
      }),
    );
    return { isIncomplete: false, items };
  }

  resolve(item: CompletionItem): CompletionItem {
    const entry = typeof item.data === 'number' ? this.last[item.data] : undefined;
    if (entry?.label === item.label && entry.documentation) item.documentation = { kind: MarkupKind.Markdown, value: entry.documentation() };
    return item;
  }
}
