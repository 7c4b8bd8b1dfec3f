// `play --queue` and `grimoire worker` on a real Redis: the same report and hash as a local run,
// even when a worker is killed mid-chunk; a worker with other rules refuses its chunk and the run
// says so; an unreachable queue is one line, not a hang. The Redis server is Debian's redis-server,
// started here on a free port with nothing saved to disk. Without redis-server the Redis tests are
// skipped with one line saying how to run them — except under CI=true (.ci/run installs it), where
// they fail with that line.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';
import { SeedResults, chunkRanges, defaultChunk } from '../cli/queue/chunks.ts';
import { keyPrefix, parseQueueAddress, queueName } from '../cli/queue/connection.ts';
import { Queue } from 'bullmq';
import type { GameSummary } from '../runtime/batch.ts';

const bin = join(root, 'cli/bin.js');
// The runs a queued one is compared with, and the usage errors, run in this process
// (grimoire-in-process.ts): what is tested there is their output, not a process of their own.
// The queue's side stays in processes: workers killed, a run that must end, a shell's exit code.
const inProcess = (args: string[]) => grimoireInProcess(args, { cwd: root });
const ci = process.env.CI === 'true' || process.env.CI === '1';

/** redis-server on PATH (or the usual places), or null. REDIS_SERVER names one ('' for none: to try the skip). */
function findRedisServer(): string | null {
  if (process.env.REDIS_SERVER !== undefined) return process.env.REDIS_SERVER || null;
  const dirs = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/bin', '/usr/local/bin', '/opt/homebrew/bin'];
  for (const d of dirs) {
    const p = join(d, 'redis-server');
    try {
      if (statSync(p).isFile()) return p;
    } catch {
      // not there
    }
  }
  return null;
}

const redisServer = findRedisServer();
const install = 'apt-get install -y redis-server (macOS: brew install redis)';
if (!redisServer && !ci) console.log(`\ntest/queue.test.ts: the queue tests on a real Redis skipped: redis-server is not installed. To run them: ${install}, then npx vitest run test/queue.test.ts\n`);

/** Every process started here, killed in afterAll. */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
});

/** A port nothing listens on (the system's choice, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Polls a condition until it holds; the limit only turns a hang into a failure. (180 s was not
 * enough at a load average of 25 on 2 cores: a worker's first chunk of greedy games took longer.)
 */
async function waitFor(what: string, cond: () => boolean | Promise<boolean>, limitMs = 600_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Does a Redis answer PING on this port? */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    let got = '';
    sock.on('connect', () => sock.write('PING\r\n'));
    sock.on('data', (d) => {
      got += d.toString();
      if (got.includes('\r\n')) {
        sock.destroy();
        resolve(got.startsWith('+PONG'));
      }
    });
    sock.on('error', () => resolve(false));
  });
}

interface Running {
  proc: ChildProcess;
  out: string;
  err: string;
  exit: Promise<number | null>;
}

/** Starts `grimoire …` and collects its output. */
function grimoire(args: string[], env: Record<string, string> = {}): Running {
  const proc = spawn(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, ...env } });
  started.push(proc);
  const r: Running = { proc, out: '', err: '', exit: new Promise((resolve) => proc.on('close', (code) => resolve(code))) };
  proc.stdout!.on('data', (d) => (r.out += d));
  proc.stderr!.on('data', (d) => (r.err += d));
  return r;
}

async function worker(url: string, env: Record<string, string> = {}): Promise<Running> {
  const w = grimoire(['worker', '--queue', url, '--concurrency', '1'], env);
  await waitFor(`a worker on ${url} (stderr: ${w.err})`, () => /waiting for chunks/.test(w.err) || w.proc.exitCode !== null);
  expect(w.err).toMatch(/waiting for chunks/);
  return w;
}

/** A run's JSON report without what depends on the machine (speed, threads). */
function report(stdout: string): Record<string, unknown> {
  const { gamesPerSecond: _a, decisionsPerSecond: _b, workers: _c, ...rest } = JSON.parse(stdout);
  return rest;
}

describe('--queue: options and an unreachable queue (no Redis needed)', () => {
  it('an address where nothing listens is one line and exit 1, for play and for worker; a malformed one is a usage error', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    for (const args of [['play', 'trump', '--games', '5', '--queue', url], ['worker', '--queue', url]]) {
      // (The timeout only turns a hang — ioredis retrying forever — into a failure.)
      const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^grimoire: cannot reach the queue at redis://127\\.0\\.0\\.1:${port}: connection refused`));
      expect(r.stderr).not.toMatch(/at .*\.(ts|js|mjs):\d+/);
    }
    for (const bad of ['http://127.0.0.1:6379', 'redis://127.0.0.1:99999', 'redis://', 'localhost:6379', 'redis://h:1/db']) {
      const r = await inProcess(['play', 'trump', '--games', '5', '--queue', bad]);
      expect(r.status, bad).toBe(2);
      expect(r.stderr).toMatch(/--queue takes redis:\/\/HOST:PORT/);
    }
    expect((await inProcess(['worker'])).stderr).toMatch(/worker needs a queue/);
    expect((await inProcess(['play', 'trump', '--queue', 'redis://h:1', '--workers', '2'])).status).toBe(2);
    expect(parseQueueAddress('redis://:pw@example.org/3')).toMatchObject({ host: 'example.org', port: 6379, db: 3, password: 'pw', shown: 'redis://example.org/3' });
  });

  it('chunks cover the range once; results merge by seed, a chunk played twice counts once', () => {
    expect(chunkRanges(5, 12, 5)).toEqual([{ from: 5, count: 5 }, { from: 10, count: 5 }, { from: 15, count: 2 }]);
    expect(defaultChunk(2000, false)).toBe(100);
    expect(defaultChunk(10_000_000, false)).toBe(500);
    expect(defaultChunk(200, true)).toBe(2);
    const game = (seed: number, hash = seed): GameSummary => ({ seed, winner: 'p1', reason: '', turns: 1, decisions: 1, hash, error: null, zones: null });
    const r = new SeedResults(5, 4);
    expect(r.add({ from: 7, count: 2 }, [game(7), game(8)])).toBe(2);
    expect(r.add({ from: 7, count: 2 }, [game(7, 99), game(8, 99)])).toBe(0);
    expect(r.complete).toBe(false);
    r.add({ from: 5, count: 2 }, [game(5), game(6)]);
    expect(r.inOrder().map((g) => [g.seed, g.hash])).toEqual([[5, 5], [6, 6], [7, 7], [8, 8]]);
    expect(() => r.add({ from: 5, count: 2 }, [game(5)])).toThrow(/other seeds/);
  });
});

describe.skipIf(!redisServer && !ci)('play --queue with workers on a real Redis', () => {
  let url = '';
  let port = 0;
  let dir = '';

  beforeAll(async () => {
    if (!redisServer) throw new Error(`The queue tests (test/queue.test.ts) need redis-server, and it is not installed. Under CI=true a missing redis-server fails the run: ${install}.`);
    dir = mkdtempSync(join(tmpdir(), 'grim-redis-'));
    // redis-server takes no port 0 (that means no TCP at all): a port the system chose is handed
    // over, and if another program takes it in between, redis-server exits and another is tried.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const redis = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { cwd: dir, stdio: 'ignore' });
      started.push(redis);
      await waitFor(`redis-server on port ${port}`, async () => redis.exitCode !== null || (await pong(port)));
      if (redis.exitCode === null) break;
      if (attempt === 5) throw new Error(`redis-server would not start (exit ${redis.exitCode}, five ports tried)`);
    }
    url = `redis://127.0.0.1:${port}`;
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the report and hash of a local run, though a worker is killed (SIGKILL) in the middle of a chunk', async () => {
    // Four chunks of 4 greedy games (60 games, then 36, before: four are enough to leave the
    // killed worker a chunk in progress — when one worker has finished its first, two are still
    // waiting, and it takes one of them).
    const args = ['play', 'trump', '--games', '16', '--seed', '11', '--p1', 'greedy', '--json'];
    const local = await inProcess([...args, '--workers', '1']);
    expect(local.status).toBe(0);
    const a = await worker(url);
    const b = await worker(url);
    const run = grimoire([...args, '--queue', url, '--chunk', '4']);
    // Killed while it holds a chunk, as the queue sees it (the job's processedBy is the worker's
    // name, `host pid N`, which its first line says): a worker that has finished a chunk and is
    // playing another. (Waiting for its "done" alone left a race: killed between two chunks, it
    // held none, and nothing was taken over.)
    const nameOf = (w: Running) => /^grimoire worker \((.+?)\): waiting/m.exec(w.err)?.[1];
    const queue = new Queue(queueName, { connection: { host: '127.0.0.1', port }, prefix: keyPrefix });
    let holding: Running | undefined;
    await waitFor('a worker to finish a chunk and take another', async () => {
      if (run.proc.exitCode !== null) return true;
      const busy = new Set((await queue.getActive()).map((j) => j.processedBy));
      holding = [a, b].find((w) => / done \(/.test(w.err) && busy.has(nameOf(w)));
      return holding !== undefined;
    });
    await queue.close();
    expect(holding, 'the run ended before a worker held its second chunk').toBeDefined();
    const [victim, survivor] = holding === a ? [a, b] : [b, a];
    victim.proc.kill('SIGKILL');
    expect(await run.exit).toBe(0);
    expect(report(run.out)).toEqual(report(local.stdout));
    // The killed worker's chunk was taken over by the other (BullMQ's stalled-job check).
    expect(survivor.err).toMatch(/its worker stopped answering/);
    survivor.proc.kill('SIGTERM');
    expect(await survivor.exit).toBe(0);
    expect(survivor.err).toMatch(/SIGTERM: finishing the chunks in progress/);
  });

  it('balance --queue (playSeeds with nothing added) gives the local report, --vs-param too', async () => {
    const w = await worker(`${url}/2`);
    const args = ['balance', 'trump', '--games', '16', '--seed', '3', '--vs-param', 'opening_hand=7', '--json'];
    const local = await inProcess([...args, '--workers', '1']);
    expect(local.status).toBe(0);
    const run = grimoire([...args, '--queue', `${url}/2`]);
    expect(await run.exit).toBe(0);
    const { timing: _a, ...queued } = JSON.parse(run.out);
    const { timing: _b, ...here } = JSON.parse(local.stdout);
    expect(queued).toEqual(here);
    w.proc.kill('SIGTERM');
    await w.exit;
  });

  it('tune --param and tune --card --attr on the queue give the local curves (each value a job of its own options)', async () => {
    const w = await worker(`${url}/3`);
    const runs = [
      ['tune', 'trump', '--param', 'opening_hand', '--values', '4,5,6', '--games', '12', '--seed', '5', '--json'],
      ['tune', 't-magic', '--card', 'YoungDragon', '--attr', 'cost', '--values', '3..5', '--games', '40', '--seed', '2', '--json'],
    ];
    for (const args of runs) {
      const local = await inProcess([...args, '--workers', '1']);
      expect(local.status, local.stderr).toBe(0);
      const run = grimoire([...args, '--queue', `${url}/3`]);
      expect(await run.exit, run.err).toBe(0);
      const { timing: _a, ...queued } = JSON.parse(run.out);
      const { timing: _b, ...here } = JSON.parse(local.stdout);
      expect(queued).toEqual(here);
      // The curve has every value asked (and the default or printed value), each from its own games.
      const points = (here as { points?: unknown[]; curves?: { points: unknown[] }[] }).points ?? (here as { curves: { points: unknown[] }[] }).curves[0]!.points;
      expect(points.length).toBe(3);
    }
    w.proc.kill('SIGTERM');
    await w.exit;
  });

  it('a worker whose clone has other rules refuses the chunk, and the run says which game and to update that clone', async () => {
    // A clone where trump's opening hand differs: another database of the same Redis, so that
    // only this worker serves it.
    const project = mkdtempSync(join(tmpdir(), 'grim-stale-clone-'));
    for (const f of ['rules/trump', 'cards/trump']) cpSync(join(root, f), join(project, f), { recursive: true });
    const params = join(project, 'rules/trump/params.grim');
    writeFileSync(params, readFileSync(params, 'utf8').replace('param opening_hand: number = 5', 'param opening_hand: number = 6'));
    expect(readFileSync(params, 'utf8')).toMatch(/opening_hand: number = 6/);
    const stale = await worker(`${url}/1`, { GRIMOIRE_ROOT: project });
    const run = grimoire(['play', 'trump', '--games', '4', '--chunk', '4', '--json', '--queue', `${url}/1`]);
    expect(await run.exit).toBe(1);
    expect(run.err).toMatch(/^grimoire: a worker has different rules for trump \(.* compiles [0-9a-f]{16}, this run [0-9a-f]{16}\): update that machine's clone/m);
    expect(run.err).not.toMatch(/at .*\.(ts|js|mjs):\d+/);
    expect(run.out).toBe('');
    expect(stale.err).toMatch(/refused trump seeds 1\.\.4/);
    stale.proc.kill('SIGTERM');
    await stale.exit;
    rmSync(project, { recursive: true, force: true });
    expect(existsSync(project)).toBe(false);
  });
});
