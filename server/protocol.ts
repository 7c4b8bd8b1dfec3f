/**
 * The messages between `grimoire serve` and its clients, all JSON, each with the protocol's
 * version `v` and a `type`. One file, so that a client (the playground's "Play online", a bot in a
 * test) and the server read the same definitions.
 *
 * A client says only one thing: its answer to the decision it is asked — the option's id and the
 * decision's sequence number (how many answers the match had when it was asked). The server
 * checks every answer against the decision actually pending for that seat; anything else is
 * refused with an `error` and changes nothing.
 *
 * The server sends each connection only what its seat may see: the seat's view of the state
 * (runtime/view.ts), the log as that seat may read it (card names it may not see replaced), and
 * the pending decision only to the seat that must answer it. Frames carry no card ids beyond
 * those the view itself shows (an id lets a player follow a card through a shuffle).
 */
import { Ajv } from 'ajv';
import type { PlayerView } from '../runtime/view.ts';

export const PROTOCOL_VERSION = 1;

// ── client → server ──────────────────────────────────────────────────────────

/** The answer to the decision `seq`: option `option` (an id from DecisionFrame.options). */
export interface AnswerMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'answer';
  seq: number;
  option: number;
  /** Optional: the seat the client believes it plays; a seat other than the link's is refused. */
  seat?: string;
}

/**
 * A Hint for the decision `seq` (only in a match created with `hints: true`, only by the seat
 * asked): MCTS run by the server from that seat's knowledge — each simulation re-deals what the
 * seat cannot see (runtime/agents/mcts.ts, information-set MCTS), so the estimates tell nothing
 * the seat does not know. `budget`: iterations, at most MAX_HINT_BUDGET.
 */
export interface HintRequestMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'hint';
  seq: number;
  budget: number;
}

/** The most iterations one Hint may cost the server (a thread of its Hint pool busy for it: server/hint-pool.ts). */
export const MAX_HINT_BUDGET = 2000;

export type ClientMessage = AnswerMessage | HintRequestMessage;

/** The JSON Schema of a client message, compiled once (ajv). */
const clientSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['v', 'type', 'seq', 'option'],
  properties: {
    v: { const: PROTOCOL_VERSION },
    type: { const: 'answer' },
    seq: { type: 'integer', minimum: 0 },
    option: { type: 'integer', minimum: 0 },
    seat: { type: 'string', maxLength: 16 },
  },
} as const;

const hintSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['v', 'type', 'seq', 'budget'],
  properties: {
    v: { const: PROTOCOL_VERSION },
    type: { const: 'hint' },
    seq: { type: 'integer', minimum: 0 },
    budget: { type: 'integer', minimum: 1, maximum: MAX_HINT_BUDGET },
  },
} as const;

const ajv = new Ajv({ allErrors: false });
const validateAnswer = ajv.compile<AnswerMessage>(clientSchema);
const validateHint = ajv.compile<HintRequestMessage>(hintSchema);

/** A client's raw text as a message, or why it is not one (the text of a `malformed` error). */
export function parseClientMessage(text: string): { message: ClientMessage } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: 'the message is not JSON: send {"v":1,"type":"answer","seq":N,"option":N}' };
  }
  // A hint request is checked by its own schema; anything else is taken for an answer (its errors say how to answer).
  const validateClient = (data as { type?: unknown } | null)?.type === 'hint' ? validateHint : validateAnswer;
  if (validateClient(data)) return { message: data as ClientMessage };
  const e = validateClient.errors?.[0];
  const where = e?.instancePath ? `${e.instancePath.slice(1)} ` : '';
  const what = e?.keyword === 'additionalProperties' ? `has an unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"` : e?.keyword === 'const' && e.instancePath === '/v' ? `must be ${PROTOCOL_VERSION} (this server speaks protocol version ${PROTOCOL_VERSION})` : (e?.message ?? 'is not a message');
  return { problem: `malformed message: ${where}${what}; send {"v":${PROTOCOL_VERSION},"type":"answer","seq":N,"option":N}` };
}

// ── server → client ──────────────────────────────────────────────────────────

/** Who a connection is: a seat's player, or the spectator/judge link. */
export type Role = { kind: 'seat'; seat: string } | { kind: 'judge'; open: boolean };

/** Whether each seat's person is connected, away (disconnected) or replaced by an agent after a timeout. */
export type Presence = 'connected' | 'away' | 'agent';

/** A log event as the connection may read it. */
export interface LogLine {
  seq: number;
  turn: number;
  kind: string;
  player: string | null;
  text: string;
  cite: string;
}

/** The decision pending for this seat (sent only to that seat). */
export interface DecisionFrame {
  /** The sequence number to answer with: how many answers the match had when this was asked. */
  seq: number;
  player: string;
  kind: 'action' | 'pick' | 'mode';
  prompt: string;
  /** The options, labelled as the runtime labels them for this player (hidden cards by where they lie). */
  options: { id: number; label: string }[];
  canPass: boolean;
  cite: string;
}

export interface HelloMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'hello';
  match: string;
  game: string;
  role: Role;
  players: string[];
  /** Whether a seat may ask for a Hint (the match was created with `hints: true`). */
  hints: boolean;
}

/** Where the match stands, as this connection may see it. Sent on connecting and after every answer. */
export interface StateMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'state';
  /** How many answers the match has had. */
  seq: number;
  view: PlayerView;
  /** Log events new to this connection (all of them on connecting). */
  log: LogLine[];
  /** This seat's pending decision, or null (someone else's turn to decide, or the game is over). */
  decision: DecisionFrame | null;
  /** Whose decision is pending (public: everyone sees who the table waits for), or null at the end. */
  waitingFor: string | null;
  presence: Record<string, Presence>;
  result: { winner: string | null; reason: string } | null;
}

/** A seat's connection changed: "waiting for p2" while p2 is away and must answer. */
export interface PresenceMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'presence';
  presence: Record<string, Presence>;
  /** A sentence for the table, e.g. "waiting for p2", or null when nobody is waited for. */
  notice: string | null;
}

export type ErrorCode = 'malformed' | 'wrong-seat' | 'not-your-decision' | 'stale' | 'no-such-option' | 'game-over' | 'spectator' | 'no-hints' | 'hint-busy' | 'hint-failed';

/** A refused message: nothing changed. */
export interface ErrorMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'error';
  code: ErrorCode;
  message: string;
}

/** What a Hint found for the decision `seq`: each option's estimate (by its label), most visited first. */
export interface HintMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'hint';
  seq: number;
  player: string;
  iterations: number;
  estimates: { label: string; visits: number; winRate: number }[];
}

export type ServerMessage = HelloMessage | StateMessage | PresenceMessage | ErrorMessage | HintMessage;

export function errorMessage(code: ErrorCode, message: string): ErrorMessage {
  return { v: PROTOCOL_VERSION, type: 'error', code, message };
}

// ── HTTP: creating a match ───────────────────────────────────────────────────

/** What happens to a seat whose person is away while it must answer. */
export type TimeoutPolicy = { kind: 'none' } | { kind: 'agent'; minutes: number } | { kind: 'concede'; minutes: number };

/** POST /api/matches */
export interface CreateMatchRequest {
  /** A game folder under rules/ (e.g. "trump"). */
  game: string;
  seed?: number;
  format?: string;
  params?: Record<string, number | boolean | string>;
  /** Per player, a deck list by card name and copies (games with a `deck check`): { p1: { main: [["A", 2]] } }. */
  decks?: Record<string, { main: [string, number][]; side?: [string, number][] }>;
  timeout?: TimeoutPolicy;
  /** The judge link sees every card (the judge's view) instead of the public view. */
  openJudge?: boolean;
  /** The seats may ask the server for a Hint (HintRequestMessage). Default false. */
  hints?: boolean;
  /**
   * The rules to play, as source text (the playground's files of `game`, as edited): compiled on
   * the server by the compiler — never run as code — over the server's rules/ for a revision's
   * base game; refused with the compiler's diagnostics when they do not compile. Absent: the
   * server's own rules/<game>/ and cards/<game>/.
   */
  files?: { path: string; text: string }[];
}

/** The most files an upload may have (a game has tens). */
export const MAX_UPLOAD_FILES = 400;

export const createMatchSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['game'],
  properties: {
    game: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' },
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    format: { type: 'string', maxLength: 64 },
    params: { type: 'object', additionalProperties: { type: ['number', 'boolean', 'string'] } },
    decks: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['main'],
        properties: {
          main: { type: 'array', maxItems: 500, items: { type: 'array', minItems: 2, maxItems: 2, items: [{ type: 'string' }, { type: 'integer', minimum: 1, maximum: 99 }] } },
          side: { type: 'array', maxItems: 500, items: { type: 'array', minItems: 2, maxItems: 2, items: [{ type: 'string' }, { type: 'integer', minimum: 1, maximum: 99 }] } },
        },
      },
    },
    timeout: {
      oneOf: [
        { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: { const: 'none' } } },
        { type: 'object', additionalProperties: false, required: ['kind', 'minutes'], properties: { kind: { enum: ['agent', 'concede'] }, minutes: { type: 'number', exclusiveMinimum: 0, maximum: 10080 } } },
      ],
    },
    openJudge: { type: 'boolean' },
    hints: { type: 'boolean' },
    files: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_UPLOAD_FILES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'text'],
        properties: { path: { type: 'string', maxLength: 200, pattern: '^(rules|cards)/.+\\.grim$' }, text: { type: 'string' } },
      },
    },
  },
} as const;


export const validateCreateMatch = new Ajv({ allErrors: false, strictTuples: false, allowUnionTypes: true }).compile<CreateMatchRequest>(createMatchSchema);

/** The answer to POST /api/matches: the links to share (shown once: the server keeps only their hashes). */
export interface CreateMatchResponse {
  match: string;
  game: string;
  rules: string;
  seed: number;
  /** Per seat: the WebSocket address with its token. */
  seats: Record<string, { token: string; ws: string }>;
  judge: { token: string; ws: string };
  /** True when the rules played are not the server's own rules/<game>/ (files were uploaded that differ). */
  uploaded: boolean;
}

/** A refused creation whose uploaded rules do not compile: the error and the compiler's diagnostics (the first ones). */
export interface CreateMatchRefusal {
  error: string;
  diagnostics?: { file: string; line: number; col: number; code: string; message: string }[];
}

/** GET /api/matches/:id/record — a finished match's recipe, its rules' sources and every answer (a replay). */
/** GET /api/matches/:id/rules: the rules' source files a match is played with (none for rules kept before their sources were). */
export interface MatchRulesResponse {
  match: string;
  game: string;
  rules: string;
  files: { path: string; text: string }[];
}

export interface MatchRecordResponse {
  match: string;
  game: string;
  rules: string;
  players: string[];
  createdAt: string;
  result: { winner: string | null; reason: string; hash: number | null; answers: number } | null;
  seed: number;
  format: string | null;
  params: Record<string, number | boolean | string>;
  decks: Record<string, unknown>;
  answers: { seq: number; seat: string; option: number; by: 'person' | 'agent'; at: string }[];
  /** The rules' source files (.grim) the match was played with. */
  files: { path: string; text: string }[];
}
