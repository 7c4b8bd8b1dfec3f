/**
 * The workspace: one game's files as the designer is editing them. The originals come with the
 * playground (games.ts); every edit is saved in the browser at once (localStorage), so a reload
 * loses nothing. Only the files that differ from the original are stored.
 */
import { fileRole, loadGameFiles, type GameFile } from './games.ts';

export interface WorkspaceEntry {
  path: string;
  original: string;
  text: string;
}

const storageKey = (game: string) => `grimoire.workspace.v1.${game}`;
const LAST_GAME_KEY = 'grimoire.lastGame';

export type StoredEdits = Record<string, string>;

export class Workspace {
  readonly entries = new Map<string, WorkspaceEntry>();
  private listeners: (() => void)[] = [];

  private constructor(readonly game: string, files: GameFile[], edits: StoredEdits) {
    for (const f of files) this.entries.set(f.path, { path: f.path, original: f.text, text: edits[f.path] ?? f.text });
    // Files the designer added (not in the original game).
    for (const [path, text] of Object.entries(edits)) if (!this.entries.has(path)) this.entries.set(path, { path, original: '', text });
  }

  /** Opens a game: its original files with the edits saved in this browser (or given, from a link). */
  static async open(game: string, edits?: StoredEdits): Promise<Workspace> {
    const files = await loadGameFiles(game);
    const ws = new Workspace(game, files, edits ?? readStored(game));
    if (edits) ws.save();
    try {
      localStorage.setItem(LAST_GAME_KEY, game);
    } catch {
      /* storage may be full or disabled: the page says so when saving */
    }
    return ws;
  }

  static lastGame(): string | null {
    try {
      return localStorage.getItem(LAST_GAME_KEY);
    } catch {
      return null;
    }
  }

  onChange(f: () => void): void {
    this.listeners.push(f);
  }

  paths(): string[] {
    return [...this.entries.keys()];
  }

  text(path: string): string | undefined {
    return this.entries.get(path)?.text;
  }

  /** The files the compiler reads: the game's .grim files. */
  sources(): { path: string; text: string }[] {
    return [...this.entries.values()].filter((e) => fileRole(e.path) === 'source').map((e) => ({ path: e.path, text: e.text }));
  }

  scenarios(): string[] {
    return this.paths().filter((p) => fileRole(p) === 'scenario');
  }

  isEdited(path: string): boolean {
    const e = this.entries.get(path);
    return !!e && e.text !== e.original;
  }

  edits(): StoredEdits {
    const out: StoredEdits = {};
    for (const e of this.entries.values()) if (e.text !== e.original) out[e.path] = e.text;
    return out;
  }

  /** Records an edit and saves it. Returns an error message when the browser refused to store it. */
  setText(path: string, text: string): string | null {
    const e = this.entries.get(path);
    if (!e) this.entries.set(path, { path, original: '', text });
    else e.text = text;
    const problem = this.save();
    for (const f of this.listeners) f();
    return problem;
  }

  /** Puts every file back as it came with the playground. */
  reset(): void {
    for (const [path, e] of this.entries) {
      if (e.original === '') this.entries.delete(path);
      else e.text = e.original;
    }
    this.save();
    for (const f of this.listeners) f();
  }

  save(): string | null {
    try {
      const edits = this.edits();
      if (Object.keys(edits).length === 0) localStorage.removeItem(storageKey(this.game));
      else localStorage.setItem(storageKey(this.game), JSON.stringify(edits));
      return null;
    } catch (e) {
      return `your edits could not be saved in this browser (${(e as Error).message}); download them to keep them`;
    }
  }
}

function readStored(game: string): StoredEdits {
  try {
    const raw = localStorage.getItem(storageKey(game));
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const out: StoredEdits = {};
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
    return out;
  } catch {
    return {};
  }
}
