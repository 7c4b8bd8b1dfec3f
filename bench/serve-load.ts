/**
 * The playtest server under load: N concurrent matches of random-playing bot clients over
 * loopback WebSockets against one `grimoire serve` server (in this process, on a free port, with
 * an in-memory store), for at most --seconds. Prints the decision latency — from a bot sending its
 * answer to its receiving the next state — as p50, p95 and max, the answers per second, the matches
 * finished, and the process's memory (the server's and the bots', which are light).
 *
 *   npx tsx bench/serve-load.ts [--matches 50] [--game trump] [--seconds 60] [--db :memory:|FILE|postgres://…]
 *                               [--hinters K] [--hint-budget B] [--hint-threads N] [--server-apart] [--json]
 *
 * --server-apart: the server is `grimoire serve` in its own process (cli/bin.js, as a playtest
 * group runs it), so the bots do not share its event loop; its peak memory is read from
 * /proc/PID/status (VmHWM, Linux). Not with --hint-threads (the command uses its default).
 *
 * --hinters K: K more matches (created with Hints allowed) whose bots ask a Hint of B iterations
 * (default 500) at every decision before answering — the decisions of the other matches are timed
 * while those Hints are searched. --hint-threads: the server's Hint pool (server/hint-pool.ts;
 * default one less than the cores), 0 to search them on the main thread as before the pool.
 *
 * --db: the store the server keeps the games in (server/open-store.ts): in memory by default, an
 * SQLite file, or a PostgreSQL database (a running one: the bench starts none).
 *
 * Bounded: every loop stops by itself at the time limit; only 127.0.0.1 is ever contacted.
 */
import { parseArgs } from 'node:util';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { PlaytestServer } from '../server/server.ts';
import { openStore, shownUrl } from '../server/open-store.ts';
import type { CreateMatchResponse, ServerMessage } from '../server/protocol.ts';

const { values } = parseArgs({ options: { matches: { type: 'string', default: '50' }, game: { type: 'string', default: 'trump' }, seconds: { type: 'string', default: '60' }, db: { type: 'string', default: ':memory:' }, json: { type: 'boolean', default: false }, hinters: { type: 'string', default: '0' }, 'hint-budget': { type: 'string', default: '500' }, 'hint-threads': { type: 'string' }, 'server-apart': { type: 'boolean', default: false } } });
const apart = !!values['server-apart'];
if (apart && values['hint-threads'] !== undefined) throw new Error('--server-apart runs grimoire serve with its default Hint threads: give no --hint-threads');
const hinters = Number(values.hinters);
const hintBudget = Number(values['hint-budget']);
const matches = Number(values.matches);
const seconds = Number(values.seconds);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The server: in this process, or (--server-apart) `grimoire serve` in its own. */
const server = apart ? null : new PlaytestServer({ root, store: await openStore(values.db!), ...(values['hint-threads'] !== undefined ? { hintThreads: Number(values['hint-threads']) } : {}) });
const child = apart ? spawn(process.execPath, [join(root, 'cli/bin.js'), 'serve', '--port', '0', '--db', values.db!, '--lang', 'en'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }) : null;
const url = server ? await server.listen(0, '127.0.0.1') : await listening(child!);

/** The address `grimoire serve` prints once it listens. */
function listening(c: ChildProcess): Promise<string> {
  let out = '';
  return new Promise((resolve, reject) => {
    c.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    c.once('exit', (code) => reject(new Error(`grimoire serve exited (${code}) before listening:\n${out}`)));
  });
}

/** The server process's peak resident memory (Linux: VmHWM), in bytes; NaN where there is no /proc. */
function serverPeak(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  } catch {
    return NaN;
  }
}
const latencies: number[] = [];
/** From asking a Hint to receiving it (the hinters' bots). */
const hintLatencies: number[] = [];
let finished = 0;
let peakRss = 0;
const sockets: WebSocket[] = [];
const deadline = performance.now() + seconds * 1000;
const memory = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);

/** One bot on one seat: answers at random, times each answer to the next state it receives. */
function bot(address: string, seed: number, hints = false): Promise<boolean> {
  let a = seed >>> 0;
  const random = () => ((a = (Math.imul(a ^ (a >>> 15), 2246822519) + 0x9e3779b9) >>> 0) / 4294967296);
  return new Promise((done) => {
    const ws = new WebSocket(address);
    sockets.push(ws);
    let sentAt = 0;
    let hintAt = 0;
    let pending: { seq: number; options: number } | null = null;
    const answer = (seq: number, options: number) => {
      sentAt = performance.now();
      ws.send(JSON.stringify({ v: 1, type: 'answer', seq, option: Math.floor(random() * options) }));
    };
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as ServerMessage;
      if ((m.type === 'hint' || m.type === 'error') && hintAt && pending) {
        if (m.type === 'hint') hintLatencies.push(performance.now() - hintAt);
        hintAt = 0;
        const p = pending;
        pending = null;
        if (performance.now() < deadline) answer(p.seq, p.options);
        else done(false);
        return;
      }
      if (m.type !== 'state') return;
      // (A hinter's answer is timed too: it is a decision like any other.)
      if (sentAt) {
        latencies.push(performance.now() - sentAt);
        sentAt = 0;
      }
      if (m.result) return done(true);
      if (m.decision && performance.now() < deadline) {
        if (hints) {
          pending = { seq: m.decision.seq, options: m.decision.options.length };
          hintAt = performance.now();
          ws.send(JSON.stringify({ v: 1, type: 'hint', seq: m.decision.seq, budget: hintBudget }));
        } else answer(m.decision.seq, m.decision.options.length);
      } else if (performance.now() >= deadline) done(false);
    });
    ws.on('close', () => done(false));
    ws.on('error', () => done(false));
  });
}

const t0 = performance.now();
const games = await Promise.all(
  Array.from({ length: matches + hinters }, async (_, i) => {
    const hinting = i >= matches;
    const res = await fetch(`${url}/api/matches`, { method: 'POST', body: JSON.stringify({ game: values.game, seed: 1000 + i, ...(hinting ? { hints: true } : {}) }) });
    const m = (await res.json()) as CreateMatchResponse;
    const seats = Object.values(m.seats);
    const over = await Promise.race([Promise.all(seats.map((s, j) => bot(s.ws, i * 16 + j + 1, hinting))), new Promise<boolean[]>((r) => setTimeout(() => r([false]), Math.max(0, deadline - performance.now()) + 2000).unref())]);
    if (over.every(Boolean) && !hinting) finished++;
    return over;
  }),
);
const wall = (performance.now() - t0) / 1000;
clearInterval(memory);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
for (const ws of sockets) ws.terminate();
const serverRss = child ? serverPeak(child.pid!) : NaN;
await server?.close();
if (child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

latencies.sort((x, y) => x - y);
hintLatencies.sort((x, y) => x - y);
const q = (p: number, of = latencies) => of[Math.min(of.length - 1, Math.floor(p * of.length))] ?? NaN;
const report = {
  game: values.game,
  db: shownUrl(values.db!),
  matches,
  finished,
  answers: latencies.length,
  seconds: Math.round(wall * 10) / 10,
  answersPerSecond: Math.round(latencies.length / wall),
  latencyMs: { p50: Math.round(q(0.5)), p95: Math.round(q(0.95)), max: Math.round(latencies[latencies.length - 1] ?? NaN) },
  hinters,
  hintBudget,
  hints: hintLatencies.length,
  hintMs: { p50: Math.round(q(0.5, hintLatencies)), p95: Math.round(q(0.95, hintLatencies)) },
  peakRssMB: Math.round(peakRss / 1e6),
  ...(child ? { serverApart: true, serverPeakRssMB: Math.round(serverRss / 1e6) } : {}),
  heapUsedMB: Math.round(process.memoryUsage().heapUsed / 1e6),
};
void games;
if (values.json) console.log(JSON.stringify(report));
else {
  console.log(`serve load${child ? ' (grimoire serve in its own process)' : ''}: ${matches} concurrent ${values.game} matches of random bots over loopback, ${report.seconds} s (limit ${seconds} s), games kept in ${report.db}`);
  console.log(`  matches finished ${finished}/${matches}, answers ${report.answers} (${report.answersPerSecond}/s)`);
  console.log(`  decision latency: p50 ${report.latencyMs.p50} ms, p95 ${report.latencyMs.p95} ms, max ${report.latencyMs.max} ms (target: p95 ≤ 200 ms)`);
  if (hinters) console.log(`  while ${hinters} more matches asked a Hint of ${hintBudget} iterations at every decision: ${report.hints} Hints, from asking to the answer p50 ${report.hintMs.p50} ms, p95 ${report.hintMs.p95} ms (Hint threads: ${values['hint-threads'] ?? 'default'})`);
  if (child) console.log(`  memory: the server's peak RSS ${Math.round(serverRss / 1e6)} MB (grimoire serve in its own process); the bots' ${report.peakRssMB} MB`);
  else console.log(`  memory: peak RSS ${report.peakRssMB} MB (server and bots in one process)`);
}
process.exit(0);
