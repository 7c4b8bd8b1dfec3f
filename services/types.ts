/**
 * A cheap guess at the type of an expression, read from tokens — enough for completion to offer a
 * player's zones and states after `p.`, a card's fields after `c.`, a request's parts after `r.`.
 * Not the compiler's checker: it reads one chain (`me`, `t.owner`, `owner(c).hand`, `first(x)`),
 * knows the built-in names (docs/language.md, Expressions) and the game's declared types, and
 * answers `unknown` when in doubt — completion then offers every member rather than none.
 */
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
  doc: string;
}

/** Names the language gives a meaning (docs/language.md, "built-in name"). */
export const builtInValues: BuiltIn[] = [
  { name: 'me', type: 'player', detail: 'me: player', doc: 'the player acting (the controller, the chooser, the caller’s me); in `evaluate`, the player whose position is scored' },
  { name: 'opponent', type: 'player', detail: 'opponent: player', doc: 'the other player (two-player games)' },
  { name: 'teammates', type: 'players', detail: 'teammates: players', doc: 'the players still in on my team other than me, in turn order after me (none without `teams`)' },
  { name: 'active', type: 'player', detail: 'active: player', doc: 'the player whose turn it is' },
  { name: 'players', type: 'players', detail: 'players: players', doc: 'all players, starting with the active player' },
  { name: 'stack', type: 'requests', detail: 'stack: requests', doc: 'the requests on the stack, top first' },
  { name: 'turn', type: 'number', detail: 'turn: number', doc: 'the turn number (1 = the first turn)' },
  { name: 'this', type: 'card', detail: 'this: card', doc: 'the card whose ability, value or aura this is' },
  { name: 'it', type: 'card', detail: 'it', doc: 'the candidate, inside `where`, `such that` and list functions' },
  { name: 'request', type: 'request', detail: 'request: request', doc: 'inside an effect: the request being resolved' },
  { name: 'match_game', type: 'number', detail: 'match_game: number', doc: 'the number of this game in its match (1 for the first, and for a game played alone)' },
  { name: 'last_winner', type: 'player', detail: 'last_winner: player', doc: 'the last game’s winner in the match; none in its first game or after a draw' },
  { name: 'last_loser', type: 'player', detail: 'last_loser: player', doc: 'the last game’s loser in the match; none in its first game or after a draw' },
];

/** Built-in functions: name, result type (`elem`: the element of the first argument; `same`: its type). */
export const builtInFunctions: (BuiltIn & { result: Ty | 'elem' | 'same' })[] = [
  { name: 'count', result: 'number', detail: 'count(list): number', doc: 'its length' },
  { name: 'sum', result: 'number', detail: 'sum(list, expr): number', doc: 'over `it`' },
  { name: 'max', result: 'number', detail: 'max(list, expr): number', doc: 'over `it`' },
  { name: 'min', result: 'number', detail: 'min(list, expr): number', doc: 'over `it`' },
  { name: 'any', result: 'bool', detail: 'any(list, bool): bool', doc: 'over `it`' },
  { name: 'all', result: 'bool', detail: 'all(list, bool): bool', doc: 'over `it`' },
  { name: 'all_same', result: 'bool', detail: 'all_same(list, expr): bool', doc: 'over `it`' },
  { name: 'distinct', result: 'same', detail: 'distinct(list, expr)', doc: 'the first element for each distinct value of expr (over `it`), in list order' },
  { name: 'sorted', result: 'same', detail: 'sorted(list, expr)', doc: 'the list ordered by the number expr (over `it`), smallest first' },
  { name: 'is_empty', result: 'bool', detail: 'is_empty(list): bool', doc: 'the list is empty' },
  { name: 'first', result: 'elem', detail: 'first(list)', doc: 'the first element or `none`' },
  { name: 'top', result: 'cards', detail: 'top(zone, n): cards', doc: 'the first n cards' },
  { name: 'bottom', result: 'cards', detail: 'bottom(zone, n): cards', doc: 'the last n cards' },
  { name: 'units', result: 'cards', detail: 'units(card): cards', doc: 'the card and the cards attached to it' },
  { name: 'all_units', result: 'cards', detail: 'all_units(list): cards', doc: 'every card of the list and the cards attached to each' },
  { name: 'host', result: 'card', detail: 'host(card): card', doc: 'the card it is attached to, or `none`' },
  { name: 'zone_of', result: 'zone', detail: 'zone_of(card): zone', doc: 'the zone it is in' },
  { name: 'owner', result: 'player', detail: 'owner(card): player', doc: 'same as `card.owner`' },
  { name: 'other', result: 'player', detail: 'other(player): player', doc: 'the next player' },
  { name: 'random', result: 'elem', detail: 'random(list)', doc: 'a seeded random element' },
  { name: 'entered_this_turn', result: 'bool', detail: 'entered_this_turn(card): bool', doc: 'it entered its current zone this turn' },
  { name: 'targets', result: 'unknown', detail: 'targets(request)', doc: 'a request’s targets' },
  { name: 'cards', result: 'cards', detail: 'cards(request): cards', doc: 'a request’s cards' },
  { name: 'controller', result: 'player', detail: 'controller(request): player', doc: 'a request’s controller' },
  { name: 'labels', result: 'labels', detail: 'labels(x): labels', doc: 'a card’s `labels` value or a request’s tags' },
  { name: 'abilities', result: 'unknown', detail: 'abilities(c): list of abilities', doc: 'a card’s abilities (their names), which `perform … as <card>` uses as another card’s own' },
  { name: 'match_wins', result: 'number', detail: 'match_wins(player): number', doc: 'the games the player has won so far in the match (0 in its first game)' },
  { name: 'deck_problem', result: 'text', detail: 'deck_problem(player): text', doc: 'the game’s `deck check` on the player’s decks: the reason of the first requirement they break, or "" when they are legal' },
];

/** Fields every card has (docs/language.md, Card types). */
export const builtInCardFields: BuiltIn[] = [
  { name: 'name', type: 'text', detail: 'name: text', doc: 'the card’s name (built in)' },
  { name: 'owner', type: 'player', detail: 'owner: player', doc: 'the card’s owner (built in)' },
  { name: 'facedown', type: 'bool', detail: 'facedown: bool', doc: 'face down (built in, settable)' },
  { name: 'entered', type: 'number', detail: 'entered: number', doc: 'the turn it entered its current zone (built in)' },
];

/** A request's parts (docs/language.md, `request`). */
export const builtInRequestParts: BuiltIn[] = [
  { name: 'targets', type: 'unknown', detail: 'targets', doc: 'the request’s targets' },
  { name: 'cards', type: 'cards', detail: 'cards: cards', doc: 'the cards that travel with it (`using`)' },
  { name: 'controller', type: 'player', detail: 'controller: player', doc: 'who made it' },
  { name: 'action', type: 'action', detail: 'action: action', doc: 'the action it declares' },
  { name: 'source', type: 'card', detail: 'source: card', doc: 'the card whose ability made it' },
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
