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

export const storageKey = (game: string) => `grimoire.workspace.v1.${game}`;
const backupKey = (game: string) => `grimoire.backup.v1.${game}`;
const unreadableKey = (game: string) => `grimoire.unreadable.v1.${game}`;
const LAST_GAME_KEY = 'grimoire.lastGame';
const placeKey = (game: string) => `grimoire.place.v1.${game}`;

/** Where the designer was in a game: the open file and the cursor (1-based). */
export interface Place {
  path: string;
  line: number;
  col: number;
}

export type StoredEdits = Record<string, string>;

/**
 * What a reset, a file reset or a shared link replaced, so that nothing typed is lost: one slot
 * per game, holding for each file the last text it had before being replaced.
 */
export interface Backup {
  /** ISO date of the last replacement. */
  savedAt: string;
  /** What replaced the edits, in words ("reset", "a shared link"…). */
  reason: string;
  edits: StoredEdits;
}

export class Workspace {
  readonly entries = new Map<string, WorkspaceEntry>();
  private listeners: (() => void)[] = [];
  /** Why the last save failed (the browser refused: quota, private mode…); null when saved. */
  saveProblem: string | null = null;
  /** Why the edits saved in this browser could not be read when the game was opened. */
  loadProblem: string | null = null;

  private constructor(readonly game: string, files: GameFile[], edits: StoredEdits) {
    for (const f of files) this.entries.set(f.path, { path: f.path, original: f.text, text: edits[f.path] ?? f.text });
    // Files the designer added (not in the original game).
    for (const [path, text] of Object.entries(edits)) if (!this.entries.has(path)) this.entries.set(path, { path, original: '', text });
  }

  /** Opens a game: its original files with the edits saved in this browser (or given, from a link). */
  static async open(game: string, edits?: StoredEdits): Promise<Workspace> {
    const files = await loadGameFiles(game);
    const stored = edits ? null : readStored(game);
    const ws = new Workspace(game, files, edits ?? stored!.edits);
    ws.loadProblem = stored?.problem ?? null;
    if (edits) ws.save();
    try {
      localStorage.setItem(LAST_GAME_KEY, game);
    } catch {
      /* storage may be full or disabled: the page says so when saving */
    }
    return ws;
  }

  /** The edits of a game saved in this browser (empty when none or unreadable). */
  static storedEdits(game: string): StoredEdits {
    return readStored(game).edits;
  }

  /**
   * Keeps edits about to be replaced: merged into the game's backup (a file's newest text wins),
   * or replacing it (`merge: false`, when the backup itself is being restored). Returns an error
   * message when the browser refused to store it.
   */
  static keepBackup(game: string, edits: StoredEdits, reason: string, merge = true): string | null {
    if (Object.keys(edits).length === 0 && merge) return null;
    try {
      const before = merge ? Workspace.backup(game)?.edits ?? {} : {};
      const all: Backup = { savedAt: new Date().toISOString(), reason, edits: { ...before, ...edits } };
      if (Object.keys(all.edits).length === 0) localStorage.removeItem(backupKey(game));
      else localStorage.setItem(backupKey(game), JSON.stringify(all));
      return null;
    } catch (e) {
      return `a backup of your edits could not be kept in this browser (${(e as Error).message})`;
    }
  }

  /** The game's backup, or null when there is none (or it cannot be read). */
  static backup(game: string): Backup | null {
    try {
      const raw = localStorage.getItem(backupKey(game));
      if (!raw) return null;
      const b = JSON.parse(raw) as Partial<Backup>;
      const edits = stringRecord(b?.edits);
      if (!edits || Object.keys(edits).length === 0) return null;
      return { savedAt: typeof b.savedAt === 'string' ? b.savedAt : '', reason: typeof b.reason === 'string' ? b.reason : '', edits };
    } catch {
      return null;
    }
  }

  static lastGame(): string | null {
    try {
      return localStorage.getItem(LAST_GAME_KEY);
    } catch {
      return null;
    }
  }

  /** Where the designer was when this game was last open here, if that file still exists. */
  place(): Place | null {
    try {
      const p = JSON.parse(localStorage.getItem(placeKey(this.game)) ?? 'null') as Partial<Place> | null;
      if (!p || typeof p.path !== 'string' || !this.entries.has(p.path)) return null;
      const whole = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : 1);
      return { path: p.path, line: whole(p.line), col: whole(p.col) };
    } catch {
      return null;
    }
  }

  /** Remembers where the designer is (a reload reopens that file there). */
  rememberPlace(place: Place): void {
    try {
      localStorage.setItem(placeKey(this.game), JSON.stringify(place));
    } catch {
      /* not worth a notice: the edits themselves are saved apart, and saving them reports problems */
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

  /** The game's scenarios with their texts (a rename edits them too). */
  scenarioFiles(): { path: string; text: string }[] {
    return [...this.entries.values()].filter((e) => fileRole(e.path) === 'scenario').map((e) => ({ path: e.path, text: e.text }));
  }

  /** The game's .grim files and scenarios as they came with the playground (added files left out). */
  originals(): { files: { path: string; text: string }[]; scenarios: { path: string; text: string }[] } {
    const came = [...this.entries.values()].filter((e) => e.original !== '');
    const of = (role: 'source' | 'scenario') => came.filter((e) => fileRole(e.path) === role).map((e) => ({ path: e.path, text: e.original }));
    return { files: of('source'), scenarios: of('scenario') };
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

  isAdded(path: string): boolean {
    return this.entries.get(path)?.original === '';
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

  /** Puts every file back as it came with the playground (files the designer added go). */
  reset(): string | null {
    return this.replaceEdits({});
  }

  /** Puts one file back as it came (an added file goes). */
  resetFile(path: string): string | null {
    const edits = this.edits();
    delete edits[path];
    return this.replaceEdits(edits);
  }

  /** Makes the edits exactly these (every other file as it came), and saves. */
  replaceEdits(edits: StoredEdits): string | null {
    for (const [path, e] of this.entries) {
      if (e.original === '' && !(path in edits)) this.entries.delete(path);
      else e.text = edits[path] ?? e.original;
    }
    for (const [path, text] of Object.entries(edits)) if (!this.entries.has(path)) this.entries.set(path, { path, original: '', text });
    const problem = this.save();
    for (const f of this.listeners) f();
    return problem;
  }

  save(): string | null {
    try {
      const edits = this.edits();
      if (Object.keys(edits).length === 0) localStorage.removeItem(storageKey(this.game));
      else localStorage.setItem(storageKey(this.game), JSON.stringify(edits));
      this.saveProblem = null;
    } catch (e) {
      this.saveProblem = `your edits to ${this.game} could not be saved in this browser (${(e as Error).message}): download them (.zip) to keep them`;
    }
    return this.saveProblem;
  }
}

function stringRecord(x: unknown): StoredEdits | null {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return null;
  const out: StoredEdits = {};
  for (const [k, v] of Object.entries(x as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * The edits saved for a game. Stored text that cannot be read is moved aside (never silently
 * overwritten by the next save) and the problem is returned, to be shown in the page.
 */
function readStored(game: string): { edits: StoredEdits; problem?: string } {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey(game));
    if (!raw) return { edits: {} };
    const edits = stringRecord(JSON.parse(raw));
    if (!edits) throw new Error('not a list of files');
    return { edits };
  } catch (e) {
    if (raw === null) return { edits: {}, problem: `this browser's storage could not be read (${(e as Error).message}): edits will not be kept after a reload` };
    try {
      localStorage.setItem(unreadableKey(game), raw);
      localStorage.removeItem(storageKey(game));
    } catch {
      /* left where it was; the message says so */
    }
    return { edits: {}, problem: `the edits saved in this browser for ${game} could not be read (${(e as Error).message}); they were moved aside (localStorage key ${unreadableKey(game)}) and ${game} opens as it came` };
  }
}
