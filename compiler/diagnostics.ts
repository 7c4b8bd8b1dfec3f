/**
 * Diagnostics: one catalogue of stable codes (documented in docs/diagnostics.md).
 * Phases attach a diagnostic to a node's `loc`; rendering (code frames, colours) happens only
 * in the CLI and the editor.
 */
import type { Loc } from '../grammar/ast.ts';
import { format, msg, render, type Message } from '../i18n/format.ts';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  loc: Loc;
  /** Extra lines shown under the message (e.g. "did you mean …"). */
  notes?: string[];
  /**
   * The message and notes as catalog entries (i18n/), for the edge (CLI, LSP, playground) to
   * word in its reader's language: `message` and `notes` are their English, what --json and
   * the tests read. Absent for a diagnostic not yet in the catalogs.
   */
  text?: Message;
  noteTexts?: (Message | string)[];
}

/** A note or message: a catalog entry, or text already in words (a name, a file:line). */
export type DiagnosticText = Message | string;

const english = (m: DiagnosticText): string => (typeof m === 'string' ? m : format('en', m.key, m.values));
const local = (m: DiagnosticText): string => (typeof m === 'string' ? m : render(m));

/** The diagnostic's message and notes in the process's language (i18n/format.ts `setLanguage`). */
export function diagnosticWords(d: Diagnostic): { message: string; notes: string[] } {
  return {
    message: d.text ? local(d.text) : d.message,
    notes: d.noteTexts ? d.noteTexts.map(local) : (d.notes ?? []),
  };
}

/** Every code the compiler can emit, with the one-line meaning shown in docs/diagnostics.md. */
export const diagnosticCodes = {
  'syntax/unexpected-character': 'A character that is not part of the language.',
  'syntax/unexpected-token': 'The text does not follow the grammar here.',
  'syntax/too-deep': 'Brackets nested deeper than the parser accepts.',
  'syntax/unknown-word': 'A word where the grammar expects one of a fixed set of words (e.g. a zone modifier); the message lists them and the nearest.',
  'file/unreadable': 'A file could not be read (binary, not UTF-8, or too large).',
  'name/unknown': 'A name that is not defined anywhere in the game.',
  'name/duplicate': 'Two definitions of the same kind share a name.',
  'name/reserved': 'A definition named like a literal (`none`, `true`, `false`), which would always mean the literal.',
  'name/ambiguous': 'A name that refers to two different things (e.g. two enum values).',
  'type/mismatch': 'An expression of the wrong type for its place.',
  'type/not-a-member': 'A `.member` that the value does not have.',
  'type/bad-arguments': 'A call with the wrong number or kinds of arguments.',
  'type/not-assignable': 'A `set` target that cannot be set.',
  'game/missing': 'No `game` (or `revision`) declaration in the rules.',
  'game/duplicate': 'More than one `game` declaration.',
  'game/unknown-base': 'A revision revises a game that does not exist: no folder under `rules/` of that name, and no game or revision that declares it.',
  'game/revision-cycle': 'Revisions revise each other in a circle (A revises B, which revises A).',
  'game/no-turn': 'The game has no `turn` flow.',
  'game/agent-name': 'An `agent <name> "…"` in the game\'s header whose name is an agent every game has (`random`, `first`, `greedy`, `mcts`) or that the header names twice.',
  'revision/nothing-to-override': '`override` names a definition that the base game does not have (or, inside `amend card`, an ability or aura the card does not have); with "did you mean".',
  'revision/nothing-to-remove': '`remove` names a definition that does not exist, a format the game does not declare, an ability or aura the card does not have (`amend card`), or a field the card type does not have or of another kind (`remove state x` for an attr); with "did you mean".',
  'revision/nothing-to-amend': '`amend` names a definition the base game does not have (an action, trigger, procedure, function, check, card, card type, face, `setup` or `turn`), or `amend ability` / `amend aura` one the card does not have (an ability written with a template cannot be amended, only removed); with "did you mean".',
  'revision/removed-still-used': 'A revision removes something (a procedure, function, format, card-type field, …) that is still used: one error at the `remove`, in the revision, naming every place that uses it (file:line:col).',
  'revision/override-drops': 'A warning: a whole `override` lacks something the base\'s definition has — a clause of an action (its `limit`, its `tags`), a value, ability, aura or printed text of a card, a field of a card type, an item of a face — so the override drops it, and anything the base gains later. `amend` changes only what it names.',
  'format/unknown': '`since` names a format that the game does not declare.',
  'action/clause-repeated': 'A clause that may appear once appears twice.',
  'action/trigger-needs-event': 'A trigger without an `on` clause.',
  'action/while-in-outside-card': '`while in <zone>` in an action that is not a card\'s ability.',
  'action/instead-needs-move': '`instead` on an event that is neither a move nor a game-defined event (`on signal …`), or `on moved this` outside a card.',
  'action/optional-action': '`optional`, `last` or `group` on an action (only triggers wait, and only a trigger can be declined).',
  'action/event-in-action': 'An `on` clause in an action (only triggers have events).',
  'function/recursive': 'A function calls itself (directly or through others).',
  'procedure/recursive': 'A procedure calls itself (directly or through others): it could never end.',
  'card/missing-attr': 'A card does not give a value for an attribute of its type.',
  'card/non-constant-attr': 'A card gives an attr a value that is not printed-constant (a parameter, a computed value).',
  'card/unknown-attr': 'A card gives a value for something its type does not have.',
  'card/text-repeated': 'A card with two printed texts (`text "…"`): a card has one (write it as one string, `\\n` for a line break).',
  'card/text-drift': 'A warning: the printed text (`text "…"`) and the text generated from the card\'s abilities or attrs disagree on a number — a card count, damage, a value change, a cost, a limit per turn (docs/cards.md says which phrases it reads).',
  'face/unknown-word': 'A word in a `face` that is not one of its regions, `colour`, `show` or `frame`, or a frame that is not `bordered` or `plain`; the message lists them and the nearest.',
  'face/not-printed': 'A `face` shows a `state` or `value` field (they change in play): a face shows what is printed — attrs, the title, the printed text.',
  'face/bad-colour': 'A colour that is not `#rgb`, `#rrggbb` or a colour name (`red`, `navy`, …).',
  'face/bad-value': 'A value in a `face`\'s `colour by` or `show` list that its field can never hold (not one of the enum\'s values, a text for a number…).',
  'face/not-declarative': 'A `face`\'s `when` that is more than a comparison of the card\'s attrs with printed values (`kind == monster`, `rank in 1..10`, `ex`, `not ex`, joined by `and`/`or`).',
  'face/bad-place': 'An `at x, y, w, h` that is not four numbers of millimetres inside the 63 × 88 mm card.',
  'face/bad-pips': '`pips = <count> of <symbol>` needs a number attr as its count and one symbol; `of` belongs to `pips` only.',
  'label/value-not-taken': 'A number written on a label that carries none (`飛行(2)`): declare the label with `value number`, or write it alone.',
  'label/value-not-number': 'A label\'s number that is not a whole number (`王("x")`, `王(1, 2)`), a default that is not one, or a label declared with a value of another type than `number`.',
  'label/value-missing': 'A card prints a numbered label without its number, and the label has no default (`label ワード "ward" value number`): write `ワード(2)`, or give the label a default (`value number = 1`).',
  'label/value-repeated': 'A card prints two numbers for one label.',
  'label/no-value': 'A label that carries no number read or changed as one (`c.飛行`, `modify c.飛行 by 1`): test it with `c has 飛行`, or declare it `value number`.',
  'label/value-outside-card': 'A label with a number (`王(3)`) outside a card\'s printed values: in an expression write the label alone (`c has 王`) and read a card\'s number as `c.王`.',
  'label/name-clash': 'A numbered label named as a card field (or a built-in one): `c.<name>` would mean either; rename one.',
  'param/bad-default': 'A parameter whose default or alternatives are not literals of its type.',
  'zone/overflow-without-capacity': "A zone's `overflow` or `displaced` that cannot work: the zone has no `capacity`, it names the zone itself, both are given, or a shared zone overflows into a per-player one.",
  'card/own-field': 'A card declares an `attr` or `value` inside itself: a card declares only states of its own; attrs and values belong to its card type.',
  'value/never-read': "A warning: `modify` or an aura changes a card's value that no rule reads, so the change does nothing (a status means what the rules make of it).",
  'action/proceed-outside-instead': '`proceed` (let a replaced event happen after all) outside the effect of an `instead`.',
  'limit/unknown-kind': "A shared `limit` on something other than `actions`, `triggers` or `abilities`.",
  'limit/covers-nothing': 'A warning: a shared `limit` that covers no action of the game (its kind, card type or tags match none).',
  'param/unknown-reading': 'A text parameter with alternatives compared with a text that is none of its readings (the default or an alternative): the comparison could never hold, or always would.',
  'stack/missing': 'An action has normal speed but the game declares no `stack` zone.',
  'zone/not-shared': 'A per-player zone used without a player (write `me.zone`).',
  'evaluate/not-a-number': 'An `evaluate` whose expression is not a number (a score: higher is better for `me`).',
  'evaluate/duplicate': 'A second `evaluate` in a game: a game has at most one (a revision replaces its base game\'s with `override evaluate`).',
  'deck/duplicate': 'A second `deck check` in a game: a game has at most one (a revision replaces its base game\'s with `override deck check`).',
  'deck/zone': 'A `deck check` whose `main` or `side` is missing, names no zone of the game, or names a shared zone: a deck list fills zones of each player.',
  'deck/build': 'A `deck check` whose `build` names no procedure of the game, or one that does not take exactly one player (`procedure build_deck(p: player)`).',
  'deck/no-check': '`deck_problem(p)` in a game with no `deck check` to ask.',
  'match/duplicate': "A second `match` in a game: a game has at most one (a revision replaces its base game's with `override match`).",
  'match/length': 'A `match` that does not say how long it is — exactly one `best of N` or `first to N wins`, N a whole number of 1 or more, or `param NAME` naming a number parameter whose readings are all 1 or more.',
  'match/between': 'A `match` with two `between games` blocks: write one, with every step in it.',
  'teams/duplicate': "A second `teams` in a game: a game has at most one (a revision replaces its base game's with `override teams`).",
  'teams/seat': "A `teams` whose seats are wrong: a seat that is not one of the game's (p1 … pN), a seat in two teams, a seat in no team, or fewer than two teams.",
  'teams/shared': 'A `shared` name in `teams` that is no player state of the game (only player states can be kept once per team).',
  'evaluate/impure': 'An `evaluate` that is not a pure expression: statements (`evaluate { … }`), or a draw at random (`random(…)`, also inside a function it calls).',
} as const;

export type DiagnosticCode = keyof typeof diagnosticCodes;

export function diag(code: DiagnosticCode, loc: Loc, message: DiagnosticText, notes?: DiagnosticText[], severity: Severity = 'error'): Diagnostic {
  return wordedDiagnostic(code, loc, message, notes, severity);
}

/** A diagnostic of any catalogue of codes (the compiler's, a scenario file's), its words kept as catalog entries. */
export function wordedDiagnostic(code: string, loc: Loc, message: DiagnosticText, notes?: DiagnosticText[], severity: Severity = 'error'): Diagnostic {
  const d: Diagnostic = { code, severity, message: english(message), loc, notes: notes?.map(english) };
  if (typeof message !== 'string') d.text = message;
  if (notes?.some((n) => typeof n !== 'string')) d.noteTexts = notes;
  return d;
}

export { suggest } from '../grammar/spelling.ts';

/** "did you mean 'a' or 'b'?" as a note, for names near `name` among `near` (already suggested). */
export function didYouMeanNote(near: readonly string[]): Message {
  return msg('note.did-you-mean', { names: { or: near.map((x) => `'${x}'`) } });
}
