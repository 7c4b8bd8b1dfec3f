/**
 * The end-to-end harness: the playground built by Vite and served by `vite preview` on a free
 * port (global-setup.ts, once per run), the Chromium or Chrome found on the machine (chromium.ts)
 * driven by playwright-core (never a downloaded browser), a fresh browser profile per test (a new
 * context: empty storage), and helpers to wait for a check, read markers, take screenshots and
 * record timings. Every e2e test file (the workspace's, the run panel's…) uses these.
 *
 * Waits are for conditions, never for a fixed time, and their limits are generous (WAIT): the
 * tests run on a developer's machine that is never idle, where a page can take many times longer
 * than it does alone. A limit only turns a hang into a failure; it is not a speed requirement.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchOptions, missingChromium, root } from './chromium.ts';
import type { PlaygroundState } from './global-setup.ts';

export { root };
export const artifacts = join(root, 'test/artifacts');

/**
 * How long any wait of a page may take before the test fails (ms): the default of every page's
 * actions and waits (openPlayground). Far above what a wait takes even on a busy 2-core machine.
 */
export const WAIT = 120_000;
const shots = join(artifacts, 'e2e');

/**
 * The playground served for this run (global-setup.ts): its address and built folder, once the
 * build that runs beside the unit tests is served — a wait for that file to appear, in steps of
 * 100 ms (the build's own limits, serve-playground.ts, turn a hang into a message written there).
 * Throws, and so fails the calling test, when the setup could not serve it: Chromium missing, the
 * build failed…
 */
export async function served(): Promise<{ url: string; dir: string }> {
  const file = inject('playgroundState');
  for (;;) {
    let text: string | null = null;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      /* not served yet */
    }
    if (text !== null) {
      const state = JSON.parse(text) as PlaygroundState;
      if ('error' in state) throw new Error(state.error);
      return state;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The address of the playground served for this run (served()). */
export async function playgroundUrl(): Promise<string> {
  return (await served()).url;
}

/**
 * A browser for a test file. The run's one Chromium (global-setup.ts starts it once: a launch is
 * a few seconds on a busy machine, once per file before): a connection to it, whose close()
 * closes this file's contexts and disconnects, leaving the browser to the next file. Each test
 * still gets a fresh profile (openPlayground: a new context). `env`, or no shared browser (the
 * setup could not start one): a browser of its own, with that environment (e.g. another
 * fontconfig).
 */
export async function launchBrowser(opts: { env?: Record<string, string> } = {}): Promise<Browser> {
  const missing = missingChromium();
  if (missing) throw new Error(missing);
  const shared = inject('browserEndpoint');
  if (shared && !opts.env) return chromium.connect(shared, { timeout: WAIT });
  return chromium.launch(launchOptions(opts.env));
}

export interface PlaygroundPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page (a test expects none). */
  pageErrors: string[];
  /** console.error lines, printed when a test fails. */
  consoleErrors: string[];
}

/**
 * A fresh profile (new context: empty localStorage) with the playground open and checked once.
 * `locale`: the browser's language (navigator.languages), e.g. 'ja-JP'; the default is English.
 * `storage`: what the profile's localStorage holds for the playground's origin before the page
 * first loads (what an earlier visit left: saved edits, an older playground's keys) — instead of
 * a load to write it and a reload to read it (a page load is seconds of CPU).
 */
export async function openPlayground(browser: Browser, url: string, opts: { wait?: boolean; locale?: string; storage?: Record<string, string> } = {}): Promise<PlaygroundPage> {
  const storageState = opts.storage && { cookies: [], origins: [{ origin: new URL(url).origin, localStorage: Object.entries(opts.storage).map(([name, value]) => ({ name, value })) }] };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true, locale: opts.locale ?? 'en-US', ...(storageState && { storageState }) });
  context.setDefaultTimeout(WAIT);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await page.goto(url);
  if (opts.wait !== false) await firstCheck(page);
  return { context, page, pageErrors, consoleErrors };
}

/** Waits until the page has checked its files at least once (after a load or a reload). */
export async function firstCheck(page: Page): Promise<void> {
  await page.waitForFunction(() => !!document.body.dataset.checked);
}

/** Resolves after the next check result the page shows (call before the action that causes it). */
export async function nextCheck(page: Page): Promise<() => Promise<void>> {
  const before = await page.evaluate(() => document.body.dataset.checked ?? '');
  return async () => {
    await page.waitForFunction((b) => (document.body.dataset.checked ?? '') !== b, before);
  };
}

/** Keeps a screenshot of the page as a test artifact: test/artifacts/e2e/<name>.png. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(shots, { recursive: true });
  const path = join(shots, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * Merges measurements into test/artifacts/e2e-timings.json (one key per measure). The e2e files
 * run two at a time (vitest.config.ts), so two may record at once: the read-merge-write holds a
 * lock (a folder made beside the file: mkdir either makes it or fails, in one step), and the file
 * is replaced whole (written aside, then renamed), so a reader never sees half of it and no key
 * is lost to a write that read the file before another's key was in.
 */
export function recordTimings(key: string, data: unknown): void {
  mkdirSync(artifacts, { recursive: true });
  const file = join(artifacts, 'e2e-timings.json');
  withFileLock(`${file}.lock`, () => {
    let all: Record<string, unknown> = {};
    try {
      all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch {
      /* first measure of this run */
    }
    all[key] = { ...(data as object), measuredAt: new Date().toISOString() };
    const aside = `${file}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify(all, null, 2) + '\n');
    renameSync(aside, file);
  });
}

/**
 * Runs `f` holding the lock folder `lock`. Another process's lock is waited for (in steps of
 * 20 ms); one older than a minute was left by a process that died holding it and is taken over.
 */
function withFileLock(lock: string, f: () => void): void {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age > 60_000) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    f();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

// ----- The page, through window.grimoire (main.ts) and Monaco's model API -----

/** The text of a workspace file as the editor has it. */
export async function modelText(page: Page, path: string): Promise<string | null> {
  return page.evaluate((p) => {
    const g = (window as any).grimoire;
    return g.monaco.editor.getModel(g.monaco.Uri.parse(`file:///${p}`))?.getValue() ?? null;
  }, path);
}

export interface Marker {
  startLineNumber: number;
  startColumn: number;
  severity: number;
  message: string;
  code?: string;
}

export async function markers(page: Page, path: string): Promise<Marker[]> {
  return page.evaluate((p) => {
    const g = (window as any).grimoire;
    const ms = g.monaco.editor.getModelMarkers({ resource: g.monaco.Uri.parse(`file:///${p}`) }) as any[];
    return ms.map((m) => ({ startLineNumber: m.startLineNumber, startColumn: m.startColumn, severity: m.severity, message: m.message, code: typeof m.code === 'string' ? m.code : m.code?.value }));
  }, path);
}

/** Opens a file from the file list, as a designer would. */
export async function openFile(page: Page, path: string): Promise<void> {
  await page.click(`#files .file[data-path="${path}"]`);
  await page.waitForFunction((p) => (window as any).grimoire.session.current === p, path);
}

/** Puts the cursor at a place of the open file (1-based) and focuses the editor. */
export async function placeCursor(page: Page, line: number, column: number): Promise<void> {
  await page.evaluate(
    ([l, c]) => {
      const ed = (window as any).grimoire.session.editor;
      ed.setPosition({ lineNumber: l, column: c });
      ed.revealPositionInCenter({ lineNumber: l, column: c });
      ed.focus();
    },
    [line, column] as const,
  );
}

/** Answers the next browser dialog (confirm or prompt); returns its message. */
export function answerDialog(page: Page, accept: boolean, text?: string): Promise<string> {
  return new Promise((done) => {
    page.once('dialog', (d) => {
      const m = d.message();
      void (accept ? d.accept(text) : d.dismiss()).then(() => done(m));
    });
  });
}

/** Waits until the editor holds this text for a file (after an action that replaces files). */
export async function waitForModelText(page: Page, path: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([p, t]) => {
      const g = (window as any).grimoire;
      return g.monaco.editor.getModel(g.monaco.Uri.parse(`file:///${p}`))?.getValue() === t;
    },
    [path, text] as const,
  );
}

/** Dismisses every notice (so that the next one can be waited for). */
export async function clearNotices(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll('#notices .notice').forEach((n) => n.remove()));
}

/** Waits for a notice (by key) and returns "kind: text". */
export async function waitForNotice(page: Page, key: string): Promise<string> {
  const el = await page.waitForSelector(`#notices .notice[data-key="${key}"]`);
  return el.evaluate((e) => `${(e as HTMLElement).dataset.kind}: ${e.querySelector('.notice-text')?.textContent ?? ''}`);
}

/**
 * One browser for a test file: launched before its tests (with the address of the playground),
 * closed after them. `session.browser` and `session.url` are set once `beforeAll` has run.
 */
export function browserForFile(): { browser: Browser; url: string } {
  const session = {} as { browser: Browser; url: string };
  beforeAll(async () => {
    session.url = await playgroundUrl();
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}

/** Ends a page's test: no uncaught error happened in it; its profile is closed. */
export async function closePage(p: PlaygroundPage): Promise<void> {
  expect(p.pageErrors, `uncaught errors in the page:\n${p.pageErrors.join('\n')}\nconsole errors:\n${p.consoleErrors.join('\n')}`).toEqual([]);
  await p.context.close();
}

// ----- What the page keeps in the browser (localStorage keys of playground/src/workspace/workspace.ts)

/**
 * Waits until the page has saved where the cursor is (it does so after a short pause), so that a
 * reload reopens the file there. A condition, not a sleep: a busy machine delays the page's timer.
 */
export async function waitForSavedPlace(page: Page, game: string, place: { path: string; line: number; col: number }): Promise<void> {
  await page.waitForFunction(
    ([g, want]) => {
      const p = JSON.parse(localStorage.getItem(`grimoire.place.v1.${g}`) ?? 'null') as { path?: string; line?: number; col?: number } | null;
      return p?.path === want.path && p.line === want.line && p.col === want.col;
    },
    [game, place] as const,
  );
}

/** Waits until the browser holds these texts as the game's saved edits (what a reload restores). */
export async function waitForSavedEdits(page: Page, game: string, texts: Iterable<[string, string]>): Promise<void> {
  await page.waitForFunction(
    ([g, want]) => {
      // One key per edited file, listed in the game's index (playground/src/workspace/stored-edits.ts).
      const index = JSON.parse(localStorage.getItem(`grimoire.workspace.v2.${g}`) ?? '{"files":[]}') as { files: string[] };
      return want.every(([path, text]) => index.files.includes(path) && localStorage.getItem(`grimoire.workspace.v2.${g}:${path}`) === text);
    },
    [game, [...texts]] as const,
  );
}

/**
 * Opens a generated file (a report, a FAQ, a print sheet) with every request but the file itself
 * refused — these files must need no network — and resolves once `ready` is on the page. It
 * collects the requests attempted and the page's errors and console errors, for the test to
 * assert there were none.
 */
export async function openOffline(browser: Browser, file: string, ready: string, viewport = { width: 1000, height: 900 }): Promise<{ page: Page; attempted: string[]; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: true });
  context.setDefaultTimeout(WAIT);
  const url = pathToFileURL(file).href;
  const attempted: string[] = [];
  await context.route('**/*', (route) => {
    if (route.request().url() === url) return route.continue();
    attempted.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  context.on('request', (r) => {
    if (r.url() !== url && !attempted.includes(r.url())) attempted.push(r.url());
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url);
  await page.waitForSelector(ready);
  return { page, attempted, errors, close: () => context.close() };
}

/**
 * The bytes of a download. The browser is shared over a connection (global-setup.ts), where
 * `download.path()` is not available: the file is saved to a temporary folder instead.
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'grimoire-download-'));
  try {
    const file = join(dir, download.suggestedFilename() || 'download');
    await download.saveAs(file);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
