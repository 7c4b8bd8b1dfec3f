/**
 * `grimoire merge FILE…`: the per-game summaries of batches played apart (other machines, other
 * seed ranges), sorted by seed and folded exactly as one run would, hash included.
 *
 * Only batches of one run can be merged: same game, format, rule parameters, agents and compiled
 * rules (cli/summaries-file.ts), every seed of each batch present, the batches' ranges without
 * overlap and without gaps between them. Anything else is refused, naming the files and the
 * difference.
 */
import { readFileSync } from 'node:fs';
import { foldBatch, type BatchReport, type GameSummary } from '../runtime/batch.ts';
import { fileProblem } from './output-file.ts';
import { summariesVersion, type SummariesHeader } from './summaries-file.ts';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';

interface Batch {
  file: string;
  header: SummariesHeader;
  games: GameSummary[];
}

export interface MergedReport extends BatchReport {
  game: string;
  format: string;
  params: Record<string, number | boolean | string>;
  seed: number;
}

const refuse = (message: string) => new UsageError(message, false);
const seedRange = (from: number, to: number) => (from === to ? t('cli.merge.seed', { seed: String(from) }) : t('cli.merge.seeds', { from: String(from), to: String(to) }));

function readBatch(file: string): Batch {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const why = fileProblem(e, file, 'use');
    if (why === null) throw e;
    throw refuse(t('cli.merge.unreadable', { file, why }));
  }
  const lines = text.split('\n');
  const parse = (i: number): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(lines[i]!);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // said below
    }
    throw refuse(t('cli.merge.not-a-line', { at: `${file}:${i + 1}` }));
  };
  const first = lines.findIndex((l) => l.trim());
  if (first < 0) throw refuse(t('cli.merge.empty', { file }));
  const header = parse(first) as Partial<SummariesHeader>;
  if (header.grimoireSummaries === undefined) {
    throw refuse(t('cli.merge.no-header', { file }));
  }
  if (header.grimoireSummaries !== summariesVersion) throw refuse(t('cli.merge.version', { file, version: String(header.grimoireSummaries), reads: String(summariesVersion) }));
  const seeds = header.seeds;
  if (typeof header.game !== 'string' || typeof header.format !== 'string' || !header.params || typeof header.rules !== 'string' || !Array.isArray(seeds) || !seeds.every(Number.isSafeInteger)) {
    throw refuse(t('cli.merge.damaged', { at: `${file}:${first + 1}` }));
  }
  const games: GameSummary[] = [];
  for (let i = first + 1; i < lines.length; i++) {
    if (!lines[i]!.trim()) continue;
    const g = parse(i) as unknown as GameSummary;
    if (!Number.isSafeInteger(g.seed) || typeof g.hash !== 'number') throw refuse(t('cli.merge.needs-seed', { at: `${file}:${i + 1}` }));
    const expected = seeds[0]! + games.length;
    if (g.seed !== expected) {
      throw refuse(
        g.seed < expected || g.seed > seeds[1]!
          ? t('cli.merge.out-of-order', { at: `${file}:${i + 1}`, seed: String(g.seed), range: `${seeds[0]}..${seeds[1]}` })
          : t('cli.merge.missing', { at: `${file}:${i + 1}`, seeds: seedRange(expected, g.seed - 1), range: `${seeds[0]}..${seeds[1]}` }),
      );
    }
    games.push({ ...g, zones: null });
  }
  const last = seeds[0]! + games.length - 1;
  if (last !== seeds[1]) throw refuse(t('cli.merge.cut-short', { file, seeds: seedRange(last + 1, seeds[1]!), range: `${seeds[0]}..${seeds[1]}` }));
  return { file, header: header as SummariesHeader, games };
}

/** The settings two batches must share, in words; the first that differs is named. */
function difference(a: SummariesHeader, b: SummariesHeader): string | null {
  if (a.game !== b.game) return t('cli.merge.diff-games', { a: a.game, b: b.game });
  if (a.format !== b.format) return t('cli.merge.diff-formats', { a: a.format, b: b.format });
  const names = [...new Set([...Object.keys(a.params), ...Object.keys(b.params)])].sort();
  const params = names.filter((n) => a.params[n] !== b.params[n]).map((n) => t('cli.merge.diff-param', { a: `${n}=${a.params[n] ?? t('cli.merge.none')}`, b: `${n}=${b.params[n] ?? t('cli.merge.none')}` }));
  if (params.length) return t('cli.merge.diff-params', { params });
  if (a.agents !== b.agents) return t('cli.merge.diff-agents', { a: a.agents, b: b.agents });
  // (A header from before sampled draws has none: its random players drew among the listed offers.)
  const [da, db] = [a.draws ?? 'listed', b.draws ?? 'listed'];
  if (da !== db) return t('cli.merge.diff-draws', { a: da, b: db });
  if (a.rules !== b.rules) return t('cli.merge.diff-rules', { a: a.rules, b: b.rules });
  return null;
}

export function mergeSummaries(files: string[]): MergedReport {
  if (files.length === 0) throw new UsageError(t('cli.merge.needs-files'));
  const batches = files.map(readBatch).sort((x, y) => x.header.seeds[0] - y.header.seeds[0]);
  const base = batches[0]!;
  for (const b of batches.slice(1)) {
    const diff = difference(base.header, b.header);
    if (diff) throw refuse(t('cli.merge.different', { a: base.file, b: b.file, diff }));
  }
  for (let i = 1; i < batches.length; i++) {
    const prev = batches[i - 1]!;
    const next = batches[i]!;
    const [from, to] = [prev.header.seeds[1] + 1, next.header.seeds[0] - 1];
    if (next.header.seeds[0] <= prev.header.seeds[1]) {
      throw refuse(t('cli.merge.overlap', { a: prev.file, aSeeds: prev.header.seeds.join('..'), b: next.file, bSeeds: next.header.seeds.join('..'), seed: String(next.header.seeds[0]) }));
    }
    if (from <= to) {
      throw refuse(
        t('cli.merge.gap', { seeds: seedRange(from, to), a: prev.file, end: String(prev.header.seeds[1]), b: next.file, start: String(next.header.seeds[0]), command: `grimoire play ${base.header.game} --format ${base.header.format} --seed ${from} --games ${to - from + 1} --summaries FILE` }),
      );
    }
  }
  const games = batches.flatMap((b) => b.games);
  return { game: base.header.game, format: base.header.format, params: base.header.params, seed: base.header.seeds[0], ...foldBatch(games) };
}
