/**
 * The playtest server under load: N concurrent matches of random-playing bot clients over
 * loopback WebSockets against one `grimoire serve` server (in this process, on a free port, with
 * an in-memory store), for at most --seconds. Prints the decision latency — from a bot sending its
 * answer to its receiving the next state — as p50, p95 and max, the answers per second, the matches
 * finished, and the process's memory (the server's and the bots', which are light).
 *
 *   npx tsx bench/serve-load.ts [--matches 50] [--game trump] [--seconds 60] [--db :memory:|FILE|postgres://…]
 *                               [--hinters K] [--hint-budget B] [--hint-threads N] [--json]
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
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { PlaytestServer } from '../server/server.ts';
import { openStore, shownUrl } from '../server/open-store.ts';
import type { CreateMatchResponse, ServerMessage } from '../server/protocol.ts';

const { values } = parseArgs({ options: { matches: { type: 'string', default: '50' }, game: { type: 'string', default: 'trump' }, seconds: { type: 'string', default: '60' }, db: { type: 'string', default: ':memory:' }, json: { type: 'boolean', default: false }, hinters: { type: 'string', default: '0' }, 'hint-budget': { type: 'string', default: '500' }, 'hint-threads': { type: 'string' } } });
const hinters = Number(values.hinters);
const hintBudget = Number(values['hint-budget']);
const matches = Number(values.matches);
const seconds = Number(values.seconds);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const server = new PlaytestServer({ root, store: await openStore(values.db!), ...(values['hint-threads'] !== undefined ? { hintThreads: Number(values['hint-threads']) } : {}) });
const url = await server.listen(0, '127.0.0.1');
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
await server.close();

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
  heapUsedMB: Math.round(process.memoryUsage().heapUsed / 1e6),
};
void games;
if (values.json) console.log(JSON.stringify(report));
else {
  console.log(`serve load: ${matches} concurrent ${values.game} matches of random bots over loopback, ${report.seconds} s (limit ${seconds} s), games kept in ${report.db}`);
  console.log(`  matches finished ${finished}/${matches}, answers ${report.answers} (${report.answersPerSecond}/s)`);
  console.log(`  decision latency: p50 ${report.latencyMs.p50} ms, p95 ${report.latencyMs.p95} ms, max ${report.latencyMs.max} ms (target: p95 ≤ 200 ms)`);
  if (hinters) console.log(`  while ${hinters} more matches asked a Hint of ${hintBudget} iterations at every decision: ${report.hints} Hints, from asking to the answer p50 ${report.hintMs.p50} ms, p95 ${report.hintMs.p95} ms (Hint threads: ${values['hint-threads'] ?? 'default'})`);
  console.log(`  memory: peak RSS ${report.peakRssMB} MB (server and bots in one process)`);
}
process.exit(0);
