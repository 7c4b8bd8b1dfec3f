/**
 * The board at a log step, computed on demand by playing the run again.
 *
 * Why a replay and not a snapshot per step: a view of a trump position is ~25 KB of JSON and a
 * game logs ~600 steps (a runaway one, up to the step limit), times each viewer — far too much
 * to keep or to post. A run is deterministic (the rules, the seed, the script), so the worker
 * plays it again with an `onLog` hook and captures the views of a window of steps around the
 * one asked for, then stops. Memory stays bounded by the window; the page caches what it got.
 *
 * "The board right after step k" is the state when step k+1 enters the log (an event is logged
 * as it happens: a declaration before its request is on the stack), or the final state for the
 * last step.
 */
import type { Engine, LogEvent } from '../../../runtime/engine.ts';
import type { BoardAt } from './run-protocol.ts';
import { simulate, type Simulation } from './simulate.ts';
import { playMatch, type MatchSim } from './match.ts';

/** Steps on each side of the one asked for, captured in the same replay. */
export const BOARD_RADIUS = 20;

/** Thrown from the log hook once the window is captured: the rest of the replay is not needed. */
class WindowCaptured extends Error {}

function viewOf(engine: Engine, viewer: string) {
  return engine.view(viewer === 'judge' ? null : engine.players.find((p) => p.name === viewer) ?? null);
}

export function boardsAround(sim: Simulation | MatchSim, step: number, viewer: string, radius = BOARD_RADIUS): BoardAt[] {
  const lo = Math.max(0, step - radius);
  const hi = step + radius;
  const boards: BoardAt[] = [];
  let engine: Engine | null = null;
  let last = -1;
  const onLog = (e: LogEvent, eng: Engine) => {
    engine = eng;
    last = e.seq;
    const before = e.seq - 1;
    if (before >= lo && before <= hi) boards.push({ step: before, view: viewOf(eng, viewer) });
    if (before >= hi) throw new WindowCaptured();
  };
  try {
    // A game with seats replays its answers and stops at the decision at hand.
    if (sim.what === 'match') playMatch(sim, { onLog });
    else simulate(sim, onLog);
  } catch (e) {
    if (!(e instanceof WindowCaptured)) throw e;
  }
  // The run ended inside the window: its last step shows the final state.
  const eng = engine as Engine | null;
  if (eng && last >= lo && last <= hi && !boards.some((b) => b.step === last)) boards.push({ step: last, view: viewOf(eng, viewer) });
  return boards;
}
