/**
 * Once per test run (only when e2e tests are selected): checks that a browser is there, starts the
 * one Chromium every test file connects to (harness.ts launchBrowser), and builds and serves the
 * playground (serve-playground.ts: vite build + vite preview on a port the system picks).
 * GRIMOIRE_E2E_URL=http://… runs the tests against a server already running (e.g. `npm start`)
 * instead.
 *
 * The build is not waited for here: vitest runs every project's global setup before the first
 * test file, so a build awaited here held the unit tests back for its whole time (~13 s on an
 * idle 2-core machine). It goes on beside them, and when it is served its address is written to
 * a file (`playgroundState`) that the e2e files wait for (harness.ts `served`). A file that
 * needs no playground (the reports, the print sheets) does not wait at all.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchOptions, missingChromium, root } from './chromium.ts';
import { servePlayground } from './serve-playground.ts';

/** What the e2e files read from the `playgroundState` file once the setup knows it. */
export type PlaygroundState =
  | {
      url: string;
      /** The built playground's folder ('' when testing a server already running: GRIMOIRE_E2E_URL). */
      dir: string;
    }
  | {
      /** Why there is no playground to test (each e2e test that needs it then fails with it). */
      error: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file the playground's address (or why there is none) is written to: a PlaygroundState in JSON. */
    playgroundState: string;
    /** The shared Chromium's address (playwright's browser server); '' when each file launches its own. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stateDir = mkdtempSync(join(tmpdir(), 'grimoire-e2e-state-'));
  const stateFile = join(stateDir, 'playground.json');
  project.provide('playgroundState', stateFile);
  project.provide('browserEndpoint', '');
  /** Written aside and renamed: a reader sees the whole file or none. */
  const settle = (state: PlaygroundState) => {
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${stateFile}.tmp`, stateFile);
  };
  const removeState = () => rmSync(stateDir, { recursive: true, force: true });
  try {
    const stop = await serve(project, settle);
    return async () => {
      await stop();
      removeState();
    };
  } catch (e) {
    // Not thrown here: that would stop the unit tests too. Every e2e test fails with it instead.
    settle({ error: (e as Error).message });
    return async () => removeState();
  }
}

/** Starts the browser and the playground's build; resolves once the browser is up, with a stop for both. */
async function serve(project: TestProject, settle: (state: PlaygroundState) => void): Promise<() => Promise<void>> {
  const missing = missingChromium();
  if (missing) throw new Error(missing);
  const browser = await chromium.launchServer(launchOptions());
  project.provide('browserEndpoint', browser.wsEndpoint());
  if (process.env.GRIMOIRE_E2E_URL) {
    settle({ url: process.env.GRIMOIRE_E2E_URL, dir: '' });
    return async () => browser.close();
  }
  const serving = servePlayground(root).then(
    (s) => {
      settle({ url: s.url, dir: s.built });
      return s;
    },
    (e: Error) => {
      settle({ error: e.message });
      return null;
    },
  );
  return async () => {
    (await serving)?.stop();
    await browser.close();
  };
}
