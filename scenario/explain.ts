/**
 * `grimoire explain`: a ruling's answer as a judge would write it — the outcome in a few lines,
 * then only the steps that decided it, each with the rule text it cites and its source line —
 * instead of the whole log. Pure: it reads a finished run (ScenarioOutcome), so the CLI and any
 * other host explain the same way.
 *
 * Which steps decided it: up to the script's last step, every declaration and choice, every
 * fizzle, cancel, replacement, retarget (what the rules did because someone acted); of the
 * engine's own bookkeeping (moves, attachments, notes, logged texts), and of everything it played
 * by itself after the script, only the events that name a card or a zone the expectations look
 * at; and the result. Resolutions and trigger announcements repeat their declaration and are
 * left out.
 */
import type { LogEvent } from '../runtime/engine.ts';
import type { ScenarioOutcome } from './run.ts';
import { whenWords } from './expectation-words.ts';
import { t } from '../i18n/format.ts';
import { endReason, logText } from './log-words.ts';

/** Kinds that always belong to the explanation: what players did, and what the rules did about it. */
const DECISIVE = new Set(['declare', 'choice', 'fizzle', 'cancel', 'replace', 'retarget', 'result', 'impossible']);
/** Kinds that repeat a declaration (left out). */
const REPEATS = new Set(['resolve', 'trigger', 'turn']);

export interface Explanation {
  /** The lines to print. */
  lines: string[];
  /** The steps kept, out of the log's. */
  kept: number;
  total: number;
}

/** The words an expectation names: zone paths (`p2.graveyard`) and the other words of its label. */
function namedIn(outcome: ScenarioOutcome): string[] {
  const words = new Set<string>();
  for (const x of outcome.expectations) {
    for (const m of x.label.matchAll(/\b(p\d+|shared)\.([\p{L}\p{N}_]+)/gu)) words.add(`${m[1]}.${m[2]}`);
    // Card names are the labels' list items and map keys: split on the punctuation around them.
    for (const w of x.label.split(/[\s,:{}\[\]]+/)) if (w && !/^(count|cards|vars|contains|lacks|winner|reason|log|ordered|true|false|null|\d+)$/.test(w) && !w.includes('.')) words.add(w.replace(/^p\d+:/, ''));
  }
  return [...words].filter((w) => w.length > 0);
}

/** The log events that decided a ruling's outcome (see the header). */
export function decisiveSteps(outcome: ScenarioOutcome): LogEvent[] {
  const words = namedIn(outcome);
  // (Read in English, so that the same steps are kept in every language: the names are the same in all.)
  const names = (e: LogEvent) => {
    if (REPEATS.has(e.kind)) return false;
    const text = logText(e, 'en');
    return words.some((w) => text.includes(w));
  };
  // After the script's last step the engine plays on by itself: only what touches the expectations counts there.
  const scriptEnd = outcome.events.length - (outcome.checkpoint?.afterScript.steps ?? 0);
  return outcome.events.filter((e, k) => e.kind === 'result' || names(e) || (k < scriptEnd && DECISIVE.has(e.kind)));
}

/** A step as a judge tells it: a log event, and whether it is a choice made in declaring the action before it. */
export interface TellingStep {
  event: LogEvent;
  /** A choice made while its player declared the action listed just above (a target, a cost): told under it. */
  sub: boolean;
}

/**
 * The kept steps in the order a judge tells them. The engine logs a declaration's choices as they
 * are made, before the declaration itself (`p1 chooses Archer (using u for Play)`, then `p1: Play
 * with Archer`); told, the action comes first and its choices under it. A choice belongs to a
 * declaration when, in the whole log, only other choices stand between them and one player made both.
 */
export function tellingOrder(outcome: ScenarioOutcome, kept: LogEvent[]): TellingStep[] {
  const events = outcome.events;
  const at = new Map(events.map((e, i) => [e, i]));
  const keptSet = new Set(kept);
  const choicesOf = new Map<LogEvent, LogEvent[]>();
  const placed = new Set<LogEvent>();
  for (const e of kept) {
    if (e.kind !== 'choice') continue;
    let j = at.get(e)! + 1;
    while (j < events.length && events[j]!.kind === 'choice') j++;
    const d = events[j];
    if (d && d.kind === 'declare' && d.player === e.player && keptSet.has(d)) {
      const list = choicesOf.get(d);
      if (list) list.push(e);
      else choicesOf.set(d, [e]);
      placed.add(e);
    }
  }
  const out: TellingStep[] = [];
  for (const e of kept) {
    if (placed.has(e)) continue;
    out.push({ event: e, sub: false });
    for (const c of choicesOf.get(e) ?? []) out.push({ event: c, sub: true });
  }
  return out;
}

/** The answer's lines: the ruling's own `answer:`, else each expectation in words; then the checks. */
export function answerLines(outcome: ScenarioOutcome): { judge: string | null; checks: { text: string; held: boolean; failures: string[] }[]; incidental: string[] } {
  const checks = outcome.expectations.map((x) => {
    const when = whenWords(x.at);
    return { text: when ? t('explain.when', { when, words: x.words }) : x.words, held: x.passed, failures: x.failures };
  });
  // What the run showed but no expectation asserted: set apart, never the answer.
  const incidental: string[] = [];
  const assertsResult = outcome.expectations.some((x) => /^(winner|reason):/.test(x.label));
  if (outcome.result && !assertsResult) incidental.push(t(outcome.result.winner ? 'explain.game-ended-won' : 'explain.game-ended-draw', { winner: outcome.result.winner ?? '', reason: endReason(outcome.result) }));
  return { judge: outcome.answer, checks, incidental };
}

export const shortCite = (cite: string, max = 110) => (cite.length > max ? `${cite.slice(0, max - 1)}…` : cite);

export function explainScenario(outcome: ScenarioOutcome): Explanation {
  const lines: string[] = [];
  const verdict = outcome.error ? t('explain.not-run', { message: outcome.error.message }) : t(outcome.passed ? 'scenario.pass' : 'scenario.fail');
  lines.push(`${outcome.name} — ${verdict}`);
  if (outcome.cite) lines.push(`  ${t('explain.question', { cite: outcome.cite })}`);
  if (outcome.error) return { lines, kept: 0, total: outcome.events.length };

  const answer = answerLines(outcome);
  lines.push('', t('faq.answer'));
  if (answer.judge) {
    for (const l of wrap(answer.judge, 96)) lines.push(`  ${l}`);
    lines.push('', t('explain.what-it-checks'));
  }
  for (const x of answer.checks) {
    lines.push(`  ${x.held ? '✓' : '✗'} ${x.text}`);
    for (const f of x.failures) lines.push(`      ${f}`);
  }
  const other = outcome.failures.filter((f) => !outcome.expectations.some((x) => x.failures.some((g) => f.endsWith(g))));
  for (const f of other) lines.push(`  ✗ ${f}`);
  if (outcome.checkpoint) lines.push(`  (${outcome.checkpoint.text})`);
  for (const i of answer.incidental) lines.push(`  ${t('explain.incidental', { what: i })}`);

  const kept = decisiveSteps(outcome);
  lines.push('', t('explain.why', { kept: kept.length, total: outcome.events.length }));
  const where = (e: LogEvent) => (e.loc ? ` [${outcome.files[e.loc[0]] ?? '?'}:${e.loc[1]}]` : '');
  let turn = -1;
  let k = 0;
  for (const { event: e, sub } of tellingOrder(outcome, kept)) {
    if (e.turn !== turn) {
      turn = e.turn;
      lines.push(`  ${t('explain.turn', { turn: e.turn })}`);
    }
    if (sub) lines.push(`         · ${logText(e)}${where(e)}`);
    else lines.push(`  ${String(++k).padStart(3)}. ${logText(e)}${where(e)}`);
    if (e.cite && !sub) lines.push(`       — ${shortCite(e.cite)}`);
  }
  if (kept.length === 0) lines.push(`  ${t('explain.no-step')}`);
  // (A choice's citation is its action's, shown once above it.)
  return { lines, kept: kept.length, total: outcome.events.length };
}

/** A paragraph broken into lines of at most `width` characters (at spaces; a longer word stays whole). */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) out.push(line);
  }
  return out;
}
