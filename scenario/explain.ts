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
  const names = (e: LogEvent) => !REPEATS.has(e.kind) && words.some((w) => e.text.includes(w));
  // After the script's last step the engine plays on by itself: only what touches the expectations counts there.
  const scriptEnd = outcome.events.length - (outcome.checkpoint?.afterScript.steps ?? 0);
  return outcome.events.filter((e, k) => e.kind === 'result' || names(e) || (k < scriptEnd && DECISIVE.has(e.kind)));
}

export const shortCite = (cite: string, max = 110) => (cite.length > max ? `${cite.slice(0, max - 1)}…` : cite);

export function explainScenario(outcome: ScenarioOutcome): Explanation {
  const lines: string[] = [];
  const verdict = outcome.error ? `NOT RUN (${outcome.error.message})` : outcome.passed ? 'PASS' : 'FAIL';
  lines.push(`${outcome.name} — ${verdict}`);
  if (outcome.cite) lines.push(`  The question: ${outcome.cite}`);
  if (outcome.error) return { lines, kept: 0, total: outcome.events.length };

  lines.push('', 'The answer');
  for (const x of outcome.expectations) {
    lines.push(`  ${x.passed ? '✓' : '✗'} ${x.at === 'expect' ? '' : `${x.at}: `}${x.label}`);
    for (const f of x.failures) lines.push(`      ${f}`);
  }
  const other = outcome.failures.filter((f) => !outcome.expectations.some((x) => x.failures.some((g) => f.endsWith(g))));
  for (const f of other) lines.push(`  ✗ ${f}`);
  if (outcome.result) lines.push(`  The game ended: ${outcome.result.winner ? `${outcome.result.winner} won` : 'a draw'} — ${outcome.result.reason}`);
  if (outcome.checkpoint) lines.push(`  (${outcome.checkpoint.text})`);

  const kept = decisiveSteps(outcome);
  lines.push('', `Why — the ${kept.length} step${kept.length === 1 ? '' : 's'} that decided it (of ${outcome.events.length} in the log)`);
  const where = (e: LogEvent) => (e.loc ? ` [${outcome.files[e.loc[0]] ?? '?'}:${e.loc[1]}]` : '');
  let turn = -1;
  kept.forEach((e, k) => {
    if (e.turn !== turn) {
      turn = e.turn;
      lines.push(`  turn ${e.turn}`);
    }
    lines.push(`  ${String(k + 1).padStart(3)}. ${e.text}${where(e)}`);
    if (e.cite) lines.push(`       — ${shortCite(e.cite)}`);
  });
  if (kept.length === 0) lines.push('  (no step: the position alone answers it)');
  return { lines, kept: kept.length, total: outcome.events.length };
}
