/**
 * For the serve tests: a server on a free port with an in-memory store, and bot clients that
 * speak the protocol over a real WebSocket, record every frame they receive and wait for
 * messages (never for time).
 */
import WebSocket from 'ws';
import { afterAll, beforeAll } from 'vitest';
import { PlaytestServer } from '../server/server.ts';
import { openStore } from '../server/open-store.ts';
import type { MatchStore } from '../server/store.ts';
import type { Clock } from '../server/clock.ts';
import type { CreateMatchRequest, CreateMatchResponse, ServerMessage, StateMessage } from '../server/protocol.ts';
import { root } from './helpers.ts';
import { ci, installPostgres, pgBin, TestPostgres } from './postgres.ts';

/** The back ends the serve suite runs against: the embedded SQLite, and PostgreSQL (test/postgres.ts) where it is installed or under CI. */
export type StoreKind = 'sqlite' | 'postgres';
export const storeKinds: StoreKind[] = pgBin || ci ? ['sqlite', 'postgres'] : ['sqlite'];
const said = Symbol.for('grimoire.serve-postgres-skip-said');
if (!storeKinds.includes('postgres') && !(globalThis as Record<symbol, unknown>)[said]) {
  (globalThis as Record<symbol, unknown>)[said] = true;
  console.log(`\nthe serve tests on PostgreSQL skipped: PostgreSQL (initdb, pg_ctl) is not installed. To run them: ${installPostgres}, then npx vitest run test/serve-*.test.ts\n`);
}

/**
 * The PostgreSQL of the running test file: started on first use, stopped after the file's tests
 * by the hooks postgresForThisFile() registers. A hook registered at this module's top ran for
 * the first file of a worker only — the unit files share their modules (vitest.config.ts,
 * `isolate: false`) — and every later file's cluster was left running (seven found after a
 * morning's runs).
 */
let postgres: Promise<TestPostgres> | null = null;
let inFileWithHooks = false;

/** Call once at the top of each test file whose stores are PostgreSQL: its cluster is stopped after the file. */
export function postgresForThisFile(): void {
  beforeAll(() => {
    inFileWithHooks = true;
  });
  afterAll(async () => {
    inFileWithHooks = false;
    const started = postgres;
    postgres = null;
    if (started) await (await started).stop();
  });
}

/** A new, empty database of this kind: an SQLite file's place is the caller's (`file`, else in memory); a PostgreSQL database is made. */
export async function freshDb(kind: StoreKind, file = ':memory:'): Promise<string> {
  if (kind === 'sqlite') return file;
  if (!inFileWithHooks) throw new Error('a PostgreSQL store in a test file that does not call postgresForThisFile() (test/serve-helpers.ts) at its top: its cluster would never be stopped');
  postgres ??= TestPostgres.start();
  return (await postgres).freshDatabase();
}

/** A server on a free port over a store: `db` names it (a file, `:memory:` or a postgres:// URL); else a fresh one of `kind`. */
export async function startServer(opts: { clock?: Clock; db?: string; kind?: StoreKind } = {}): Promise<{ server: PlaytestServer; url: string; store: MatchStore; db: string }> {
  const db = opts.db ?? (await freshDb(opts.kind ?? 'sqlite'));
  const store = await openStore(db);
  const server = new PlaytestServer({ root, store, clock: opts.clock });
  const url = await server.listen(0);
  return { server, url, store, db };
}

export async function createMatch(url: string, req: CreateMatchRequest): Promise<CreateMatchResponse> {
  const res = await fetch(`${url}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(req) });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`create failed (${res.status}): ${JSON.stringify(body)}`);
  return body as CreateMatchResponse;
}

/** A client: every frame it received, in order, and a way to wait for the next one that fits. */
export class Client {
  readonly frames: ServerMessage[] = [];
  private waiters: { fit: (m: ServerMessage) => boolean; from: number; resolve: (m: ServerMessage) => void }[] = [];
  closed: Promise<void>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      this.frames.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.fit(m)) return true;
        w.resolve(m);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', () => resolve()));
  }

  static open(address: string): Promise<Client> {
    const ws = new WebSocket(address);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new Client(ws)));
      ws.once('error', reject);
    });
  }

  /** The first frame from index `from` on that fits, now or when it comes. */
  next<T extends ServerMessage>(fit: (m: ServerMessage) => boolean, from = 0): Promise<T> {
    const have = this.frames.slice(from).find(fit);
    if (have) return Promise.resolve(have as T);
    return new Promise((resolve) => this.waiters.push({ fit, from, resolve: resolve as (m: ServerMessage) => void }));
  }

  /** The latest state frame. */
  get state(): StateMessage | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) if (this.frames[i]!.type === 'state') return this.frames[i] as StateMessage;
    return undefined;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  close(): Promise<void> {
    this.ws.close();
    return this.closed;
  }
}

/** A seeded generator for a bot's answers (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Bots answer their seats' decisions at random until the game is over; resolves with the final
 * state frame each client saw. Every answer is sent after the frame that asked it.
 */
export async function playOut(clients: Client[], seed: number): Promise<StateMessage[]> {
  const random = rng(seed);
  const done = clients.map(
    (c) =>
      new Promise<StateMessage>((resolve) => {
        const onFrame = (m: ServerMessage) => {
          if (m.type !== 'state') return;
          if (m.result) return resolve(m);
          if (m.decision) c.send({ v: 1, type: 'answer', seq: m.decision.seq, option: Math.floor(random() * m.decision.options.length) });
        };
        for (const f of c.frames) onFrame(f);
        c.ws.on('message', (data) => onFrame(JSON.parse(data.toString()) as ServerMessage));
      }),
  );
  return Promise.all(done);
}
