/**
 * The codes of the mistakes found in a scenario file before it runs (scenario/check.ts), with the
 * one-line meaning shown in docs/diagnostics.md. They are reported as the compiler's
 * `Diagnostic` (file:line:col of the YAML, message, "did you mean" notes), so the CLI renders
 * them with the same code frame and the playground shows them as markers.
 */
export const scenarioDiagnosticCodes = {
  'scenario/yaml': 'The file is not valid YAML (the YAML parser\'s own message, at its place).',
  'scenario/unknown-key': 'A key the scenario format does not have at that place (`expcet:`, `parmas:`); the message lists the keys that are.',
  'scenario/missing-key': 'A key that must be written is not (a card written as a map without `card:`).',
  'scenario/wrong-type': 'A value of the wrong kind for its place: text for a number (`starting_life: lots`), one card where a list is expected (`board: Healer`), a list where a map is expected.',
  'scenario/unknown-name': "A name the game does not have: a card, zone, player, state, parameter, format or window — or an answer in `steps:` that no option of the game can carry (`- p1: Plya`: did you mean 'Play'?).",
  'scenario/unknown-value': 'A value its state or parameter cannot hold: an enum value the game does not name (`role: hero`), a text parameter that is none of its default, alternatives and the texts the rules compare it with.',
  'scenario/wrong-place': 'A name used where it does not belong: a shared zone under a player (or the reverse), a state the card\'s type does not have, `start: setup` with a `state`, `decks:` with a `state` or another `start`, a deck expectation for a player the scenario gives no deck list, a zone under `match:` that is not kept for the match, `match:` without a `state` and with another `start` than setup, or with both a `state` and kept cards.',
  'scenario/card-reference': 'A card-valued state names no card of the position, or several: give the owner (`p2:♡5`) or a card of its own.',
  'scenario/no-deck-check': 'A deck list (`decks:`) or a deck expectation (`deck_legal`, `deck_reason`) in a game that declares no `deck check` (or, for `side:`, no side zone in it).',
  'scenario/deck-count': 'A count in a deck list that is not a whole number of 1 or more (`若き竜: 0`, `若き竜: 2.5`).',
  'scenario/puzzle': 'A tactics puzzle (`puzzle:`) that cannot prove anything: its `steps` have no agent answering (`- p1: { agent: "mcts:500" }`), its `right` or `wrong` scripts are answered by an agent instead of written out, or it lists no wrong answer.',
  'scenario/asserts-nothing': 'A scenario with no `expect` and no `check` step: a ruling must assert something.',
} as const;

export type ScenarioDiagnosticCode = keyof typeof scenarioDiagnosticCodes;
