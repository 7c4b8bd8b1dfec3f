/**
 * "Changes": the open file, when it differs from the original, in Monaco's diff editor — the
 * original on the left (read-only), the designer's text on the right, still editable: the right
 * side is the file's own model, so what is typed there is saved and checked as usual. Toggling
 * back shows the normal editor at the same place. Opening another file, going to a place (a
 * click in the log or the problems) or a change of the workspace's files leaves the diff.
 */
import { EDITOR_FONT, monaco } from './monaco.ts';
import { languageOf, type EditorSession } from './session.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { t } from '../../../i18n/format.ts';

/** The original text's model: its own scheme and path, so it is never taken for a workspace file. */
const originalUri = (path: string) => monaco.Uri.parse(`grimoire-original:///original/${path}`);

export class ChangesView {
  private diff: monaco.editor.IStandaloneDiffEditor | null = null;
  /**
   * The original texts' models, one per file ever shown, kept while the page is open (a few files'
   * text). Never disposed: Monaco computes a diff in its worker after the view has moved on, and a
   * model disposed meanwhile makes that computation throw "no diff result available" in the page.
   */
  private readonly originals = new Map<string, monaco.editor.ITextModel>();
  private listeners: (() => void)[] = [];
  /** The file shown in the diff, or null when the normal editor shows. */
  path: string | null = null;

  constructor(
    private readonly host: HTMLElement,
    private readonly editorHost: HTMLElement,
    private readonly session: EditorSession,
    private readonly ws: () => Workspace,
  ) {
    session.onOpen((p) => {
      if (this.path !== null && p !== this.path) this.close(false);
    });
    session.onNavigate(() => this.close(false));
  }

  get active(): boolean {
    return this.path !== null;
  }

  /** The diff editor while it shows (the e2e tests read its models). */
  get editor(): monaco.editor.IStandaloneDiffEditor | null {
    return this.path !== null ? this.diff : null;
  }

  onToggle(f: () => void): void {
    this.listeners.push(f);
  }

  /** Shows the diff of the open file, or leaves it. Returns why it cannot show, or null. */
  toggle(): string | null {
    if (this.active) {
      this.close(true);
      return null;
    }
    return this.show();
  }

  private show(): string | null {
    const path = this.session.current;
    const ws = this.ws();
    const entry = path ? ws.entries.get(path) : undefined;
    const model = this.session.editor.getModel();
    if (!path || !entry || !model) return t('pg.changes.open-first');
    if (!ws.isEdited(path)) return t('pg.changes.none', { path });
    const original = this.originalOf(path, entry.original);
    const diff = (this.diff ??= monaco.editor.createDiffEditor(this.host, {
      automaticLayout: true,
      originalEditable: false,
      readOnly: false,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: false,
      minimap: { enabled: false },
      fontSize: 14,
      fontFamily: EDITOR_FONT,
      scrollBeyondLastLine: false,
      theme: 'vs',
    }));
    const pos = this.session.editor.getPosition();
    const top = this.session.editor.getScrollTop();
    this.path = path;
    this.editorHost.hidden = true;
    this.host.hidden = false;
    diff.setModel({ original, modified: model });
    diff.layout();
    const right = diff.getModifiedEditor();
    if (pos) right.setPosition(pos);
    right.setScrollTop(top);
    right.focus();
    for (const f of this.listeners) f();
    return null;
  }

  /** The model of a file's original text, made once per path; its text follows a new workspace's original. */
  private originalOf(path: string, text: string): monaco.editor.ITextModel {
    let model = this.originals.get(path);
    if (!model || model.isDisposed()) {
      model = monaco.editor.createModel(text, languageOf(path), originalUri(path));
      this.originals.set(path, model);
    } else if (model.getValue() !== text) model.setValue(text);
    return model;
  }

  /** Back to the normal editor; `keepPlace`: at the diff's cursor and scroll (same file only). */
  close(keepPlace = true): void {
    if (this.path === null || !this.diff) return;
    const right = this.diff.getModifiedEditor();
    const pos = right.getPosition();
    const top = right.getScrollTop();
    const same = this.session.current === this.path;
    this.path = null;
    this.diff.setModel(null);
    this.host.hidden = true;
    this.editorHost.hidden = false;
    this.session.editor.layout();
    if (keepPlace && same) {
      if (pos) this.session.editor.setPosition(pos);
      this.session.editor.setScrollTop(top);
      this.session.editor.focus();
    }
    for (const f of this.listeners) f();
  }
}
