/**
 * The file `grimoire play --summaries FILE` writes and `grimoire merge` reads: JSON lines.
 *
 * The first line is a header saying what was played — game, format, every rule parameter's value
 * (defaults included, so `--param x=<its default>` equals no --param), the agents and how random
 * players drew their actions, a fingerprint of the compiled rules and cards, and the seed range. Then one line per game, in seed order.
 * Merge compares the headers, so batches of different settings are refused instead of folded
 * into one meaningless report, and it compares the seeds with the ranges, so a gap or a batch cut
 * short is seen.
 */
import { writeFileSync } from 'node:fs';
import type { GameIR } from '../compiler/ir.ts';
import type { GameSummary } from '../runtime/batch.ts';
import type { ActionDraws } from '../runtime/engine.ts';
import { rulesFingerprint } from './games.ts';

/** The fingerprint of compiled rules (games.ts, shared with the queue's workers). */
export { rulesFingerprint };

export const summariesVersion = 1;

export interface SummariesHeader {
  /** Marks the header line and its shape's version. */
  grimoireSummaries: number;
  game: string;
  format: string;
  params: Record<string, number | boolean | string>;
  /** Who played: `random` (a random agent per seat, seeded from the game's seed), or each seat's agent: `p1 mcts:500, p2 random`. */
  agents: string;
  /**
   * How random players drew an action (ActionDraws): `sampled` (grimoire play's default between
   * random players) or `listed` (--draws listed, and a random seat beside an agent). A header
   * without it was written before sampled draws: its games are listed ones.
   */
  draws?: ActionDraws;
  /** The first 16 hex digits of the SHA-256 of the compiled IR: the same rules and cards. */
  rules: string;
  /** The first and last seed of the batch. */
  seeds: [number, number];
}

export function summariesHeader(ir: GameIR, game: string, format: string, given: Record<string, number | boolean | string>, seed: number, games: number, seats: { p1: string; p2: string } = { p1: 'random', p2: 'random' }, draws: ActionDraws = 'sampled'): SummariesHeader {
  const params = Object.fromEntries(ir.params.map((p) => [p.name, p.name in given ? given[p.name]! : p.value]));
  const rules = rulesFingerprint(ir);
  const random = seats.p1 === 'random' && seats.p2 === 'random';
  const agents = random ? 'random' : `p1 ${seats.p1}, p2 ${seats.p2}`;
  // (Beside an agent, a random seat is asked every decision as an object: it draws among the listed options.)
  return { grimoireSummaries: summariesVersion, game, format, params, agents, draws: random ? draws : 'listed', rules, seeds: [seed, seed + games - 1] };
}

/** Writes the header, then every game's summary (all its fields but the final zones). */
export function writeSummaries(file: string, header: SummariesHeader, games: readonly GameSummary[]): void {
  const lines = [JSON.stringify(header), ...games.map(({ zones: _, ...g }) => JSON.stringify({ game: header.game, format: header.format, ...g }))];
  writeFileSync(file, lines.join('\n') + '\n');
}
