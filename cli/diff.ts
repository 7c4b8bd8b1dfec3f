/**
 * `grimoire diff <gameA> <gameB> [--rulings] [--md FILE] [--json]`: what version B of the rules
 * changes against version A (compiler/diff.ts) — definitions added, removed and changed, with a
 * text diff and their citations, and parameter defaults — and with `--rulings`, the rulings of
 * both casebooks whose outcome differs between the two: a changelog a designer can publish with a
 * revision. Text diffs come from jsdiff (`diff`), not a hand-written line differ.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { structuredPatch } from 'diff';
import { gameSources, listGames } from '../compiler/project.ts';
import { resolveGame } from '../compiler/compile.ts';
import { diffGames, type DefinitionChange, type GameDiff } from '../compiler/diff.ts';
import { compareOutcomes, reduce } from '../scenario/readings.ts';
import { runScenarioInRepo, scenarioFiles } from '../scenario/files.ts';
import { printDiagnostics, projectRoot, requireIR } from './games.ts';
import { claimOutputFile } from './output-file.ts';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';

export interface RulingChange {
  path: string;
  name: string;
  summary: string;
}

function resolved(game: string) {
  const sources = gameSources(projectRoot, game);
  if (!sources) throw new UsageError(t('cli.why-not.unknown-game', { game, games: listGames(projectRoot) }));
  const r = resolveGame({ sources, loadBase: (name) => gameSources(projectRoot, name) });
  if (!r.decls) {
    printDiagnostics(r.diagnostics, r.sources);
    throw new UsageError(t('cli.diff.no-compile', { game }), false);
  }
  return { name: game, decls: r.decls, sources: r.sources };
}

/** The changed lines of a definition, with one line of context around each change. */
function textDiff(c: DefinitionChange): string[] {
  if (!c.before || !c.after) return (c.before ?? c.after)!.text.split('\n').map((l) => `${c.before ? '-' : '+'} ${l}`);
  const patch = structuredPatch(c.before.file, c.after.file, c.before.text + '\n', c.after.text + '\n', '', '', { context: 1 });
  const out: string[] = [];
  for (const h of patch.hunks) {
    if (out.length) out.push('  …');
    for (const l of h.lines) out.push(`${l[0]} ${l.slice(1)}`);
  }
  return out;
}

/** Each ruling of both casebooks run under both versions; those whose outcome differs. */
function rulingChanges(a: string, b: string): RulingChange[] {
  const irA = requireIR(a);
  const irB = requireIR(b);
  const folders = [a, b].map((g) => join(projectRoot, 'rules', g, 'rulings')).filter((f, i, all) => existsSync(f) && all.indexOf(f) === i);
  const out: RulingChange[] = [];
  for (const file of scenarioFiles(folders)) {
    const path = relative(projectRoot, file);
    const text = readFileSync(file, 'utf8');
    const under = (ir: typeof irA) => runScenarioInRepo(projectRoot, path, text, { ir });
    const x = under(irA);
    const change = compareOutcomes('', '', reduce(x), reduce(under(irB)));
    if (change) out.push({ path, name: x.name, summary: change.summary });
  }
  return out;
}

/** A change in words: the line's first word, and a section's heading of the changelog. */
const changeWord = { changed: 'cli.diff.changed', added: 'cli.diff.added', removed: 'cli.diff.removed' } as const;
const headingWord = { changed: 'cli.diff.md-changed', added: 'cli.diff.md-added', removed: 'cli.diff.md-removed' } as const;

function counts(d: GameDiff): string {
  const n = (c: DefinitionChange['change']) => d.definitions.filter((x) => x.change === c).length;
  return t('cli.diff.counts', { changed: n('changed'), added: n('added'), removed: n('removed'), params: d.params.length });
}

function diffText(d: GameDiff, rulings: RulingChange[] | null): string {
  const out = [`${d.from} → ${d.to}: ${counts(d)}`];
  for (const p of d.params) out.push(t('cli.diff.param', { name: p.name, before: p.before, after: p.after }));
  for (const c of d.definitions) {
    const side = (c.after ?? c.before)!;
    out.push('', `${t(changeWord[c.change])} ${c.kind}${c.name ? ` ${c.name}` : ''}  (${side.file}:${side.line})`);
    if (c.before?.cite && c.change !== 'added') out.push(t('cli.diff.was-cited', { cite: c.before.cite }));
    if (c.after?.cite && c.after.cite !== c.before?.cite) out.push(t('cli.diff.cites', { cite: c.after.cite }));
    for (const n of c.notes ?? []) out.push(t('cli.diff.note', { note: n }));
    for (const l of textDiff(c)) out.push(`    ${l}`);
  }
  if (rulings) {
    out.push('', t('cli.diff.rulings-count', { n: rulings.length }));
    for (const r of rulings) out.push(`  ${r.path} — ${r.name}: ${r.summary}`);
  }
  return out.join('\n');
}

function diffMarkdown(d: GameDiff, rulings: RulingChange[] | null): string {
  const md = (s: string) => s.replace(/([\\`*_[\]|<>])/g, '\\$1');
  const out = [t('cli.diff.md-title', { to: md(d.to), from: md(d.from) }), '', t('cli.diff.md-lead', { counts: counts(d), command: `grimoire diff ${d.from} ${d.to}${rulings ? ' --rulings' : ''}` })];
  if (d.params.length) {
    out.push('', t('cli.diff.md-params'), '', t('cli.diff.md-params-head'), '|---|---|---|');
    for (const p of d.params) out.push(`| ${md(p.name)} | ${md(p.before)} | ${md(p.after)} |`);
  }
  for (const change of ['changed', 'added', 'removed'] as const) {
    const list = d.definitions.filter((c) => c.change === change);
    if (!list.length) continue;
    out.push('', `## ${t(headingWord[change])}`);
    for (const c of list) {
      const side = (c.after ?? c.before)!;
      out.push('', `### ${md(c.kind)}${c.name ? ` ${md(c.name)}` : ''}`, '', `\`${side.file}:${side.line}\`${side.cite ? ` — ${md(side.cite)}` : ''}`, ...(c.notes ?? []).map((n) => `\n${md(n)}`), '', '```diff', ...textDiff(c).map((l) => l.replace(/^(.) /, '$1')), '```');
    }
  }
  if (rulings) {
    out.push('', `## ${t('cli.diff.md-rulings')}`, '');
    if (!rulings.length) out.push(t('cli.diff.md-no-rulings'));
    else {
      out.push(t('cli.diff.md-rulings-head'), '|---|---|---|');
      for (const r of rulings) out.push(`| ${md(r.name)} | \`${r.path}\` | ${md(r.summary)} |`);
    }
  }
  return out.join('\n') + '\n';
}

export function cmdDiff(a: string | undefined, b: string | undefined, v: { md?: string; rulings?: boolean; json?: boolean }): number {
  if (!a || !b) throw new UsageError(t('cli.diff.needs-two'));
  if (v.md !== undefined && !/\.md$/i.test(v.md)) throw new UsageError(t('cli.diff.md-name', { file: v.md }), false);
  const from = resolved(a);
  const to = resolved(b);
  claimOutputFile('--md', v.md);
  const d = diffGames(from, to);
  const rulings = v.rulings ? rulingChanges(a, b) : null;
  if (v.md) writeFileSync(v.md, diffMarkdown(d, rulings));
  if (v.json) console.log(JSON.stringify({ ...d, rulings }));
  else console.log(diffText(d, rulings) + (v.md ? `\n\n${t('cli.diff.changelog', { file: v.md })}` : ''));
  return 0;
}
