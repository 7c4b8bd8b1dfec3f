/**
 * Builds the playground of a repository folder with Vite into a temporary folder and serves it
 * with `vite preview` on a port the system picks (`--port 0`: a port picked here could be taken
 * before the server binds it). Used once per run by global-setup.ts for the repository, and by
 * project-copy.ts for a copy of it with extra game folders.
 *
 * A build + preview rather than the dev server: it starts in seconds, serves the same bundle users
 * get from `npm run build:playground`, and has no on-demand dependency optimising (which reloads
 * the page mid-test).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How long the build, and the preview server's start, may take before giving up (ms): seconds
 * alone, many times that on a busy machine; the limit only turns a hang into a message.
 */
const SETUP_LIMIT = 600_000;

/** Vite run without the test runner's environment (NODE_ENV=test would change the bundle). */
function viteEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  for (const k of Object.keys(env)) if (k.startsWith('VITEST')) delete env[k];
  return env;
}

/** Runs Vite in `dir` to the end (without blocking the test runner's process); its output on failure. */
function runVite(dir: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), ...args], { cwd: dir, env: viteEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Waits for `vite preview` to print the address it serves. */
function addressOf(server: ChildProcess): Promise<string> {
  let output = '';
  return new Promise<string>((done, fail) => {
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
}

/** Builds and serves the playground of the repository folder `dir`; its address, the built folder (`grimoire serve --playground` serves it too) and a stop. */
export async function servePlayground(dir: string): Promise<{ url: string; built: string; stop: () => void }> {
  const config = join(dir, 'playground/vite.config.ts');
  const out = mkdtempSync(join(tmpdir(), 'grimoire-e2e-'));
  const removeOut = () => rmSync(out, { recursive: true, force: true });
  try {
    await runVite(dir, ['build', '--config', config, '--outDir', out, '--logLevel', 'warn']);
  } catch (e) {
    removeOut();
    throw e;
  }
  const server = spawn(process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), 'preview', '--config', config, '--outDir', out, '--host', '127.0.0.1', '--port', '0', '--strictPort'], {
    cwd: dir,
    env: viteEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    server.kill();
    removeOut();
  };
  try {
    return { url: await addressOf(server), built: out, stop };
  } catch (e) {
    stop();
    throw e;
  }
}
