// grimoire-in-process.ts runs the command in the test's process: what it returns must be what the
// real command (cli/bin.js in a subprocess) gives, and nothing of one call may reach the next.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { language } from '../i18n/format.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

const subprocess = (args: string[], env: Record<string, string | undefined> = process.env) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8', env });

describe('grimoire in the test process', () => {
  it('gives the subprocess’s exit code, stdout and stderr: help, a usage error, an unknown game, a file that does not compile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-inproc-'));
    writeFileSync(join(dir, 'bad.grim'), 'zone hand per player privat\n');
    const env = { ...process.env, GRIMOIRE_LANG: 'en' };
    for (const args of [['help'], [], ['play'], ['play', 'no-such-game'], ['check', join(dir, 'bad.grim')], ['merge', '--games', '3']]) {
      const real = subprocess(args, env);
      const here = await grimoireInProcess(args, { cwd: root, env });
      expect({ args, status: here.status, stdout: here.stdout, stderr: here.stderr }).toEqual({ args, status: real.status, stdout: real.stdout, stderr: real.stderr });
    }
  });

  it('a game whose rules do not compile: its diagnostics and exit 1, and the test process goes on', async () => {
    const project = mkdtempSync(join(tmpdir(), 'grim-inproc-project-'));
    const env = { ...process.env, GRIMOIRE_ROOT: project, GRIMOIRE_LANG: 'en' };
    expect((await grimoireInProcess(['new', 'broken'], { cwd: project, env })).status).toBe(0);
    writeFileSync(join(project, 'rules/broken/game.grim'), 'zone hand per player privat\n');
    const here = await grimoireInProcess(['play', 'broken', '--games', '1'], { cwd: project, env });
    const real = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'play', 'broken', '--games', '1'], { cwd: project, encoding: 'utf8', env });
    expect(real.status).toBe(1);
    expect({ status: here.status, stdout: here.stdout, stderr: here.stderr }).toEqual({ status: real.status, stdout: real.stdout, stderr: real.stderr });
  });

  it('each call has its own environment, folder and language; the test’s are put back', async () => {
    const cwd = process.cwd();
    const lang = language();
    const before = { ...process.env };
    const ja = await grimoireInProcess(['play'], { cwd: tmpdir(), env: { ...process.env, GRIMOIRE_LANG: 'ja' } });
    const en = await grimoireInProcess(['play'], { cwd: root, env: { ...process.env, GRIMOIRE_LANG: 'en' } });
    expect(ja.stderr).not.toBe(en.stderr);
    expect(ja.stderr).toMatch(/[\u3040-\u30ff]/);
    expect(en.stderr).not.toMatch(/[\u3040-\u30ff]/);
    // Without `env`, the test's own environment (GRIMOIRE_ROOT as bin.js sets it).
    expect((await grimoireInProcess(['play'])).status).toBe(2);
    expect(process.cwd()).toBe(cwd);
    expect(language()).toBe(lang);
    expect({ ...process.env }).toEqual(before);
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('calls started together run one after the other, each with its own output', async () => {
    const [a, b] = await Promise.all([grimoireInProcess(['play'], { env: { ...process.env, GRIMOIRE_LANG: 'ja' } }), grimoireInProcess(['help'], { env: { ...process.env, GRIMOIRE_LANG: 'en' } })]);
    expect(a.status).toBe(2);
    expect(a.stderr).toMatch(/[\u3040-\u30ff]/);
    expect(b.status).toBe(0);
    expect(b.stderr).toBe('');
    expect(b.stdout).toMatch(/check/);
  });
});
