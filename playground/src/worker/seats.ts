/**
 * Who plays a seat of a game in the playground: a person (clicks in the page) or an agent
 * (runtime/agents/). Plain data, imported by the page and the run worker alike — no runtime here,
 * so the page's own code stays small.
 */
import { t } from '../../../i18n/format.ts';

/** `strong`: the game's own strong player (the agent its header names, docs/agents.md). */
export type SeatKind = 'person' | 'random' | 'greedy' | 'mcts' | 'strong';

export interface Seat {
  kind: SeatKind;
  /** An MCTS seat's iterations per decision (0 for the others). */
  budget: number;
}

export const SEAT_KINDS: readonly SeatKind[] = ['person', 'random', 'greedy', 'mcts', 'strong'];
export const DEFAULT_BUDGET = 500;
/** The largest MCTS budget the page accepts (a decision of a million iterations is a mistake). */
export const MAX_BUDGET = 1_000_000;

/** A seat in words: `person`, `random`, `greedy`, `MCTS 500`, `strong`. */
export function seatLabel(s: Seat): string {
  return s.kind === 'mcts' ? `MCTS ${s.budget}` : t(s.kind === 'person' ? 'pg.seat.person' : s.kind === 'random' ? 'pg.seat.random' : s.kind === 'strong' ? 'pg.seat.strong' : 'pg.seat.greedy');
}
