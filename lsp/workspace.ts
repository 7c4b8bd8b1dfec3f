/**
 * Which game a file belongs to, and the game's files as the editor has them: the files on disk
 * with the open buffers over them (unsaved text wins, and an open file not yet saved counts).
 *
 * A game is the folder pair rules/<game>/ and cards/<game>/ under a project root
 * (compiler/project.ts); its rulings are the .yaml files under rules/<game>/rulings/. The root is
 * found from the file's own path (the folder that holds rules/ and cards/), so one server serves
 * every game of a repository, and a revision's base game is read from the same root.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { grimFiles, readSources } from '../compiler/project.ts';
import type { SourceText } from '../compiler/compile.ts';

export interface GameKey {
  /** The project root (absolute). */
  root: string;
  game: string;
}

/** A file's path from a file: URI; undefined for other schemes (an untitled buffer). */
export function pathOfUri(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** `rules/trump/game.grim` or `cards/trump/x.grim` under some root: the root and the game. */
export function gameOfPath(path: string): GameKey | undefined {
  const parts = path.split(sep);
  for (let i = parts.length - 3; i >= 0; i--) {
    if (parts[i] !== 'rules' && parts[i] !== 'cards') continue;
    const root = parts.slice(0, i).join(sep) || sep;
    const game = parts[i + 1]!;
    if (existsSync(join(root, 'rules', game))) return { root, game };
  }
  return undefined;
}

export const keyOf = (k: GameKey) => `${k.root}\u0000${k.game}`;

/** Every .yaml file under a folder, recursively, sorted. */
function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (entry.startsWith('.')) continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...yamlFiles(p));
    else if (/\.ya?ml$/.test(entry)) out.push(p);
  }
  return out;
}

export class Workspace {
  constructor(private readonly open: () => readonly TextDocument[]) {}

  /** The open buffers by absolute path. */
  private buffers(): Map<string, TextDocument> {
    const m = new Map<string, TextDocument>();
    for (const d of this.open()) {
      const p = pathOfUri(d.uri);
      if (p) m.set(p, d);
    }
    return m;
  }

  /** The URI to publish for a root-relative path: the open buffer's own, else the file's. */
  uriOf(root: string, path: string): string {
    const abs = join(root, path);
    return this.buffers().get(abs)?.uri ?? pathToFileURL(abs).href;
  }

  /** The root-relative path of an absolute one (as the compiler names files: `rules/trump/game.grim`). */
  relative(root: string, abs: string): string {
    return relative(root, abs).split(sep).join('/');
  }

  private overlay(root: string, paths: string[], under: string[], ext: RegExp): SourceText[] {
    const buffers = this.buffers();
    const onDisk = new Set(paths);
    const sources = readSources(paths, root).map((s, i) => {
      const open = buffers.get(paths[i]!);
      return open ? { path: s.path.split(sep).join('/'), text: open.getText() } : { ...s, path: s.path.split(sep).join('/') };
    });
    // Open files of the game that are not on disk yet (a new, unsaved file).
    for (const [abs, doc] of buffers) {
      if (onDisk.has(abs) || !ext.test(abs) || !under.some((u) => abs.startsWith(u + sep))) continue;
      sources.push({ path: this.relative(root, abs), text: doc.getText() });
    }
    return sources;
  }

  /** The game's .grim files (rules then cards), open buffers over the disk. */
  sources(k: GameKey): SourceText[] {
    const rules = join(k.root, 'rules', k.game);
    const cards = join(k.root, 'cards', k.game);
    const rulings = join(rules, 'rulings');
    return this.overlay(k.root, [...grimFiles(rules), ...grimFiles(cards)], [rules, cards], /\.grim$/).filter((s) => !join(k.root, s.path).startsWith(rulings + sep));
  }

  /** The game's rulings (rules/<game>/rulings/**.yaml), open buffers over the disk. */
  rulings(k: GameKey): SourceText[] {
    const dir = join(k.root, 'rules', k.game, 'rulings');
    return this.overlay(k.root, yamlFiles(dir), [dir], /\.ya?ml$/);
  }
}
