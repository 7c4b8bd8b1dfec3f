/**
 * Once per test run (only when e2e tests are selected): checks that a browser is there, builds the
 * playground with Vite into a temporary folder and serves it with `vite preview` on a port the
 * system picks (`--port 0`: a free port chosen here could be taken by another program — another
 * test run beside this one — before the server binds it).
 * A build + preview is used rather than the dev server: it starts in seconds, serves the same
 * bundle users get from `npm run build:playground`, and has no on-demand dependency optimising
 * (which reloads the page mid-test). GRIMOIRE_E2E_URL=http://… runs the tests against a server
 * already running (e.g. `npm start`) instead.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { missingChromium, root } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    playgroundUrl: string;
    /** Why there is no playground to test (each e2e test then fails with it). */
    playgroundError: string;
  }
}

const vite = join(root, 'node_modules/vite/bin/vite.js');
const config = join(root, 'playground/vite.config.ts');

/**
 * How long the build, and the preview server's start, may take before the run gives up (ms):
 * seconds alone, many times that on a busy machine; the limit only turns a hang into a message.
 */
const SETUP_LIMIT = 600_000;

/** Runs Vite to the end (without blocking the test runner's process); its output on failure. */
function runVite(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [vite, ...args], { cwd: root, env: viteEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    const timer = setTimeout(() => {
      child.kill();
      fail(new Error(`vite ${args[0]} of the playground did not finish within ${SETUP_LIMIT / 1000} s:\n${output}`));
    }, SETUP_LIMIT);
    child.once('error', (e) => {
      clearTimeout(timer);
      fail(e);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`vite ${args[0]} of the playground failed (exit ${code}):\n${output}`));
    });
  });
}

/** Vite run without the test runner's environment (NODE_ENV=test would change the bundle). */
function viteEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  for (const k of Object.keys(env)) if (k.startsWith('VITEST')) delete env[k];
  return env;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('playgroundUrl', '');
  project.provide('playgroundError', '');
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
  if (process.env.GRIMOIRE_E2E_URL) {
    project.provide('playgroundUrl', process.env.GRIMOIRE_E2E_URL);
    return async () => {};
  }
  const out = mkdtempSync(join(tmpdir(), 'grimoire-e2e-'));
  try {
    await runVite(['build', '--config', config, '--outDir', out, '--logLevel', 'warn']);
  } catch (e) {
    rmSync(out, { recursive: true, force: true });
    throw e;
  }

  const server: ChildProcess = spawn(process.execPath, [vite, 'preview', '--config', config, '--outDir', out, '--host', '127.0.0.1', '--port', '0', '--strictPort'], {
    cwd: root,
    env: viteEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`vite preview did not start within ${SETUP_LIMIT / 1000} s:\n${output}`)), SETUP_LIMIT);
    const onData = (b: Buffer) => {
      output += b.toString();
      const m = /http:\/\/127\.0\.0\.1:[1-9]\d*\//.exec(output);
      if (m) {
        clearTimeout(timer);
        done(m[0]);
      }
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`vite preview exited (${code}) before serving:\n${output}`));
    });
  });
  let url: string;
  try {
    url = await listening;
  } catch (e) {
    server.kill();
    rmSync(out, { recursive: true, force: true });
    throw e;
  }
  project.provide('playgroundUrl', url);
  return async () => {
    server.kill();
    rmSync(out, { recursive: true, force: true });
  };
}
