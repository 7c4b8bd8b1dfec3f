/**
 * Share links: the game and the designer's edits, compressed into the address's hash
 * (`#share=…`, lz-string's URI-safe encoding), so a link carries everything and no server keeps
 * anything. Reading a link only ever yields text for the editor: it is checked (known game,
 * files of that game only, sizes) and never evaluated or put in the page as HTML.
 */
import LZString from 'lz-string';
import type { StoredEdits } from './workspace.ts';
import { t } from '../../../i18n/format.ts';

export const SHARE_PREFIX = '#share=';

/** What a link carries. `v` lets a later playground read older links. */
interface SharePayload {
  v: 1;
  game: string;
  edits: StoredEdits;
}

export type ShareLink = { ok: true; game: string; edits: StoredEdits } | { ok: false; message: string };

/** Beyond these a link is refused (a hand-made or corrupted link must not fill the browser). */
const MAX_FILES = 400;
const MAX_TEXT = 4_000_000;

/** The part after `#` of a link opening `game` with these edits. */
export function encodeShare(game: string, edits: StoredEdits): string {
  const payload: SharePayload = { v: 1, game, edits };
  return SHARE_PREFIX + LZString.compressToEncodedURIComponent(JSON.stringify(payload));
}

export function isShareHash(hash: string): boolean {
  return hash.startsWith(SHARE_PREFIX);
}

/** A name from a link, made short and printable before it is shown (as text) in a message. */
const shown = (s: string) => JSON.stringify(s.length > 60 ? s.slice(0, 60) + '…' : s);

const damaged =
  t('pg.link.damaged');

/** A file a link may carry: a game's rules, cards, rulings or notes, by a plain relative path. */
function allowedPath(game: string, path: string): boolean {
  if (!(path.startsWith(`rules/${game}/`) || path.startsWith(`cards/${game}/`))) return false;
  if (!/\.(grim|ya?ml|md)$/.test(path) || path.length > 200) return false;
  return path.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..' && !/[\\\u0000-\u001f]/.test(seg));
}

/** Reads a `#share=…` hash. Every failure is a message for the page, in words. */
export function decodeShare(hash: string, games: string[]): ShareLink {
  let body = hash.slice(SHARE_PREFIX.length).trim();
  // Some chat and mail programs percent-encode the characters they do not trust ($, +).
  if (body.includes('%')) {
    try {
      body = decodeURIComponent(body);
    } catch {
      return { ok: false, message: damaged };
    }
  }
  if (body === '') return { ok: false, message: t('pg.link.empty') };
  let json: string | null;
  try {
    json = LZString.decompressFromEncodedURIComponent(body);
  } catch {
    json = null;
  }
  if (!json) return { ok: false, message: damaged };
  if (json.length > MAX_TEXT) return { ok: false, message: t('pg.link.too-long') };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { ok: false, message: damaged };
  }
  const p = data as Partial<SharePayload> | null;
  if (!p || typeof p !== 'object' || typeof p.game !== 'string' || !p.edits || typeof p.edits !== 'object' || Array.isArray(p.edits)) return { ok: false, message: damaged };
  if (p.v !== 1) return { ok: false, message: t('pg.link.version', { format: shown(String(p.v)) }) };
  if (!games.includes(p.game)) return { ok: false, message: t('pg.link.unknown-game', { game: shown(p.game), games }) };
  const entries = Object.entries(p.edits as Record<string, unknown>);
  if (entries.length > MAX_FILES) return { ok: false, message: t('pg.link.too-many', { n: entries.length }) };
  const edits: StoredEdits = {};
  for (const [path, text] of entries) {
    if (typeof text !== 'string') return { ok: false, message: damaged };
    if (!allowedPath(p.game, path)) return { ok: false, message: t('pg.link.bad-path', { game: p.game, path: shown(path) }) };
    edits[path] = text;
  }
  return { ok: true, game: p.game, edits };
}

/** True when two sets of edits are the same files with the same texts. */
export function sameEdits(a: StoredEdits, b: StoredEdits): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] === a[k]);
}
