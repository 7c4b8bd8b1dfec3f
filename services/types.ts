/**
 * A cheap guess at the type of an expression, read from tokens — enough for completion to offer a
 * player's zones and states after `p.`, a card's fields after `c.`, a request's parts after `r.`.
 * Not the compiler's checker: it reads one chain (`me`, `t.owner`, `owner(c).hand`, `first(x)`),
 * knows the built-in names (docs/language.md, Expressions) and the game's declared types, and
 * answers `unknown` when in doubt — completion then offers every member rather than none.
 */
import type { MessageKey } from '../i18n/format.ts';
import type { NameTable } from './names.ts';

/** A token as the editor's services read it (from the language's own lexer, see cursor.ts). */
export interface Tok {
  image: string;
  /** A keyword may stand as a name too (keywords are soft): see `isName`. */
  kind: 'name' | 'keyword' | 'number' | 'string' | 'punct';
  /** 0-based offsets; `end` exclusive. */
  start: number;
  end: number;
  line: number;
  col: number;
}

/** A type name of the language (`player`, `cards`, an enum's name…) or `unknown`. */
export type Ty = string;

export interface BuiltIn {
  name: string;
  /** A value's type (functions have `result` instead). */
  type?: Ty;
  detail: string;
  /** What it means: its catalog key (i18n/en/services.ts), worded in the reader's language where it is shown. */
  doc: MessageKey;
}

/** Names the language gives a meaning (docs/language.md, "built-in name"). */
export const builtInValues: BuiltIn[] = [
  { name: 'me', type: 'player', detail: 'me: player', doc: 'svc.value.me' },
  { name: 'opponent', type: 'player', detail: 'opponent: player', doc: 'svc.value.opponent' },
  { name: 'teammates', type: 'players', detail: 'teammates: players', doc: 'svc.value.teammates' },
  { name: 'active', type: 'player', detail: 'active: player', doc: 'svc.value.active' },
  { name: 'players', type: 'players', detail: 'players: players', doc: 'svc.value.players' },
  { name: 'stack', type: 'requests', detail: 'stack: requests', doc: 'svc.value.stack' },
  { name: 'turn', type: 'number', detail: 'turn: number', doc: 'svc.value.turn' },
  { name: 'this', type: 'card', detail: 'this: card', doc: 'svc.value.this' },
  { name: 'it', type: 'card', detail: 'it', doc: 'svc.value.it' },
  { name: 'request', type: 'request', detail: 'request: request', doc: 'svc.value.request' },
  { name: 'match_game', type: 'number', detail: 'match_game: number', doc: 'svc.value.match_game' },
  { name: 'last_winner', type: 'player', detail: 'last_winner: player', doc: 'svc.value.last_winner' },
  { name: 'last_loser', type: 'player', detail: 'last_loser: player', doc: 'svc.value.last_loser' },
];

/** Built-in functions: name, result type (`elem`: the element of the first argument; `same`: its type). */
export const builtInFunctions: (BuiltIn & { result: Ty | 'elem' | 'same' })[] = [
  { name: 'count', result: 'number', detail: 'count(list): number', doc: 'svc.fn.count' },
  { name: 'sum', result: 'number', detail: 'sum(list, expr): number', doc: 'svc.fn.sum' },
  { name: 'max', result: 'number', detail: 'max(list, expr): number', doc: 'svc.fn.max' },
  { name: 'min', result: 'number', detail: 'min(list, expr): number', doc: 'svc.fn.min' },
  { name: 'any', result: 'bool', detail: 'any(list, bool): bool', doc: 'svc.fn.any' },
  { name: 'all', result: 'bool', detail: 'all(list, bool): bool', doc: 'svc.fn.all' },
  { name: 'all_same', result: 'bool', detail: 'all_same(list, expr): bool', doc: 'svc.fn.all_same' },
  { name: 'distinct', result: 'same', detail: 'distinct(list, expr)', doc: 'svc.fn.distinct' },
  { name: 'sorted', result: 'same', detail: 'sorted(list, expr)', doc: 'svc.fn.sorted' },
  { name: 'is_empty', result: 'bool', detail: 'is_empty(list): bool', doc: 'svc.fn.is_empty' },
  { name: 'first', result: 'elem', detail: 'first(list)', doc: 'svc.fn.first' },
  { name: 'top', result: 'cards', detail: 'top(zone, n): cards', doc: 'svc.fn.top' },
  { name: 'bottom', result: 'cards', detail: 'bottom(zone, n): cards', doc: 'svc.fn.bottom' },
  { name: 'units', result: 'cards', detail: 'units(card): cards', doc: 'svc.fn.units' },
  { name: 'all_units', result: 'cards', detail: 'all_units(list): cards', doc: 'svc.fn.all_units' },
  { name: 'host', result: 'card', detail: 'host(card): card', doc: 'svc.fn.host' },
  { name: 'zone_of', result: 'zone', detail: 'zone_of(card): zone', doc: 'svc.fn.zone_of' },
  { name: 'owner', result: 'player', detail: 'owner(card): player', doc: 'svc.fn.owner' },
  { name: 'other', result: 'player', detail: 'other(player): player', doc: 'svc.fn.other' },
  { name: 'random', result: 'elem', detail: 'random(list)', doc: 'svc.fn.random' },
  { name: 'entered_this_turn', result: 'bool', detail: 'entered_this_turn(card): bool', doc: 'svc.fn.entered_this_turn' },
  { name: 'targets', result: 'unknown', detail: 'targets(request)', doc: 'svc.fn.targets' },
  { name: 'cards', result: 'cards', detail: 'cards(request): cards', doc: 'svc.fn.cards' },
  { name: 'controller', result: 'player', detail: 'controller(request): player', doc: 'svc.fn.controller' },
  { name: 'labels', result: 'labels', detail: 'labels(x): labels', doc: 'svc.fn.labels' },
  { name: 'abilities', result: 'unknown', detail: 'abilities(c): list of abilities', doc: 'svc.fn.abilities' },
  { name: 'match_wins', result: 'number', detail: 'match_wins(player): number', doc: 'svc.fn.match_wins' },
  { name: 'deck_problem', result: 'text', detail: 'deck_problem(player): text', doc: 'svc.fn.deck_problem' },
];

/** Fields every card has (docs/language.md, Card types). */
export const builtInCardFields: BuiltIn[] = [
  { name: 'name', type: 'text', detail: 'name: text', doc: 'svc.field.name' },
  { name: 'owner', type: 'player', detail: 'owner: player', doc: 'svc.field.owner' },
  { name: 'facedown', type: 'bool', detail: 'facedown: bool', doc: 'svc.field.facedown' },
  { name: 'entered', type: 'number', detail: 'entered: number', doc: 'svc.field.entered' },
];

/** A request's parts (docs/language.md, `request`). */
export const builtInRequestParts: BuiltIn[] = [
  { name: 'targets', type: 'unknown', detail: 'targets', doc: 'svc.part.targets' },
  { name: 'cards', type: 'cards', detail: 'cards: cards', doc: 'svc.part.cards' },
  { name: 'controller', type: 'player', detail: 'controller: player', doc: 'svc.part.controller' },
  { name: 'action', type: 'action', detail: 'action: action', doc: 'svc.part.action' },
  { name: 'source', type: 'card', detail: 'source: card', doc: 'svc.part.source' },
];

/** The value types of the language, for type positions (`p: |`). */
export const typeNames = ['number', 'bool', 'text', 'player', 'players', 'card', 'cards', 'zone', 'request', 'requests', 'label', 'labels', 'action', 'actions'];

/** The element type of a list type: `cards` → `card`. */
export function elementOf(t: Ty): Ty {
  if (t === 'cards' || t === 'zone') return 'card';
  if (t === 'players') return 'player';
  if (t === 'requests') return 'request';
  return 'unknown';
}

/** What the guesser needs besides tokens: the names in scope and the game's names. */
export interface TypeEnv {
  local(name: string): Ty | undefined;
  names: NameTable;
}

/** The type of a member: `p.hand` (zone), `c.owner` (player), `r.controller` (player)… */
export function memberType(receiver: Ty, name: string, names: NameTable): Ty {
  const fromPlayer = () => {
    const s = names.playerMembers.find((m) => m.name === name);
    return s ? (s.kind === 'zone' ? 'zone' : (s.type ?? 'unknown')) : undefined;
  };
  const fromCard = () => builtInCardFields.find((f) => f.name === name)?.type ?? names.cardMembers.find((m) => m.name === name)?.type;
  const fromRequest = () => builtInRequestParts.find((f) => f.name === name)?.type ?? names.requestMembers.find((m) => m.name === name)?.type;
  let t: Ty | undefined;
  if (receiver === 'player') t = fromPlayer();
  else if (receiver === 'card') t = fromCard();
  else if (receiver === 'request') t = fromRequest();
  else if (receiver === 'unknown') t = fromPlayer() ?? fromCard() ?? fromRequest();
  return t ?? 'unknown';
}

/** The type of a bare name: a local, a built-in, or one of the game's definitions. */
export function nameType(name: string, env: TypeEnv): Ty {
  const local = env.local(name);
  if (local) return local;
  const b = builtInValues.find((v) => v.name === name);
  if (b) return b.type ?? 'unknown';
  for (const s of env.names.get(name)) {
    if (s.kind === 'zone') return 'zone';
    if (s.kind === 'global state' || s.kind === 'param') return s.type ?? 'unknown';
    if (s.kind === 'enum value') return s.detail.split('.')[0] ?? 'unknown';
    if (s.kind === 'label') return 'label';
    if (s.kind === 'action' || s.kind === 'trigger') return 'action';
  }
  return 'unknown';
}

const isOpen = (t: Tok | undefined, c: string) => t?.kind === 'punct' && t.image === c;

/** A name or a keyword standing as a name (`players`, `turn`, `first(…)`). */
export const isName = (t: Tok | undefined): t is Tok => t?.kind === 'name' || t?.kind === 'keyword';

/** The index of the bracket matching the one at `i` (searching forward from `(`, backward from `)`). */
function matching(tokens: readonly Tok[], i: number): number {
  const open = tokens[i]!.image;
  const pairs: Record<string, [string, string, 1 | -1]> = { '(': ['(', ')', 1], ')': [')', '(', -1], '[': ['[', ']', 1], ']': [']', '[', -1] };
  const [same, other, step] = pairs[open]!;
  let depth = 0;
  for (let j = i; j >= 0 && j < tokens.length; j += step) {
    const t = tokens[j]!;
    if (t.kind !== 'punct') continue;
    if (t.image === same) depth++;
    else if (t.image === other && --depth === 0) return j;
  }
  return -1;
}

/**
 * Where the chain that ends at token `end` (inclusive) begins: `owner(c).hand` ends at `hand` and
 * begins at `owner`. -1 when the tokens there are not a chain.
 */
export function chainStart(tokens: readonly Tok[], end: number): number {
  let i = end;
  for (;;) {
    const t = tokens[i];
    if (!t) return -1;
    if (isOpen(t, ')')) {
      const j = matching(tokens, i);
      if (j <= 0 || !isName(tokens[j - 1])) return -1;
      i = j - 1;
    } else if (!isName(t)) return -1;
    if (isOpen(tokens[i - 1], '.') && i >= 2) i -= 2;
    else return i;
  }
}

/**
 * The type of the chain that starts at token `start` and runs at most to `end` (exclusive): a
 * name or a call, then `.member`s. Returns the type and the index after the chain.
 */
export function chainType(tokens: readonly Tok[], start: number, env: TypeEnv, end = tokens.length): { type: Ty; next: number } {
  const t = tokens[start];
  if (!isName(t) || start >= end) return { type: 'unknown', next: start };
  let type: Ty;
  let i = start + 1;
  if (isOpen(tokens[i], '(')) {
    const close = matching(tokens, i);
    const fn = builtInFunctions.find((f) => f.name === t.image);
    const user = env.names.find(t.image, 'function');
    if (user) type = user.type ?? 'unknown';
    else if (fn && (fn.result === 'elem' || fn.result === 'same')) {
      const arg = chainType(tokens, i + 1, env, close < 0 ? end : close).type;
      type = fn.result === 'elem' ? elementOf(arg) : arg;
    } else type = fn?.result ?? 'unknown';
    if (close < 0) return { type, next: end };
    i = close + 1;
  } else type = nameType(t.image, env);
  while (i + 1 < end && isOpen(tokens[i], '.') && isName(tokens[i + 1])) {
    type = memberType(type, tokens[i + 1]!.image, env.names);
    i += 2;
  }
  return { type, next: i };
}
