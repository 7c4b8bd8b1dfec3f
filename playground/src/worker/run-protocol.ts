/**
 * The messages between the run panel and the run worker (run.worker.ts): run a scenario or a
 * random game on the designer's text, then ask for boards (the state at a log step, as a
 * player or the judge sees it). Everything here is plain data (structured clone), never HTML.
 */
import type { ExpectationResult } from '../../../scenario/run.ts';
import type { PlayerView } from '../../../runtime/view.ts';
import type { LogEvent } from '../../../runtime/engine.ts';
import type { WorkspaceFile } from './protocol.ts';
import type { ParamValue } from './variants.ts';
import type { CasebookRow } from './casebook.ts';

export type RunRequest =
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
  /** The boards around a step of the run `runId` (the worker keeps only its latest run). */
  | { type: 'boards'; id: number; runId: number; step: number; viewer: string }
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
    };

/** One step of the log, with the rule it cites and the place of that rule in the workspace. */
export interface LogStep extends Omit<LogEvent, 'loc'> {
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
  ms: number;
}

/** The worker itself failed on a request (a bug): shown in the page. */
export interface RunCrash {
  type: 'crashed';
  id: number;
  message: string;
}

export type RunReply = RunReport | BoardsReply | CasebookReport | CasebookProgress | RunCrash;
