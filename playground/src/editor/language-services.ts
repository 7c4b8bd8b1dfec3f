/**
 * The editor's language services for .grim files: completion, hover (kind, signature, title,
 * rule citation, note, place) and go to definition across files (F12, Ctrl-click, peek with
 * Alt-F12), wired into Monaco.
 *
 * Where they compute: on the page, synchronously. The names come from the symbol list the
 * compile worker sends with each check (names.ts keeps it through files with errors); what
 * surrounds the cursor is read with the language's own lexer (cursor.ts). The lexer was already
 * in the page's bundle — the colouring takes its keyword list from grammar/tokens.ts, which
 * builds the token types with chevrotain — so this adds one lexer instance, not a dependency.
 * A request lexes only the text before the cursor (≈ 2 ms for a 200-card file), never waits
 * behind a check in the worker, and the parser and the compiler stay in the worker.
 *
 * Going to a definition in another file: Monaco's standalone editor does not switch models by
 * itself; an editor opener (`registerEditorOpener`) makes the session open that file.
 */
import { monaco, GRIMOIRE } from './monaco.ts';
import type { EditorSession } from './session.ts';
import { pathOf, uriOf } from './session.ts';
import type { CheckResult, Checker } from './diagnostics.ts';
import type { SymbolInfo } from '../../../compiler/symbols.ts';
import { cursorContext, symbolAt } from './cursor.ts';
import { completionEntries, type EntryKind } from './completion.ts';
import { bindingMarkdown, builtInMarkdown, symbolsMarkdown } from './markdown.ts';
import { mergeSymbols, NameTable } from './names.ts';

const K = monaco.languages.CompletionItemKind;
const itemKinds: Record<EntryKind, monaco.languages.CompletionItemKind> = {
  keyword: K.Keyword,
  game: K.File,
  format: K.Unit,
  param: K.Constant,
  enum: K.Enum,
  'enum value': K.EnumMember,
  label: K.Interface,
  zone: K.Folder,
  'card type': K.Class,
  'card field': K.Field,
  card: K.Value,
  ability: K.Event,
  'player state': K.Property,
  'global state': K.Variable,
  'request state': K.Property,
  event: K.Event,
  function: K.Function,
  procedure: K.Method,
  action: K.Constructor,
  trigger: K.Event,
  'built-in': K.Variable,
  'built-in function': K.Function,
  'local name': K.Variable,
  parameter: K.Variable,
  type: K.TypeParameter,
};

/** Markdown from the game's text: never trusted (no command links), never HTML. */
const md = (value: string): monaco.IMarkdownString => ({ value, isTrusted: false, supportHtml: false });

/** A definition's range in Monaco terms (chevrotain's end column is inclusive, Monaco's exclusive). */
function rangeOf(s: SymbolInfo): monaco.IRange {
  return { startLineNumber: s.loc.line, startColumn: s.loc.col, endLineNumber: s.loc.endLine, endColumn: s.loc.endCol + 1 };
}

function offsetRange(model: monaco.editor.ITextModel, start: number, end: number): monaco.IRange {
  const a = model.getPositionAt(start);
  const b = model.getPositionAt(end);
  return { startLineNumber: a.lineNumber, startColumn: a.column, endLineNumber: b.lineNumber, endColumn: b.column };
}

export interface LanguageServices extends monaco.IDisposable {
  /** The names the services use now (for tests and the console). */
  readonly names: NameTable;
}

export function registerLanguageServices(session: EditorSession, checker: Checker): LanguageServices {
  let names = new NameTable([]);
  const update = (r: CheckResult) => {
    if (r.crash) return; // keep the last good names
    const broken = new Set(r.diagnostics.filter((d) => d.code.startsWith('syntax/') || d.code === 'file/unreadable').map((d) => d.loc.file));
    names = new NameTable(mergeSymbols(names.all, r.symbols, broken));
  };
  if (checker.last) update(checker.last);
  checker.onResult(update);

  const disposables: monaco.IDisposable[] = [];

  // Each item's documentation is written when Monaco shows it (resolveCompletionItem).
  const docs = new WeakMap<monaco.languages.CompletionItem, () => string>();
  disposables.push(
    monaco.languages.registerCompletionItemProvider(GRIMOIRE, {
      triggerCharacters: ['.'],
      provideCompletionItems(model, position) {
        const ctx = cursorContext(model.getValue(), model.getOffsetAt(position), names);
        const word = model.getWordUntilPosition(position);
        const range = { startLineNumber: position.lineNumber, startColumn: word.startColumn, endLineNumber: position.lineNumber, endColumn: word.endColumn };
        const suggestions = completionEntries(ctx, names, pathOf(model.uri)).map((e) => {
          const item: monaco.languages.CompletionItem = {
            label: { label: e.label, description: e.kind },
            kind: itemKinds[e.kind],
            detail: e.detail,
            insertText: e.label,
            filterText: e.label,
            sortText: e.sortText,
            range,
          };
          if (e.documentation) docs.set(item, e.documentation);
          return item;
        });
        return { suggestions };
      },
      resolveCompletionItem(item) {
        const doc = docs.get(item);
        if (doc) item.documentation = md(doc());
        return item;
      },
    }),
  );

  disposables.push(
    monaco.languages.registerHoverProvider(GRIMOIRE, {
      provideHover(model, position) {
        const at = symbolAt(model.getValue(), model.getOffsetAt(position), names);
        if (!at) return null;
        const value = at.binding
          ? bindingMarkdown(at.binding, pathOf(model.uri))
          : at.defs.length
            ? symbolsMarkdown(at.defs)
            : at.builtIn
              ? builtInMarkdown(at.builtIn)
              : null;
        return value === null ? null : { range: offsetRange(model, at.start, at.end), contents: [md(value)] };
      },
    }),
  );

  disposables.push(
    monaco.languages.registerDefinitionProvider(GRIMOIRE, {
      provideDefinition(model, position) {
        const at = symbolAt(model.getValue(), model.getOffsetAt(position), names);
        if (!at) return null;
        if (at.binding) return [{ uri: model.uri, range: offsetRange(model, at.binding.start, at.binding.end) }];
        return at.defs.filter((s) => monaco.editor.getModel(uriOf(s.loc.file))).map((s) => ({ uri: uriOf(s.loc.file), range: rangeOf(s) }));
      },
    }),
  );

  // Go to definition into another file: open it in the session, select the name.
  disposables.push(
    monaco.editor.registerEditorOpener({
      openCodeEditor(_source, resource, selectionOrPosition) {
        const path = pathOf(resource);
        if (!monaco.editor.getModel(resource)) return false;
        session.open(path);
        const editor = session.editor;
        if (selectionOrPosition && 'startLineNumber' in selectionOrPosition) {
          editor.setSelection(selectionOrPosition);
          editor.revealRangeInCenterIfOutsideViewport(selectionOrPosition);
        } else if (selectionOrPosition) {
          editor.setPosition(selectionOrPosition);
          editor.revealPositionInCenterIfOutsideViewport(selectionOrPosition);
        }
        editor.focus();
        return true;
      },
    }),
  );

  return {
    get names() {
      return names;
    },
    dispose: () => disposables.forEach((d) => d.dispose()),
  };
}
