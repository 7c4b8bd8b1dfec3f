/**
 * A match being played: its connections, whose seat is present, the answers as they come, the
 * timeout of a seat that is away while it must answer, and the frames each connection is sent.
 *
 * Everything a message changes happens synchronously here — check the answer against the
 * decision pending for that seat, keep it, play the match to its next decision — so two answers
 * never interleave; the writes to the store follow in order behind (`writes`).
 */
import type { GameIR } from '../compiler/ir.ts';
import type { Clock } from './clock.ts';
import { hintFor, keptEngine, playTo, type LogCache, type Reader, type Standing } from './match-host.ts';
import type { MatchEngine } from '../playground/src/worker/match.ts';
import { errorMessage, PROTOCOL_VERSION, parseClientMessage, type ErrorMessage, type HintMessage, type Presence, type Role, type ServerMessage, type StateMessage } from './protocol.ts';
import type { AnswerRecord, MatchRecord, MatchStore } from './store.ts';
import type { HintFound, HintPool } from './hint-pool.ts';
import { t } from '../i18n/format.ts';

/** A client's connection, as the match sees it. */
export interface Connection {
  role: Role;
  send(message: ServerMessage): void;
  /** How many log lines this connection has been sent. */
  logSent: number;
}

export class LiveMatch {
  readonly connections = new Set<Connection>();
  /** Seats an agent plays (away past the timeout), until their person comes back. */
  private readonly agents = new Set<string>();
  private standingNow: Standing;
  /** The server's own end of the match (a seat conceded by its timeout), over the engine's. */
  private conceded: { winner: string | null; reason: string } | null = null;
  private cancelTimer: (() => void) | null = null;
  /** The store's writes, in order. */
  private writes: Promise<void> = Promise.resolve();
  /** The readers' log lines so far (a replay redacts only the events past them). */
  private readonly logCache: LogCache = new Map();
  /** One engine for the match's replays: the rules compiled once. */
  private readonly engine: MatchEngine;
  /** The seats whose Hint is being searched (one at a time per seat). */
  private readonly hinting = new Set<string>();

  constructor(
    readonly record: MatchRecord,
    readonly ir: GameIR,
    private readonly answers: AnswerRecord[],
    private readonly store: MatchStore,
    private readonly clock: Clock,
    /** Where Hints run: a pool of threads, or (null) this thread, blocking every match while it searches. */
    private readonly hints: HintPool | null = null,
  ) {
    this.engine = keptEngine(ir, record);
    this.standingNow = playTo(ir, record, answers, new Set(), record.options.openJudge, this.logCache, this.engine).standing;
    if (record.result && record.result.hash === null) this.conceded = { winner: record.result.winner, reason: record.result.reason };
  }

  get standing(): Standing {
    return this.standingNow;
  }

  /** The answers so far (a copy). */
  answerList(): AnswerRecord[] {
    return this.answers.slice();
  }

  get result(): { winner: string | null; reason: string } | null {
    return this.conceded ?? this.standingNow.result;
  }

  /** Resolves once every write so far is in the store. */
  flushed(): Promise<void> {
    return this.writes;
  }

  presence(): Record<string, Presence> {
    const out: Record<string, Presence> = {};
    for (const p of this.record.players) out[p] = this.seatConnected(p) ? 'connected' : this.agents.has(p) ? 'agent' : 'away';
    return out;
  }

  private seatConnected(seat: string): boolean {
    for (const c of this.connections) if (c.role.kind === 'seat' && c.role.seat === seat) return true;
    return false;
  }

  private readerOf(role: Role): Reader {
    return role.kind === 'seat' ? role.seat : role.open ? 'judge' : 'public';
  }

  /** A connection opened: it gets the match as it stands (a seat back from a drop resumes here). */
  join(conn: Connection): void {
    this.connections.add(conn);
    if (conn.role.kind === 'seat' && this.agents.delete(conn.role.seat)) this.replay();
    conn.send({ v: PROTOCOL_VERSION, type: 'hello', match: this.record.id, game: this.record.game, role: conn.role, players: this.record.players, hints: this.record.options.hints ?? false });
    this.sendState(conn);
    this.presenceChanged();
  }

  leave(conn: Connection): void {
    if (!this.connections.delete(conn)) return;
    this.presenceChanged();
  }

  /** A message from a connection: an answer, checked against the decision pending for its seat. */
  receive(conn: Connection, text: string): ErrorMessage | null {
    const refused = this.check(conn, text);
    if (refused) {
      conn.send(refused);
      return refused;
    }
    return null;
  }

  private check(conn: Connection, text: string): ErrorMessage | null {
    const parsed = parseClientMessage(text);
    if ('problem' in parsed) return errorMessage('malformed', parsed.problem);
    const msg = parsed.message;
    if (conn.role.kind !== 'seat') return errorMessage('spectator', 'this is the spectator/judge link: it watches the match and cannot answer decisions');
    const seat = conn.role.seat;
    if (msg.type === 'answer' && msg.seat !== undefined && msg.seat !== seat) return errorMessage('wrong-seat', `this link plays ${seat}, not ${msg.seat}: each player answers with their own link`);
    if (msg.type === 'hint' && !this.record.options.hints) return errorMessage('no-hints', 'this match was created without Hints (hints: false)');
    if (this.result) return errorMessage('game-over', `the game is over (${this.result.reason}): there is nothing to answer`);
    const d = this.standingNow.decision;
    if (!d) return errorMessage('game-over', 'the match cannot go on: there is nothing to answer');
    if (d.player !== seat) return errorMessage('not-your-decision', `${seat} is not asked anything now: the pending decision (${d.seq}) is ${d.player}'s`);
    if (msg.seq !== d.seq) return errorMessage('stale', `${msg.type === 'hint' ? 'a Hint for' : 'answer to'} decision ${msg.seq}, but the pending decision is ${d.seq}: ${msg.seq < d.seq ? 'that one was already answered' : 'it has not been asked yet'}`);
    if (msg.type === 'hint') {
      if (this.hinting.has(seat)) return errorMessage('hint-busy', `a Hint for ${seat} is still being searched: ask again once it has come`);
      this.hint(conn, seat, msg.budget);
      return null;
    }
    if (msg.option >= d.options.length) return errorMessage('no-such-option', `decision ${d.seq} has options 0 to ${d.options.length - 1}, not ${msg.option}`);
    this.accept({ seq: d.seq, seat, option: msg.option, by: 'person', at: new Date(this.clock.now()).toISOString() });
    return null;
  }

  /**
   * A Hint for the seat's pending decision: information-set MCTS from where the match stands,
   * each simulation in a world re-dealt from the seat's knowledge (runtime/agents/mcts.ts), so the
   * estimates show nothing the seat cannot see. The same for the same match, decision and budget.
   */
  private hint(conn: Connection, seat: string, budget: number): void {
    const seq = this.standingNow.seq;
    const answers = this.answers.slice(0, seq);
    const send = (found: HintFound) => conn.send({ v: PROTOCOL_VERSION, type: 'hint', seq, player: seat, iterations: found.iterations, estimates: found.estimates } satisfies HintMessage);
    if (!this.hints) return send(hintFor(this.ir, this.record, answers, budget));
    // On a thread of the pool: this thread goes on with every other match meanwhile. The answer
    // names its decision (seq), so a Hint that comes after the match moved on is known for what it is.
    this.hinting.add(seat);
    this.hints
      .hint(this.ir, this.record.rules, this.record, answers, budget)
      .then(send, (e: Error) => conn.send(errorMessage('hint-failed', `the Hint could not be searched: ${e.message}`)))
      .finally(() => this.hinting.delete(seat));
  }

  private accept(a: AnswerRecord): void {
    this.answers.push(a);
    this.write((s) => s.appendAnswer(this.record.id, a));
    this.replay();
    this.broadcast();
  }

  /** Plays the match to where it now stands; agents answer for the seats they took over, and their answers are kept. */
  private replay(): void {
    const played = playTo(this.ir, this.record, this.answers, this.agents, this.record.options.openJudge, this.logCache, this.engine);
    for (const a of played.agentAnswers) {
      const rec: AnswerRecord = { seq: this.answers.length, seat: a.seat, option: a.option, by: 'agent', at: new Date(this.clock.now()).toISOString() };
      this.answers.push(rec);
      this.write((s) => s.appendAnswer(this.record.id, rec));
    }
    this.standingNow = played.standing;
    const r = played.standing.result;
    if (r) this.write((s) => s.finish(this.record.id, { winner: r.winner, reason: r.reason, hash: played.standing.hash, answers: this.answers.length }));
  }

  private write(op: (s: MatchStore) => Promise<void>): void {
    this.writes = this.writes.then(() => op(this.store)).catch((e: Error) => console.error(t('serve.log.not-stored', { id: this.record.id, error: e.message })));
  }

  private broadcast(): void {
    for (const c of this.connections) this.sendState(c);
    this.presenceChanged();
  }

  /** The frame of where the match stands, as this connection may see it. */
  stateFor(conn: Connection): StateMessage {
    const s = this.standingNow;
    const reader = this.readerOf(conn.role);
    const log = s.logs.get(reader) ?? [];
    const fresh = log.slice(conn.logSent);
    conn.logSent = log.length;
    const mine = conn.role.kind === 'seat' && s.decision && s.decision.player === conn.role.seat && !this.conceded ? s.decision : null;
    return {
      v: PROTOCOL_VERSION,
      type: 'state',
      seq: s.seq,
      view: s.views.get(reader)!,
      log: fresh,
      decision: mine,
      waitingFor: this.result ? null : (s.decision?.player ?? null),
      presence: this.presence(),
      result: this.result,
    };
  }

  private sendState(conn: Connection): void {
    conn.send(this.stateFor(conn));
  }

  /** Tells everyone who is here and whom the table waits for; arms the timeout of an away seat. */
  private presenceChanged(): void {
    const presence = this.presence();
    const waiting = !this.result && this.standingNow.decision ? this.standingNow.decision.player : null;
    const notice = waiting && presence[waiting] === 'away' ? `waiting for ${waiting}` : null;
    for (const c of this.connections) c.send({ v: PROTOCOL_VERSION, type: 'presence', presence, notice });
    this.armTimeout(waiting && presence[waiting] === 'away' ? waiting : null);
  }

  /** The timeout policy: a seat away while it must answer is, after N minutes, played by an agent or conceded. */
  private armTimeout(awaySeat: string | null): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    const policy = this.record.options.timeout;
    if (policy.kind === 'none' || awaySeat === null) return;
    const seq = this.standingNow.seq;
    this.cancelTimer = this.clock.after(policy.minutes * 60_000, () => {
      this.cancelTimer = null;
      const d = this.standingNow.decision;
      if (this.result || !d || d.seq !== seq || d.player !== awaySeat || this.presence()[awaySeat] !== 'away') return;
      if (policy.kind === 'agent') {
        this.agents.add(awaySeat);
        this.replay();
      } else {
        const others = this.record.players.filter((p) => p !== awaySeat);
        this.conceded = { winner: others.length === 1 ? others[0]! : null, reason: `${awaySeat} conceded: away for ${policy.minutes} minutes while asked to decide` };
        const r = this.conceded;
        this.write((s) => s.finish(this.record.id, { winner: r.winner, reason: r.reason, hash: null, answers: this.answers.length }));
      }
      this.broadcast();
    });
  }

  /** Stops the timer (the server closes). */
  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }
}
