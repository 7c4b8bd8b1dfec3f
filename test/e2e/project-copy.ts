/**
 * A playground built from a copy of the repository with extra game folders — for what only a
 * designer's own rules/ shows (a revision folder, as docs/tutorial.md makes one). The copy holds
 * the sources the playground is built from and the game folders; node_modules is linked. Built
 * and served like global-setup.ts does for the repository itself (vite build + vite preview on a
 * free port, without the test runner's environment).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { root } from './chromium.ts';

const copied = ['playground', 'compiler', 'grammar', 'runtime', 'scenario', 'rules', 'cards', 'package.json', 'tsconfig.json'];

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

function viteEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  for (const k of Object.keys(env)) if (k.startsWith('VITEST')) delete env[k];
  return env;
}

/** Serves a playground with `extra` files (path → text) added to the repository's; returns its address and a stop. */
export async function servePlaygroundWith(extra: Record<string, string>): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'grimoire-e2e-copy-'));
  const stop = (server?: { kill: () => void }) => {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  for (const name of copied) cpSync(join(root, name), join(dir, name), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const [path, text] of Object.entries(extra)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const vite = join(dir, 'node_modules/vite/bin/vite.js');
  const config = join(dir, 'playground/vite.config.ts');
  const out = join(dir, 'dist');
  const built = spawnSync(process.execPath, [vite, 'build', '--config', config, '--outDir', out, '--logLevel', 'warn'], { cwd: dir, env: viteEnv(), encoding: 'utf8', timeout: 180_000 });
  if (built.status !== 0) {
    stop();
    throw new Error(`vite build of the copied playground failed (exit ${built.status}):\n${built.stderr}\n${built.stdout}`);
  }
  const port = await freePort();
  const server = spawn(process.execPath, [vite, 'preview', '--config', config, '--outDir', out, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: dir, env: viteEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`vite preview did not start within 30 s:\n${output}`)), 30_000);
      const onData = (b: Buffer) => {
        output += b.toString();
        const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(output);
        if (m) {
          clearTimeout(timer);
          done(m[0]);
        }
      };
      server.stdout.on('data', onData);
      server.stderr.on('data', onData);
      server.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`vite preview exited (${code}) before serving:\n${output}`));
      });
    });
    return { url, stop: () => stop(server) };
  } catch (e) {
    stop(server);
    throw e;
  }
}
