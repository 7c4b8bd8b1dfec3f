/**
 * `npm start`: the playground's dev server, which prints the address to open. Run here on a
 * free port (5173 may be taken) with the script's own command line, as on a first start
 * (`--force`: dependencies bundled anew): the page loads once, without the reload a dev server
 * makes when it finds a dependency late.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closePage, launchBrowser, openPlayground, root } from './harness.ts';

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

describe('npm start', () => {
  it('serves the playground and tells the user which address to open', async () => {
    const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    expect(script).toMatch(/^vite /);
    const port = await freePort();
    const args = [...script.split(' ').slice(1), '--port', String(port), '--strictPort', '--host', '127.0.0.1', '--force'];
    const env = { ...process.env };
    delete env.NODE_ENV;
    const child = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    try {
      const address = await new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no address printed within 30 s:\n${out}`)), 30_000);
        const onData = (b: Buffer) => {
          out += b.toString();
          const m = /Open (http:\/\/\S+) in your browser/.exec(out);
          if (m) {
            clearTimeout(timer);
            done(m[1]!);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
      });
      expect(address).toBe(`http://127.0.0.1:${port}/`);
      const html = await (await fetch(address)).text();
      expect(html).toContain('<title>Grimoire playground</title>');

      // The first visit: the page loads once, is checked, and is not reloaded under the user.
      const browser = await launchBrowser();
      try {
        const p = await openPlayground(browser, address, { wait: false });
        let loads = 0;
        p.page.on('framenavigated', (f) => {
          if (f === p.page.mainFrame()) loads++;
        });
        await p.page.waitForFunction(() => /^no errors/.test(document.getElementById('status')?.textContent ?? ''), undefined, { timeout: 90_000 });
        await p.page.waitForTimeout(2_000);
        expect(loads, out).toBe(0); // (counted after the first load)
        expect(out).not.toMatch(/reloading/);
        expect(p.pageErrors).toEqual([]);
        await closePage(p);
      } finally {
        await browser.close();
      }
    } finally {
      child.kill();
    }
  }, 150_000);
});
