/**
 * One hosted match: the recipe (rules, seed, format, parameters, decks) and every answer so far,
 * played to the decision at hand — the authority on where the match stands.
 *
 * The engine is synchronous and cannot wait for a person, so the match is played exactly as the
 * playground plays a person's game (playground/src/worker/match.ts `playMatch`): from the seed,
 * the answers given back in order, until the first decision a person must answer (StopRun) or
 * the end. Seats an agent has taken over (a timeout) are answered by the same agents as in the
 * playground, and their answers are kept like a person's. While the engine stands at the
 * decision, the host takes what each reader may see — its view (runtime/view.ts), the log as it
 * may read it (playground/src/worker/player-log.ts) and, for the seat that must answer, the
 * decision labelled for that seat — into a Standing, from which the frames are made.
 */
import type { GameIR } from '../compiler/ir.ts';
import type { Decision, Engine, LogEvent } from '../runtime/engine.ts';
import type { Player } from '../runtime/model.ts';
import type { PlayerView } from '../runtime/view.ts';
import { hintAt, MatchEngine, playMatch, type MatchSim, type Seat } from '../playground/src/worker/match.ts';
import { PlayerLog } from '../playground/src/worker/player-log.ts';
import type { DecisionFrame, LogLine } from './protocol.ts';
import type { AnswerRecord, MatchRecord } from './store.ts';
import { endReason, logText } from '../scenario/log-words.ts';

/** A reader of a match: a seat's player, the public (a spectator) or the judge (every card). */
export type Reader = string | 'public' | 'judge';

/** Games are bounded like the playground's (a runaway game ends as a draw at the limit). */
export const MAX_STEPS = 200_000;

/**
 * The spectator: a viewer who is no player — sees public zones' face-up cards and counts, and
 * what was revealed to nobody in particular is not shown to them (their bit is set by no reveal).
 */
const SPECTATOR_INDEX = 30;
function spectator(): Player {
  return { index: SPECTATOR_INDEX, name: 'spectator' } as unknown as Player;
}

/** Where the match stands, for every reader. */
export interface Standing {
  /** How many answers the match has had (the pending decision's sequence number). */
  seq: number;
  /** The pending decision, labelled for its player; null at the end. */
  decision: DecisionFrame | null;
  views: Map<Reader, PlayerView>;
  /** Each reader's whole log so far, redacted for it. */
  logs: Map<Reader, LogLine[]>;
  result: { winner: string | null; reason: string } | null;
  /** The engine's state hash where it stands. */
  hash: number;
  turn: number;
  active: string;
  /** Why the match cannot go on (the engine failed, a replay diverged), or null. */
  problem: string | null;
}

export function decisionFrame(d: Decision, seq: number): DecisionFrame {
  return { seq, player: d.player.name, kind: d.kind, prompt: d.prompt, options: d.options.map((o, id) => ({ id, label: o.label })), canPass: d.canPass, cite: d.cite };
}

/** An event's text as the reader's PlayerLog redacted it; never the judge's text in its place. */
function redacted(log: PlayerLog, e: LogEvent): string {
  const text = log.texts[e.seq];
  if (text === undefined) throw new Error(`event ${e.seq} of the log was not redacted for ${log.constructor.name}`);
  return text;
}

function line(e: LogEvent, text: string): LogLine {
  return { seq: e.seq, turn: e.turn, kind: e.kind, player: e.player, text, cite: e.cite };
}

export interface PlayedMatch {
  standing: Standing;
  /** The answers agents gave past the ones given (seats taken over after a timeout). */
  agentAnswers: { seat: string; option: number }[];
  engine: Engine;
}

/**
 * Plays a match's recipe with its answers to where it stands. `agents`: the seats an agent plays
 * (by player name); `openJudge`: whether the judge's view and log are made too.
 */
/**
 * The readers' log lines made by an earlier play of the same match: a replay logs the same events
 * again, so only the events past these are redacted anew (the redaction reads the state at each event).
 */
export type LogCache = Map<Reader, LogLine[]>;

export function playTo(ir: GameIR, record: MatchRecord, answers: readonly AnswerRecord[], agents: ReadonlySet<string> = new Set(), openJudge = record.options.openJudge, cache: LogCache = new Map(), kept?: MatchEngine): PlayedMatch {
  const cached = Math.min(...[...cache.values()].map((l) => l.length), cache.size ? Infinity : 0);
  // A replay from a turn start logs only the events after it: the earlier ones must be in the cache.
  if (kept?.turnStart && kept.turnStart.log > cached) kept.turnStart = null;
  // The log as each reader may read it, redacted as each event is logged; the judge reads the engine's own.
  const readers = new Map<Reader, PlayerLog | null>();
  let frame: DecisionFrame | null = null;
  let taken: Omit<Standing, 'decision' | 'seq' | 'problem'> | null = null;
  const given = answers.map((a) => a.option);
  const seats: Seat[] = record.players.map((p) => (agents.has(p) ? { kind: 'random', budget: 0 } : { kind: 'person', budget: 0 }));
  const agentSeats: string[] = [];
  const take = (engine: Engine) => {
    const views = new Map<Reader, PlayerView>();
    const logs = new Map<Reader, LogLine[]>();
    for (const [reader, log] of readers) {
      const viewer = reader === 'judge' ? null : reader === 'public' ? spectator() : engine.players.find((p) => p.name === reader)!;
      views.set(reader, engine.view(viewer));
      const known = cache.get(reader) ?? [];
      const lines = engine.log.map((e, i) => (i < cached ? known[i]! : line(e, log ? redacted(log, e) : logText(e))));
      logs.set(reader, lines);
      cache.set(reader, lines);
    }
    taken = { views, logs, result: engine.result ? { winner: engine.result.winner, reason: endReason(engine.result) } : null, hash: engine.hash >>> 0, turn: engine.turn, active: engine.active.name };
  };
  const run = playMatch(simOf(ir, record, given), {
    seats,
    engine: kept,
    onEngine: (engine) => {
      for (const p of engine.players) readers.set(p.name, new PlayerLog(engine, p));
      readers.set('public', new PlayerLog(engine, spectator()));
      if (openJudge) readers.set('judge', null);
    },
    onLog: (e) => {
      if (e.seq < cached) return;
      for (const r of readers.values()) r?.logged(e);
    },
    // An agent is about to answer for this seat (a seat taken over after its timeout).
    onThinking: (player, done) => {
      if (done === 0) agentSeats.push(record.players[player] ?? `p${player + 1}`);
    },
    // The engine stands at the decision: take what each reader may see now.
    onStop: (engine, d) => {
      frame = decisionFrame(d, 0);
      take(engine);
    },
  });
  if (!taken || !frame) take(run.engine);
  const seq = run.answers.length;
  const decision: DecisionFrame | null = run.decision && frame ? { ...(frame as DecisionFrame), seq } : null;
  const agentAnswers = run.answers.slice(given.length).map((option, i) => ({ seat: agentSeats[i] ?? '', option }));
  return { standing: { ...taken!, seq, decision, problem: run.problem ? run.problem.message : null }, agentAnswers, engine: run.engine };
}

/** An engine kept for a match's replays (playTo's `kept`). */
export function keptEngine(ir: GameIR, record: MatchRecord): MatchEngine {
  const { answers: _, ...sim } = simOf(ir, record, []);
  return new MatchEngine(sim);
}

/** The playground's recipe of a match (playground/src/worker/match.ts MatchSim). */
export function simOf(ir: GameIR, record: MatchRecord, answers: readonly number[]): MatchSim {
  return { what: 'match', ir, game: record.game, seed: record.seed, maxSteps: MAX_STEPS, format: record.format ?? undefined, params: record.params, answers, decks: Object.keys(record.decks).length ? record.decks : undefined };
}

/**
 * The playground's Hint for the decision the answers lead to (worker/match.ts `hintAt`): the match
 * replayed from its seed with a forward model kept at that decision, then information-set MCTS for
 * the player deciding — seeded by the match's seed and the decision, so the same question gets the same answer.
 */
export function hintFor(ir: GameIR, record: MatchRecord, answers: readonly AnswerRecord[], budget: number): { iterations: number; estimates: { label: string; visits: number; winRate: number }[] } {
  const run = playMatch(simOf(ir, record, answers.map((a) => a.option)), { seats: record.players.map(() => ({ kind: 'person', budget: 0 })), model: true });
  if (!run.decision) return { iterations: 0, estimates: [] };
  const found = hintAt(run, budget, (record.seed ^ Math.imul(answers.length + 1, 0x9e3779b1)) >>> 0);
  return { iterations: found.iterations, estimates: found.estimates.map((e) => ({ label: e.label, visits: e.visits, winRate: e.winRate })) };
}
