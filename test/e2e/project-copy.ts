/**
 * A playground built from a copy of the repository with extra game folders — for what only a
 * designer's own rules/ shows (a revision folder, as docs/tutorial.md makes one). The copy holds
 * the sources the playground is built from and the game folders; node_modules is linked. Built
 * and served as the repository itself is (serve-playground.ts).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { root } from './chromium.ts';
import { servePlayground } from './serve-playground.ts';

// Every folder the playground's build imports from (a new one — i18n/ — must be added here).
const copied = ['playground', 'compiler', 'grammar', 'runtime', 'scenario', 'balance', 'services', 'faces', 'i18n', 'cli', 'rules', 'cards', 'package.json', 'tsconfig.json'];

/** Serves a playground with `extra` files (path → text) added to the repository's; returns its address and a stop. */
export async function servePlaygroundWith(extra: Record<string, string>): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'grimoire-e2e-copy-'));
  const stop = (served?: { stop: () => void }) => {
    served?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  for (const name of copied) cpSync(join(root, name), join(dir, name), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const [path, text] of Object.entries(extra)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  try {
    const served = await servePlayground(dir);
    return { url: served.url, stop: () => stop(served) };
  } catch (e) {
    stop();
    throw e;
  }
}
