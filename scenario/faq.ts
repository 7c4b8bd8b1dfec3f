/**
 * `grimoire faq`: a game's casebook as a published rulings document. Each ruling becomes a
 * question and its answer — the position (a small board of every zone the ruling sets up), the
 * outcome in words (its expectations, held or not), the steps that decided it with their
 * citations (scenario/explain.ts), and what it assumes (the rules version, the format, the
 * parameter readings it pins) — grouped by the rule id its own `cite` names first. Texts stay as
 * the scenarios write them, Japanese and English alike.
 *
 * Pure: YAML texts and finished runs in, a document model out; faq-render.ts writes it as
 * Markdown or as one self-contained HTML page.
 */
import { parse } from 'yaml';
import { answerLines, decisiveSteps, shortCite, tellingOrder } from './explain.ts';
import type { ScenarioOutcome } from './run.ts';
import { t } from '../i18n/format.ts';
import { logText } from './log-words.ts';

/** One zone of the position, with its cards as written (`♠7 (role soldier)`). */
export interface FaqZone {
  zone: string;
  cards: string[];
}

export interface FaqEntry {
  file: string;
  name: string;
  cite: string | null;
  passed: boolean;
  /** The position: turn, active player, each player's zones (and shared ones), player and global states. */
  position: { turn: string | null; active: string | null; sides: { side: string; zones: FaqZone[]; vars: string[] }[]; start: string | null };
  /** What the ruling assumes beyond the game's defaults. */
  assumes: string[];
  /** The ruling's own answer (`answer:`, the judge's words), or null. */
  judgeAnswer: string | null;
  /** What the ruling asserts, in words, each held or not: the answer itself when there is no `answer:`, else the checks that prove it. */
  answer: { text: string; held: boolean }[];
  /** What the run showed that no expectation asserted (the game's end): set apart, never the answer. */
  incidental: string[];
  /** The steps that decided it in the order told (a declaration's choices under it: `sub`), each with its citation and source line. */
  steps: { turn: number; text: string; cite: string; where: string | null; sub: boolean }[];
}

export interface FaqSection {
  /** The rule id (`TR-12.3`), or null for rulings whose cite names none. */
  rule: string | null;
  entries: FaqEntry[];
}

export interface FaqDocument {
  game: string;
  title: string;
  version: string;
  rulings: number;
  passed: number;
  sections: FaqSection[];
}

/** A rulebook id as the seed games cite them: `TR-12.3`, `SM-13.b`, `SP-9`. */
const RULE_ID = /\b[A-Z]{1,4}-\d+(?:\.\d+[a-z]?|\.[a-z])*\b/;

/** A card of the position in words: its name, its owner when given, and the states it sets. */
function cardText(entry: unknown): string {
  if (entry === null || typeof entry !== 'object') return String(entry);
  const o = entry as Record<string, unknown>;
  const extras = Object.entries(o)
    .filter(([k]) => k !== 'card' && k !== 'attached')
    .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  const attached = Array.isArray(o.attached) ? ` [under it: ${o.attached.map(cardText).join(', ')}]` : '';
  return `${String(o.card)}${extras.length ? ` (${extras.join(', ')})` : ''}${attached}`;
}

function positionOf(y: Record<string, any>): FaqEntry['position'] {
  const state = (y.state ?? {}) as Record<string, any>;
  const sides: FaqEntry['position']['sides'] = [];
  for (const [side, value] of Object.entries(state)) {
    if (side === 'turn' || side === 'active' || !value || typeof value !== 'object') continue;
    if (side === 'globals') {
      sides.push({ side: 'globals', zones: [], vars: Object.entries(value).map(([k, v]) => `${k} = ${String(v)}`) });
      continue;
    }
    const zones: FaqZone[] = [];
    const vars: string[] = [];
    for (const [zone, list] of Object.entries(value as Record<string, unknown>)) {
      if (zone === 'vars') vars.push(...Object.entries((list ?? {}) as Record<string, unknown>).map(([k, v]) => `${k} = ${String(v)}`));
      else zones.push({ zone, cards: Array.isArray(list) ? list.map(cardText) : [] });
    }
    sides.push({ side, zones, vars });
  }
  // Deck lists (`decks:`): each player's list, the cards with their counts; the game starts at its setup.
  for (const [side, list] of Object.entries((y.decks ?? {}) as Record<string, any>)) {
    const zones: FaqZone[] = [];
    for (const part of ['main', 'side']) {
      const cards = list && typeof list === 'object' ? list[part] : null;
      if (cards && typeof cards === 'object') zones.push({ zone: `deck list (${part})`, cards: Object.entries(cards as Record<string, unknown>).map(([n, k]) => `${n} ×${String(k)}`) });
    }
    sides.push({ side, zones, vars: [] });
  }
  const start = y.start !== undefined ? String(y.start) : y.decks ? 'setup' : null;
  return { turn: state.turn === undefined ? null : String(state.turn), active: state.active === undefined ? null : String(state.active), sides, start };
}

/** One ruling's entry, from its YAML text and its run. */
export function faqEntry(text: string, outcome: ScenarioOutcome, version: string): FaqEntry {
  let y: Record<string, any> = {};
  try {
    y = (parse(text) ?? {}) as Record<string, any>;
  } catch {
    // A file that does not parse did not run either: its entry says so through `outcome`.
  }
  const assumes = [t('faq.assumes-rules', { version })];
  if (y.format) assumes.push(t('faq.assumes-format', { format: String(y.format) }));
  for (const [k, v] of Object.entries((y.params ?? {}) as Record<string, unknown>)) assumes.push(`${k} = ${String(v)}`);
  if (y.seed !== undefined) assumes.push(t('faq.assumes-seed', { seed: String(y.seed) }));
  const told = answerLines(outcome);
  const answer = told.checks.map((x) => ({ text: x.held ? x.text : t('faq.check-failed', { text: x.text, failures: x.failures.join(t('words.separator')) }), held: x.held }));
  if (outcome.error) answer.push({ text: t('faq.did-not-run', { message: outcome.error.message }), held: false });
  const steps = tellingOrder(outcome, decisiveSteps(outcome)).map(({ event: e, sub }) => ({ turn: e.turn, text: logText(e), cite: sub ? '' : shortCite(e.cite, 160), where: e.loc ? `${outcome.files[e.loc[0]] ?? '?'}:${e.loc[1]}` : null, sub }));
  return { file: outcome.file, name: outcome.name, cite: outcome.cite, passed: outcome.passed, position: positionOf(y), assumes, judgeAnswer: told.judge, answer, incidental: told.incidental, steps };
}

/** The rule id a ruling is filed under: the first its own cite names, else null. */
export function ruleOf(entry: FaqEntry): string | null {
  return entry.cite?.match(RULE_ID)?.[0] ?? null;
}

/** Compares rule ids as a rulebook numbers them: TR-2 before TR-12, TR-12.3 before TR-12.10. */
function byRule(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const parts = (id: string) => id.split(/[-.]/).map((p) => (/^\d+$/.test(p) ? p.padStart(6, '0') : p));
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export function faqDocument(game: string, title: string, version: string, entries: FaqEntry[]): FaqDocument {
  const groups = new Map<string | null, FaqEntry[]>();
  for (const e of entries) {
    const rule = ruleOf(e);
    let list = groups.get(rule);
    if (!list) groups.set(rule, (list = []));
    list.push(e);
  }
  const sections = [...groups.entries()].sort(([a], [b]) => byRule(a, b)).map(([rule, list]) => ({ rule, entries: list }));
  return { game, title, version, rulings: entries.length, passed: entries.filter((e) => e.passed).length, sections };
}
