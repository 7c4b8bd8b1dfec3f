/**
 * "Play online": the playground as a client of `grimoire serve` (docs/serve.md). Creates a match
 * from the rules being edited (their source uploaded: the server compiles it, or refuses with
 * the compiler's diagnostics) and shows the links; plays a seat opened by its link — the seat's
 * view on the board, the log as the seat may read it, the decision as option buttons, the Hint
 * when the match allows it, "waiting for p2" when the seat asked is away — over the seat's
 * WebSocket, which reconnects by itself; opens a finished match as a replay (the panel replays
 * its recipe in the run worker, to step through as any game).
 *
 * The server is the authority: the page only shows what the seat's frames carry and sends the
 * option chosen (by its id, with the decision's number). The panel (panel.ts) lends its parts
 * through OnlineSurface.
 */
import type { DecisionFrame, MatchRecordResponse, ServerMessage, StateMessage } from '../../../server/protocol.ts';
import type { OptionEstimate } from '../../../runtime/agents/mcts.ts';
import type { PlayerView } from '../../../runtime/view.ts';
import type { LogStep, PendingDecision } from '../worker/run-protocol.ts';
import type { VariantChoice } from '../worker/variants.ts';
import type { Workspace } from '../workspace/workspace.ts';
import type { MatchView } from './match-view.ts';
import { createMatch, linkHash, matchRecord, matchRules, SeatSocket, serverOrigin, storeServer, type OnlineLink, type ServerFailure } from './online-client.ts';
import { OnlineView } from './online-view.ts';
import { t } from '../../../i18n/format.ts';

/** What the panel lends an online game. */
export interface OnlineSurface {
  workspace(): Workspace;
  variantChoice(): VariantChoice | { problem: string };
  say(text: string, kind?: string, action?: { label: string; run: () => void }): void;
  /** Stops what the panel runs or shows (a run, a game with seats): an online game takes the panel. */
  takeOver(): void;
  matchView: MatchView;
  /** The log and the board of the game being played: every log line so far and the seat's view now. */
  showLive(steps: LogStep[], view: PlayerView, viewer: string): void;
  /** The outcome line under the match (null: none), with a button to open the replay. */
  showOutcome(text: string | null, replay: (() => void) | null): void;
  /** Replays a finished match's record in the run worker, to step through. */
  replay(record: MatchRecordResponse): Promise<void>;
  /** Draws the cards of this game from the match's own rules (the files the server compiled), not from the page's copy. */
  useMatchFaces(files: { path: string; text: string }[], game: string): Promise<void>;
  reveal(file: string, line: number, col: number): void;
}

/** The most iterations a Hint may ask of the server (server/protocol.ts MAX_HINT_BUDGET: it runs on the server's one event loop). */
const MAX_SERVER_HINT = 2000;

interface Seated {
  link: Extract<OnlineLink, { kind: 'seat' }>;
  socket: SeatSocket;
  /** The seat this link plays (null: the spectator/judge link), once the server said hello. */
  seat: string | null;
  match: string;
  hints: boolean;
  steps: LogStep[];
  last: StateMessage | null;
  /** An answer or a Hint is out: the buttons wait for the server. */
  waiting: boolean;
  /** The match's rules were asked for (once per link: a reconnection says hello again). */
  facesAsked: boolean;
}

export class OnlinePlay {
  readonly view: OnlineView;
  private seated: Seated | null = null;

  constructor(private readonly surface: OnlineSurface) {
    this.view = new OnlineView({ create: () => void this.create(), playHere: (link) => (location.hash = linkHash(link)) });
  }

  /** True while this page plays (or watches) a seat: the decision buttons and Hint are the server's. */
  get active(): boolean {
    return this.seated !== null;
  }

  /** The server address as typed here (empty: this page's origin), or null with the problem said. */
  private server(): string | null {
    const server = serverOrigin(this.view.server.value);
    if (!server) {
      this.surface.say(t('pg.online.bad-server', { typed: this.view.server.value }), 'online');
      return null;
    }
    storeServer(this.view.server.value.trim());
    return server;
  }

  /** Creates a match of the open game from its files as edited, with the format and parameters chosen. */
  async create(): Promise<void> {
    const server = this.server();
    if (!server) return;
    const ws = this.surface.workspace();
    const chosen = this.surface.variantChoice();
    if ('problem' in chosen) return this.surface.say(chosen.problem, 'options');
    const timeout = this.view.timeoutPolicy();
    if ('problem' in timeout) return this.surface.say(timeout.problem, 'options');
    this.view.setCreating(true);
    this.view.hideLinks();
    this.surface.say(t('pg.online.creating', { game: ws.game, server }), 'busy');
    const r = await createMatch(server, { game: ws.game, ...(chosen.format ? { format: chosen.format } : {}), params: chosen.params, hints: this.view.hints.checked, timeout, files: ws.sources() });
    this.view.setCreating(false);
    if ('failed' in r) return this.failed(r.failed, 'create');
    this.surface.say('');
    const edited = ws.sources().some((f) => ws.isEdited(f.path));
    const note = r.ok.uploaded ? t(edited ? 'pg.online.uploaded-edited' : 'pg.online.uploaded') : t('pg.online.server-rules');
    this.view.showLinks(r.ok, server, note);
  }

  private failed(f: ServerFailure, what: 'create' | 'replay'): void {
    if (f.kind === 'unreachable') return this.surface.say(t('pg.online.unreachable', { server: f.server, message: f.message }), 'online');
    const first = f.diagnostics[0];
    const ws = this.surface.workspace();
    const text = what === 'create' ? t('pg.online.refused-create', { error: f.error }) : t('pg.online.no-replay', { error: f.error });
    if (first && ws.text(first.file) !== undefined) this.surface.say(text, 'online', { label: t('pg.run.show-it'), run: () => this.surface.reveal(first.file, first.line, first.col) });
    else this.surface.say(text, 'online');
  }

  /** Opens a link: plays (or watches) its seat, or replays its finished match. */
  async open(link: OnlineLink): Promise<void> {
    this.surface.takeOver();
    if (link.kind === 'replay') {
      this.surface.say(t('pg.online.fetching-replay', { match: link.match }), 'busy');
      const r = await matchRecord(link.server, link.match);
      if ('failed' in r) return this.failed(r.failed, 'replay');
      return this.surface.replay(r.ok);
    }
    const mv = this.surface.matchView;
    mv.show();
    mv.host.dataset.online = 'connecting';
    mv.setStatus(t('pg.online.connecting', { server: link.server }));
    const seated: Seated = { link, seat: null, match: '', hints: false, steps: [], last: null, waiting: false, facesAsked: false, socket: null as unknown as SeatSocket };
    this.seated = seated;
    seated.socket = new SeatSocket(link.server, link.token, {
      opened: (again) => {
        if (this.seated !== seated) return;
        if (again) this.surface.say(t('pg.online.reconnected'), 'info');
        this.view.showPresence(seated.last?.presence ?? null, seated.last?.waitingFor ?? null, null);
      },
      closed: (retryIn) => {
        if (this.seated !== seated) return;
        seated.waiting = false;
        if (retryIn === null) {
          mv.host.dataset.online = 'failed';
          this.surface.say(t('pg.online.cannot-connect', { server: link.server }), 'online', { label: t('pg.online.try-again'), run: () => seated.socket.reconnect() });
          return;
        }
        mv.setEnabled(false);
        this.view.showPresence(seated.last?.presence ?? null, seated.last?.waitingFor ?? null, t('pg.online.reconnecting', { s: Math.ceil(retryIn / 1000) }));
      },
      message: (m) => {
        if (this.seated === seated) this.received(seated, m);
      },
    });
  }

  /** Stops playing here (the socket closed; the seat stays the link's: it can come back). */
  leave(): void {
    if (!this.seated) return;
    this.seated.socket.close();
    this.seated = null;
    delete this.surface.matchView.host.dataset.online;
    this.view.showPresence(null, null, null);
  }

  private received(s: Seated, m: ServerMessage): void {
    const mv = this.surface.matchView;
    switch (m.type) {
      case 'hello':
        s.seat = m.role.kind === 'seat' ? m.role.seat : null;
        s.match = m.match;
        s.hints = m.hints && s.seat !== null;
        s.steps = [];
        mv.host.dataset.online = s.seat ?? 'judge';
        mv.allowHint(s.hints);
        if (!s.facesAsked) {
          s.facesAsked = true;
          void this.matchFaces(s, m.game);
        }
        return;
      case 'state':
        s.waiting = false;
        // A reconnection sends the whole log again: it replaces what was shown.
        if (m.log.length && m.log[0]!.seq === 0) s.steps = [];
        s.steps.push(...m.log.map((l) => ({ ...l, file: null, line: 0, col: 0 })));
        s.last = m;
        this.surface.showLive(s.steps, m.view, s.seat ?? 'judge');
        this.showState(s, m);
        return;
      case 'presence':
        if (s.last) s.last = { ...s.last, presence: m.presence };
        this.view.showPresence(m.presence, s.last?.waitingFor ?? null, null);
        return;
      case 'hint':
        s.waiting = false;
        mv.setEnabled(true);
        mv.showHint(m.player, m.iterations, m.estimates as OptionEstimate[]);
        return;
      case 'error':
        s.waiting = false;
        mv.setEnabled(true);
        mv.clearHint();
        this.surface.say(t('pg.online.refused', { message: m.message, code: m.code }), 'online');
        return;
    }
  }

  /** Where the match stands for this seat: its decision as buttons, or whom the table waits for, or the end. */
  private showState(s: Seated, m: StateMessage): void {
    const mv = this.surface.matchView;
    mv.host.dataset.answers = String(m.seq);
    mv.clearHint();
    this.view.showPresence(m.presence, m.waitingFor, null);
    if (m.result) {
      mv.host.dataset.state = 'over';
      mv.showDecision(null, false);
      const outcome = m.result.winner ? t('pg.result.wins', { winner: m.result.winner }) : t('pg.result.draw');
      mv.setStatus(t('pg.online.over', { outcome }), 'over');
      this.surface.showOutcome(t('pg.online.result', { outcome, reason: m.result.reason, answers: m.seq }), () => (location.hash = linkHash({ kind: 'replay', match: s.match, server: s.link.server, game: s.link.game })));
      return;
    }
    this.surface.showOutcome(null, null);
    const d = m.decision;
    mv.showDecision(d ? pendingOf(d) : null, !!d);
    if (d) {
      mv.host.dataset.state = 'person';
      mv.setStatus(t('pg.online.your-turn', { player: d.player }), 'person');
    } else {
      mv.host.dataset.state = 'waiting';
      const who = m.waitingFor ?? '?';
      mv.setStatus(s.seat ? t('pg.online.their-turn', { seat: s.seat, player: who }) : t('pg.online.watching', { player: who }), 'agent');
    }
  }

  /** The seat's answer: option `index` of the decision it was asked (the server checks it). */
  answer(index: number): void {
    const s = this.seated;
    const d = s?.last?.decision;
    if (!s || !d || s.waiting) return;
    if (!s.socket.send({ v: 1, type: 'answer', seq: d.seq, option: d.options[index]?.id ?? index })) return this.surface.say(t('pg.online.not-connected'), 'online');
    s.waiting = true;
    this.surface.say('');
    this.surface.matchView.setEnabled(false);
  }

  /**
   * The match's own rules, for its card faces: a match created from edited rules (a new card, a
   * changed one) shows them as they are played, whatever this page has open. Without them (the
   * server cannot say, or kept none) the page's faces stay.
   */
  private async matchFaces(s: Seated, game: string): Promise<void> {
    const r = await matchRules(s.link.server, s.match);
    if (this.seated !== s || !('ok' in r) || !r.ok.files.length) return;
    await this.surface.useMatchFaces(r.ok.files, game);
  }

  /** Asks the server for a Hint on the decision at hand (a match created with Hints allowed). */
  hint(): void {
    const s = this.seated;
    const d = s?.last?.decision;
    if (!s || !d || s.waiting || !s.hints) return;
    const budget = Math.min(this.surface.matchView.hintSimulations() ?? MAX_SERVER_HINT, MAX_SERVER_HINT);
    if (!s.socket.send({ v: 1, type: 'hint', seq: d.seq, budget })) return this.surface.say(t('pg.online.not-connected'), 'online');
    s.waiting = true;
    this.surface.matchView.setEnabled(false);
    this.surface.matchView.hintNote(t('pg.hint.thinking', { player: d.player }), 'running');
  }
}

/** A decision frame as the match view shows a person's decision (the option ids are their indexes). */
function pendingOf(d: DecisionFrame): PendingDecision {
  return { player: d.player, kind: d.kind, prompt: d.prompt, options: d.options.map((o) => o.label), canPass: d.canPass, cite: d.cite, file: null, line: 0, col: 0, refused: [] };
}
