// The command in a shell: a closed pipe, Ctrl-C on the progress bar, bad numbers, unwritable
// output files. None of them may end in a stack trace or in "a bug in Grimoire".
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grimoireInProcess } from './grimoire-in-process.ts';
import { root } from './helpers.ts';

const bin = join(root, 'cli/bin.js');
// Each command's own limit turns a run that does not stop (a refusal that came after the games)
// into a failure; the tests that run several have vitest.config.ts's limit, not a sum of these
// (at a load average of 20, nine refusals took 154 s and failed a 110 s limit on the test).
const grimoire = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 110_000 });
const stackTrace = /\n\s+at .*:\d+|node:internal|Node\.js v\d/;

/** util-linux `script` gives the command a terminal (the progress bar is drawn only on one). */
const hasScript = process.platform === 'linux' && spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

describe('grimoire in a shell', () => {
  it('build | head: the reader goes away, the command stops quietly (exit 0, no EPIPE trace)', async () => {
    const child = spawn(process.execPath, [bin, 'build', 'trump'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // Like `head -1`: read the first chunk, then close the pipe.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).not.toMatch(/EPIPE|internal error/);
    expect(stderr).not.toMatch(stackTrace);
    expect(code).toBe(0);
  });

  it('numeric options: out of range or not whole numbers are usage errors (exit 2) that say the range', async () => {
    const cases: [string[], RegExp][] = [
      [['--seed', '1e20'], /--seed takes a whole number from 0 to 4294967295.*got '1e20'/],
      [['--seed', '4294967296'], /--seed 4294967296 is out of range/],
      [['--seed', '4294967295', '--games', '2'], /--games 2 is out of range: .* from 1 to 1/],
      [['--games', '2.5'], /--games takes a whole number from 1 to/],
      [['--games', '0'], /--games 0 is out of range/],
      [['--games', '99999999999999999999'], /--games 99999999999999999999 is out of range/],
      [['--workers', '0'], /--workers 0 is out of range: it takes a whole number from 1 to 256/],
      [['--workers', 'many'], /--workers takes a whole number/],
      [['--param', 'opening_hand=1e3'], /parameter 'opening_hand' is a whole number, got '1e3'/],
    ];
    // The first as a shell sees it (the exit code of cli/bin.js); the rest in this process — what
    // is tested is the option's reading, and each subprocess cost ~2 s of CPU.
    for (const [i, [args, message]] of cases.entries()) {
      const r = i === 0 ? grimoire('play', 'trump', ...args) : await grimoireInProcess(['play', 'trump', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout, args.join(' ')).not.toMatch(/game\(s\) of/);
    }
  });

  it('an unwritable --final-state, --summaries or --out is said at once, with the path and the reason — not as a bug, not after the games', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-out-'));
    const missing = join(dir, 'no-such-folder', 'f.jsonl');
    // A million games would take many minutes: the refusal must come before any is played.
    const play = grimoire('play', 'trump', '--games', '1000000', '--workers', '1', '--final-state', missing);
    expect(play.signal).toBeNull();
    expect(play.status).toBe(2);
    expect(play.stderr).toContain(`cannot write --final-state ${missing}: the folder ${join(dir, 'no-such-folder')} does not exist`);
    expect(play.stderr).not.toMatch(/bug|internal error/);
    const summaries = grimoire('play', 'trump', '--games', '1000000', '--workers', '1', '--summaries', dir);
    expect(summaries.status).toBe(2);
    expect(summaries.stderr).toContain(`cannot write --summaries ${dir}: it is a folder`);
    const out = grimoire('build', 'trump', '--out', missing);
    expect(out.status).toBe(2);
    expect(out.stderr).toContain(`cannot write --out ${missing}`);
    for (const r of [play, summaries, out]) expect(r.stderr).not.toMatch(stackTrace);
  });

  it.skipIf(!hasScript)('Ctrl-C on the progress bar shows the cursor again and exits 130', async () => {
    // The bar hides the cursor (ESC[?25l) once the run is longer than a second; ^C arrives
    // through the terminal like a user's, once the bar is drawn.
    const child = spawn('script', ['-qfec', `"${process.execPath}" "${bin}" play trump --games 1000000 --workers 1`, '/dev/null'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    const stray = setTimeout(() => child.kill(), 100_000); // never leave a million games running
    let screen = '';
    let sent = false;
    child.stdout.on('data', (d) => {
      screen += d;
      if (!sent && screen.includes('\x1b[?25l') && screen.includes('/1000000')) {
        sent = true;
        child.stdin.write('\x03');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    clearTimeout(stray);
    expect(sent).toBe(true);
    expect(code).toBe(130);
    expect(screen.lastIndexOf('\x1b[?25h')).toBeGreaterThan(screen.lastIndexOf('\x1b[?25l'));
    expect(screen).toMatch(/interrupted/);
    expect(screen).not.toMatch(stackTrace);
  }, 120_000);
});
