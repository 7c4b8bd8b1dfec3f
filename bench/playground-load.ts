/**
 * What one page load of the playground costs, as the browser tests pay it (test/e2e/README.md
 * "How they run"): the playground built and served as for a test run (test/e2e/serve-playground.ts),
 * one Chromium, then N fresh contexts each loading the page up to its first check — the wall time
 * of the load and of the check, and the CPU of Chromium's processes by kind (the renderer by
 * thread: its main thread, V8's background work, the workers). Only this Chromium's processes
 * are counted (its process tree in /proc): other browsers on the machine are not. Linux only.
 *
 *   npx tsx bench/playground-load.ts [--loads 6] [--same-context]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { launchOptions, root } from '../test/e2e/chromium.ts';
import { servePlayground } from '../test/e2e/serve-playground.ts';

const { values } = parseArgs({ options: { loads: { type: 'string', default: '6' }, 'same-context': { type: 'boolean', default: false } } });
const loads = Number(values.loads);
const ticks = 100; // USER_HZ: /proc's CPU times are in ticks of 1/100 s on Linux

/** Each process of the tree under `rootPid`: its kind (Chromium's --type) and CPU seconds by thread name. */
function chromiumTree(rootPid: number): { kind: string; threads: Record<string, number> }[] {
  const parent = new Map<number, number>();
  const stat = (path: string) => {
    const s = readFileSync(path, 'utf8');
    return { name: s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')), fields: s.slice(s.lastIndexOf(')') + 2).split(' ') };
  };
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      parent.set(Number(p), Number(stat(`/proc/${p}/stat`).fields[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const inTree = (p: number): boolean => {
    for (let q: number | undefined = p; q && q > 1; q = parent.get(q)) if (q === rootPid) return true;
    return false;
  };
  const out: { kind: string; threads: Record<string, number> }[] = [];
  for (const p of parent.keys()) {
    if (!inTree(p)) continue;
    try {
      const kind = /--type=([a-z-]+)/.exec(readFileSync(`/proc/${p}/cmdline`, 'utf8'))?.[1] ?? 'browser';
      const threads: Record<string, number> = {};
      for (const t of readdirSync(`/proc/${p}/task`)) {
        const { name, fields } = stat(`/proc/${p}/task/${t}/stat`);
        threads[name] = (threads[name] ?? 0) + (Number(fields[11]) + Number(fields[12])) / ticks;
      }
      out.push({ kind, threads });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

/** CPU seconds by kind (renderer threads by name), summed over the tree. */
function cpuByKind(rootPid: number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const p of chromiumTree(rootPid)) {
    for (const [thread, s] of Object.entries(p.threads)) {
      const key = p.kind === 'renderer' ? `renderer: ${thread}` : p.kind;
      sums.set(key, (sums.get(key) ?? 0) + s);
    }
  }
  return sums;
}

const t0 = performance.now();
const { url, stop } = await servePlayground(root);
console.log(`vite build + preview: ${((performance.now() - t0) / 1000).toFixed(1)} s wall`);
const server = await chromium.launchServer(launchOptions());
const rootPid = server.process().pid!;
const browser = await chromium.connect(server.wsEndpoint());
const total = new Map<string, number>();
let context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
try {
  for (let i = 0; i < loads; i++) {
    if (!values['same-context'] && i > 0) {
      await context.close();
      context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    }
    const page = await context.newPage();
    const a = performance.now();
    await page.goto(url);
    const b = performance.now();
    await page.waitForFunction(() => !!document.body.dataset.checked, undefined, { timeout: 120_000 });
    const c = performance.now();
    const status = await page.textContent('#status');
    // A renderer's CPU is read while it lives (a closed context's renderer is gone from /proc).
    const before = new Map(total);
    for (const [k, s] of cpuByKind(rootPid)) if (k.startsWith('renderer: ')) total.set(k, (total.get(k) ?? 0) + s);
    const mine = [...total].filter(([k]) => k.startsWith('renderer: ')).reduce((n, [k, s]) => n + s - (before.get(k) ?? 0), 0);
    console.log(`load ${i + 1}: page ${Math.round(b - a)} ms, to its first check ${Math.round(c - b)} ms; renderer CPU ${mine.toFixed(2)} s; "${status}"`);
    await page.close();
  }
} finally {
  for (const [k, s] of cpuByKind(rootPid)) if (!k.startsWith('renderer: ')) total.set(`${k} (whole run, launch included)`, s);
  await browser.close();
  await server.close();
  stop();
}
console.log(`\nCPU seconds per load (${loads} loads${values['same-context'] ? ', one context' : ', a fresh context each'}):`);
for (const [k, s] of [...total].sort((x, y) => y[1] - x[1])) if (s / loads >= 0.01) console.log(`  ${k.padEnd(50)} ${(s / loads).toFixed(2)}`);
