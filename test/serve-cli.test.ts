/**
 * `grimoire serve` from the command line: it prints its address (a free port with --port 0), a
 * match can be created there, and Ctrl-C (SIGINT) stops it, keeping the games — in an SQLite file,
 * or in PostgreSQL (`--db postgres://…`, on the cluster test/postgres.ts starts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../server/open-store.ts';
import { storeKinds } from './serve-helpers.ts';
import { TestPostgres } from './postgres.ts';
import { SqliteStore } from '../server/sqlite-store.ts';
import { root } from './helpers.ts';

// The command as people run it (cli/bin.js, the bundle), not its sources through tsx: the same
// code, without transforming every source file at each start (seconds of CPU per start).
const bin = join(root, 'cli/bin.js');

it('grimoire serve --port 0 --db FILE: prints its address, creates matches there, stops on SIGINT with the games kept', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'grimoire-serve-cli-'));
  const db = join(dir, 'games.sqlite');
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', db, '--lang', 'en'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const address = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`serve exited (${code}) before listening: ${out}`)));
  });
  expect(out).toContain(`games kept in ${db}`);
  expect(Number(new URL(address).port)).toBeGreaterThan(0);
  const res = await fetch(`${address}/api/matches`, { method: 'POST', body: JSON.stringify({ game: 'skirmish', seed: 1 }) });
  expect(res.status).toBe(201);
  const { match } = (await res.json()) as { match: string };
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(out).toContain('stopped; every game is kept');
  const store = new SqliteStore(db);
  expect((await store.getMatch(match))?.game).toBe('skirmish');
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!storeKinds.includes('postgres'))('grimoire serve --db postgres://…', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await TestPostgres.start();
  });
  afterAll(() => pg?.stop());

  it('keeps its games in PostgreSQL: creates a match there, stops on SIGINT, the match is in the database; the password is never printed', async () => {
    const db = await pg.freshDatabase();
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--db', db, '--lang', 'en'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const address = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`serve exited (${code}) before listening: ${out}`)));
    });
    expect(out).toContain(`games kept in ${db}`);
    const res = await fetch(`${address}/api/matches`, { method: 'POST', body: JSON.stringify({ game: 'skirmish', seed: 1 }) });
    expect(res.status).toBe(201);
    const { match } = (await res.json()) as { match: string };
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const store = await openStore(db);
    expect((await store.getMatch(match))?.game).toBe('skirmish');
    await store.close();
  });

  it('says which database it cannot use, and why, in one line without the password — exit 1', async () => {
    const closed = `postgres://someone:secret@127.0.0.1:${pg.port}/no_such_database`;
    const r = spawnSync(process.execPath, [bin, 'serve', '--port', '0', '--db', closed, '--lang', 'en'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^grimoire serve: cannot use the PostgreSQL database postgres:\/\/someone:\*\*\*@127\.0\.0\.1:\d+\/no_such_database: .+ \(is the server running, the database made — createdb — and the user allowed\?\)$/);
    expect(r.stderr).not.toContain('secret');
  });
});
