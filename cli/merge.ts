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
const seedRange = (from: number, to: number) => (from === to ? `seed ${from}` : `seeds ${from}..${to}`);

function readBatch(file: string): Batch {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const why = fileProblem(e, file, 'use');
    if (why === null) throw e;
    throw refuse(`cannot read ${file}: ${why}`);
  }
  const lines = text.split('\n');
  const parse = (i: number): Record<string, unknown> => {
    try {
      const v: unknown = JSON.parse(lines[i]!);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // said below
    }
    throw refuse(`${file}:${i + 1}: not a summary line (expected the JSON lines written by grimoire play --summaries)`);
  };
  const first = lines.findIndex((l) => l.trim());
  if (first < 0) throw refuse(`${file}: the file is empty (expected the JSON lines written by grimoire play --summaries)`);
  const header = parse(first) as Partial<SummariesHeader>;
  if (header.grimoireSummaries === undefined) {
    throw refuse(
      `${file}: no header line — it was written by an older grimoire play --summaries, which did not record the format, rule parameters and seed range, so it cannot be merged safely; play that batch again`,
    );
  }
  if (header.grimoireSummaries !== summariesVersion) throw refuse(`${file}: a summaries file of version ${header.grimoireSummaries}; this grimoire reads version ${summariesVersion}`);
  const seeds = header.seeds;
  if (typeof header.game !== 'string' || typeof header.format !== 'string' || !header.params || typeof header.rules !== 'string' || !Array.isArray(seeds) || !seeds.every(Number.isSafeInteger)) {
    throw refuse(`${file}:${first + 1}: the header line is damaged (it needs game, format, params, agents, rules and seeds)`);
  }
  const games: GameSummary[] = [];
  for (let i = first + 1; i < lines.length; i++) {
    if (!lines[i]!.trim()) continue;
    const g = parse(i) as unknown as GameSummary;
    if (!Number.isSafeInteger(g.seed) || typeof g.hash !== 'number') throw refuse(`${file}:${i + 1}: a summary needs a seed and a hash`);
    const expected = seeds[0]! + games.length;
    if (g.seed !== expected) {
      throw refuse(
        g.seed < expected || g.seed > seeds[1]!
          ? `${file}:${i + 1}: seed ${g.seed} is out of order or outside the file's range ${seeds[0]}..${seeds[1]}`
          : `${file}:${i + 1}: ${seedRange(expected, g.seed - 1)} missing from the file's range ${seeds[0]}..${seeds[1]}`,
      );
    }
    games.push({ ...g, zones: null });
  }
  const last = seeds[0]! + games.length - 1;
  if (last !== seeds[1]) throw refuse(`${file}: ${seedRange(last + 1, seeds[1]!)} of its range ${seeds[0]}..${seeds[1]} missing (was the batch cut short?)`);
  return { file, header: header as SummariesHeader, games };
}

/** The settings two batches must share, in words; the first that differs is named. */
function difference(a: SummariesHeader, b: SummariesHeader): string | null {
  if (a.game !== b.game) return `games: ${a.game} and ${b.game}`;
  if (a.format !== b.format) return `formats: ${a.format} and ${b.format}`;
  const names = [...new Set([...Object.keys(a.params), ...Object.keys(b.params)])].sort();
  const params = names.filter((n) => a.params[n] !== b.params[n]).map((n) => `${n}=${a.params[n] ?? '(none)'} and ${n}=${b.params[n] ?? '(none)'}`);
  if (params.length) return `rule parameters: ${params.join(', ')}`;
  if (a.agents !== b.agents) return `agents: ${a.agents} and ${b.agents}`;
  // (A header from before sampled draws has none: its random players drew among the listed offers.)
  const [da, db] = [a.draws ?? 'listed', b.draws ?? 'listed'];
  if (da !== db) return `draws of the random players: ${da} and ${db} (grimoire play --draws; the same seeds give other games)`;
  if (a.rules !== b.rules) return `rules and cards (compiled fingerprints ${a.rules} and ${b.rules}: the game's files differ between the two batches)`;
  return null;
}

export function mergeSummaries(files: string[]): MergedReport {
  if (files.length === 0) throw new UsageError('merge needs the files written by play --summaries');
  const batches = files.map(readBatch).sort((x, y) => x.header.seeds[0] - y.header.seeds[0]);
  const base = batches[0]!;
  for (const b of batches.slice(1)) {
    const diff = difference(base.header, b.header);
    if (diff) throw refuse(`${base.file} and ${b.file} were played with different ${diff}; only batches of one run can be merged`);
  }
  for (let i = 1; i < batches.length; i++) {
    const prev = batches[i - 1]!;
    const next = batches[i]!;
    const [from, to] = [prev.header.seeds[1] + 1, next.header.seeds[0] - 1];
    if (next.header.seeds[0] <= prev.header.seeds[1]) {
      throw refuse(`${prev.file} (seeds ${prev.header.seeds.join('..')}) and ${next.file} (seeds ${next.header.seeds.join('..')}) overlap: seed ${next.header.seeds[0]} appears twice`);
    }
    if (from <= to) {
      throw refuse(
        `${seedRange(from, to)} in no file: ${prev.file} ends at seed ${prev.header.seeds[1]} and ${next.file} starts at ${next.header.seeds[0]}; play them with grimoire play ${base.header.game} --format ${base.header.format} --seed ${from} --games ${to - from + 1} --summaries FILE (and the same --param) and merge that file too`,
      );
    }
  }
  const games = batches.flatMap((b) => b.games);
  return { game: base.header.game, format: base.header.format, params: base.header.params, seed: base.header.seeds[0], ...foldBatch(games) };
}
