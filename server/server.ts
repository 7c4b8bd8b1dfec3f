/**
 * `grimoire serve`: HTTP (node:http) to create matches and read finished ones, and a WebSocket
 * (ws) per seat to play. The HTTP API (docs/serve.md):
 *
 *   POST /api/matches               create a match → its seat links and the judge link (201)
 *   GET  /api/matches               the matches kept (no tokens)
 *   GET  /api/matches/:id           one of them
 *   GET  /api/matches/:id/record    a finished match's recipe and every answer (a replay)
 *   GET  /api/matches/:id/rules     the rules' source files a match is played with (its card faces), at any time
 *   GET  /api/matches/:id/scenario  a finished match as a scenario YAML (?upto=N: its first N answers)
 *   GET  /ws?token=T                the WebSocket of the seat (or the judge) the token opens
 *   GET  /…                         the built playground (`playground`), whose "Play online" is the client
 *
 * The API answers any origin (CORS): a playground served elsewhere (Vite's dev server, another
 * host) creates matches here; what it may read is what any client may read.
 *
 * A token is 24 random bytes (crypto.randomBytes), shown once in the creation's answer; the store
 * keeps only its SHA-256. A finished match's record is public to whoever knows its id: while it
 * is played, the seed and answers would tell every hidden card, so they are not served then.
 */
import { defaultHintThreads, HintPool } from './hint-pool.ts';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DeckList } from '../runtime/engine-types.ts';
import { checkChoice, variantsOf } from '../playground/src/worker/variants.ts';
import { systemClock, type Clock } from './clock.ts';
import { GameLibrary } from './games.ts';
import { LiveMatch, type Connection } from './live-match.ts';
import { playTo } from './match-host.ts';
import { validateCreateMatch, type CreateMatchRequest, type CreateMatchResponse, type MatchRulesResponse, type Role, type ServerMessage } from './protocol.ts';
import { scenarioYaml } from './scenario-export.ts';
import type { MatchRecord, MatchStore, SeatRecord } from './store.ts';
import { t } from '../i18n/format.ts';

/** The largest message accepted on a WebSocket (an answer is tens of bytes). */
const MAX_BODY = 64 * 1024;
/** The largest match request: a game's rules uploaded as source text fit many times over (the seed games are 90–180 kB). */
const MAX_CREATE_BODY = 8 * 1024 * 1024;

export interface ServeOptions {
  /** The project root: games are rules/<game>/ and cards/<game>/ under it. */
  root: string;
  store: MatchStore;
  clock?: Clock;
  /** A folder holding the built playground (`npm run build:playground` → dist/playground) to serve at `/`, or none. */
  playground?: string | null;
  /** Threads that search Hints (server/hint-pool.ts; default: one less than the cores, at least one); 0: on the main thread, every match waiting meanwhile. */
  hintThreads?: number;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const newToken = (): string => randomBytes(24).toString('base64url');

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** More of the answer's body (a refused upload's diagnostics). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export class PlaytestServer {
  private readonly http: Server;
  private readonly wss: WebSocketServer;
  private readonly games: GameLibrary;
  private readonly clock: Clock;
  /** The matches in play, loaded from the store when a link first connects. */
  private readonly live = new Map<string, Promise<LiveMatch>>();
  private readonly sockets = new Set<WebSocket>();
  /** Where the seats' Hints are searched, off the event loop every match shares. */
  private readonly hints: HintPool | null;

  constructor(private readonly opts: ServeOptions) {
    this.games = new GameLibrary(opts.root);
    this.clock = opts.clock ?? systemClock;
    this.hints = opts.hintThreads === 0 ? null : new HintPool(opts.hintThreads ?? defaultHintThreads());
    this.http = createServer((req, res) => {
      this.route(req, res).catch((e: unknown) => {
        const status = e instanceof HttpError ? e.status : 500;
        if (status === 500) console.error(t('serve.log.error', { error: String((e as Error).stack ?? e) }));
        json(res, status, { error: e instanceof Error ? e.message : String(e), ...(e instanceof HttpError ? e.extra : {}) });
      });
    });
    this.wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BODY });
    this.http.on('upgrade', (req, socket, head) => {
      this.upgrade(req, socket, head).catch((e: Error) => {
        console.error(t('serve.log.error', { error: e.message }));
        refuseUpgrade(socket, 500, 'server error');
      });
    });
  }

  /** Listens on `port` (0: a free one) at `host`; resolves to the address, e.g. http://127.0.0.1:8080. */
  listen(port: number, host = '127.0.0.1'): Promise<string> {
    return new Promise((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(port, host, () => {
        const a = this.http.address() as AddressInfo;
        resolve(`http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`);
      });
    });
  }

  async close(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    for (const m of this.live.values()) (await m).stop();
    await Promise.all([...this.live.values()].map(async (m) => (await m).flushed()));
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
    await this.hints?.close();
    await this.opts.store.close();
  }

  /** A match in play (tests read where it stands), loaded if needed. */
  match(id: string): Promise<LiveMatch | null> {
    return this.liveMatch(id);
  }

  /** Creates a match: the recipe checked and stored, and a token per seat and for the judge. */
  async createMatch(body: unknown, base: string): Promise<CreateMatchResponse> {
    if (!validateCreateMatch(body)) {
      const e = validateCreateMatch.errors?.[0];
      throw new HttpError(400, `bad match request: ${e?.instancePath ? `${e.instancePath.slice(1)} ` : ''}${e?.message ?? 'is not valid'}`);
    }
    const req = body as CreateMatchRequest;
    const own = this.games.load(req.game);
    const game = req.files ? this.games.compileUploaded(req.game, req.files) : own;
    if ('problem' in game) throw new HttpError(400, game.problem, game.diagnostics ? { diagnostics: game.diagnostics } : {});
    const uploaded = !('fingerprint' in own) || own.fingerprint !== game.fingerprint;
    const choice = checkChoice(variantsOf(game.ir), { format: req.format, params: req.params ?? {} });
    if ('problem' in choice) throw new HttpError(400, choice.problem);
    const decks = req.decks ? this.deckLists(game.ir, req.decks) : {};
    const record: MatchRecord = {
      id: randomBytes(9).toString('base64url'),
      game: req.game,
      rules: game.fingerprint,
      seed: req.seed ?? randomBytes(4).readUInt32LE(0),
      format: choice.format,
      params: choice.params,
      decks,
      options: { timeout: req.timeout ?? { kind: 'none' }, openJudge: req.openJudge ?? false, hints: req.hints ?? false },
      players: [],
      createdAt: new Date(this.clock.now()).toISOString(),
      result: null,
    };
    // Played to its first decision: the players' names (a game of 2 to 8 seats), and a recipe that runs.
    const first = playTo(game.ir, record, []);
    if (first.standing.problem) throw new HttpError(400, first.standing.problem);
    record.players = first.engine.players.map((p) => p.name);
    if (record.options.timeout.kind === 'concede' && record.players.length !== 2) throw new HttpError(400, `timeout "concede" is for two players (this game has ${record.players.length}): use "agent" or "none"`);
    const tokens = new Map<string, string>([...record.players, 'judge'].map((s) => [s, newToken()]));
    const seats: SeatRecord[] = [...tokens].map(([seat, token]) => ({ match: record.id, seat, tokenHash: hashToken(token) }));
    await this.opts.store.putRules(game.fingerprint, req.game, game.ir, game.sources);
    await this.opts.store.createMatch(record, seats);
    const ws = (token: string) => `${base.replace(/^http/, 'ws')}/ws?token=${token}`;
    return {
      match: record.id,
      game: record.game,
      rules: record.rules,
      seed: record.seed,
      seats: Object.fromEntries(record.players.map((p) => [p, { token: tokens.get(p)!, ws: ws(tokens.get(p)!) }])),
      judge: { token: tokens.get('judge')!, ws: ws(tokens.get('judge')!) },
      uploaded,
    };
  }

  /** Deck lists by card name and copies → by card definition (EngineOptions.decks). */
  private deckLists(ir: import('../compiler/ir.ts').GameIR, decks: NonNullable<CreateMatchRequest['decks']>): Record<string, DeckList> {
    if (!ir.deckCheck) throw new HttpError(400, 'this game has no deck check (`deck check { … }`): it takes no deck lists');
    const index = new Map(ir.cards.map((c, i) => [c.name, i]));
    const list = (entries: [string, number][]) =>
      entries.flatMap(([name, n]) => {
        const i = index.get(name);
        if (i === undefined) throw new HttpError(400, `deck list: the game has no card "${name}"`);
        return Array.from({ length: n }, () => i);
      });
    return Object.fromEntries(Object.entries(decks).map(([p, d]) => [p, { main: list(d.main), side: list(d.side ?? []) } as DeckList]));
  }

  private liveMatch(id: string): Promise<LiveMatch | null> {
    const hit = this.live.get(id);
    if (hit) return hit;
    const loading = (async () => {
      const record = await this.opts.store.getMatch(id);
      if (!record) return null;
      const ir = await this.opts.store.getRules(record.rules);
      if (!ir) throw new Error(`match ${id}: its rules (${record.rules}) are not in the store`);
      return new LiveMatch(record, ir, await this.opts.store.answers(id), this.opts.store, this.clock, this.hints);
    })();
    const kept = loading.then((m) => {
      if (!m) this.live.delete(id);
      return m;
    });
    this.live.set(id, kept as Promise<LiveMatch>);
    return kept;
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/ws') return refuseUpgrade(socket, 404, 'the WebSocket is at /ws?token=…');
    const token = url.searchParams.get('token') ?? '';
    const seat = token ? await this.opts.store.seatByToken(hashToken(token)) : null;
    if (!seat) return refuseUpgrade(socket, 401, 'unknown token: use a link the match was created with');
    const match = await this.liveMatch(seat.match);
    if (!match) return refuseUpgrade(socket, 404, 'no such match');
    const role: Role = seat.seat === 'judge' ? { kind: 'judge', open: match.record.options.openJudge } : { kind: 'seat', seat: seat.seat };
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sockets.add(ws);
      const conn: Connection = { role, logSent: 0, send: (m: ServerMessage) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(m)) };
      ws.on('message', (data, isBinary) => match.receive(conn, isBinary ? '' : data.toString()));
      // A broken frame or one over MAX_BODY: ws closes that socket (1002, 1009); the server goes on.
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        this.sockets.delete(ws);
        match.leave(conn);
        // A finished match nobody watches leaves memory (its engine and logs); the store keeps it.
        if (match.result && match.connections.size === 0) void match.flushed().then(() => match.connections.size === 0 && this.live.delete(match.record.id));
      });
      match.join(conn);
    });
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const parts = url.pathname.split('/').filter(Boolean);
    const base = `http://${req.headers.host ?? 'localhost'}`;
    if (parts[0] === 'api') {
      // Any origin may call the API (a playground served elsewhere): it carries no cookie, and what it reads any client may read.
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type', 'access-control-max-age': '600' });
        return void res.end();
      }
    }
    if (req.method === 'POST' && url.pathname === '/api/matches') return json(res, 201, await this.createMatch(await readJson(req, MAX_CREATE_BODY), base));
    if (req.method !== 'GET') throw new HttpError(405, `${req.method} ${url.pathname}: not a route (docs/serve.md lists them)`);
    if (parts[0] !== 'api' && this.opts.playground && (await servePlayground(this.opts.playground, url.pathname, res))) return;
    if (url.pathname === '/') return text(res, 200, 'grimoire serve: POST /api/matches to create a match (docs/serve.md)\n');
    if (url.pathname === '/api/matches') return json(res, 200, (await this.opts.store.listMatches()).map(summary));
    if (parts[0] === 'api' && parts[1] === 'matches' && parts[2] && parts.length <= 4) {
      const record = await this.opts.store.getMatch(parts[2]);
      if (!record) throw new HttpError(404, `no match "${parts[2]}"`);
      if (parts.length === 3) return json(res, 200, summary(record));
      // The rules are no secret while the match is played (both seats play by them; its seed, decks and answers are): a seat's page draws the cards from them.
      if (parts[3] === 'rules') return json(res, 200, { match: record.id, game: record.game, rules: record.rules, files: (await this.opts.store.getSources(record.rules)) ?? [] } satisfies MatchRulesResponse);
      if (!record.result) throw new HttpError(403, 'the match is still being played: its seed and answers would show every hidden card');
      const answers = await this.opts.store.answers(record.id);
      if (parts[3] === 'record') {
        const files = (await this.opts.store.getSources(record.rules)) ?? [];
        return json(res, 200, { ...summary(record), seed: record.seed, format: record.format, params: record.params, decks: record.decks, answers, files });
      }
      if (parts[3] === 'scenario') {
        const ir = await this.opts.store.getRules(record.rules);
        if (!ir) throw new HttpError(500, 'the match’s rules are not in the store');
        const upto = url.searchParams.has('upto') ? Number(url.searchParams.get('upto')) : answers.length;
        if (!Number.isInteger(upto) || upto < 0 || upto > answers.length) throw new HttpError(400, `upto must be a whole number from 0 to ${answers.length}`);
        return text(res, 200, scenarioYaml(ir, record, answers.slice(0, upto)), 'application/yaml; charset=utf-8');
      }
    }
    throw new HttpError(404, `${url.pathname}: not a route (docs/serve.md lists them)`);
  }
}

function summary(m: MatchRecord) {
  return { match: m.id, game: m.game, rules: m.rules, players: m.players, createdAt: m.createdAt, options: m.options, result: m.result };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function text(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, `the request is over ${limit} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
  } catch {
    throw new HttpError(400, 'the request body is not JSON');
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A file of the built playground, if `pathname` names one under `dir` (`/` is index.html);
 * false when there is none (the caller answers 404). Nothing outside `dir` is ever read.
 */
async function servePlayground(dir: string, pathname: string, res: ServerResponse): Promise<boolean> {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const root = resolve(dir);
  const file = resolve(root, `.${rel.endsWith('/') ? `${rel}index.html` : rel}`);
  if (file !== root && !file.startsWith(root + sep)) return false;
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return false;
  }
  res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(body);
  return true;
}

function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  socket.write(`HTTP/1.1 ${status} ${message}\r\nConnection: close\r\nContent-Type: text/plain\r\n\r\n${message}\n`);
  socket.destroy();
}
