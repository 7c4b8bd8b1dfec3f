/**
 * How a game's edits are kept in localStorage. Format 2: one key per edited file holding its
 * text as it is (no JSON around it), and an index key listing the edited files. Typing in one
 * file then rewrites that file's key only — not every edited file of the game, which cost tens of
 * milliseconds a keystroke once a file of megabytes was among them.
 *
 *   grimoire.workspace.v2.<game>          {"v":2,"files":["cards/trump/deck.grim", …]}
 *   grimoire.workspace.v2.<game>:<path>   the file's text
 *
 * Format 1 (one key per game, `grimoire.workspace.v1.<game>`: a JSON object path → text) is still
 * read, and moved to format 2 when the game is opened.
 */
import { t } from '../../../i18n/format.ts';

/** A game's edited files: path → text (files as they came are left out). */
export type StoredEdits = Record<string, string>;

const indexKey = (game: string) => `grimoire.workspace.v2.${game}`;
const fileKey = (game: string, path: string) => `${indexKey(game)}:${path}`;
const formatOneKey = (game: string) => `grimoire.workspace.v1.${game}`;
const unreadableKey = (game: string) => `grimoire.unreadable.v1.${game}`;

/** Whether a localStorage key holds part of a game's edits (another tab saving that game). */
export function isEditsKey(game: string, key: string | null): boolean {
  return key !== null && (key === indexKey(game) || key.startsWith(fileKey(game, '')) || key === formatOneKey(game));
}

/** The strings of a JSON object (anything else is dropped); null when it is not an object. */
export function stringRecord(x: unknown): StoredEdits | null {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return null;
  const out: StoredEdits = {};
  for (const [k, v] of Object.entries(x as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * The edits stored for one game, written by difference: it knows what it last read or wrote, so
 * a save writes the keys of the files whose text changed since, the index when the set of edited
 * files changed, and removes the keys of files no longer edited.
 */
export class GameStorage {
  /** path → the text in storage, as this page last read or wrote it. */
  private readonly stored = new Map<string, string>();
  /** The files the index lists, as this page last read or wrote it; null when unknown. */
  private indexed: Set<string> | null = new Set();

  constructor(readonly game: string) {}

  /**
   * Makes the storage hold exactly these edits. Throws what the browser threw when it refused
   * (quota, private mode…); what was written before that is remembered, so the next call retries
   * only the rest. The index never lists a file whose key was not written.
   */
  write(edits: StoredEdits): void {
    for (const [path, text] of Object.entries(edits)) {
      // Same string as last written: usually the same object, so this costs nothing for a big file.
      if (this.stored.get(path) === text) continue;
      localStorage.setItem(fileKey(this.game, path), text);
      this.stored.set(path, text);
    }
    const paths = Object.keys(edits);
    if (!this.indexed || paths.length !== this.indexed.size || paths.some((p) => !this.indexed!.has(p))) {
      if (paths.length === 0) localStorage.removeItem(indexKey(this.game));
      else localStorage.setItem(indexKey(this.game), JSON.stringify({ v: 2, files: paths }));
      this.indexed = new Set(paths);
      // The index now says where the edits are: a format-1 record left by a failed move is stale.
      localStorage.removeItem(formatOneKey(this.game));
    }
    for (const path of [...this.stored.keys()]) {
      if (path in edits) continue;
      localStorage.removeItem(fileKey(this.game, path));
      this.stored.delete(path);
    }
  }

  /**
   * Forgets what this page knows of the storage (another tab wrote it): the next write rewrites
   * every edited file and the index, so the tab that saves last wins, whole.
   */
  forget(): void {
    this.stored.clear();
    this.indexed = null;
  }

  /**
   * Reads the game's edits. Stored text that cannot be read is moved aside (never silently
   * overwritten by the next save) and the problem is returned, to be shown in the page. Edits in
   * format 1 are moved to format 2.
   */
  read(): { edits: StoredEdits; problem?: string } {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(indexKey(this.game));
      if (raw === null) return this.readFormatOne();
      const index = JSON.parse(raw) as { v?: unknown; files?: unknown } | null;
      if (!index || index.v !== 2 || !Array.isArray(index.files) || !index.files.every((f) => typeof f === 'string')) throw new Error(t('pg.storage.not-a-list'));
      const edits: StoredEdits = {};
      const missing: string[] = [];
      for (const path of index.files as string[]) {
        const text = localStorage.getItem(fileKey(this.game, path));
        if (text === null) missing.push(path);
        else edits[path] = text;
      }
      this.remember(edits, index.files as string[]);
      this.removeStrayFiles();
      if (missing.length === 0) return { edits };
      return { edits, problem: t('pg.storage.missing', { files: missing, n: missing.length }) };
    } catch (e) {
      return this.unreadable(raw, indexKey(this.game), e as Error);
    }
  }

  /** Format 1: one JSON object for the whole game; read, then written again in format 2. */
  private readFormatOne(): { edits: StoredEdits; problem?: string } {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(formatOneKey(this.game));
      if (raw === null) return { edits: {} };
      const edits = stringRecord(JSON.parse(raw));
      if (!edits) throw new Error(t('pg.storage.not-a-list'));
      try {
        this.write(edits); // removes the format-1 key once the index is written
      } catch {
        // Probably no room for both formats at once: the format-1 record stays and is read
        // again next time; this page saves in format 2 as soon as the browser lets it.
        for (const path of this.stored.keys()) localStorage.removeItem(fileKey(this.game, path));
        this.stored.clear();
      }
      return { edits };
    } catch (e) {
      return this.unreadable(raw, formatOneKey(this.game), e as Error);
    }
  }

  private unreadable(raw: string | null, key: string, e: Error): { edits: StoredEdits; problem: string } {
    if (raw === null) return { edits: {}, problem: t('pg.storage.unreadable', { message: e.message }) };
    try {
      localStorage.setItem(unreadableKey(this.game), raw);
      localStorage.removeItem(key);
    } catch {
      /* left where it was; the message says so */
    }
    return { edits: {}, problem: t('pg.storage.moved-aside', { game: this.game, message: e.message, key: unreadableKey(this.game) }) };
  }

  private remember(edits: StoredEdits, indexed: string[]): void {
    for (const [path, text] of Object.entries(edits)) this.stored.set(path, text);
    this.indexed = new Set(indexed);
  }

  /** Keys of files the index does not list (a save the browser refused half-way): removed. */
  private removeStrayFiles(): void {
    const prefix = fileKey(this.game, '');
    const stray: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix) && !this.indexed?.has(key.slice(prefix.length))) stray.push(key);
    }
    for (const key of stray) localStorage.removeItem(key);
  }
}
