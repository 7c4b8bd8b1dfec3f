/**
 * What completion offers at a place, by context (cursor.ts): after `p.` a player's zones and
 * states, after `c.` a card's fields, after `r.` a request's parts, after `ファイアドラゴン.` the
 * card's abilities; where a type is written, the types; otherwise the keywords (from the
 * grammar's token list — one source of truth), the local names in scope, the built-in names and
 * every name the game defines — only the kinds the grammar allows after `do` (procedures),
 * `perform` and `on resolved` (actions), `signal` (events), `since` (formats); the likeliest
 * first after `has` and `tags` (labels), `while in`, `to`, `from` (zones). Pure:
 * language-services.ts turns the entries into Monaco's items.
 */
import { keywordWords } from '../grammar/tokens.ts';
import { faceCardParts, faceItemWords } from '../compiler/faces.ts';
import type { SymbolInfo, SymbolKind } from '../compiler/symbols.ts';
import type { CursorContext } from './cursor.ts';
import { bindingMarkdown, builtInMarkdown, symbolMarkdown } from './markdown.ts';
import { t } from '../i18n/format.ts';
import type { NameTable } from './names.ts';
import { builtInCardFields, builtInFunctions, builtInRequestParts, builtInValues, typeNames, type BuiltIn } from './types.ts';

export type EntryKind = SymbolKind | 'keyword' | 'built-in' | 'built-in function' | 'local name' | 'parameter' | 'type';

/**
 * How an editor shows each kind of entry, by the member name both Monaco's and the Language
 * Server Protocol's `CompletionItemKind` have (their numbers differ): each editor looks its own
 * number up by this name.
 */
export const completionKindNames = {
  keyword: 'Keyword',
  game: 'File',
  format: 'Unit',
  param: 'Constant',
  enum: 'Enum',
  'enum value': 'EnumMember',
  label: 'Interface',
  zone: 'Folder',
  'card type': 'Class',
  'card field': 'Field',
  card: 'Value',
  ability: 'Event',
  'player state': 'Property',
  'global state': 'Variable',
  'request state': 'Property',
  event: 'Event',
  function: 'Function',
  procedure: 'Method',
  action: 'Constructor',
  trigger: 'Event',
  limit: 'Constant',
  'ability template': 'Function',
  'built-in': 'Variable',
  'built-in function': 'Function',
  'local name': 'Variable',
  parameter: 'Variable',
  type: 'TypeParameter',
} as const satisfies Record<EntryKind, string>;

export type CompletionKindName = (typeof completionKindNames)[EntryKind];

/** What a kind of entry is called, in the reader's language (shown beside each entry: `zone`, 「ゾーン」). */
export function entryKindWord(kind: EntryKind): string {
  return t(`svc.kind.${kind}`);
}

export interface CompletionEntry {
  label: string;
  kind: EntryKind;
  /** One line: the signature. */
  detail: string;
  /** Markdown: title, citation, note, place — made when the item is shown (a pool has thousands). */
  documentation?: () => string;
  /** Orders the list: the likeliest first. */
  sortText: string;
}

/** The only kinds the grammar allows after some words: `do` a procedure, `perform` an action… */
function onlyKinds(before: readonly string[]): ReadonlySet<EntryKind> | undefined {
  const last = before[before.length - 1];
  if (last === 'do') return new Set(['procedure']);
  if (last === 'perform' || last === 'resolved' || last === 'declared') return new Set(['action', 'trigger']);
  if (last === 'signal') return new Set(['event']);
  if (last === 'since' || before.slice(-2).join(' ') === 'default format') return new Set(['format']);
  // `amend procedure |`, `remove format |`: a definition of that kind (revisions).
  const verb = before[before.length - 2];
  if (verb === 'amend' || verb === 'remove') {
    // (After `amend card` the word `type` may follow: the cards are not the only names there.)
    if (last === 'procedure' || last === 'function' || last === 'action' || last === 'trigger' || (last === 'card' && verb === 'remove') || last === 'param' || last === 'label' || last === 'format' || last === 'zone' || last === 'event' || last === 'enum' || last === 'limit') return new Set([last]);
    if (last === 'face') return new Set(['card type']);
    if (last === 'ability') return new Set(['ability']);
  }
  if (before.slice(-3).join(' ') === 'amend card type') return new Set(['card type']);
  return undefined;
}

/** The kinds a context makes likely, by the words before the cursor (listed first, others after). */
function preferredKinds(before: readonly string[]): ReadonlySet<EntryKind> | undefined {
  const last = before[before.length - 1];
  if (last === 'has' || last === 'tags' || (last === ',' && before.includes('tags'))) return new Set(['label']);
  if (before.slice(-2).join(' ') === 'while in' || last === 'to' || last === 'from' || last === 'in') return new Set(['zone', 'local name', 'parameter']);
  if (last === 'every' || last === 'of') return new Set(['card type', 'card']);
  return undefined;
}

/** After `<name> =`, `==` or `!=`, where the name holds an enum: that enum's name. */
function expectedEnum(before: readonly string[], names: NameTable): string | undefined {
  const last = before[before.length - 1];
  if (last !== '=' && last !== '==' && last !== '!=') return undefined;
  const holder = before[before.length - 2];
  if (!holder) return undefined;
  const typed = names.all.find((s) => s.name === holder && s.type && (s.kind === 'card field' || s.kind === 'param' || s.kind === 'player state' || s.kind === 'global state'));
  const enumName = typed?.type;
  return enumName && names.all.some((s) => s.kind === 'enum' && s.name === enumName) ? enumName : undefined;
}

/**
 * The words the grammar takes next after some words of the language's second level (docs/language.md):
 * how `modify` changes a value, how long it lasts, `perform … as`.
 */
function nextWords(before: readonly string[]): { words: string[]; detail: string } | undefined {
  const last = before[before.length - 1];
  const two = before.slice(-2).join(' ');
  const three = before.slice(-3).join(' ');
  // `modify <card>.<value> |`
  if (before.length >= 4 && before[before.length - 2] === '.' && before[before.length - 4] === 'modify') return { words: ['by', 'times', 'divided', 'becomes', 'gains', 'loses'], detail: t('svc.next.modify-value') };
  // `modify <card> |` (no value): a card gains another's abilities.
  if (before.length >= 2 && before[before.length - 2] === 'modify' && last !== '.') return { words: ['gains'], detail: t('svc.next.modify-gains') };
  if (before.length >= 3 && before[before.length - 3] === 'modify' && last === 'gains') return { words: ['abilities'], detail: t('svc.next.gains-abilities') };
  if (two === 'gains abilities') return { words: ['of'], detail: t('svc.next.gains-abilities') };
  // Revisions (docs/language.md "Revisions"): what an amend or a remove may name.
  if (last === 'amend') return { words: ['action', 'trigger', 'procedure', 'function', 'check', 'setup', 'turn', 'face', 'card', 'ability'], detail: t('svc.next.amend') };
  if (last === 'remove') return { words: ['action', 'trigger', 'procedure', 'function', 'card', 'param', 'check', 'label', 'zone', 'event', 'enum', 'limit', 'format', 'ability', 'aura', 'attr', 'state', 'value'], detail: t('svc.next.remove') };
  if (last === 'until') return { words: ['end', 'next', 'leaves'], detail: t('svc.next.until') };
  if (three === 'until end of') return { words: ['turn', 'next'], detail: t('svc.next.until-end-of') };
  if (last === 'during') return { words: ['next'], detail: t('svc.next.during') };
  if (two === 'during next' || two === 'until next' || three === 'end of next') return { words: ['turn'], detail: t('svc.next.next-turn') };
  return undefined;
}

export function completionEntries(ctx: CursorContext, names: NameTable, file = ''): CompletionEntry[] {
  if (ctx.inert) return [];
  const next = nextWords(ctx.before);
  if (next) return next.words.map((w) => ({ label: w, kind: 'keyword' as const, detail: next.detail, sortText: `0${w}` }));
  const out: CompletionEntry[] = [];
  const seen = new Set<string>();
  const addSymbol = (s: SymbolInfo, rank: string, label = s.name) => {
    const key = `${s.kind}\u0000${label}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ label, kind: s.kind, detail: s.detail, documentation: () => symbolMarkdown(s), sortText: `${rank}${label}` });
  };
  const addBuiltIn = (b: BuiltIn, kind: EntryKind, rank: string) => {
    const key = `${kind}\u0000${b.name}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ label: b.name, kind, detail: b.detail, documentation: () => builtInMarkdown(b), sortText: `${rank}${b.name}` });
  };

  if (ctx.member) {
    const { type, card } = ctx.member;
    if (card) {
      for (const s of names.abilities.get(card) ?? []) addSymbol(s, '0', s.name.slice(card.length + 1));
      return out;
    }
    const player = type === 'player' || type === 'unknown';
    const cardish = type === 'card' || type === 'unknown';
    const request = type === 'request' || type === 'unknown';
    if (player) for (const s of names.playerMembers) addSymbol(s, '0');
    if (cardish) {
      for (const s of names.cardMembers) addSymbol(s, '1');
      for (const b of builtInCardFields) addBuiltIn(b, 'built-in', '2');
    }
    if (request) {
      for (const s of names.requestMembers) addSymbol(s, '3');
      for (const b of builtInRequestParts) addBuiltIn(b, 'built-in', '4');
    }
    return out;
  }

  // Inside a face: where an item begins, only its words; where a region's content goes, the card's parts and fields first.
  if (ctx.face === 'item') {
    for (const w of faceItemWords) out.push({ label: w, kind: 'keyword', detail: t('svc.detail.face'), sortText: `0${w}` });
    return out;
  }
  if (ctx.face === 'part') {
    for (const w of Object.keys(faceCardParts) as (keyof typeof faceCardParts)[]) {
      const doc = t(`svc.face-part.${w}`);
      out.push({ label: w, kind: 'built-in', detail: `${w}: ${doc}`, documentation: () => doc, sortText: `0${w}` });
    }
    for (const s of names.all) if (s.kind === 'card field' && s.detail.startsWith('attr ')) addSymbol(s, '1');
    return out;
  }

  if (ctx.typePosition) {
    for (const name of typeNames) out.push({ label: name, kind: 'type', detail: t('svc.detail.type', { name }), sortText: `0${name}` });
    for (const s of names.all) if (s.kind === 'enum' || s.kind === 'card type') addSymbol(s, '1');
    return out;
  }

  const only = onlyKinds(ctx.before);
  if (only) {
    for (const s of names.all) if (only.has(s.kind)) addSymbol(s, '0');
    return out;
  }
  const preferred = preferredKinds(ctx.before);
  const rank = (kind: EntryKind, otherwise: string) => (preferred?.has(kind) ? '0' : otherwise);
  // `suit = |`, `c.suit == |`: the values of the name's enum type come first.
  const wanted = expectedEnum(ctx.before, names);
  if (wanted) for (const s of names.all) if (s.kind === 'enum value' && s.detail.startsWith(`${wanted}.`)) addSymbol(s, '0');
  const locals = new Set<string>();
  for (let i = ctx.bindings.length - 1; i >= 0; i--) {
    const b = ctx.bindings[i]!;
    if (locals.has(b.name)) continue; // shadowed by a nearer binding
    locals.add(b.name);
    const kind: EntryKind = b.how === 'parameter' ? 'parameter' : 'local name';
    out.push({ label: b.name, kind, detail: `${b.how === 'parameter' ? t('svc.kind.parameter') : b.how} ${b.name}${b.type === 'unknown' ? '' : `: ${b.type}`}`, documentation: () => bindingMarkdown(b, file), sortText: `${rank(kind, '1')}${b.name}` });
  }
  for (const s of names.all) {
    if (s.kind === 'ability' || locals.has(s.name)) continue;
    addSymbol(s, rank(s.kind, s.kind === 'card field' || s.kind === 'card' || s.kind === 'enum value' ? '3' : '2'));
  }
  for (const b of builtInValues) if (!locals.has(b.name)) addBuiltIn(b, 'built-in', rank('built-in', '4'));
  for (const f of builtInFunctions) addBuiltIn(f, 'built-in function', rank('built-in function', '4'));
  const builtInLabels = new Set(out.filter((e) => e.kind === 'built-in' || e.kind === 'built-in function').map((e) => e.label));
  for (const k of keywordWords) if (!builtInLabels.has(k)) out.push({ label: k, kind: 'keyword', detail: t('svc.detail.keyword'), sortText: `${rank('keyword', '5')}${k}` });
  return out;
}
