/**
 * Once per test run (only when e2e tests are selected): checks that a browser is there, builds the
 * playground and serves it (serve-playground.ts: vite build + vite preview on a port the system
 * picks), and starts the one Chromium every test file connects to (harness.ts launchBrowser).
 * GRIMOIRE_E2E_URL=http://… runs the tests against a server already running (e.g. `npm start`)
 * instead.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchOptions, missingChromium, root } from './chromium.ts';
import { servePlayground } from './serve-playground.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    playgroundUrl: string;
    /** The built playground's folder ('' when testing a server already running: GRIMOIRE_E2E_URL). */
    playgroundDir: string;
    /** Why there is no playground to test (each e2e test then fails with it). */
    playgroundError: string;
    /** The shared Chromium's address (playwright's browser server); '' when each file launches its own. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('playgroundUrl', '');
  project.provide('playgroundDir', '');
  project.provide('playgroundError', '');
  project.provide('browserEndpoint', '');
  try {
    return await serve(project);
  } catch (e) {
    // Not thrown here: that would stop the unit tests too. Every e2e test fails with it instead.
    project.provide('playgroundError', (e as Error).message);
    return async () => {};
  }
}

async function serve(project: TestProject): Promise<() => Promise<void>> {
  const missing = missingChromium();
  if (missing) throw new Error(missing);
  const browser = await chromium.launchServer(launchOptions());
  project.provide('browserEndpoint', browser.wsEndpoint());
  if (process.env.GRIMOIRE_E2E_URL) {
    project.provide('playgroundUrl', process.env.GRIMOIRE_E2E_URL);
    return async () => browser.close();
  }
  try {
    const { url, built, stop } = await servePlayground(root);
    project.provide('playgroundUrl', url);
    project.provide('playgroundDir', built);
    return async () => {
      await stop();
      await browser.close();
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
}
