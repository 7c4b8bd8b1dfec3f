/**
 * Finding a game's files on disk: rules/<game>/ and cards/<game>/ under a project root.
 * The only part of the compiler that touches the file system (the playground passes text).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SourceText } from './compile.ts';

export function listGames(root: string): string[] {
  const dir = join(root, 'rules');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((d) => statSync(join(dir, d)).isDirectory() && grimFiles(join(dir, d)).length > 0)
    .sort();
}

/** Every .grim file under a folder (recursively), sorted for a stable order. */
export function grimFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const st = statSync(dir);
  if (st.isFile()) return dir.endsWith('.grim') ? [dir] : [];
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    if (entry.startsWith('.') || entry === 'node_modules' || entry === 'rulings') continue;
    const p = join(dir, entry);
    const s = statSync(p);
    if (s.isDirectory()) out.push(...grimFiles(p));
    else if (entry.endsWith('.grim')) out.push(p);
  }
  return out;
}

export function readSources(paths: string[], root: string): SourceText[] {
  return paths.map((p) => {
    const buf = readFileSync(p);
    let text = buf.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { path: relative(root, p) || p, text };
  });
}

export function gameSources(root: string, game: string): SourceText[] | undefined {
  const rulesDir = join(root, 'rules', game);
  if (!existsSync(rulesDir)) return undefined;
  return readSources([...grimFiles(rulesDir), ...grimFiles(join(root, 'cards', game))], root);
}
