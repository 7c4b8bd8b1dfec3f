/**
 * The data layer: every match kept — its game, rules (the IR, by fingerprint), seed, format,
 * parameters, decks and options, its seats (the hashes of their tokens), every answer in order
 * and, once over, its result. One interface, two back ends: SQLite (`sqlite-store.ts`, the
 * embedded default) now, PostgreSQL later. The interface is asynchronous so that a network
 * database fits behind it unchanged; a back end keeps one match's answers in the order they are
 * appended.
 */
import type { GameIR } from '../compiler/ir.ts';
import type { TimeoutPolicy } from './protocol.ts';
import type { DeckList } from '../runtime/engine-types.ts';

export interface MatchOptions {
  timeout: TimeoutPolicy;
  openJudge: boolean;
  /** Seats may ask the server for a Hint. Absent in matches kept before there were Hints: false. */
  hints?: boolean;
}

/** A source file of the rules (.grim), as compiled. */
export interface RuleSource {
  path: string;
  text: string;
}

export interface MatchRecord {
  id: string;
  game: string;
  /** The rules' fingerprint: the first 16 hex digits of the SHA-256 of the IR's JSON. */
  rules: string;
  seed: number;
  format: string | null;
  params: Record<string, number | boolean | string>;
  /** The deck lists given, by player (card definitions, as EngineOptions.decks takes them). */
  decks: Record<string, DeckList>;
  options: MatchOptions;
  /** The players' names, in seat order (p1, p2…). */
  players: string[];
  createdAt: string;
  /** Null while the match is being played. */
  result: MatchResult | null;
}

export interface MatchResult {
  winner: string | null;
  reason: string;
  /** The engine's state hash at the end (a replay must reach the same); null when the server ended it (a concession). */
  hash: number | null;
  /** How many answers the game took. */
  answers: number;
}

export interface SeatRecord {
  match: string;
  /** A player's name (p1…), or "judge" for the spectator/judge link. */
  seat: string;
  /** SHA-256 of the token, hex: the token itself is not kept. */
  tokenHash: string;
}

export interface AnswerRecord {
  /** 0, 1, 2…: the decision's sequence number. */
  seq: number;
  seat: string;
  option: number;
  /** A person's answer, or an agent's (the seat was away past its timeout). */
  by: 'person' | 'agent';
  at: string;
}

export interface MatchStore {
  /** Keeps the rules once per fingerprint: the IR played, and the sources it was compiled from (a replay elsewhere compiles them). */
  putRules(fingerprint: string, game: string, ir: GameIR, sources: RuleSource[]): Promise<void>;
  getRules(fingerprint: string): Promise<GameIR | null>;
  /** The sources of the rules, or null (rules kept before sources were). */
  getSources(fingerprint: string): Promise<RuleSource[] | null>;
  createMatch(match: MatchRecord, seats: SeatRecord[]): Promise<void>;
  getMatch(id: string): Promise<MatchRecord | null>;
  listMatches(): Promise<MatchRecord[]>;
  /** The seat a token's hash opens, or null. */
  seatByToken(tokenHash: string): Promise<SeatRecord | null>;
  appendAnswer(match: string, answer: AnswerRecord): Promise<void>;
  answers(match: string): Promise<AnswerRecord[]>;
  finish(match: string, result: MatchResult): Promise<void>;
  close(): Promise<void>;
}
