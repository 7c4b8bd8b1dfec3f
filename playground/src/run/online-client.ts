/**
 * The playground's end of `grimoire serve` (docs/serve.md): which server to use, the links a
 * match is shared by, creating a match from the rules being edited, a seat's WebSocket (which
 * reconnects by itself after a drop: the link is the seat), and a finished match's record for
 * the replay. No DOM: the panel (panel.ts) words and shows what comes back.
 *
 * The server is the page's own origin unless the designer names another: `grimoire serve`
 * serves the built playground itself, and Vite's dev server (`npm start`) passes /api and /ws on
 * to a `grimoire serve` on port 8080 (vite.config.ts). A link names its server only when it is
 * not the origin of the page that made it.
 */
import type { CreateMatchRefusal, CreateMatchRequest, CreateMatchResponse, MatchRecordResponse, MatchRulesResponse, ServerMessage } from '../../../server/protocol.ts';

/** localStorage: the server address the designer chose (absent: the page's own origin). */
const SERVER_KEY = 'grimoire.online.server.v1';

/** The server address chosen in this browser, or '' (the page's own origin). */
export function storedServer(): string {
  try {
    return localStorage.getItem(SERVER_KEY) ?? '';
  } catch {
    return '';
  }
}

export function storeServer(address: string): void {
  try {
    if (address) localStorage.setItem(SERVER_KEY, address);
    else localStorage.removeItem(SERVER_KEY);
  } catch {
    /* storage refused: the address is used for this page only */
  }
}

/** An address as typed (`localhost:8080`, `http://host:8080/`) made an origin, or null when it is none. */
export function serverOrigin(typed: string): string | null {
  const text = typed.trim();
  if (!text) return location.origin;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** What a link of the playground opens: a seat (or the judge) of a match being played, or a finished match's replay. */
export type OnlineLink = { kind: 'seat'; token: string; server: string; game: string | null } | { kind: 'replay'; match: string; server: string; game: string | null };

/** A link's hash: `#online=TOKEN` or `#replay=MATCH`, with `&server=` when not the page's origin and `&game=` for the faces. */
export function linkHash(link: OnlineLink): string {
  const q = new URLSearchParams(link.kind === 'seat' ? { online: link.token } : { replay: link.match });
  if (link.server !== location.origin) q.set('server', link.server);
  if (link.game) q.set('game', link.game);
  return `#${q.toString()}`;
}

/** The whole address of a link: this page with the link's hash. */
export function linkUrl(link: OnlineLink): string {
  return `${location.origin}${location.pathname}${location.search}${linkHash(link)}`;
}

/** Reads a hash as a link, or null when it is none (a share link, nothing). Tokens and ids are checked for shape. */
export function readLink(hash: string): OnlineLink | null {
  if (!/^#(online|replay)=/.test(hash)) return null;
  const q = new URLSearchParams(hash.slice(1));
  const server = serverOrigin(q.get('server') ?? '') ?? location.origin;
  const game = q.get('game');
  const gameName = game && /^[A-Za-z0-9_.-]{1,64}$/.test(game) ? game : null;
  const token = q.get('online');
  if (token !== null) return /^[A-Za-z0-9_-]{8,128}$/.test(token) ? { kind: 'seat', token, server, game: gameName } : null;
  const match = q.get('replay') ?? '';
  return /^[A-Za-z0-9_-]{4,64}$/.test(match) ? { kind: 'replay', match, server, game: gameName } : null;
}

/** Why a request to the server failed: it could not be reached, or it answered with an error. */
export type ServerFailure = { kind: 'unreachable'; server: string; message: string } | { kind: 'refused'; status: number; error: string; diagnostics: NonNullable<CreateMatchRefusal['diagnostics']> };

async function call<T>(server: string, path: string, init?: RequestInit): Promise<{ ok: T } | { failed: ServerFailure }> {
  let res: Response;
  try {
    res = await fetch(`${server}${path}`, init);
  } catch (e) {
    return { failed: { kind: 'unreachable', server, message: (e as Error).message } };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // A page that is not the server's API (a dev server without the proxy, another program on the port).
    return { failed: { kind: 'unreachable', server, message: `HTTP ${res.status}` } }; // i18n-ok: a status code, worded by the panel
  }
  if (res.ok) return { ok: body as T };
  const refusal = body as Partial<CreateMatchRefusal> | null;
  // A proxy with no server behind it (Vite's dev server) answers 5xx without the API's shape.
  if (res.status >= 500 && typeof refusal?.error !== 'string') return { failed: { kind: 'unreachable', server, message: `HTTP ${res.status}` } }; // i18n-ok: a status code
  return { failed: { kind: 'refused', status: res.status, error: String(refusal?.error ?? res.statusText), diagnostics: refusal?.diagnostics ?? [] } };
}

export function createMatch(server: string, req: CreateMatchRequest): Promise<{ ok: CreateMatchResponse } | { failed: ServerFailure }> {
  return call<CreateMatchResponse>(server, '/api/matches', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
}

export function matchRecord(server: string, match: string): Promise<{ ok: MatchRecordResponse } | { failed: ServerFailure }> {
  return call<MatchRecordResponse>(server, `/api/matches/${encodeURIComponent(match)}/record`);
}

/** The rules' source files a match is played with (its card faces), at any time of the match. */
export function matchRules(server: string, match: string): Promise<{ ok: MatchRulesResponse } | { failed: ServerFailure }> {
  return call<MatchRulesResponse>(server, `/api/matches/${encodeURIComponent(match)}/rules`);
}

export interface SeatHandlers {
  message(m: ServerMessage): void;
  /** The socket is open (`again`: after a drop). */
  opened(again: boolean): void;
  /** The socket closed; `retryIn` ms until the next try, or null: no more tries (it never opened: a wrong link or no server). */
  closed(retryIn: number | null): void;
}

/** The longest wait between two tries to reconnect (ms); the first waits RETRY_FIRST, each next twice as long. */
const RETRY_MAX = 8000;
const RETRY_FIRST = 500;

/**
 * A seat's WebSocket: opened with the link's token; after a drop it opens again with the same
 * token (the server gives the match where it stands: the same decision), until `close()`.
 */
export class SeatSocket {
  private ws: WebSocket | null = null;
  private everOpened = false;
  private retry = RETRY_FIRST;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly server: string,
    private readonly token: string,
    private readonly handlers: SeatHandlers,
  ) {
    this.open();
  }

  private open(): void {
    const ws = new WebSocket(`${this.server.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(this.token)}`);
    this.ws = ws;
    ws.onopen = () => {
      const again = this.everOpened;
      this.everOpened = true;
      this.retry = RETRY_FIRST;
      this.handlers.opened(again);
    };
    ws.onmessage = (ev) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(ev.data)) as ServerMessage;
      } catch {
        return; // the server sends JSON only
      }
      if (!this.stopped) this.handlers.message(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.stopped) return;
      this.ws = null;
      if (!this.everOpened) return this.handlers.closed(null);
      const wait = this.retry;
      this.retry = Math.min(RETRY_MAX, this.retry * 2);
      this.handlers.closed(wait);
      this.timer = setTimeout(() => this.open(), wait);
    };
  }

  /** Sends a message; false when the socket is not open (the panel says so). */
  send(message: unknown): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** Tries again now (after a link that never opened: the server started since). */
  reconnect(): void {
    if (this.stopped || this.ws) return;
    if (this.timer) clearTimeout(this.timer);
    this.open();
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }
}
