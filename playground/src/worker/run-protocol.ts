/**
 * The messages between the run panel and the run worker (run.worker.ts): run a scenario or a
 * random game on the designer's text, then ask for boards (the state at a log step, as a
 * player or the judge sees it). Everything here is plain data (structured clone), never HTML.
 */
import type { FaceSet } from './card-faces.ts';
import type { ExpectationResult } from '../../../scenario/run.ts';
import type { WhyNotActionJSON } from '../../../scenario/why-not.ts';
import type { PlayerView } from '../../../runtime/view.ts';
import type { EngineOptions, LogEvent } from '../../../runtime/engine.ts';
import type { WorkspaceFile } from './protocol.ts';
import type { ParamValue } from './variants.ts';
import type { CasebookRow } from './casebook.ts';
import type { ReadingsReport } from '../../../scenario/readings-report.ts';
import type { Seat } from './seats.ts';
import type { OptionEstimate } from '../../../runtime/agents/mcts.ts';
import type { ShareResult } from '../../../runtime/agents/root-parallel.ts';
import type { BalanceComparison, BalanceReport, TuneResult } from '../../../balance/report.ts';
import type { ValuesMode } from '../../../balance/runs.ts';

/** The source lines a casebook ran: workspace path → line → how many passing rulings ran it. */
export type ExecutedLines = Record<string, Record<number, number>>;

/** What a game with seats is played from: replayed from its seed with every answer so far (match.ts). */
interface MatchRecipe {
  files: WorkspaceFile[];
  game: string;
  seed: number;
  maxSteps: number;
  format?: string;
  params?: Record<string, ParamValue>;
  /** Every answer given so far, in order. */
  answers: number[];
  /** Deck lists by player in place of the rules' decks (a served match's, replayed: `grimoire serve`). */
  decks?: EngineOptions['decks'];
}

export type RunRequest =
  | BalanceRequest
  | TuneRequest
  | {
      type: 'scenario';
      id: number;
      /** The game's source files (.grim), as edited. */
      files: WorkspaceFile[];
      /** The workspace's game (a scenario written for another game is refused). */
      game: string;
      path: string;
      /** The scenario's YAML, as edited. */
      text: string;
      maxSteps: number;
    }
  | {
      type: 'game';
      id: number;
      files: WorkspaceFile[];
      game: string;
      seed: number;
      maxSteps: number;
      /** The format to play (undefined: the game's default), as `grimoire play --format`. */
      format?: string;
      /** Rule parameters set for this game, as `grimoire play --param name=value`. */
      params?: Record<string, ParamValue>;
    }
  /**
   * A game with seats (match.ts): replay the answers, then the agents' seats think (with
   * `think`; the worker posts MatchThinking and MatchAnswered as they do) until a person's
   * decision or the end. Without `think` the run stops at the next decision, whoever's it is
   * (after a Cancel: the game stays at the decision the agent was thinking about).
   */
  | ({ type: 'match'; id: number; seats: Seat[]; think: boolean } & MatchRecipe)
  /** MCTS for the decision the answers lead to, for its player: each option's estimate (MatchThinking as it runs). */
  | ({ type: 'hint'; id: number; budget: number } & MatchRecipe)
  /**
   * Some shares of a Hint's search (runtime/agents/root-parallel.ts): the page sends each worker
   * its shares and adds their statistics up (client.ts); MatchThinking counts this worker's part.
   */
  | ({ type: 'hint-shares'; id: number; budget: number; shares: number[] } & MatchRecipe)
  /** The boards around a step of the run `runId` (the worker keeps only its latest run). */
  | { type: 'boards'; id: number; runId: number; step: number; viewer: string }
  /** The card faces of these rules (an online match's own, as the server compiled them: worker/card-faces.ts). */
  | { type: 'faces'; id: number; files: WorkspaceFile[]; game: string }
  /**
   * Every scenario of the game, one after another, each with the step limit (the worker posts a
   * CasebookProgress after each). With `original`, the same casebook also runs under the game's
   * unedited files first, so the page can say which rulings changed outcome.
   */
  | {
      type: 'casebook';
      id: number;
      files: WorkspaceFile[];
      game: string;
      /** The game's scenarios (.yaml), as edited. */
      scenarios: WorkspaceFile[];
      maxSteps: number;
      /** The game's files and scenarios as they came (files the designer added left out). */
      original: { files: WorkspaceFile[]; scenarios: WorkspaceFile[] } | null;
    }
  /**
   * Every reading of an ambiguity (scenario/readings.ts): each scenario of the game under every
   * alternative of every rule parameter of the edited rules, one at a time (the worker posts a
   * ReadingsProgress after each ruling's runs).
   */
  | { type: 'readings'; id: number; files: WorkspaceFile[]; game: string; scenarios: WorkspaceFile[]; maxSteps: number };

/**
 * A balance simulation (balance-run.ts): `games` games from `seed` with each seat's agent, folded
 * into a balance report as `grimoire balance` does; with `original`, the same seeds under the
 * game's original files too, compared as `--vs` compares (the original the base, the edits the
 * other side). The worker posts BalanceProgress as the games go.
 */
/** The most games a simulation in the playground plays per side (more belongs to `grimoire balance`). */
export const MAX_BALANCE_GAMES = 100_000;

export interface BalanceRequest {
  type: 'balance';
  id: number;
  files: WorkspaceFile[];
  game: string;
  seed: number;
  games: number;
  maxSteps: number;
  format?: string;
  params?: Record<string, ParamValue>;
  /** Agent names as runtime/agents/spec.ts reads them: random, greedy, mcts:N. */
  /** Each seat's agent (`more`: p3, p4 … in a game of more players; unset: random). */
  agents: { p1: string; p2: string; more?: string[] };
  /** The game's .grim files as they came (files the designer added left out), or null for no comparison. */
  original: WorkspaceFile[] | null;
  /**
   * Which cards are replaced to measure what each is worth, after the report's games (balance/runs.ts,
   * as `grimoire balance --values`): every card of every deck in turn, the suspects on fresh seeds,
   * or none. Undefined: the CLI's default (every card with random players, the suspects with search
   * agents). Not played with a comparison (as `--vs`).
   */
  values?: ValuesMode;
  /** Add the game-quality metrics (`grimoire balance --quality`, balance/quality.ts) to the report — both sides of a comparison. */
  quality?: boolean;
}

/** The most games a tune plays per value in the playground (more belongs to `grimoire tune`). */
export const MAX_TUNE_GAMES = 20_000;

/**
 * `grimoire tune` in the worker (tune-run.ts): the card's number `attr` set to each of `values`
 * (the CLI's syntax: 0..6, 0..10..2, 1,3,5) on the same `games` seeds from `seed`, and once a
 * baseline card in its place; the worth at each value and the fair value. TuneProgress as it goes.
 */
export interface TuneRequest {
  type: 'tune';
  id: number;
  files: WorkspaceFile[];
  game: string;
  seed: number;
  games: number;
  maxSteps: number;
  format?: string;
  params?: Record<string, ParamValue>;
  /** Each seat's agent (`more`: p3, p4 … in a game of more players; unset: random). */
  agents: { p1: string; p2: string; more?: string[] };
  card: string;
  attr: string;
  values: string;
}

/** One step of the log, with the rule it cites and the place of that rule in the workspace. */
export interface LogStep extends Omit<LogEvent, 'loc' | 'code' | 'args' | 'cards'> {
  /** The event in words, in the page's language (scenario/log-words.ts), or as a reader may read it (player-log.ts). */
  text: string;
  /** The cited source place (the event's loc): a workspace path like rules/trump/basic.grim, or null. */
  file: string | null;
  line: number;
  col: number;
}

/** Why a run could not run, or stopped short — always shown in words in the page. */
export type RunProblem =
  | { kind: 'compile'; message: string; errors: number; first: { file: string; line: number; col: number; message: string } | null }
  | { kind: 'yaml' | 'scenario' | 'rules' | 'runtime' | 'limit' | 'options'; message: string };

export interface RunReport {
  type: 'ran';
  id: number;
  what: 'scenario' | 'game';
  problem: RunProblem | null;
  /** For a scenario that ran: its verdict and each expectation. */
  scenario: {
    name: string;
    passed: boolean;
    expectations: ExpectationResult[];
    /** Failures that are not an expectation's (the script's problems). */
    otherFailures: string[];
    /** Where the expectations were checked, in words (ScenarioOutcome.checkpoint). */
    checkpoint: string | null;
  } | null;
  result: { winner: string | null; reason: string } | null;
  /** For a random game: its seed, its format and the parameters that differ from their default. */
  seed: number | null;
  format: string | null;
  params: Record<string, ParamValue> | null;
  turns: number;
  decisions: number;
  players: string[];
  log: LogStep[];
  /** Steps left out of a long log (between the head and the tail kept), or null. */
  omitted: { after: number; count: number } | null;
  ms: number;
}

export interface BoardAt {
  /** The board right after this log step. */
  step: number;
  view: PlayerView;
}

export interface BoardsReply {
  type: 'boards';
  id: number;
  runId: number;
  viewer: string;
  boards: BoardAt[];
  /** Why no board could be made (e.g. the run is gone), or null. */
  problem: string | null;
}

/** Sent while a casebook runs: `done` of `total` rulings run, under the original or the edited files. */
export interface CasebookProgress {
  type: 'progress';
  id: number;
  phase: 'original' | 'edited';
  done: number;
  total: number;
}

/** The casebook's outcome, one row per ruling. */
export interface CasebookReport {
  type: 'casebook';
  id: number;
  /** The edited rules do not compile (nothing ran), or null. */
  problem: RunProblem | null;
  rows: CasebookRow[];
  /**
   * The rows under the original files when they were asked for (null otherwise), or why they
   * could not be had (the original rules do not compile).
   */
  original: { rows: CasebookRow[] } | { problem: string } | null;
  /** The source lines the passing rulings ran under the edited files (file → line → rulings): the editor's gutter. */
  executed: ExecutedLines;
  ms: number;
}

/** Sent while the readings run: `done` of `total` rulings run under every reading. */
export interface ReadingsProgress {
  type: 'readings-progress';
  id: number;
  done: number;
  total: number;
}

/** The readings of the casebook: which rulings turn on which parameter (null when nothing ran). */
export interface ReadingsReply {
  type: 'readings';
  id: number;
  /** The edited rules do not compile (nothing ran), or null. */
  problem: RunProblem | null;
  report: ReadingsReport | null;
  ms: number;
}

/**
 * Sent while a balance simulation plays: `done` of `total` games, under the original or the
 * edited files, or (`values`) of the cards replaced — `label` says which batch (balance/runs.ts).
 */
export interface BalanceProgress {
  type: 'balance-progress';
  id: number;
  phase: 'original' | 'edited' | 'values';
  done: number;
  total: number;
  label?: string;
}

/** Sent while a tune plays: `done` of `total` games of the batch `label` says. */
export interface TuneProgress {
  type: 'tune-progress';
  id: number;
  label: string;
  done: number;
  total: number;
}

/** A tune's outcome: the curves, or why there are none. */
export interface TuneReply {
  type: 'tune';
  id: number;
  problem: RunProblem | null;
  result: TuneResult | null;
  /** Notes for the page (a deck whose rules refuse every baseline), or null. */
  note: string | null;
  /** The games played in all. */
  played: number;
  ms: number;
}

/** A balance simulation's outcome: a report, or a comparison of the original files with the edits. */
export interface BalanceReply {
  type: 'balance';
  id: number;
  /** Why nothing (or only part) could be simulated, or null. */
  problem: RunProblem | null;
  result: BalanceReport | BalanceComparison | null;
  /** A note for the page (e.g. the comparison was skipped: nothing is edited), or null. */
  note: string | null;
  ms: number;
}

/** The worker itself failed on a request (a bug): shown in the page. */
export interface RunCrash {
  type: 'crashed';
  id: number;
  message: string;
}

/** A decision a person answers by clicking: its options as the engine labels them for its player. */
export interface PendingDecision {
  player: string;
  kind: 'action' | 'pick' | 'mode';
  prompt: string;
  /** The option labels; the answer is an index into this list. When the decision allows passing, the last is `pass`. */
  options: string[];
  canPass: boolean;
  cite: string;
  /** The cited rule's place in the workspace (as LogStep), or null. */
  file: string | null;
  line: number;
  col: number;
  /** For an action decision: the actions the player is not offered now, each with why (Engine.whyNot, docs/judges.md). */
  refused: WhyNotActionJSON[];
}

/** Sent while an agent's seat (or a Hint) thinks: `done` of `total` iterations (0 of 0: no count to say). */
export interface MatchThinking {
  type: 'thinking';
  id: number;
  player: string;
  done: number;
  total: number;
}

/** Sent when an agent's seat answered: every answer of the game so far. */
export interface MatchAnswered {
  type: 'answered';
  id: number;
  answers: number[];
}

/** Where a game with seats stands: at a decision, or over. */
export interface MatchReport {
  type: 'match';
  id: number;
  problem: RunProblem | null;
  /** The decision at hand (a person's, or anyone's after a run without thinking), or null when the game is over or stuck. */
  decision: PendingDecision | null;
  answers: number[];
  result: { winner: string | null; reason: string } | null;
  /** Whom the log and the board are for: the person deciding (else the first person's seat), or `judge` once the game is over or when nobody plays as a person. */
  viewer: string;
  /** The board now, as `viewer` sees it. */
  view: PlayerView | null;
  seed: number;
  format: string | null;
  params: Record<string, ParamValue> | null;
  turns: number;
  decisions: number;
  players: string[];
  /** The log as `viewer` may read it (player-log.ts: cards they may not see are not named). */
  log: LogStep[];
  omitted: { after: number; count: number } | null;
  ms: number;
}

/** What a Hint found: each option's estimate, most visited first. */
export interface HintReport {
  type: 'hint';
  id: number;
  problem: string | null;
  player: string;
  iterations: number;
  estimates: OptionEstimate[];
  ms: number;
}

/** One worker's shares of a Hint: each share's root statistics (merged by the page). */
export interface HintSharesReport {
  type: 'hint-shares';
  id: number;
  problem: string | null;
  player: string;
  parts: ShareResult[];
  ms: number;
}

/** The faces of the rules asked (`faces`), or why there are none (they do not compile). */
export interface FacesReply {
  type: 'faces';
  id: number;
  faces: Omit<FaceSet, 'version'> | null;
  problem: string | null;
}

export type RunReply = HintSharesReport | RunReport | BoardsReply | FacesReply | CasebookReport | CasebookProgress | ReadingsReply | ReadingsProgress | RunCrash | MatchReport | MatchThinking | MatchAnswered | HintReport | BalanceProgress | BalanceReply | TuneProgress | TuneReply;
