/**
 * Where the e2e tests find the repository and Chromium (shared by global-setup.ts, which runs
 * in the test runner's own process, and harness.ts, which runs in the test files).
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's Chromium (`apt-get install -y chromium`); CHROMIUM_PATH overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The message a developer needs when the browser is missing (the tests fail, never pass silently). */
export function missingChromium(): string | null {
  if (existsSync(chromiumPath)) return null;
  return (
    `The end-to-end tests (test/e2e) need Chromium at ${chromiumPath}, and it is not installed. ` +
    `Install it with: apt-get install -y chromium  (the tests never download a browser; CHROMIUM_PATH=… points them at another one).`
  );
}
