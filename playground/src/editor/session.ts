/**
 * The editor session: one Monaco editor, one model per workspace file (so undo history and
 * markers survive switching files), and the way other panels move the editor (`reveal`).
 */
import { EDITOR_FONT, GRIMOIRE, monaco, registerGrimoire } from './monaco.ts';
import type { Workspace } from '../workspace/workspace.ts';

export const uriOf = (path: string) => monaco.Uri.parse(`file:///${path}`);
export const pathOf = (uri: monaco.Uri) => uri.path.replace(/^\//, '');

export function languageOf(path: string): string {
  if (path.endsWith('.grim')) return GRIMOIRE;
  if (path.endsWith('.yaml') || path.endsWith('.yml')) return 'yaml';
  if (path.endsWith('.md')) return 'markdown';
  return 'plaintext';
}

export class EditorSession {
  readonly editor: monaco.editor.IStandaloneCodeEditor;
  private openListeners: ((path: string) => void)[] = [];
  private navigateListeners: (() => void)[] = [];
  current: string | null = null;

  constructor(host: HTMLElement, private ws: Workspace) {
    registerGrimoire();
    this.editor = monaco.editor.create(host, {
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 14,
      fontFamily: EDITOR_FONT,
      scrollBeyondLastLine: false,
      wordWrap: 'off',
      renderWhitespace: 'selection',
      tabSize: 2,
      theme: 'vs',
    });
    this.syncModels();
  }

  /** Shows another workspace (a game switch or a shared link): its files replace the models. */
  setWorkspace(ws: Workspace): void {
    this.ws = ws;
    this.current = null;
    this.syncModels();
  }

  /** Makes one model per workspace file (after a game switch, a reset or a shared link). */
  syncModels(): void {
    const wanted = new Set(this.ws.paths());
    for (const m of monaco.editor.getModels()) {
      // Only the workspace's files (another scheme: the original text of the Changes view).
      if (m.uri.scheme !== 'file') continue;
      const p = pathOf(m.uri);
      if (!wanted.has(p)) m.dispose();
    }
    for (const path of wanted) {
      const text = this.ws.text(path) ?? '';
      const existing = monaco.editor.getModel(uriOf(path));
      if (existing) {
        if (existing.getValue() !== text) existing.setValue(text);
        continue;
      }
      const model = monaco.editor.createModel(text, languageOf(path), uriOf(path));
      model.onDidChangeContent(() => {
        const problem = this.ws.setText(path, model.getValue());
        if (problem) this.onSaveProblem?.(problem);
      });
    }
  }

  onSaveProblem?: (message: string) => void;

  onOpen(f: (path: string) => void): void {
    this.openListeners.push(f);
  }

  /** Calls `f` before the editor goes to a place (goTo, reveal): the normal editor must show. */
  onNavigate(f: () => void): void {
    this.navigateListeners.push(f);
  }

  open(path: string): void {
    const model = monaco.editor.getModel(uriOf(path));
    if (!model) return;
    if (this.current !== path) {
      this.editor.setModel(model);
      this.current = path;
      for (const f of this.openListeners) f(path);
    }
  }

  /** Opens a file with the cursor on a place (1-based line and column), without highlighting it. */
  goTo(path: string, line: number, col: number): void {
    for (const f of this.navigateListeners) f();
    this.open(path);
    const pos = { lineNumber: line, column: col };
    this.editor.setPosition(pos);
    this.editor.revealPositionInCenter(pos);
  }

  /**
   * Opens a file with the cursor on a place and the keyboard in the editor, nothing selected: what
   * a click on a problem does. (A selection there would be typed over: Backspace would delete it.)
   */
  placeCursor(path: string, line: number, col: number): void {
    this.goTo(path, line, col);
    this.editor.focus();
  }

  /** Calls `f` with the open file and the cursor whenever either changes. */
  onPlace(f: (path: string, line: number, col: number) => void): void {
    const report = () => {
      const pos = this.editor.getPosition();
      if (this.current && pos) f(this.current, pos.lineNumber, pos.column);
    };
    this.editor.onDidChangeCursorPosition(report);
    this.onOpen(report);
  }

  /** Opens a file and puts the cursor on a place (1-based line and column), highlighted. */
  reveal(path: string, line: number, col = 1): void {
    for (const f of this.navigateListeners) f();
    this.open(path);
    const pos = { lineNumber: line, column: col };
    this.editor.setPosition(pos);
    this.editor.revealPositionInCenter(pos);
    this.editor.setSelection(new monaco.Selection(line, 1, line, (this.editor.getModel()?.getLineMaxColumn(line) ?? 1)));
    this.editor.focus();
  }
}
