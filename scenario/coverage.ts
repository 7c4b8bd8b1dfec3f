/**
 * Rule coverage: for each rule id of a game's rulebook (rules/<game>/rule-ids.yaml), whether a
 * definition cites it and whether the casebook executes it — a rule counts as tested only when a
 * passing ruling's run went through a step whose citation names it (LogEvent.cite). Uncited ids
 * are explained from the game's README (its "Rule coverage" and "Parameters" tables: a parameter
 * or a deliberate omission). Also: the citations that name an id the list does not hold (each at
 * its file:line), and the source lines the casebook executed (the playground's gutter).
 *
 * Pure (no file system, no game words): the CLI (cli/coverage.ts), the tests and the playground
 * feed it texts, the IR and scenario outcomes.
 */
import { parse as parseYaml } from 'yaml';
import type { GameIR } from '../compiler/ir.ts';
import type { LogEvent } from '../runtime/engine-types.ts';
import { tokenize } from '../grammar/lexer.ts';
import { StringLiteral } from '../grammar/tokens.ts';
import { format, language, t } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';

/** A rulebook's ids in order, with their titles, and the prefixes they use (TR, SM, …). */
export interface RuleList {
  ids: string[];
  titles: Map<string, string>;
  prefixes: string[];
}

/** rule-ids.yaml: a map `ID: title`. Throws with the reason when it is not one. */
export function parseRuleList(text: string): RuleList {
  const data = parseYaml(text) as unknown;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('a rule-id list is a YAML map of id: title');
  const titles = new Map<string, string>();
  const prefixes = new Set<string>();
  for (const [id, title] of Object.entries(data as Record<string, unknown>)) {
    const m = /^([A-Z]{1,4})-\d/.exec(id);
    if (!m || ruleIdsIn(id, [m[1]!])[0] !== id) throw new Error(`'${id}' is not a rule id (like TR-12.3, TR-12.a, TR-9.3a)`);
    prefixes.add(m[1]!);
    titles.set(id, String(title ?? ''));
  }
  return { ids: [...titles.keys()], titles, prefixes: [...prefixes] };
}

/**
 * The rule ids a text names (a citation, a log step's cite), in order, without repeats: one
 * regex for `XX-n(.n)*` with an optional `.a` (an ambiguity) or `a` (a sub-rule). Only the given
 * prefixes count, and not after a letter or a dash (`R-TR-05` is a ruling, not a rule).
 */
export function ruleIdsIn(text: string, prefixes: readonly string[]): string[] {
  if (!prefixes.length) return [];
  const re = new RegExp(`(?<![\\w-])(?:${prefixes.join('|')})-\\d+(?:\\.\\d+)*(?:\\.[a-z]|[a-z])?(?![\\w])`, 'g');
  return [...new Set(text.match(re) ?? [])];
}

/**
 * The ids a citation names for coverage: those of ruleIdsIn, and every id of a range written
 * `TM-2.3–2.6` (an en or em dash: the list's ids of that chapter numbered from … to).
 */
export function citedIds(text: string, list: RuleList): string[] {
  const out = ruleIdsIn(text, list.prefixes);
  if (!list.prefixes.length) return out;
  const range = new RegExp(`(?<![\\w-])((?:${list.prefixes.join('|')})-\\d+(?:\\.\\d+)*)\\s*[–—]\\s*(\\d+(?:\\.\\d+)*)(?![\\w.]\\d)`, 'g');
  for (const m of text.matchAll(range)) {
    const to = `${m[1]!.slice(0, m[1]!.indexOf('-'))}-${m[2]}`;
    out.push(...idRange(m[1]!, to, list));
  }
  return [...new Set(out)];
}

/** A `cite "…"` of a source file, at its line. */
export interface SourceCitation {
  file: string;
  line: number;
  text: string;
}

/** Every `cite "…"` of the source files (their tokens: a comment that says cite is none). */
export function sourceCitations(sources: readonly { path: string; text: string }[]): SourceCitation[] {
  const out: SourceCitation[] = [];
  for (const s of sources) {
    const tokens = tokenize(s.text).tokens;
    for (let i = 0; i + 1 < tokens.length; i++) {
      const t = tokens[i]!;
      const next = tokens[i + 1]!;
      if (t.image !== 'cite' || next.tokenType !== StringLiteral) continue;
      out.push({ file: s.path, line: next.startLine ?? t.startLine ?? 0, text: next.image.slice(1, -1).replace(/\\(.)/g, '$1') });
    }
  }
  return out;
}

export interface UnknownCitation {
  file: string;
  line: number;
  id: string;
  cite: string;
}

/** The citations that name an id (of the list's prefixes) the list does not hold. */
export function unknownCitations(citations: readonly SourceCitation[], list: RuleList): UnknownCitation[] {
  const known = new Set(list.ids);
  const out: UnknownCitation[] = [];
  for (const c of citations) for (const id of ruleIdsIn(c.text, list.prefixes)) if (!known.has(id)) out.push({ file: c.file, line: c.line, id, cite: c.text });
  return out;
}

/** Every citation string of the IR: each `cite` field and `cite "…" { … }` statement, wherever it is. */
export function irCitations(ir: GameIR): string[] {
  const out: string[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) {
      for (const x of n) walk(x);
      return;
    }
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    if (typeof o.cite === 'string' && o.cite) out.push(o.cite);
    if (o.kind === 'cite' && typeof o.text === 'string') out.push(o.text);
    for (const v of Object.values(o)) if (v && typeof v === 'object') walk(v);
  };
  walk(ir);
  return out;
}

/**
 * What the README's tables say of an id: E encoded, P a parameter, O a deliberate omission, N
 * encoded but no ruling can run it (the reason: a version stamp, what only a player sees, a
 * parameter no rule reads) — a cited id so explained does not count against `--fail-under`.
 */
export interface ReadmeNote {
  code: 'E' | 'P' | 'O' | 'N';
  note: string;
  line: number;
}

export interface ReadmeCoverage {
  notes: Map<string, ReadmeNote[]>;
  /** Table rows that name ids but whose status the parser could not read. */
  unreadable: { line: number; text: string }[];
}

const cells = (row: string): string[] => row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
const plain = (s: string): string => s.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();

/**
 * The ids an id cell names: `SM-1.1, 1.2, 1.3`, `TM-2.3 / 2.4`, `SM-3.7 – 3.10` (a range over the
 * list: the ids of that chapter numbered from … to, sub-rules like 3.5a included), `SP-3 (zones)`.
 */
export function idsOfCell(cell: string, list: RuleList): string[] {
  const text = cell.replace(/\([^)]*\)/g, ' ').replace(/`/g, '');
  const token = new RegExp(`(?:(${list.prefixes.join('|')})-)?(\\d+(?:\\.\\d+)*(?:\\.[a-z]|[a-z])?)|\\s(?:–|—|-|to)\\s|[–—]`, 'g');
  const out: string[] = [];
  let prefix: string | null = null;
  let rangeFrom: string | null = null;
  let pendingRange = false;
  for (const m of text.matchAll(token)) {
    if (!m[2]) {
      if (out.length) pendingRange = true;
      continue;
    }
    if (m[1]) prefix = m[1];
    if (!prefix) continue;
    const id = `${prefix}-${m[2]}`;
    if (pendingRange && rangeFrom) out.push(...idRange(rangeFrom, id, list));
    else out.push(id);
    pendingRange = false;
    rangeFrom = id;
  }
  return [...new Set(out)];
}

function idRange(from: string, to: string, list: RuleList): string[] {
  const split = (id: string) => /^(.*)\.(\d+)([a-z]?)$/.exec(id);
  const a = split(from);
  const b = split(to);
  if (!a || !b || a[1] !== b[1]) return [to];
  const lo = Number(a[2]);
  const hi = Number(b[2]);
  return list.ids.filter((id) => {
    const m = split(id);
    return !!m && m[1] === a[1] && Number(m[2]) >= lo && Number(m[2]) <= hi && id !== from;
  });
}

function statusOf(cell: string): ReadmeNote['code'] | null {
  const c = plain(cell).replace(/`/g, '').toLowerCase();
  if (/^(e\b|encoded|implemented)/.test(c)) return 'E';
  if (/^(p\b|parameter|param\b)/.test(c)) return 'P';
  if (/^(o\b|omission|omitted|deliberate omission|not encoded)/.test(c)) return 'O';
  if (/^(n\b|untestable|no ruling)/.test(c)) return 'N';
  return null;
}

/**
 * The README's tables that say where each rule id is: a table under a heading about coverage
 * (first column the ids, then a status — E/P/O or the words encoded / parameter / omission — and
 * where or why), and the parameter tables (a `digest` column: those ids are parameters named in
 * the first column). Small and tolerant: a row it cannot read is reported, not guessed.
 */
export function readmeCoverage(readme: string, list: RuleList): ReadmeCoverage {
  const notes = new Map<string, ReadmeNote[]>();
  const unreadable: { line: number; text: string }[] = [];
  const add = (id: string, n: ReadmeNote) => {
    if (!notes.has(id)) notes.set(id, []);
    notes.get(id)!.push(n);
  };
  const lines = readme.split('\n');
  let heading = '';
  let header: string[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#+\s/.test(line)) heading = line.toLowerCase();
    if (!line.trim().startsWith('|')) {
      header = null;
      continue;
    }
    if (/^\|?[\s|:-]+\|?$/.test(line.trim())) continue; // the separator row
    const row = cells(line);
    if (!header) {
      header = row.map((h) => plain(h).toLowerCase());
      continue;
    }
    const digest = header.indexOf('digest');
    if (digest >= 0) {
      for (const id of idsOfCell(row[digest] ?? '', list)) add(id, { code: 'P', note: `parameter ${plain(row[0] ?? '')}`, line: i + 1 });
      continue;
    }
    if (!/coverage/.test(heading)) continue;
    const ids = idsOfCell(row[0] ?? '', list);
    if (!ids.length) continue;
    const code = statusOf(row[1] ?? '');
    if (!code) {
      unreadable.push({ line: i + 1, text: line });
      continue;
    }
    const rest = plain([(row[1] ?? '').replace(/^\s*(\*\*)?(E|P|O|encoded|parameter|param|deliberate omission|omission|omitted)\b(\*\*)?\s*:?\s*/i, ''), ...row.slice(2)].filter(Boolean).join(' — '));
    for (const id of ids) add(id, { code, note: rest, line: i + 1 });
  }
  return { notes, unreadable };
}

/** A ruling's run as coverage needs it (a ScenarioOutcome is one). */
export interface CoverageRun {
  file: string;
  passed: boolean;
  events: readonly Pick<LogEvent, 'cite' | 'loc'>[];
}

export type RuleStatus = 'tested' | 'cited' | 'uncited';

export interface RuleCoverage {
  id: string;
  title: string;
  status: RuleStatus;
  /** The passing rulings whose runs went through a step citing it. */
  rulings: string[];
  /** What the README says of it (P and O explain an uncited id; E only says where it is encoded). */
  readme: ReadmeNote[];
  /** A chapter heading (TR-3): the list holds rules under it (TR-3.1 …), which say what it covers. */
  heading: boolean;
}

export interface CoverageReport {
  game: string;
  /** `untestable`: of the cited but untested, those the README says no ruling can run (code N). */
  counts: { ids: number; tested: number; cited: number; untestable: number; uncited: number; parameters: number; omissions: number; headings: number; unexplained: number };
  rules: RuleCoverage[];
  /** Citations naming an id the list does not hold (CI fails on them). */
  unknown: UnknownCitation[];
  /** README rows naming ids whose status was not read, and README ids the list does not hold. */
  readmeProblems: string[];
  rulings: { total: number; passed: number; failed: string[] };
  /** The source lines the passing rulings executed: file → line → how many rulings. */
  lines: Record<string, Record<number, number>>;
}

/** Lines a casebook's runs executed, by file of the IR (the playground's gutter). */
export function executedLines(ir: GameIR, runs: readonly CoverageRun[]): Record<string, Record<number, number>> {
  const out: Record<string, Record<number, number>> = {};
  for (const run of runs) {
    if (!run.passed) continue;
    const seen = new Set<string>();
    for (const e of run.events) {
      if (!e.loc) continue;
      const file = ir.files[e.loc[0]];
      if (file === undefined) continue;
      const key = `${e.loc[0]}:${e.loc[1]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const lines = (out[file] ??= {});
      lines[e.loc[1]] = (lines[e.loc[1]] ?? 0) + 1;
    }
  }
  return out;
}

export interface CoverageInput {
  game: string;
  ir: GameIR;
  list: RuleList;
  runs: readonly CoverageRun[];
  /** The game's source files, for the file:line of unknown citations. */
  sources?: readonly { path: string; text: string }[];
  readme?: string;
}

export function ruleCoverage(input: CoverageInput): CoverageReport {
  const { ir, list, runs } = input;
  const known = new Set(list.ids);
  const cited = new Set<string>();
  // The IR's citations, and the sources' too: a definition whose cite the IR does not keep (an
  // enum's) still cites its rule.
  const sourceCites = input.sources ? sourceCitations(input.sources) : [];
  for (const c of [...irCitations(ir), ...sourceCites.map((s) => s.text)]) for (const id of citedIds(c, list)) cited.add(id);
  const testedBy = new Map<string, string[]>();
  for (const run of runs) {
    if (!run.passed) continue;
    const ids = new Set<string>();
    for (const e of run.events) for (const id of citedIds(e.cite ?? '', list)) ids.add(id);
    for (const id of ids) {
      if (!testedBy.has(id)) testedBy.set(id, []);
      testedBy.get(id)!.push(run.file);
    }
  }
  const readme = input.readme !== undefined ? readmeCoverage(input.readme, list) : { notes: new Map<string, ReadmeNote[]>(), unreadable: [] };
  const readmeProblems = [
    ...readme.unreadable.map((u) => t('cov.readme.no-status', { line: u.line, text: u.text.trim() })),
    ...[...readme.notes.entries()].filter(([id]) => !known.has(id)).map(([id, n]) => t('cov.readme.unknown-id', { line: n[0]!.line, id })),
  ];
  const counts = { ids: list.ids.length, tested: 0, cited: 0, untestable: 0, uncited: 0, parameters: 0, omissions: 0, headings: 0, unexplained: 0 };
  const heads = new Set(list.ids.filter((id) => list.ids.some((x) => x.startsWith(`${id}.`))));
  const rules: RuleCoverage[] = list.ids.map((id) => {
    const status: RuleStatus = testedBy.has(id) ? 'tested' : cited.has(id) ? 'cited' : 'uncited';
    const notes = readme.notes.get(id) ?? [];
    counts[status]++;
    if (status === 'cited' && notes.some((n) => n.code === 'N')) counts.untestable++;
    if (status === 'uncited') {
      if (notes.some((n) => n.code === 'P')) counts.parameters++;
      else if (notes.some((n) => n.code === 'O')) counts.omissions++;
      else if (heads.has(id)) counts.headings++;
      else counts.unexplained++;
    }
    return { id, title: list.titles.get(id) ?? '', status, rulings: testedBy.get(id) ?? [], readme: notes, heading: heads.has(id) };
  });
  return {
    game: input.game,
    counts,
    rules,
    unknown: unknownCitations(sourceCites, list),
    readmeProblems,
    rulings: { total: runs.length, passed: runs.filter((r) => r.passed).length, failed: runs.filter((r) => !r.passed).map((r) => r.file) },
    lines: executedLines(ir, runs),
  };
}

/**
 * Why an uncited id is uncited, from the README: `P parameter x`, `O …`, `H …` or `?` — the code
 * letter first in every language (cli/coverage.ts reads it); in `lang` (the JSON: English).
 */
export function explanation(r: RuleCoverage, lang: Language = language()): string {
  const p = r.readme.find((n) => n.code === 'P');
  if (p) {
    const param = /^parameter (.*)$/.exec(p.note);
    return param ? format(lang, 'cov.why.parameter', { name: param[1]! }) : `P ${p.note}`;
  }
  const o = r.readme.find((n) => n.code === 'O');
  if (o) return `O ${o.note}`;
  if (r.heading) return format(lang, 'cov.why.heading', { id: r.id });
  const e = r.readme.find((n) => n.code === 'E');
  return e ? format(lang, 'cov.why.encoded', { note: e.note }) : '?';
}

export function countsLine(c: CoverageReport['counts']): string {
  return t('cov.counts', { ids: c.ids, tested: c.tested, cited: c.cited, untestable: c.untestable ? t('cov.counts.untestable', { n: c.untestable }) : '', uncited: c.uncited, parameters: c.parameters, omissions: c.omissions, headings: c.headings, unexplained: c.unexplained });
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function coverageText(r: CoverageReport): string {
  const out: string[] = [`${r.game}: ${countsLine(r.counts)}`, t('cov.casebook', { passed: r.rulings.passed, total: r.rulings.total })];
  for (const f of r.rulings.failed) out.push(t('cov.failing', { file: f }));
  const section = (title: string, status: RuleStatus, line: (x: RuleCoverage) => string) => {
    const rows = r.rules.filter((x) => x.status === status);
    out.push('', `${title} (${rows.length})`);
    for (const x of rows) out.push(`  ${line(x)}`);
  };
  section(t('cov.tested'), 'tested', (x) => `${x.id.padEnd(9)} ${clip(x.title, 60)} — ${t('cov.rulings', { n: x.rulings.length })}`);
  section(t('cov.cited'), 'cited', (x) => {
    const why = x.readme.find((n) => n.code !== 'E');
    return `${x.id.padEnd(9)} ${clip(x.title, 60)}${why ? ` — ${why.code} ${clip(why.note, 60)}` : ''}`;
  });
  section(t('cov.uncited'), 'uncited', (x) => `${x.id.padEnd(9)} ${clip(x.title, 60)} — ${clip(explanation(x), 90)}`);
  if (r.readmeProblems.length) out.push('', t('cov.readme-problems'), ...r.readmeProblems.map((p) => `  ${p}`));
  if (r.unknown.length) out.push('', t('cov.unknown', { n: r.unknown.length }), ...r.unknown.map((u) => `  ${u.file}:${u.line}: ${u.id} — cite "${clip(u.cite, 70)}"`));
  return out.join('\n');
}

export function coverageMarkdown(r: CoverageReport): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const out: string[] = [
    t('cov.md.title', { game: r.game }),
    '',
    t('cov.md.lead', { counts: countsLine(r.counts) }),
    '',
    t('cov.md.casebook', { passed: r.rulings.passed, total: r.rulings.total }),
  ];
  if (r.unknown.length) out.push('', t('cov.md.unknown', { n: r.unknown.length }), '', ...r.unknown.map((u) => `- \`${u.file}:${u.line}\`: ${u.id}`));
  const table = (title: string, status: RuleStatus, third: string, cell: (x: RuleCoverage) => string) => {
    const rows = r.rules.filter((x) => x.status === status);
    out.push('', `## ${title} (${rows.length})`, '');
    if (!rows.length) return void out.push(t('cov.md.none'));
    out.push(`| id | ${t('cov.md.col.rule')} | ${third} |`, '|---|---|---|', ...rows.map((x) => `| ${x.id} | ${esc(x.title)} | ${esc(cell(x))} |`));
  };
  const names = (files: string[]) => {
    const shown = files.slice(0, 6).map((f) => f.split('/').pop()!.replace(/\.ya?ml$/, ''));
    return `${files.length}: ${shown.join(', ')}${files.length > shown.length ? `, … (+${files.length - shown.length})` : ''}`;
  };
  table(t('cov.md.tested'), 'tested', t('cov.md.col.rulings'), (x) => names(x.rulings));
  table(t('cov.md.cited'), 'cited', 'README', (x) => x.readme.map((n) => `${n.code} ${n.note}`).join('; '));
  table(t('cov.md.uncited'), 'uncited', t('cov.md.col.why'), (x) => explanation(x));
  if (r.readmeProblems.length) out.push('', t('cov.md.readme-problems'), '', ...r.readmeProblems.map((p) => `- ${p}`));
  return `${out.join('\n')}\n`;
}

export function coverageJSON(r: CoverageReport): object {
  return {
    game: r.game,
    counts: r.counts,
    rules: r.rules.map((x) => ({ id: x.id, title: x.title, status: x.status, rulings: x.rulings, readme: x.readme.map((n) => ({ code: n.code, note: n.note })), ...(x.status === 'uncited' ? { why: explanation(x, 'en') } : {}) })),
    unknown: r.unknown,
    readmeProblems: r.readmeProblems,
    rulings: r.rulings,
    lines: r.lines,
  };
}
