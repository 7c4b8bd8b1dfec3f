/**
 * `npm start`: the playground's dev server, which prints the address to open. Run here with the
 * script's own command line on a port the system picks (`--port 0`: 5173 may be taken, and a
 * port chosen here could be taken by another program before the server binds it), as on a first
 * start (`--force`: dependencies bundled anew): the page loads once, without the reload a dev
 * server makes when it finds a dependency late.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closePage, launchBrowser, openPlayground, root, WAIT } from './harness.ts';

describe('npm start', () => {
  it('serves the playground and tells the user which address to open', async () => {
    const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    expect(script).toMatch(/^vite /);
    // The browser first: without one the test fails at once, before starting a server.
    const browser = await launchBrowser();
    const args = [...script.split(' ').slice(1), '--port', '0', '--strictPort', '--host', '127.0.0.1', '--force'];
    const env = { ...process.env };
    delete env.NODE_ENV;
    const child = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    try {
      const address = await new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no address printed within ${WAIT / 1000} s:\n${out}`)), WAIT);
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
        child.once('exit', (code) => {
          clearTimeout(timer);
          fail(new Error(`the dev server exited (${code}) before printing an address:\n${out}`));
        });
      });
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*\/$/);
      const html = await (await fetch(address)).text();
      expect(html).toContain('<title>Grimoire playground</title>');

      // The first visit: the page loads once, is checked, and is not reloaded under the user.
      const p = await openPlayground(browser, address, { wait: false });
      let loads = 0;
      p.page.on('framenavigated', (f) => {
        if (f === p.page.mainFrame()) loads++;
      });
      await p.page.waitForFunction(() => /^no errors/.test(document.getElementById('status')?.textContent ?? ''));
      // A late dependency would make the server re-bundle and reload the page once everything
      // was requested: wait for the network to go quiet, then watch a moment for a reload.
      // (A window for something that must NOT happen; on a busy machine it can only let a
      // late reload slip by, never fail a good start.)
      await p.page.waitForLoadState('networkidle');
      await p.page.waitForTimeout(2_000);
      expect(loads, out).toBe(0); // (counted after the first load)
      expect(out).not.toMatch(/reloading/);
      expect(p.pageErrors).toEqual([]);
      await closePage(p);
    } finally {
      child.kill();
      await browser.close();
    }
  });
});
