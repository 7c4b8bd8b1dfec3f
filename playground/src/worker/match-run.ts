/**
 * The run worker's side of a game with seats and of a Hint (match.ts): play the recipe, post
 * the agents' progress and answers as they come, and report where the game stands — the
 * decision at hand, the board and the log as the person deciding may see them. No DOM: the
 * messages go through `post`, so the tests run it in Node.
 */
import type { GameIR } from '../../../compiler/ir.ts';
import type { Decision, Engine, LogEvent } from '../../../runtime/engine.ts';
import type { HintReport, HintSharesReport, MatchReport, PendingDecision, RunReply, RunRequest } from './run-protocol.ts';
import { hintAt, hintShares, playMatch, type MatchSim, type Seat } from './match.ts';
import { PlayerLog } from './player-log.ts';
import { traceOf } from './trace.ts';
import { whyNotJSON, type WhyNotActionJSON } from '../../../scenario/why-not.ts';
import { t } from '../../../i18n/format.ts';
import { endReason } from '../../../scenario/log-words.ts';

type MatchRequest = Extract<RunRequest, { type: 'match' }>;
type HintRequest = Extract<RunRequest, { type: 'hint' }>;
type HintSharesRequest = Extract<RunRequest, { type: 'hint-shares' }>;

/** Progress messages at most this often (an MCTS iteration can take a fraction of a millisecond). */
const PROGRESS_MS = 50;

export function matchSim(req: MatchRequest | HintRequest | HintSharesRequest, ir: GameIR, answers: readonly number[] = req.answers): MatchSim {
  return { what: 'match', ir, game: req.game, seed: req.seed, maxSteps: req.maxSteps, format: req.format, params: req.params, answers, decks: req.decks };
}

/** Posts an agent's progress, at most every PROGRESS_MS (and always its first and last count). */
function thinker(id: number, engine: () => Engine | null, post: (r: RunReply) => void) {
  let last = 0;
  return (player: number, done: number, total: number) => {
    const now = Date.now();
    if (done !== 0 && done !== total && now - last < PROGRESS_MS) return;
    last = now;
    post({ type: 'thinking', id, player: engine()?.players[player]?.name ?? `player ${player + 1}`, done, total });
  };
}

function pending(d: Decision, files: readonly string[], refused: WhyNotActionJSON[]): PendingDecision {
  const file = d.loc ? files[d.loc[0]] ?? null : null;
  return {
    player: d.player.name,
    kind: d.kind,
    prompt: d.prompt,
    options: d.options.map((o) => o.label),
    canPass: d.canPass,
    cite: d.cite,
    file,
    line: file && d.loc ? d.loc[1] : 0,
    col: file && d.loc ? d.loc[2] : 0,
    refused,
  };
}

/** Plays a match request on; returns the report and the recipe as it now stands (for boards). */
export function runMatch(req: MatchRequest, ir: GameIR, post: (r: RunReply) => void, t0: number): { report: MatchReport; sim: MatchSim } {
  const seats: Seat[] = req.seats;
  const persons = seats.map((s, i) => (s.kind === 'person' ? i : -1)).filter((i) => i >= 0);
  let engine: Engine | null = null;
  // The log as each person's seat may read it, made as the game is logged.
  const readers = new Map<number, PlayerLog>();
  let refused: WhyNotActionJSON[] = [];
  const run = playMatch(matchSim(req, ir), {
    seats: req.think ? seats : undefined,
    onEngine: (e) => {
      engine = e;
      for (const i of persons) if (e.players[i]) readers.set(i, new PlayerLog(e, e.players[i]!));
    },
    onLog: (ev: LogEvent) => {
      for (const r of readers.values()) r.logged(ev);
    },
    onThinking: thinker(req.id, () => engine, post),
    onAnswered: (answers) => post({ type: 'answered', id: req.id, answers: answers.slice() }),
    // At an action decision, why the player is not offered the other actions (computed where the engine stands at it).
    onStop: (e, d) => {
      if (d.kind !== 'action') return;
      const source = (path: string) => req.files.find((f) => f.path === path)?.text;
      refused = whyNotJSON(e.whyNot(d.player).filter((v) => !v.available), ir, source);
    },
  });
  const e = run.engine;
  const over = !!e.result;
  // The person deciding reads the log and the board; else the first person's seat; the judge once it is over.
  const decider = run.decision?.player.index ?? -1;
  const readerIndex = over ? -1 : persons.includes(decider) ? decider : (persons[0] ?? -1);
  const reader = readerIndex >= 0 ? e.players[readerIndex]! : null;
  const texts = reader ? readers.get(readerIndex)!.texts : null;
  const events = e.log;
  const report: MatchReport = {
    type: 'match',
    id: req.id,
    problem: run.problem,
    decision: run.decision && !run.problem ? pending(run.decision, ir.files, refused) : null,
    answers: run.answers,
    result: e.result ? { winner: e.result.winner, reason: endReason(e.result) } : null,
    viewer: reader ? reader.name : 'judge',
    view: e.view(reader),
    seed: req.seed,
    format: run.format,
    params: run.params,
    turns: e.turn,
    decisions: e.decisions,
    players: e.players.map((p) => p.name),
    ...traceOf(events, ir.files, texts),
    ms: performance.now() - t0,
  };
  return { report, sim: matchSim(req, ir, run.answers) };
}

/** A Hint: MCTS for the decision the answers lead to, for its player. */
export function runHint(req: HintRequest, ir: GameIR, post: (r: RunReply) => void, t0: number): HintReport {
  const run = playMatch(matchSim(req, ir), { model: true });
  const player = run.decision?.player.name ?? '';
  if (!run.decision || run.problem) {
    return { type: 'hint', id: req.id, problem: run.problem?.message ?? t('pg.hint.game-over'), player, iterations: 0, estimates: [], ms: performance.now() - t0 };
  }
  const progress = thinker(req.id, () => run.engine, post);
  const index = run.decision.player.index;
  const hint = hintAt(run, req.budget, hintSeed(req), (done, total) => progress(index, done, total));
  return { type: 'hint', id: req.id, problem: null, player, iterations: hint.iterations, estimates: hint.estimates, ms: performance.now() - t0 };
}

/** The seed of a Hint's search: the match's seed and how far it has come. */
function hintSeed(req: HintRequest | HintSharesRequest): number {
  return (Math.imul(req.seed ^ 0x27d4eb2f, 31) + req.answers.length) >>> 0;
}

/**
 * One worker's part of a Hint run in several workers: the same replay to the decision, then the
 * shares asked for (match.ts hintShares). The page merges the parts (root-parallel.ts
 * mergeShares): the same estimates as runHint's.
 */
export function runHintShares(req: HintSharesRequest, ir: GameIR, post: (r: RunReply) => void, t0: number): HintSharesReport {
  const run = playMatch(matchSim(req, ir), { model: true });
  const player = run.decision?.player.name ?? '';
  if (!run.decision || run.problem) {
    return { type: 'hint-shares', id: req.id, problem: run.problem?.message ?? t('pg.hint.game-over'), player, parts: [], ms: performance.now() - t0 };
  }
  const progress = thinker(req.id, () => run.engine, post);
  const index = run.decision.player.index;
  const parts = hintShares(run, req.budget, hintSeed(req), req.shares, (done, total) => progress(index, done, total));
  return { type: 'hint-shares', id: req.id, problem: null, player, parts, ms: performance.now() - t0 };
}
