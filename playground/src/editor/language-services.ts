/**
 * The editor's language services for .grim files: completion, hover (kind, signature, title,
 * rule citation, note, place; a card's face: face-hover.ts), go to definition across files (F12, Ctrl-click, peek with
 * Alt-F12), find all references (Shift-F12 peeks, Shift-Alt-F12 / "Go to References" lists) and
 * rename (F2), wired into Monaco.
 *
 * Where they compute: on the page, synchronously. The names come from the symbol list the
 * compile worker sends with each check (names.ts keeps it through files with errors); what
 * surrounds the cursor is read with the language's own lexer (cursor.ts). The lexer was already
 * in the page's bundle — the colouring takes its keyword list from grammar/tokens.ts, which
 * builds the token types with chevrotain — so this adds one lexer instance, not a dependency.
 * A request lexes only the text before the cursor (≈ 2 ms for a 200-card file), never waits
 * behind a check in the worker, and the parser and the compiler stay in the worker.
 *
 * References and rename need every file, so the compile worker answers them (Checker.ask, over
 * compiler/references.ts, and scenario/rename.ts for the game's rulings: a rename edits the YAML
 * scenarios where they write the name). A rename is one WorkspaceEdit over the files' models: each model
 * changes like typing (saved in the workspace, undone per file), and an edit made to a model
 * while the worker was answering makes Monaco refuse the stale edit (the versions sent with it).
 * Monaco shows a refusal of the place itself (not a name of the game) beside the cursor, but
 * only logs a refusal of the new name (a clash, not a name): that one is also said in a notice.
 *
 * Going to a definition in another file: Monaco's standalone editor does not switch models by
 * itself; an editor opener (`registerEditorOpener`) makes the session open that file.
 */
import { monaco, GRIMOIRE } from './monaco.ts';
import type { EditorSession } from './session.ts';
import { pathOf, uriOf } from './session.ts';
import type { CheckResult, Checker } from './diagnostics.ts';
import type { Loc } from '../../../grammar/ast.ts';
import { cursorContext, symbolAt } from '../../../services/cursor.ts';
import { completionEntries, completionKindNames, entryKindWord, type EntryKind } from '../../../services/completion.ts';
import { bindingMarkdown, builtInMarkdown, symbolsMarkdown } from '../../../services/markdown.ts';
import { mergeSymbols, NameTable } from '../../../services/names.ts';
import { clearNotice, notify } from '../notice.ts';
import { faceMarkdown, inlineHoverFaces, md, registerYamlCardHover } from './face-hover.ts';
import { t } from '../../../i18n/format.ts';

/** The browser's storage key of the format-on-save choice. */
const FORMAT_ON_SAVE = 'grimoire.formatOnSave';
const itemKinds = Object.fromEntries(Object.entries(completionKindNames).map(([kind, name]) => [kind, monaco.languages.CompletionItemKind[name]])) as Record<EntryKind, monaco.languages.CompletionItemKind>;

/** A place's range in Monaco terms (chevrotain's end column is inclusive, Monaco's exclusive). */
function rangeOf(loc: Loc): monaco.IRange {
  return { startLineNumber: loc.line, startColumn: loc.col, endLineNumber: loc.endLine, endColumn: loc.endCol + 1 };
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
    if (r.crash || r.gaveUp) return; // keep the last good names
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
            label: { label: e.label, description: entryKindWord(e.kind) },
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
        if (value === null) return null;
        // A card's name: its face under the text (face-hover.ts).
        const card = at.defs.find((d) => d.kind === 'card');
        const face = card && checker.faces.face(card.name);
        const picture = face ? faceMarkdown(face) : '';
        return { range: offsetRange(model, at.start, at.end), contents: picture ? [md(value), md(picture)] : [md(value)] };
      },
    }),
    // The same face over a card's name in a ruling's YAML, and the faces drawn inline (the page's fonts).
    registerYamlCardHover((name) => checker.faces.face(name)),
    inlineHoverFaces(session.editor),
  );

  disposables.push(
    monaco.languages.registerDefinitionProvider(GRIMOIRE, {
      provideDefinition(model, position) {
        const at = symbolAt(model.getValue(), model.getOffsetAt(position), names);
        if (!at) return null;
        if (at.binding) return [{ uri: model.uri, range: offsetRange(model, at.binding.start, at.binding.end) }];
        return at.defs.filter((s) => monaco.editor.getModel(uriOf(s.loc.file))).map((s) => ({ uri: uriOf(s.loc.file), range: rangeOf(s.loc) }));
      },
    }),
  );

  const hasModel = (file: string) => !!monaco.editor.getModel(uriOf(file));

  /** A question to the worker; a failure of the worker is said in the page, not only in the console. */
  const ask: Checker['ask'] = (q) =>
    checker.ask(q).catch((e: unknown) => {
      notify('language-service', t('pg.services.uses-failed', { message: String((e as Error)?.message ?? e) }), 'error');
      throw e;
    });

  disposables.push(
    monaco.languages.registerReferenceProvider(GRIMOIRE, {
      async provideReferences(model, position, context) {
        const r = await ask({ type: 'references', path: pathOf(model.uri), offset: model.getOffsetAt(position) });
        if (!r) return [];
        return r.references.filter((x) => (context.includeDeclaration || !x.definition) && hasModel(x.loc.file)).map((x) => ({ uri: uriOf(x.loc.file), range: rangeOf(x.loc) }));
      },
    }),
  );

  disposables.push(
    monaco.languages.registerRenameProvider(GRIMOIRE, {
      async resolveRenameLocation(model, position) {
        clearNotice('rename');
        const r = await ask({ type: 'renameLocation', path: pathOf(model.uri), offset: model.getOffsetAt(position) });
        if ('refused' in r) {
          const w = model.getWordAtPosition(position);
          const range = { startLineNumber: position.lineNumber, startColumn: w?.startColumn ?? position.column, endLineNumber: position.lineNumber, endColumn: w?.endColumn ?? position.column };
          return { range, text: w?.word ?? '', rejectReason: r.refused };
        }
        return { range: rangeOf(r.loc), text: r.text };
      },
      async provideRenameEdits(model, position, newName) {
        // The versions the answer is computed for: Monaco refuses the edit of a model changed since.
        const versions = new Map(monaco.editor.getModels().map((m) => [pathOf(m.uri), m.getVersionId()]));
        const r = await ask({ type: 'rename', path: pathOf(model.uri), offset: model.getOffsetAt(position), newName });
        const missing = 'refused' in r ? undefined : r.edits.find((e) => !hasModel(e.loc.file));
        const refused = 'refused' in r ? r.refused : missing ? t('pg.rename.not-open', { file: missing.loc.file }) : undefined;
        if (refused !== undefined || 'refused' in r) {
          notify('rename', t('pg.rename.refused', { why: refused ?? '' }), 'warn');
          return { edits: [], rejectReason: refused };
        }
        // What could not be renamed in the scenarios (a file that is not YAML, a log text): said, not fatal.
        if (r.warnings.length) notify('rename', t('pg.rename.warnings', { warnings: r.warnings.join(' ') }), 'warn');
        return {
          edits: r.edits.map((e) => ({ resource: uriOf(e.loc.file), versionId: versions.get(e.loc.file), textEdit: { range: rangeOf(e.loc), text: e.text } })),
        };
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

  // Format Document (Shift+Alt+F, or the context menu): grimoire fmt's own function, run in the
  // compile worker (it parses the file first). A file with a syntax error is left as it is.
  disposables.push(
    monaco.languages.registerDocumentFormattingEditProvider(GRIMOIRE, {
      displayName: 'grimoire fmt', // i18n-ok: the command's name
      async provideDocumentFormattingEdits(model) {
        const version = model.getVersionId();
        const r = await checker.ask({ type: 'format', path: pathOf(model.uri), offset: 0 });
        if (model.isDisposed() || model.getVersionId() !== version) return [];
        if ('refused' in r) {
          notify('format', t('pg.format.refused', { why: r.refused }), 'warn');
          return [];
        }
        clearNotice('format');
        return r.text === model.getValue() ? [] : [{ range: model.getFullModelRange(), text: r.text }];
      },
    }),
  );

  // Format on save: the playground saves as you type, so "save" is Ctrl+S (Cmd+S), which formats
  // the file when the option is on (F1 → "Grimoire: Format on save (Ctrl+S)") and never opens the
  // browser's own save dialog. The choice is kept in this browser.
  const formatOnSave = {
    get on() {
      try {
        return localStorage.getItem(FORMAT_ON_SAVE) === 'on';
      } catch {
        return false;
      }
    },
    set on(value: boolean) {
      try {
        localStorage.setItem(FORMAT_ON_SAVE, value ? 'on' : 'off');
      } catch {
        // Storage refused (a private window): the choice lasts while the page is open.
      }
    },
  };
  disposables.push(
    session.editor.addAction({
      id: 'grimoire.save',
      label: t('pg.format.save-label'),
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS],
      run: async (editor) => {
        if (formatOnSave.on && editor.getModel()?.getLanguageId() === GRIMOIRE) await editor.getAction('editor.action.formatDocument')?.run();
        notify('format', formatOnSave.on ? t('pg.format.formatted') : t('pg.format.saved-as-you-type'), 'info');
      },
    }),
    session.editor.addAction({
      id: 'grimoire.formatOnSave',
      label: t('pg.format.toggle-label'),
      run: () => {
        formatOnSave.on = !formatOnSave.on;
        notify('format', formatOnSave.on ? t('pg.format.on') : t('pg.format.off'), 'info');
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
