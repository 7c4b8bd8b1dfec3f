/**
 * An expectation said in words, as a judge would write the answer: `p2.graveyard: [♡5]` is
 * "p2's graveyard holds ♡5", `not_offered p1: [Attack]` is "p1 may not choose Attack". The
 * FAQ and `explain` print these as "The answer" when a ruling has no `answer:` of its own —
 * only what the ruling asserts, never what merely happened in the run.
 */

/** `p1.board` → `p1's board`; a shared zone → `the weather zone`. */
export function zoneWords(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? `the ${path} zone` : `${path.slice(0, dot)}'s ${path.slice(dot + 1)}`;
}

/** A list of names in words: `A`, `A and B`, `A, B and C`; `nothing` when empty. */
export function listWords(items: unknown[]): string {
  const names = items.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  if (names.length === 0) return 'nothing';
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const value = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** One field of a card: `its power is 3`, `it is face down`, `it is in p2's hand`. */
function cardFieldWords(ref: string, field: string, v: unknown): string {
  const name = ref.replace(/^(p\d+):(.*)$/, "$1's $2");
  if (field === 'facedown') return `${name} is face ${v ? 'down' : 'up'}`;
  if (field === 'zone') return `${name} is in ${zoneWords(String(v))}`;
  if (Array.isArray(v)) return `${name}'s ${field} ${v.length ? `are ${listWords(v)}` : 'are none'}`;
  return `${name}'s ${field} is ${value(v)}`;
}

/** The words of one expectation entry: `key` as in the YAML, `path` its zone, card or player, `want` the value written. */
export function expectationWords(key: string, path: string, want: unknown, ordered = false): string {
  switch (key) {
    case 'count':
      return `${zoneWords(path)} holds ${value(want)} card${Number(want) === 1 ? '' : 's'}`;
    case 'contains':
      return `${zoneWords(path)} holds ${listWords(want as unknown[])}`;
    case 'lacks':
      return `${zoneWords(path)} does not hold ${listWords(want as unknown[]).replace(/ and /, ' or ')}`;
    case 'cards':
      return Object.entries(want as Record<string, unknown>)
        .map(([f, v]) => cardFieldWords(path, f, v))
        .join('; ');
    case 'vars':
      return `${zoneWords(path)} is ${value(want)}`;
    case 'winner':
      return want === 'draw' ? 'the game is a draw' : want === 'none' ? 'the game goes on (nobody has won)' : `${value(want)} wins the game`;
    case 'match_winner':
      return want === 'draw' ? 'the match ends level' : want === 'none' ? 'the match goes on' : `${value(want)} wins the match`;
    case 'out':
      return (want as unknown[]).length ? `${listWords(want as unknown[])} ${(want as unknown[]).length > 1 ? 'are' : 'is'} out of the game` : 'every player is still in the game';
    case 'active':
      return `it is ${value(want)}'s turn`;
    case 'reason':
      return `the game ends because of “${value(want)}”`;
    case 'offered':
      return `${path} may choose ${listWords(want as unknown[])}`;
    case 'not_offered':
      return `${path} may not choose ${listWords(want as unknown[]).replace(/ and /, ' or ')}`;
    case 'options':
      return `${path}'s choices are exactly ${listWords(want as unknown[])}${(want as unknown[]).length > 1 ? ', in that order' : ''}`;
    case 'deck_legal':
      return `${path}'s deck is ${want ? 'legal' : 'not legal'} under the game's deck check`;
    case 'deck_reason':
      return `the deck check rejects ${path}'s deck because of “${value(want)}”`;
    case 'log':
      return `the record shows ${listWords((want as unknown[]).map((s) => `“${value(s)}”`))}`;
    default:
      return `${zoneWords(key)} holds ${listWords(want as unknown[])}${ordered && (want as unknown[]).length > 1 ? ', in that order' : ''}`;
  }
}

/** `step 3 (check)` → `at step 3` (the check is the script's third step); the final expectations need no prefix. */
export function whenWords(at: string): string {
  const m = /^step (\d+)/.exec(at);
  return m ? `at step ${m[1]}` : '';
}
