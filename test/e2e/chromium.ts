/**
 * Where the e2e tests find the repository and a browser (shared by vitest.config.ts, which
 * decides whether the browser tests run; global-setup.ts, in the test runner's own process; and
 * harness.ts, in the test files). A browser is looked for where people have one — never
 * downloaded. Without one the browser tests are skipped with one line saying how to run them,
 * except under CI=true, where they fail with it (CI installs Chromium: .ci/run).
 *
 * The lookups (environment, platform, file system, playwright's own browser folder) are passed
 * in, so that test/chromium.test.ts checks the search on any machine without a browser.
 */
import { readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Replaces the whole search below (CHROMIUM_PATH still comes first): a list of paths separated
 * like PATH; empty means "look nowhere". For trying the no-browser path on a machine that has one.
 */
export const SEARCH_ENV = 'GRIMOIRE_BROWSER_SEARCH';

/** What the search reads from the machine. */
export interface BrowserLookups {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  home: string;
  /** A file that can be run (a folder is not). */
  isFile: (path: string) => boolean;
  /** The names in a folder ([] when it is not one). */
  list: (dir: string) => string[];
  /** Where this playwright-core keeps its own Chromium (whether installed or not), or null. */
  playwrightChromium: () => string | null;
}

export const machine: BrowserLookups = {
  env: process.env,
  platform: process.platform,
  home: homedir(),
  isFile: (p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  },
  list: (d) => {
    try {
      return readdirSync(d);
    } catch {
      return [];
    }
  },
  playwrightChromium: () => {
    try {
      return chromium.executablePath() || null;
    } catch {
      return null;
    }
  },
};

/** Program names of Chromium and Google Chrome on PATH (Linux and other Unix distributions). */
const UNIX_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** Where distributions and vendors install them when PATH does not say. */
const UNIX_PATHS = [
  '/usr/bin/chromium', // Debian
  '/usr/bin/chromium-browser', // Ubuntu, Fedora, Alpine
  '/usr/lib/chromium/chromium', // Debian, Alpine (the binary behind the wrapper)
  '/usr/lib64/chromium-browser/chromium-browser', // Fedora, openSUSE
  '/snap/bin/chromium', // Ubuntu's snap
  '/var/lib/flatpak/exports/bin/org.chromium.Chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/usr/local/bin/chromium', // FreeBSD, hand-built
];

const MAC_APPS = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium'];

/** Every place to look, in order (CHROMIUM_PATH apart). */
export function browserCandidates(m: BrowserLookups): string[] {
  const override = m.env[SEARCH_ENV];
  if (override !== undefined) return override.split(delimiter).filter((p) => p !== '');
  const out: string[] = [];
  if (m.platform === 'win32') {
    const bases = [m.env.LOCALAPPDATA, m.env.PROGRAMFILES, m.env['PROGRAMFILES(X86)'], m.env.ProgramFiles, m.env['ProgramFiles(x86)']].filter((b): b is string => !!b);
    for (const b of bases) out.push(`${b}\\Google\\Chrome\\Application\\chrome.exe`, `${b}\\Chromium\\Application\\chrome.exe`);
  } else if (m.platform === 'darwin') {
    for (const app of MAC_APPS) out.push(`/Applications/${app}`, join(m.home, 'Applications', app));
  } else {
    for (const dir of (m.env.PATH ?? '').split(delimiter).filter((d) => d !== '')) for (const name of UNIX_NAMES) out.push(join(dir, name));
    out.push(...UNIX_PATHS);
  }
  out.push(...playwrightBrowsers(m));
  return [...new Set(out)];
}

/**
 * Chromium that playwright installed (`npx playwright install chromium`, for this or another
 * project): this playwright-core's own revision first, then any other revision in the same folder.
 */
function playwrightBrowsers(m: BrowserLookups): string[] {
  const own = m.playwrightChromium();
  if (!own) return [];
  // <browsers folder>/chromium-<revision>/<platform folder>/…/chrome
  const parts = own.split(/[\\/]/);
  const at = parts.findIndex((p) => /^chromium-\d+$/.test(p));
  if (at < 0) return [own];
  const folder = own.slice(0, own.indexOf(parts[at]!) - 1);
  const inside = parts.slice(at + 1);
  const others = m
    .list(folder)
    .filter((n) => /^chromium-\d+$/.test(n) && n !== parts[at])
    .sort((a, b) => Number(b.slice(9)) - Number(a.slice(9)))
    .map((n) => [folder, n, ...inside].join(own.includes('\\') ? '\\' : '/'));
  return [own, ...others];
}

export type BrowserSearch = { path: string; looked: string[] } | { path: null; looked: string[]; why: string };

/** The browser to drive: CHROMIUM_PATH when set (and only it), else the first candidate there. */
export function findBrowser(m: BrowserLookups = machine): BrowserSearch {
  const chosen = m.env.CHROMIUM_PATH;
  if (chosen) {
    if (m.isFile(chosen)) return { path: chosen, looked: [chosen] };
    return { path: null, looked: [chosen], why: `CHROMIUM_PATH=${chosen} is not a file` };
  }
  const looked = browserCandidates(m);
  const path = looked.find((p) => m.isFile(p));
  if (path) return { path, looked };
  return { path: null, looked, why: looked.length ? `no Chromium or Google Chrome found (looked in ${looked.length} places: PATH, the usual install folders, playwright's browsers)` : `no Chromium or Google Chrome found (${SEARCH_ENV} is empty)` };
}

/** How to get a browser, for the machine's system. */
export function installHint(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'install Google Chrome, or Chromium (brew install --cask chromium)';
  if (platform === 'win32') return 'install Google Chrome (https://www.google.com/chrome/)';
  return "install Chromium (Debian/Ubuntu: apt-get install -y chromium; Fedora: dnf install chromium) or Google Chrome";
}

/** What `npm test` does with the browser tests on this machine. */
export type E2ePlan = { run: true; browser: string } | { run: false; fail: false; line: string } | { run: false; fail: true; message: string };

export function e2ePlan(m: BrowserLookups = machine, search: BrowserSearch = findBrowser(m)): E2ePlan {
  if (search.path !== null) return { run: true, browser: search.path };
  const how = `${installHint(m.platform)}, or set CHROMIUM_PATH to a Chromium or Chrome program`;
  if (m.env.CI === 'true' || m.env.CI === '1') {
    return {
      run: false,
      fail: true,
      message: `The end-to-end tests (test/e2e) need a browser, and there is none: ${search.why}. Under CI=true a missing browser fails the run: ${how}. (The tests never download a browser.)`,
    };
  }
  return {
    run: false,
    fail: false,
    line: `test/e2e skipped: the playground's browser tests need Chromium or Chrome, and ${search.why}. To run them: ${how}, then npm test (or npx vitest run --project e2e).`,
  };
}

const found = findBrowser();

/** The browser the tests drive (CHROMIUM_PATH, or the one found); Debian's path when none was found (for messages). */
export const chromiumPath = found.path ?? machine.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The message a developer needs when the browser is missing (the tests fail, never pass silently). */
export function missingChromium(): string | null {
  const plan = e2ePlan(machine, found);
  if (plan.run) return null;
  return plan.fail ? plan.message : plan.line;
}


/**
 * How the tests start the browser (playwright-core's launch options): the flags from
 * docs/stack-notes — without the networking ones Chromium hammers the closed network.
 */
export function launchOptions(env?: Record<string, string>): Parameters<typeof chromium.launch>[0] & Parameters<typeof chromium.launchServer>[0] {
  return {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    ...(env ? { env } : {}),
  };
}
