/**
 * Once per test run (only when e2e tests are selected): checks that Chromium is there, builds the
 * playground with Vite into a temporary folder and serves it with `vite preview` on a free port.
 * A build + preview is used rather than the dev server: it starts in seconds, serves the same
 * bundle users get from `npm run build:playground`, and has no on-demand dependency optimising
 * (which reloads the page mid-test). GRIMOIRE_E2E_URL=http://… runs the tests against a server
 * already running (e.g. `npm start`) instead.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
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

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
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
  const built = spawnSync(process.execPath, [vite, 'build', '--config', config, '--outDir', out, '--logLevel', 'warn'], { cwd: root, env: viteEnv(), encoding: 'utf8', timeout: 180_000 });
  if (built.status !== 0) throw new Error(`vite build of the playground failed (exit ${built.status}):\n${built.stderr}\n${built.stdout}`);

  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [vite, 'preview', '--config', config, '--outDir', out, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: root,
    env: viteEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`vite preview did not start within 30 s:\n${output}`)), 30_000);
    const onData = (b: Buffer) => {
      output += b.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(output);
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
