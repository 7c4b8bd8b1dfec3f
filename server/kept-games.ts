/**
 * The kept games of a game as balance-lab records (`grimoire balance --from-db`): each finished
 * match of the store, played with the same rules (the fingerprint) and the same format and
 * parameters as the simulated games beside it, is replayed from its seed with its answers and
 * the runtime's tally on — the very GameSummary a simulated game gives (runtime/batch.ts), so
 * balance/fold.ts folds people's games as it folds the simulator's. A replay that does not reach
 * the kept end (the engine's state hash) is skipped, not trusted: the numbers come only from
 * games that replay to what the people saw.
 */
import type { GameIR } from '../compiler/ir.ts';
import type { GameSummary } from '../runtime/batch.ts';
import { newEngine } from '../runtime/play.ts';
import type { Decision } from '../runtime/engine.ts';
import { checkChoice, variantsOf, type ParamValue } from '../playground/src/worker/variants.ts';
import { MAX_STEPS } from './match-host.ts';
import type { MatchRecord, MatchStore } from './store.ts';

/** Why a kept match of the game is not among the games read. */
export type SkipReason = 'unfinished' | 'other-rules' | 'other-format' | 'other-params' | 'conceded' | 'not-replayed';

export interface KeptGames {
  /** The games read, as the simulator's summaries (seed: the match's seed; order: the store's). */
  summaries: GameSummary[];
  /** The matches these summaries are, in the same order (ids). */
  matches: string[];
  /** Matches of the game left out, by reason (every reason, zero or more; ids kept for the messages). */
  skipped: Record<SkipReason, string[]>;
  /** Answers an agent gave for a seat away past its timeout, in the games read (of `answers` in all). */
  agentAnswers: number;
  answers: number;
}

/** The format and every parameter's value a match (or a run) was played with, its defaults filled in. */
function resolved(ir: GameIR, format: string | null | undefined, params: Record<string, ParamValue>): { format: string; params: Record<string, ParamValue> } | null {
  const choice = checkChoice(variantsOf(ir), { format: format ?? undefined, params });
  if ('problem' in choice) return null;
  return { format: choice.format, params: Object.fromEntries(ir.params.map((p) => [p.name, p.name in choice.params ? choice.params[p.name]! : p.value])) };
}

const sameParams = (a: Record<string, ParamValue>, b: Record<string, ParamValue>) => Object.keys(a).every((k) => a[k] === b[k]) && Object.keys(b).every((k) => a[k] === b[k]);

/**
 * Reads the store's finished matches of `game` played with these rules (`fingerprint`), format and
 * parameters, and replays each with the tally. `ir` is the rules the simulation plays.
 */
export async function readKeptGames(store: MatchStore, ir: GameIR, game: string, fingerprint: string, run: { format: string; params: Record<string, ParamValue> }): Promise<KeptGames> {
  const out: KeptGames = { summaries: [], matches: [], skipped: { unfinished: [], 'other-rules': [], 'other-format': [], 'other-params': [], conceded: [], 'not-replayed': [] }, agentAnswers: 0, answers: 0 };
  const wanted = resolved(ir, run.format, run.params);
  if (!wanted) throw new Error(`format ${run.format} and parameters ${JSON.stringify(run.params)} are not ${game}'s`); // i18n-ok: the caller checked them already (a programming error)
  for (const match of await store.listMatches()) {
    if (match.game !== game) continue;
    const skip = (why: SkipReason) => out.skipped[why].push(match.id);
    if (!match.result) skip('unfinished');
    else if (match.rules !== fingerprint) skip('other-rules');
    else if (match.result.hash === null) skip('conceded');
    else {
      const own = resolved(ir, match.format, match.params);
      if (!own || own.format !== wanted.format) skip(own ? 'other-format' : 'other-params');
      else if (!sameParams(own.params, wanted.params)) skip('other-params');
      else {
        const answers = await store.answers(match.id);
        const summary = replayWithTally(ir, match, own, answers.map((a) => a.option));
        if (!summary) skip('not-replayed');
        else {
          out.summaries.push(summary);
          out.matches.push(match.id);
          out.answers += answers.length;
          out.agentAnswers += answers.filter((a) => a.by === 'agent').length;
        }
      }
    }
  }
  return out;
}

/** One kept match replayed with the tally: its summary, or null when the replay does not end where the match did. */
export function replayWithTally(ir: GameIR, match: MatchRecord, choice: { format: string; params: Record<string, ParamValue> }, answers: readonly number[]): GameSummary | null {
  // As the server played it (playground/src/worker/match.ts MatchEngine): the log on, the same bound and decks.
  const engine = newEngine(ir, match.seed, { log: true, maxSteps: MAX_STEPS, format: choice.format, params: choice.params, decks: Object.keys(match.decks).length ? match.decks : undefined, tally: true });
  let next = 0;
  try {
    engine.run((d: Decision) => {
      const a = answers[next++];
      if (a === undefined || !(Number.isInteger(a) && a >= 0 && a < d.count)) throw new Error('diverged');
      return a;
    });
  } catch {
    return null;
  }
  const result = engine.result;
  if (!result || next !== answers.length || (engine.hash >>> 0) !== match.result?.hash || result.winner !== match.result.winner) return null;
  const summary: GameSummary = { seed: match.seed, winner: result.winner, reason: result.reason, turns: engine.turn, decisions: next, hash: engine.hash >>> 0, error: null, zones: null, counts: engine.counts()! };
  if (result.stopped) summary.stopped = result.stopped;
  if (result.teams) summary.team = result.team ?? null;
  return summary;
}
