/**
 * Monaco, trimmed to what a rules editor needs: the editor API plus the contributions we use
 * (hover, suggest, find, go to definition and references, rename, folding, brackets, comments, the diff editor…). Importing
 * `monaco-editor` itself would also bundle the CSS/HTML/JSON/TypeScript language services.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/format/browser/formatActions';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/link/goToDefinitionAtPosition';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/rename/browser/rename';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneCommandsQuickAccess';
// The peek view of "peek definition" (Alt-F12) and of the references (Shift-F12).
import 'monaco-editor/editor/standalone/browser/referenceSearch/standaloneReferenceSearch';
// The diff editor of "Changes" (createDiffEditor is in the API) and its commands: next/previous
// change, the accessible diff viewer, collapse unchanged regions, revert a change.
import 'monaco-editor/editor/browser/widget/diffEditor/diffEditor.contribution';
// Colouring for the rulings (.yaml) and the READMEs (.md): Monaco's own Monarch definitions,
// each registered here and loaded as its own chunk the first time a file of that language opens.
import 'monaco-editor/languages/definitions/yaml/register';
import 'monaco-editor/languages/definitions/markdown/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { monarchLanguage } from '../../../grammar/highlight.ts';

(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

export const GRIMOIRE = 'grimoire';

/**
 * The editors' font: the usual monospace fonts of each system, then, for the Japanese of the
 * rules and cards, the system's Noto Sans CJK JP where it has one and the page's web font Noto
 * Sans JP (main.ts) where it has none — so kana and kanji are never drawn as boxes.
 */
export const EDITOR_FONT = "Menlo, Monaco, Consolas, 'Droid Sans Mono', 'DejaVu Sans Mono', 'Courier New', monospace, 'Noto Sans CJK JP', 'Noto Sans JP'"; // i18n-ok: font names

// A web font's subset arrives after the text was first measured: measure again once it is in,
// or the cursor would stand beside Japanese characters drawn with the earlier font's widths.
document.fonts?.addEventListener('loadingdone', () => monaco.editor.remeasureFonts());

let registered = false;

/** Registers the Grimoire language once: colouring from the grammar's own token list. */
export function registerGrimoire(): void {
  if (registered) return;
  registered = true;
  monaco.languages.register({ id: GRIMOIRE, extensions: ['.grim'], aliases: ['Grimoire'] });
  monaco.languages.setMonarchTokensProvider(GRIMOIRE, monarchLanguage() as unknown as monaco.languages.IMonarchLanguage);
  monaco.languages.setLanguageConfiguration(GRIMOIRE, {
    comments: { lineComment: '//', blockComment: ['/*', '*/'] },
    brackets: [['{', '}'], ['(', ')'], ['[', ']']],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '(', close: ')' },
      { open: '[', close: ']' },
      { open: '"', close: '"', notIn: ['string', 'comment'] },
    ],
    surroundingPairs: [{ open: '"', close: '"' }, { open: '{', close: '}' }],
    // Names may be Japanese (魔術士, ♠A) or contain ・ and ー.
    wordPattern: /[\p{L}\p{So}_][\p{L}\p{N}\p{So}\p{M}_・ー]*/u,
  });
}

export { monaco };
