/**
 * Where the queue is and how to talk to it: the `--queue redis://HOST:PORT` option, the
 * connection options every queue object uses, and what a failure to reach Redis says.
 *
 * Why a file of its own: ioredis (under BullMQ) retries a lost connection forever by default,
 * so a wrong address would hang the command with no word. Here, before any queue object is made,
 * one plain connection with no retries and a connect timeout asks Redis for PING: an address
 * where nothing listens, a host that does not resolve or a server that never answers is one
 * line (`cannot reach the queue at …: connection refused`) within seconds. Once connected,
 * `play` allows a bounded number of reconnections (a Redis restart), a worker retries forever
 * (it is a service: it waits for Redis to come back).
 */
import type { Redis } from 'ioredis';
import type { RedisOptions } from 'bullmq';
import { UsageError } from '../usage-error.ts';
import { t } from '../../i18n/format.ts';

/** A failure of the queue (unreachable, lost, a chunk refused): one line, exit 1, no stack trace. */
export class QueueError extends Error {}

/** Every Redis key of Grimoire's queue starts with this (BullMQ's default is `bull`). */
export const keyPrefix = 'grimoire';
/**
 * The one queue workers listen on. Runs are kept apart by their run id, which starts every job id
 * of a run and is in each job's data; another pool of workers on the same Redis takes another
 * database (`redis://HOST:PORT/1`).
 */
export const queueName = 'chunks';

/**
 * The Redis client name of a worker's connections (`CLIENT LIST`): `play --queue` counts the
 * workers by it, to say when none is there. (BullMQ's own getWorkers() relies on names this
 * version of BullMQ no longer sets.) Client names take no spaces.
 */
export const workerClientPrefix = 'grimoire-worker';

export function workerClientName(host: string, pid: number): string {
  return `${workerClientPrefix}:${host.replace(/[^\w.-]/g, '_')}:${pid}`;
}

/** How many workers are connected, from the names of Redis's clients. */
async function countWorkers(client: Redis): Promise<number> {
  const list = String(await client.client('LIST'));
  const names = new Set([...list.matchAll(/ name=(\S+)/g)].map((m) => m[1]!).filter((n) => n.startsWith(`${workerClientPrefix}:`)));
  return names.size;
}

/** How long one attempt to connect may take before it counts as no answer. */
const connectTimeoutMs = 5000;

export interface QueueAddress {
  /** As given, without a password (for messages). */
  shown: string;
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
}

/** Parses `redis://[user:password@]HOST[:PORT][/DB]` (`rediss://` for TLS); anything else is a usage error. */
export function parseQueueAddress(text: string): QueueAddress {
  const bad = (why: string) => new UsageError(t('cli.queue.bad-address', { text, why }), false);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad(t('cli.queue.why-not-url'));
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') throw bad(t('cli.queue.why-scheme', { scheme: url.protocol.replace(/:$/, '') }));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw bad(t('cli.queue.why-no-host'));
  const port = url.port === '' ? 6379 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad(t('cli.queue.why-port'));
  const path = url.pathname.replace(/^\/+/, '');
  if (path !== '' && !/^\d{1,2}$/.test(path)) throw bad(t('cli.queue.why-path', { path }));
  if (url.search || url.hash) throw bad(t('cli.queue.why-query'));
  const db = path === '' ? 0 : Number(path);
  const shown = `${url.protocol}//${url.host}${path ? `/${db}` : ''}`;
  return { shown, host, port, db, username: url.username ? decodeURIComponent(url.username) : undefined, password: url.password ? decodeURIComponent(url.password) : undefined, tls: url.protocol === 'rediss:' };
}

/**
 * ioredis options for BullMQ's connections. `reconnects`: how many times in a row a lost
 * connection is retried (about 2 s apart) before the command gives up; Infinity for a worker.
 * (BullMQ sets maxRetriesPerRequest to null itself on the connections that block.)
 */
export function connectionOptions(address: QueueAddress, reconnects: number, name?: string): RedisOptions {
  return {
    connectionName: name,
    host: address.host,
    port: address.port,
    db: address.db,
    username: address.username,
    password: address.password,
    tls: address.tls ? {} : undefined,
    connectTimeout: connectTimeoutMs,
    retryStrategy: (times) => (times > reconnects ? null : Math.min(times * 500, 2000)),
  };
}

/**
 * Connects once, without retries, and asks for PING: a QueueError saying why when Redis cannot be
 * reached. Returns how many workers are connected (worker.ts names their connections).
 */
export async function checkReachable(address: QueueAddress): Promise<number> {
  // ioredis is loaded when a queue is used: every other command starts without it.
  const { Redis } = await import('ioredis');
  // disconnectTimeout: ioredis waits that long (2 s by default) before destroying a stream left
  // open, and its timer kept `grimoire play --queue` at an unreachable address alive 2 s after
  // saying so. A probe's stream has nothing to finish.
  const client = new Redis({ ...connectionOptions(address, 0), lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, enableOfflineQueue: false, disconnectTimeout: 100 });
  let last: Error | undefined;
  client.on('error', (e: Error) => (last ??= e));
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    client.disconnect();
    throw new QueueError(`cannot reach the queue at ${address.shown}: ${reachProblem(last ?? (e as Error))}`);
  }
  try {
    return await countWorkers(client);
  } catch {
    return -1; // CLIENT LIST refused (some hosted Redis): unknown
  } finally {
    client.disconnect();
  }
}

/** A connection error in words a user can act on. */
export function reachProblem(e: Error): string {
  const code = (e as { code?: string }).code;
  const m = e.message ?? String(e);
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(m)) return 'connection refused (is redis-server running there, on that port?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /ENOTFOUND|EAI_AGAIN/.test(m)) return 'no such host';
  if (code === 'ETIMEDOUT' || /ETIMEDOUT|timed? ?out/i.test(m)) return `no answer within ${connectTimeoutMs / 1000} s`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'no route to the host';
  if (/NOAUTH|WRONGPASS|AUTH/.test(m)) return `the server refuses the login (${m})`;
  return m;
}
