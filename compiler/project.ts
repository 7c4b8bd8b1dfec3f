/**
 * Finding a game's files on disk: rules/<game>/ and cards/<game>/ under a project root.
 * The only part of the compiler that touches the file system (the playground passes text).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isUtf8 } from 'node:buffer';
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
    const notUtf8 = isUtf8(buf) ? undefined : firstInvalidByte(buf, text);
    const bom = text.charCodeAt(0) === 0xfeff;
    if (bom) text = text.slice(1);
    const path = relative(root, p) || p;
    return notUtf8 ? { path, text, notUtf8: { ...notUtf8, offset: Math.max(0, notUtf8.offset - (bom ? 1 : 0)) } } : { path, text };
  });
}

/**
 * Where the bytes of a file stop being UTF-8: the decoder put U+FFFD there, where the bytes are not
 * U+FFFD's own. Returns that position in the decoded text and the bad byte.
 */
function firstInvalidByte(buf: Buffer, text: string): { offset: number; byte: number } {
  let pos = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0xfffd && !(buf[pos] === 0xef && buf[pos + 1] === 0xbf && buf[pos + 2] === 0xbd)) return { offset: k, byte: buf[pos] ?? 0 };
    if (c < 0x80) pos += 1;
    else if (c < 0x800) pos += 2;
    else if ((c & 0xfc00) === 0xd800) {
      pos += 4; // a surrogate pair: one character of four bytes
      k++;
    } else pos += 3;
  }
  return { offset: text.length, byte: buf[pos] ?? 0 };
}

/**
 * A game's sources by its folder under rules/ (`trump-82`) or by the name its rules declare
 * (`revision trump_82 …`, `game trump …`): `revises trump_82` and `--game trump_82` find the
 * folder either way.
 */
export function gameSources(root: string, game: string): SourceText[] | undefined {
  const folder = gameFolder(root, game);
  if (folder === undefined) return undefined;
  return readSources([...grimFiles(join(root, 'rules', folder)), ...grimFiles(join(root, 'cards', folder))], root);
}

/** The folder under rules/ of the game named `game`: that folder, or the one whose rules declare that name. */
export function gameFolder(root: string, game: string): string | undefined {
  if (existsSync(join(root, 'rules', game))) return game;
  for (const folder of listGames(root)) {
    for (const file of grimFiles(join(root, 'rules', folder))) {
      const declared = DECLARATION.exec(readFileSync(file, 'utf8'))?.[1];
      if (declared !== undefined) {
        if (declared.replace(/^`|`$/g, '') === game) return folder;
        break; // one declaration per game: the other files need not be read
      }
    }
  }
  return undefined;
}

/** A game's own declaration at the start of a line: `game NAME` or `revision NAME`. */
const DECLARATION = /^[ \t]*(?:game|revision)[ \t]+(`[^`]+`|[^\s"{]+)/m;
