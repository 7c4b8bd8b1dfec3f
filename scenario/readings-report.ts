/**
 * The report of every reading of an ambiguity (scenario/readings.ts runs it): its data, the
 * comparison of two outcomes, and the report for people — the summary line, the table, the
 * Markdown list for the rulebook's authors. Pure and plain data, with no runtime import: the
 * playground's page renders the same report its run worker made.
 */
import type { ParamIR } from '../compiler/ir.ts';

export type ParamValue = number | boolean | string;

/** A ruling's outcome reduced to what a reading can change. */
export interface ReadingOutcome {
  passed: boolean;
  /** The expectations that do not hold, as written (`at` then label), with the first reason each. */
  failed: { at: string; label: string; failure: string }[];
  /** What stopped the run (a mistake of the script under these rules, a runtime error), or null. */
  error: string | null;
  /** Failures that are no expectation (a step the engine does not ask, …), in words. */
  other: string[];
}

/** How one alternative of one parameter changes a ruling against the defaults. */
export interface ReadingChange {
  param: string;
  value: ParamValue;
  /** `pass`, `fail` or `error` at the defaults, and under this alternative. */
  from: 'pass' | 'fail' | 'error';
  to: 'pass' | 'fail' | 'error';
  /** Expectations that hold at the defaults and fail under the alternative, with why. */
  broken: { at: string; label: string; failure: string }[];
  /** Expectations that fail at the defaults and hold under the alternative. */
  mended: { at: string; label: string }[];
  /** The error or other failure that appears under the alternative (null when none). */
  error: string | null;
  /** The change in one line: `pass → fail (expect p2.life: [♠3] — p2.life should be …)`. */
  summary: string;
}

export interface RulingReadings {
  path: string;
  name: string;
  cite: string;
  /** The parameters the ruling sets itself: it is not run under their alternatives. */
  pinned: Record<string, ParamValue>;
  /** The outcome at the defaults (with the ruling's own `params`). */
  base: ReadingOutcome;
  /** Every alternative that changes the outcome; empty when the rulebook alone settles the ruling. */
  changes: ReadingChange[];
}

export interface ParamReadings {
  name: string;
  type: ParamIR['type'];
  default: ParamValue;
  alternatives: ParamValue[];
  cite: string;
  /** The question the parameter stands for (its `note`). */
  note: string;
  /** The rulings whose outcome turns on it (paths), in casebook order. */
  rulings: string[];
  /** The rulings that pin it (paths): not run under its alternatives. */
  pinnedBy: string[];
}

export interface ReadingsReport {
  game: string;
  title: string;
  version: string;
  params: ParamReadings[];
  rulings: RulingReadings[];
  /** Rulings that do not pass at the defaults (their changes are still reported). */
  failingAtDefaults: string[];
  /** Scenario runs made (the defaults included). */
  runs: number;
  /** Wall time of the runs, in milliseconds. */
  ms: number;
}

/** A value as a parameter is written (`"points"` for text, `7`, `true`). */
export function shownValue(v: ParamValue): string {
  return typeof v === 'string' ? v : String(v);
}

const state = (o: ReadingOutcome): 'pass' | 'fail' | 'error' => (o.passed ? 'pass' : o.error ? 'error' : 'fail');
const key = (e: { at: string; label: string }) => `${e.at}\u0000${e.label}`;

/** How `alt` differs from `base`, or null when the outcome is the same. */
export function compareOutcomes(param: string, value: ParamValue, base: ReadingOutcome, alt: ReadingOutcome): ReadingChange | null {
  const baseFailed = new Set(base.failed.map(key));
  const altFailed = new Set(alt.failed.map(key));
  const broken = alt.failed.filter((e) => !baseFailed.has(key(e)));
  const mended = base.failed.filter((e) => !altFailed.has(key(e))).map(({ at, label }) => ({ at, label }));
  const sameError = base.error === alt.error;
  const sameOther = base.other.join('\u0000') === alt.other.join('\u0000');
  if (base.passed === alt.passed && !broken.length && !mended.length && sameError && sameOther) return null;
  const from = state(base);
  const to = state(alt);
  const error = alt.error && alt.error !== base.error ? alt.error : (alt.other.find((f) => !base.other.includes(f)) ?? null);
  const how: string[] = [];
  // An error first: it says why the expectations before it went wrong (the script no longer fits).
  if (error) how.push(error);
  for (const b of broken) how.push(`${b.at === 'expect' ? 'expect' : b.at} ${b.label} — ${b.failure}`);
  for (const m of mended) how.push(`now holds: ${m.at === 'expect' ? 'expect' : m.at} ${m.label}`);
  if (base.error && !alt.error) how.push(`no longer stops: ${base.error}`);
  const shown = how.slice(0, 2).map((h) => (h.length > 160 ? `${h.slice(0, 159)}…` : h));
  if (how.length > 2) shown.push(`${how.length - 2} more`);
  const summary = `${from} → ${to}${shown.length ? ` (${shown.join('; ')})` : ''}`;
  return { param, value, from, to, broken, mended, error, summary };
}

/** The report in a few numbers: rulings settled, rulings that depend, parameters no ruling depends on. */
export function readingsSummary(report: ReadingsReport): { settled: number; dependent: number; scriptOnly: number; dependedOn: string[]; untested: string[]; pinnedOnly: string[]; noAlternatives: string[] } {
  const dependent = report.rulings.filter((r) => r.changes.length).length;
  return {
    settled: report.rulings.length - dependent,
    dependent,
    // Rulings whose every change is an error: under the other reading the engine asks other
    // questions and the script no longer fits (or the run fails) — the outcome is not compared.
    scriptOnly: report.rulings.filter((r) => r.changes.length && r.changes.every((c) => c.to === 'error')).length,
    dependedOn: report.params.filter((p) => p.rulings.length).map((p) => p.name),
    // No ruling turns on it and none pins it: nothing in the casebook says which reading is meant.
    untested: report.params.filter((p) => !p.rulings.length && !p.pinnedBy.length && p.alternatives.length).map((p) => p.name),
    pinnedOnly: report.params.filter((p) => !p.rulings.length && p.pinnedBy.length).map((p) => p.name),
    noAlternatives: report.params.filter((p) => !p.alternatives.length).map((p) => p.name),
  };
}

/** The summary line: `80 rulings settled by the rulebook alone, 12 depend on 7 parameters; …`. */
export function readingsSummaryLine(report: ReadingsReport): string {
  const s = readingsSummary(report);
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  const parts = [
    `${plural(s.settled, 'ruling')} settled by the rulebook alone, ${s.dependent} depend${s.dependent === 1 ? 's' : ''} on ${plural(s.dependedOn.length, 'parameter')}${s.scriptOnly ? ` (${s.scriptOnly} of them only as an error: under the other reading the engine asks other questions than the script answers)` : ''}`,
    !report.params.length
      ? `${report.game} has no rule parameters`
      : s.untested.length
        ? `parameters no ruling depends on (untested readings, worth a ruling): ${s.untested.join(', ')}`
        : 'every parameter is tested by some ruling',
  ];
  if (s.pinnedOnly.length) parts.push(`tested only by the rulings that pin them: ${s.pinnedOnly.join(', ')}`);
  if (report.failingAtDefaults.length) parts.push(`${plural(report.failingAtDefaults.length, 'ruling')} fail${report.failingAtDefaults.length === 1 ? 's' : ''} at the defaults`);
  return `${parts.join('; ')} (${report.runs} runs, ${(report.ms / 1000).toFixed(1)} s)`;
}

/** The table for people: each ruling that depends on a parameter, and how. */
export function readingsText(report: ReadingsReport): string {
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  const alternatives = report.params.reduce((n, p) => n + p.alternatives.length, 0);
  const lines: string[] = [`Readings of ${report.title} ${report.version} (${report.game}): ${plural(report.params.length, 'parameter')}, ${plural(alternatives, 'alternative')}, ${plural(report.rulings.length, 'ruling')}`, ''];
  for (const r of report.rulings) {
    if (!r.changes.length) continue;
    const pins = Object.keys(r.pinned);
    lines.push(`${r.path} — ${r.name}${pins.length ? `  [pins ${pins.map((k) => `${k}=${shownValue(r.pinned[k]!)}`).join(', ')}: not run under ${pins.length === 1 ? 'its' : 'their'} alternatives]` : ''}`);
    for (const c of r.changes) lines.push(`    ${c.param}=${shownValue(c.value)}: ${c.summary}`);
  }
  if (lines.length === 2) lines.push('No ruling depends on a parameter.');
  lines.push('');
  lines.push(readingsSummaryLine(report));
  return lines.join('\n');
}

const mdCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The list to send to the rulebook's authors: by parameter, its question and the rulings that turn on it. */
export function readingsMarkdown(report: ReadingsReport): string {
  const s = readingsSummary(report);
  const byPath = new Map(report.rulings.map((r) => [r.path, r]));
  const out: string[] = [
    `# ${report.title} ${report.version}: rulings that depend on a reading`,
    '',
    `Every ruling of the casebook was run once per alternative of every rule parameter (one parameter changed at a time, the others at their defaults; a ruling that sets a parameter itself keeps it). ${report.rulings.length} rulings: ${s.settled} are settled by the rulebook alone, ${s.dependent} depend on ${s.dependedOn.length} parameter${s.dependedOn.length === 1 ? '' : 's'}. Each parameter below stands for a question the rulebook leaves open; the rulings under it are those whose outcome changes with the answer.`,
    '',
  ];
  for (const p of report.params.filter((x) => x.rulings.length)) {
    out.push(`## \`${p.name}\``, '');
    if (p.note) out.push(`**The question.** ${p.note}`, '');
    if (p.cite) out.push(`**Rule.** ${p.cite}`, '');
    out.push(`**Default reading:** \`${shownValue(p.default)}\`. **Alternatives:** ${p.alternatives.map((a) => `\`${shownValue(a)}\``).join(', ')}.`, '');
    out.push('| Ruling | Rule cited | Under the alternative |', '|---|---|---|');
    for (const path of p.rulings) {
      const r = byPath.get(path)!;
      const how = r.changes.filter((c) => c.param === p.name).map((c) => `\`${shownValue(c.value)}\`: ${c.summary}`).join('<br>');
      out.push(`| ${mdCell(r.name)} (\`${mdCell(r.path)}\`) | ${mdCell(r.cite) || '—'} | ${mdCell(how)} |`);
    }
    if (p.pinnedBy.length) out.push('', `Rulings that pin \`${p.name}\` themselves (not run under its alternatives): ${p.pinnedBy.map((x) => `\`${x}\``).join(', ')}.`);
    out.push('');
  }
  if (s.pinnedOnly.length) out.push('## Parameters only pinned', '', `No ruling run at the defaults changes with these, but rulings pin a reading of them: ${s.pinnedOnly.map((n) => `\`${n}\` (${report.params.find((p) => p.name === n)!.pinnedBy.map((x) => `\`${x}\``).join(', ')})`).join('; ')}.`, '');
  if (s.untested.length) {
    out.push('## Parameters no ruling depends on', '', 'No ruling\'s outcome changes with these readings, and no ruling pins one: they are untested, and each is worth a ruling.', '');
    for (const name of s.untested) {
      const p = report.params.find((x) => x.name === name)!;
      out.push(`- \`${p.name}\` (default \`${shownValue(p.default)}\`; alternatives ${p.alternatives.map((a) => `\`${shownValue(a)}\``).join(', ')})${p.note ? ` — ${p.note}` : ''}`);
    }
    out.push('');
  }
  if (report.failingAtDefaults.length) out.push('## Rulings that fail at the defaults', '', ...report.failingAtDefaults.map((x) => `- \`${x}\``), '');
  return out.join('\n');
}
