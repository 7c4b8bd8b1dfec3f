/**
 * The workspace: one game's files as the designer is editing them. The originals come with the
 * playground (games.ts); every edit is saved in the browser (localStorage, stored-edits.ts), so a
 * reload loses nothing. Only the files that differ from the original are stored, each under its
 * own key. An edit is saved at once, except in a file too big to rewrite at every keystroke:
 * that one is saved when typing pauses, and always before the page goes or the edits are used
 * elsewhere (`flush`).
 */
import { fileRole, loadGameFiles, type GameFile } from './games.ts';
import { GameStorage, stringRecord, type StoredEdits } from './stored-edits.ts';
import { t } from '../../../i18n/format.ts';

export { isEditsKey, type StoredEdits } from './stored-edits.ts';

/**
 * Above this many characters, a file's edits are saved after a pause in typing, not at each
 * keystroke: Chromium takes about 40 ms per million characters to store a text (140 ms for the
 * 3.4-million-character file of test/e2e/big-file.test.ts), so a file of megabytes made every
 * keystroke wait (16 keys typed in it: 2.4 s when each was saved, 0.3–0.5 s now). At this size a save
 * costs under 10 ms; the biggest file shipped with the playground has about 31,000 characters.
 */
export const SAVE_AT_ONCE_MAX_CHARS = 200_000;
/** The pause in typing (ms) after which a big file's edits are saved… */
export const SAVE_PAUSE_MS = 400;
/** …and the longest an edit waits (ms) while typing goes on without a pause. */
export const SAVE_MAX_WAIT_MS = 3_000;

export interface WorkspaceEntry {
  path: string;
  original: string;
  text: string;
}

const backupKey = (game: string) => `grimoire.backup.v1.${game}`;
const LAST_GAME_KEY = 'grimoire.lastGame';
const placeKey = (game: string) => `grimoire.place.v1.${game}`;

/** Where the designer was in a game: the open file and the cursor (1-based). */
export interface Place {
  path: string;
  line: number;
  col: number;
}

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
  private savedListeners: (() => void)[] = [];
  /** The timers of a save waiting for a pause in typing (none: everything is saved). */
  private waiting: { pause: ReturnType<typeof setTimeout>; longest: ReturnType<typeof setTimeout> } | null = null;

  private constructor(readonly game: string, files: GameFile[], edits: StoredEdits, private readonly storage: GameStorage) {
    for (const f of files) this.entries.set(f.path, { path: f.path, original: f.text, text: edits[f.path] ?? f.text });
    // Files the designer added (not in the original game).
    for (const [path, text] of Object.entries(edits)) if (!this.entries.has(path)) this.entries.set(path, { path, original: '', text });
  }

  /** Opens a game: its original files with the edits saved in this browser (or given, from a link). */
  static async open(game: string, edits?: StoredEdits): Promise<Workspace> {
    const files = await loadGameFiles(game);
    const storage = new GameStorage(game);
    const stored = storage.read();
    const ws = new Workspace(game, files, edits ?? stored.edits, storage);
    ws.loadProblem = stored.problem ?? null;
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
    return new GameStorage(game).read().edits;
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
      return t('pg.storage.no-backup', { message: (e as Error).message });
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

  /** Calls `f` after a save that waited for a pause in typing (`saveProblem` says how it went). */
  onSaved(f: () => void): void {
    this.savedListeners.push(f);
  }

  /**
   * Records an edit and saves it — at once, or for a big file after a pause in typing. Returns an
   * error message when the browser refused to store it (a later save reports through `onSaved`).
   */
  setText(path: string, text: string): string | null {
    const e = this.entries.get(path);
    if (!e) this.entries.set(path, { path, original: '', text });
    else e.text = text;
    const problem = text.length > SAVE_AT_ONCE_MAX_CHARS ? this.saveAfterPause() : this.save();
    for (const f of this.listeners) f();
    return problem;
  }

  /** Whether an edit waits for a pause in typing to be saved. */
  get savePending(): boolean {
    return this.waiting !== null;
  }

  /**
   * Saves an edit that waits for a pause in typing, now: before the page goes, the game changes,
   * or the stored edits are read or replaced. Returns the problem, as `save`.
   */
  flush(): string | null {
    if (!this.waiting) return this.saveProblem;
    this.save();
    for (const f of this.savedListeners) f();
    return this.saveProblem;
  }

  /** Another tab wrote this game's edits: the next save writes all of this page's, not only what changed. */
  storageChangedElsewhere(): void {
    this.storage.forget();
  }

  private saveAfterPause(): null {
    if (this.waiting) clearTimeout(this.waiting.pause);
    const pause = setTimeout(() => this.flush(), SAVE_PAUSE_MS);
    this.waiting = { pause, longest: this.waiting?.longest ?? setTimeout(() => this.flush(), SAVE_MAX_WAIT_MS) };
    return null;
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

  /** Saves every edit not saved yet (only the files that changed are written). */
  save(): string | null {
    if (this.waiting) {
      clearTimeout(this.waiting.pause);
      clearTimeout(this.waiting.longest);
      this.waiting = null;
    }
    try {
      this.storage.write(this.edits());
      this.saveProblem = null;
    } catch (e) {
      this.saveProblem = t('pg.storage.not-saved', { game: this.game, message: (e as Error).message });
    }
    return this.saveProblem;
  }
}
