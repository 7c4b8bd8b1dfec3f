// Where the browser tests find a browser (test/e2e/chromium.ts), checked without one: the
// machine's lookups are stand-ins. Then the README's command for real on a machine "without a
// browser" (CHROMIUM_PATH unset, an empty search): the browser tests are skipped with one line,
// except under CI=true, where they fail.
import { execFile } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { browserCandidates, e2ePlan, findBrowser, SEARCH_ENV, type BrowserLookups } from './e2e/chromium.ts';
import { root } from './helpers.ts';

/** A machine with these files (and these folder listings), on this system. */
function machine(platform: NodeJS.Platform, files: string[], env: Record<string, string> = {}, opts: { home?: string; playwright?: string | null; dirs?: Record<string, string[]> } = {}): BrowserLookups {
  const set = new Set(files);
  return {
    env,
    platform,
    home: opts.home ?? '/home/ana',
    isFile: (p) => set.has(p),
    list: (d) => opts.dirs?.[d] ?? [],
    playwrightChromium: () => opts.playwright ?? null,
  };
}

describe('finding a browser (test/e2e/chromium.ts)', () => {
  it('CHROMIUM_PATH when set, and only it: a wrong one is named, not replaced by another browser', () => {
    expect(findBrowser(machine('linux', ['/opt/my/chrome', '/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/my/chrome' })).path).toBe('/opt/my/chrome');
    const wrong = findBrowser(machine('linux', ['/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/gone/chrome' }));
    expect(wrong.path).toBeNull();
    expect(wrong.path === null && wrong.why).toBe('CHROMIUM_PATH=/opt/gone/chrome is not a file');
  });

  it('Linux: a Chromium or Chrome on PATH first, then the distributions’ usual places', () => {
    const path = ['/home/ana/bin', '/usr/local/bin', '/usr/bin'].join(delimiter);
    expect(findBrowser(machine('linux', ['/usr/local/bin/chromium-browser', '/usr/bin/chromium'], { PATH: path })).path).toBe('/usr/local/bin/chromium-browser');
    expect(findBrowser(machine('linux', ['/usr/bin/google-chrome-stable'], { PATH: '/home/ana/bin' })).path).toBe('/usr/bin/google-chrome-stable');
    expect(findBrowser(machine('linux', ['/snap/bin/chromium'], {})).path).toBe('/snap/bin/chromium');
    expect(findBrowser(machine('linux', ['/usr/bin/chromium'], {})).path).toBe('/usr/bin/chromium');
    expect(findBrowser(machine('linux', [], { PATH: '/usr/bin' })).path).toBeNull();
  });

  it('macOS: Google Chrome and Chromium in /Applications or ~/Applications', () => {
    expect(findBrowser(machine('darwin', ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'])).path).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    expect(findBrowser(machine('darwin', [join('/Users/ana', 'Applications/Chromium.app/Contents/MacOS/Chromium')], {}, { home: '/Users/ana' })).path).toBe(join('/Users/ana', 'Applications/Chromium.app/Contents/MacOS/Chromium'));
    // Linux's places mean nothing on a Mac.
    expect(findBrowser(machine('darwin', ['/usr/bin/chromium'])).path).toBeNull();
  });

  it('Windows: Chrome or Chromium under Program Files or the user’s local AppData', () => {
    const env = { PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)', LOCALAPPDATA: 'C:\\Users\\ana\\AppData\\Local' };
    expect(findBrowser(machine('win32', ['C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe'], env)).path).toBe('C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe');
    expect(findBrowser(machine('win32', ['C:\\Users\\ana\\AppData\\Local\\Chromium\\Application\\chrome.exe'], env)).path).toBe('C:\\Users\\ana\\AppData\\Local\\Chromium\\Application\\chrome.exe');
  });

  it('a Chromium that playwright installed: this playwright’s revision, else another one in the same folder', () => {
    const own = '/home/ana/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
    const other = '/home/ana/.cache/ms-playwright/chromium-1200/chrome-linux64/chrome';
    const dirs = { '/home/ana/.cache/ms-playwright': ['chromium-1100', 'chromium-1200', 'ffmpeg-1011', 'chromium-1255'] };
    expect(findBrowser(machine('linux', [own, other], {}, { playwright: own, dirs })).path).toBe(own);
    expect(findBrowser(machine('linux', [other], {}, { playwright: own, dirs })).path).toBe(other);
    expect(browserCandidates(machine('linux', [], {}, { playwright: own, dirs })).slice(-3)).toEqual([own, other, '/home/ana/.cache/ms-playwright/chromium-1100/chrome-linux64/chrome']);
  });

  it(`${SEARCH_ENV} replaces the search (empty: look nowhere)`, () => {
    expect(findBrowser(machine('linux', ['/usr/bin/chromium', '/x/chrome'], { [SEARCH_ENV]: ['/nothing', '/x/chrome'].join(delimiter) })).path).toBe('/x/chrome');
    const none = findBrowser(machine('linux', ['/usr/bin/chromium'], { [SEARCH_ENV]: '' }, { playwright: '/usr/bin/chromium' }));
    expect(none).toEqual({ path: null, looked: [], why: `no Chromium or Google Chrome found (${SEARCH_ENV} is empty)` });
  });

  it('no browser: the tests are skipped with one line saying how to run them; under CI=true they fail', () => {
    expect(e2ePlan(machine('linux', ['/usr/bin/chromium']))).toEqual({ run: true, browser: '/usr/bin/chromium' });
    const skip = e2ePlan(machine('darwin', []));
    expect(skip.run === false && !skip.fail && skip.line).toMatch(/^test\/e2e skipped: .*no Chromium or Google Chrome found .*To run them: install Google Chrome, or Chromium \(brew install --cask chromium\), or set CHROMIUM_PATH to a Chromium or Chrome program, then npm test/);
    const fail = e2ePlan(machine('linux', [], { CI: 'true' }));
    expect(fail.run === false && fail.fail && fail.message).toMatch(/Under CI=true a missing browser fails the run: install Chromium \(Debian\/Ubuntu: apt-get install -y chromium/);
  });
});

/** `vitest run …` in a fresh process with this environment (no browser to be found). */
function vitest(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const base = { ...process.env };
  for (const k of Object.keys(base)) if (k.startsWith('VITEST') || k === 'NODE_ENV' || k === 'CHROMIUM_PATH' || k === 'CI' || k === 'TINYPOOL_WORKER_ID') delete base[k];
  return new Promise((done) => {
    execFile(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...args], { cwd: root, env: { ...base, [SEARCH_ENV]: '', NO_COLOR: '1', FORCE_COLOR: '0', ...env }, timeout: 240_000 }, (e, stdout, stderr) =>
      done({ code: e ? (typeof e.code === 'number' ? e.code : -1) : 0, out: stripVTControlCharacters(stdout + stderr) }),
    );
  });
}

describe('the README’s npm test on a machine without a browser', () => {
  it('skips the browser tests with one line and passes; under CI=true it fails with the install command', async () => {
    const [plain, ci] = await Promise.all([vitest(['test/symbols.test.ts', 'test/e2e/start.test.ts'], {}), vitest(['test/e2e/start.test.ts'], { CI: 'true' })]);
    expect(plain.code, plain.out).toBe(0);
    expect(plain.out.match(/^test\/e2e skipped: .*$/gm), plain.out).toHaveLength(1);
    expect(plain.out).toMatch(/To run them: install Chromium .* or set CHROMIUM_PATH/);
    expect(plain.out).toMatch(/Test Files\s+1 passed \(1\)/); // symbols.test.ts, and no browser test
    expect(plain.out).not.toMatch(/start\.test\.ts|\be2e\b.*\.test\.ts/);
    expect(ci.code, ci.out).toBe(1);
    expect(ci.out).toMatch(/Under CI=true a missing browser fails the run: install Chromium \(Debian\/Ubuntu: apt-get install -y chromium/);
    expect(ci.out).not.toMatch(/skipped:/);
  });
});
