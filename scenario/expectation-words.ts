/**
 * An expectation said in words, as a judge would write the answer: `p2.graveyard: [♡5]` is
 * "p2's graveyard holds ♡5", `not_offered p1: [Attack]` is "p1 may not choose Attack". The
 * FAQ and `explain` print these as "The answer" when a ruling has no `answer:` of its own —
 * only what the ruling asserts, never what merely happened in the run.
 */
import { language, list, orList, t } from '../i18n/format.ts';

/** `p1.board` → `p1's board`; a shared zone → `the weather zone`. */
export function zoneWords(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? t('words.zone', { zone: path }) : t('words.players-zone', { player: path.slice(0, dot), zone: path.slice(dot + 1) });
}

/** "a, b and c" (ja 「a、b、c」); "nothing" for none. */
export function listWords(items: unknown[]): string {
  const names = items.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  if (names.length === 0) return t('words.nothing');
  if (names.length === 1) return names[0]!;
  if (language() !== 'en') return list(names);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`; // i18n-ok: English's own list (no Oxford comma), unchanged
}

/** "a, b or c" (ja 「a、b、またはc」). */
function orWords(items: unknown[]): string {
  if (language() !== 'en') return items.length ? orList(items.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)))) : t('words.nothing');
  return listWords(items).replace(/ and /, ' or ');
}

const value = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function cardFieldWords(ref: string, field: string, v: unknown): string {
  const m = /^(p\d+):(.*)$/.exec(ref);
  const name = m ? t('words.players-card', { player: m[1]!, card: m[2]! }) : ref;
  if (field === 'facedown') return t(v ? 'words.card-face-down' : 'words.card-face-up', { name });
  if (field === 'zone') return t('words.card-in-zone', { name, zone: zoneWords(String(v)) });
  if (Array.isArray(v)) return v.length ? t('words.card-field-are', { name, field, items: listWords(v) }) : t('words.card-field-are-none', { name, field });
  return t('words.card-field-is', { name, field, value: value(v) });
}

export function expectationWords(key: string, path: string, want: unknown, ordered = false): string {
  const items = want as unknown[];
  switch (key) {
    case 'count':
      return t('words.count', { zone: zoneWords(path), count: Number(want), shown: value(want) });
    case 'contains':
      return t('words.contains', { zone: zoneWords(path), items: listWords(items) });
    case 'lacks':
      return t('words.lacks', { zone: zoneWords(path), items: orWords(items) });
    case 'cards':
      return Object.entries(want as Record<string, unknown>)
        .map(([f, v]) => cardFieldWords(path, f, v))
        .join(t('words.separator'));
    case 'vars':
      return t('words.vars', { zone: zoneWords(path), value: value(want) });
    case 'winner':
      return want === 'draw' ? t('words.winner-draw') : want === 'none' ? t('words.winner-none') : t('words.winner', { player: value(want) });
    case 'winning_team':
      return want === 'draw' ? t('words.winning-team-draw') : want === 'none' ? t('words.winning-team-none') : t('words.winning-team', { team: value(want) });
    case 'match_winner':
      return want === 'draw' ? t('words.match-winner-draw') : want === 'none' ? t('words.match-winner-none') : t('words.match-winner', { player: value(want) });
    case 'out':
      return items.length ? t('words.out', { players: listWords(items), count: items.length }) : t('words.out-none');
    case 'active':
      return t('words.active', { player: value(want) });
    case 'reason':
      return t('words.reason', { reason: value(want) });
    case 'offered':
      return t('words.offered', { player: path, items: listWords(items) });
    case 'not_offered':
      return t('words.not-offered', { player: path, items: orWords(items) });
    case 'options':
      return t('words.options', { player: path, items: listWords(items), count: items.length });
    case 'deck_legal':
      return t(want ? 'words.deck-legal' : 'words.deck-not-legal', { player: path });
    case 'deck_reason':
      return t('words.deck-reason', { player: path, reason: value(want) });
    case 'log':
      return t('words.log', { items: listWords(items.map((s) => t('words.quoted', { text: value(s) }))) });
    default:
      return t(ordered && items.length > 1 ? 'words.holds-in-order' : 'words.contains', { zone: zoneWords(key), items: listWords(items) });
  }
}

export function whenWords(at: string): string {
  const m = /^step (\d+)/.exec(at);
  return m ? t('words.at-step', { step: m[1]! }) : '';
}
