/**
 * The log's entries as data, not words: each is a stable code and its arguments (the names of
 * cards, zones, players, actions and events as the designer wrote them, numbers, the rules' own
 * texts), and a host puts words on them in its reader's language (scenario/log-words.ts, through
 * the catalogs i18n/<lang>/log.ts: key `log.<code>`). An argument may itself be a phrase (a
 * duration, the targets of a declaration, a reason): it is worded the same way, then put in.
 * The runtime knows no language; a code added here needs a message in every catalog
 * (test/log-words.test.ts checks it).
 */

/**
 * An argument of an entry: a name or a text as written, a number, a phrase, or a list of them —
 * an enumeration (`a, b`), alternatives (`{ or }`: `a or b`) or a series of clauses (`{ series }`:
 * `a; b`), each in the words of the language, or items joined by a symbol (`{ joined, by: ' + ' }`).
 */
export type LogArg = string | number | LogPhrase | readonly LogArg[] | { readonly or: readonly LogArg[] } | { readonly series: readonly LogArg[] } | { readonly joined: readonly LogArg[]; readonly by: string };
export type LogArgs = { readonly [name: string]: LogArg };

/** A code and its arguments: an entry of the log, a part of one, or a reason. */
export interface LogPhrase {
  code: LogCode;
  args?: LogArgs;
}

/** Every code of the log, of a part of an entry, and of the reasons the engine gives (a game's end, why not). */
export const LOG_CODES = [
  // entries
  'text', 'agent-chooses', 'choice', 'choice-mode', 'choice-mode-bare', 'impossible', 'declare', 'declare-at-once', 'fizzle', 'resolve', 'cancel', 'retarget',
  'move', 'move-full-redirect', 'move-full-room', 'attach', 'reveal', 'reveal-to', 'turn-order', 'out', 'signal', 'trigger', 'trigger-limit',
  'modify', 'modify-no-change', 'gains-abilities', 'gains-abilities-own', 'gains-abilities-no-change', 'modifiers-removed', 'modifiers-removed-all',
  'replace', 'replace-move-after-all', 'replace-event-after-all', 'setup', 'setup-between', 'turn', 'end-turn', 'deck-list', 'deck-list-side', 'deck-breaks',
  'result-draw', 'result-loses', 'result-beaten', 'result-others', 'team',
  // parts of entries
  'nothing-to-choose', 'nothing-to-choose-step', 'limit-steps', 'limit-trigger-chain', 'limit-perform-nesting',
  'prompt-pick', 'prompt-place', 'prompt-replacement', 'prompt-new-target', 'prompt-activate', 'prompt-group-one', 'prompt-group-next', 'label-activate', 'label-decline',
  'card-hidden-nowhere', 'card-face-down', 'card-hidden', 'card-pos',
  'none', 'its-card', 'paren', 'using', 'targets', 'by', 'limit-per-turn', 'shared-limit', 'per-card',
  'op-add', 'op-mul', 'op-div', 'op-set', 'op-gain', 'op-lose', 'no-effect',
  'until-leaves', 'until-next-turn', 'until-end-of-turn', 'until-end-of-turn-n', 'during-next-turn', 'until-end-of-next-turn',
  // why not (why-not.ts): why an action is not offered
  'why-level', 'why-format', 'why-in', 'why-attached', 'why-anywhere', 'why-elsewhere', 'why-under', 'why-source', 'why-limit', 'why-shared-limit',
  'why-performed', 'why-when', 'why-part', 'why-read', 'why-inside-none', 'why-inside', 'why-cost', 'why-no-target', 'why-no-cards', 'why-such-that',
  'why-empty', 'why-rejected', 'why-fit', 'why-rejected-list', 'why-rejected-card', 'why-failed-read', 'why-more', 'why-refused',
  // why not inside a choice (why-not-choice.ts): why a card is not among a pick's or a mode's options
  'wc-closed', 'wc-option', 'wc-option-closed', 'wc-option-pick', 'wc-option-would', 'wc-no-option-card', 'wc-quoted', 'wc-passes', 'wc-absent',
  'wc-mode', 'wc-mode-option', 'wc-when', 'wc-pick', 'wc-such-false', 'wc-unreadable', 'wc-where', 'wc-not-in', 'wc-in-fn', 'wc-not-in-zone', 'wc-no-zone',
  'wc-cond', 'wc-not-in-value', 'wc-read', 'wc-and', 'wc-false', 'wc-or', 'wc-alt', 'wc-call', 'wc-holds', 'wc-and-more', 'wc-empty', 'wc-items', 'wc-item', 'wc-card',
  // the engine's reasons for a game's end
  'reason-max-turns', 'reason-steps', 'reason-nesting', 'reason-trigger-chain', 'reason-trigger-nesting',
] as const;
export type LogCode = (typeof LOG_CODES)[number];

/** The arguments of an entry that has none (shared, never changed). */
export const NO_ARGS: LogArgs = Object.freeze({});

/** A phrase (arguments only when it has some). */
export function phrase(code: LogCode, args?: LogArgs): LogPhrase {
  return args ? { code, args } : { code };
}

/** A part that is there or not: the phrase, or an empty text. */
export function optional(on: boolean, code: LogCode, args?: LogArgs): LogArg {
  return on ? phrase(code, args) : '';
}
