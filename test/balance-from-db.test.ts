/**
 * `grimoire balance --from-db` (issue 30): matches played by bots through a real server are kept;
 * the balance lab reads the finished ones with the same rules beside its simulated games, says
 * how many it read and skipped and why, and folds them as it folds simulated games — the people's
 * seat wins are the kept results, each rate with its n and interval. On SQLite and PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../server/open-store.ts';
import { Client, createMatch, freshDb, playOut, startServer, storeKinds, postgresForThisFile } from './serve-helpers.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';
import type { FromDbJson } from '../cli/balance-from-db.ts';

// In this process (grimoire-in-process.ts); a database that is not there also through cli/bin.js, as a shell sees it.
const grimoire = (args: string[]) => grimoireInProcess(args, { cwd: root, env: { ...process.env, GRIMOIRE_LANG: 'en' } });
const grimoireProcess = (args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8', timeout: 300_000, env: { ...process.env, GRIMOIRE_LANG: 'en' } });

// This file's PostgreSQL is stopped after it (the stores of its tests on each kind).
postgresForThisFile();
describe.each(storeKinds)('balance --from-db on %s', (kind) => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'grimoire-from-db-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the finished matches of the same rules, skips the others with their reason, and labels the people\'s numbers', async () => {
    const db = await freshDb(kind, join(dir, 'kept.sqlite'));
    const { server, url, store } = await startServer({ db });
    const winners: (string | null)[] = [];
    for (const seed of [3, 4, 5]) {
      const m = await createMatch(url, { game: 't-magic', seed });
      const clients = await Promise.all(Object.values(m.seats).map((s) => Client.open(s.ws)));
      const [end] = await playOut(clients, seed * 7);
      winners.push(end!.result!.winner);
      await Promise.all(clients.map((c) => c.close()));
    }
    // A match still being played, and one of another game: the first is skipped, the second not a t-magic game at all.
    await createMatch(url, { game: 't-magic', seed: 6 });
    await createMatch(url, { game: 'trump', seed: 6 });
    // A finished match kept under other rules (another version of t-magic), written through the store.
    const any = (await store.listMatches()).find((m) => m.game === 't-magic' && m.result)!;
    await store.putRules('0123456789abcdef', 't-magic', (await store.getRules(any.rules))!, []);
    await store.createMatch({ ...any, id: 'other-rules-1', rules: '0123456789abcdef' }, []);
    await store.finish('other-rules-1', any.result!);
    await server.close();

    const out = await grimoire(['balance', 't-magic', '--games', '20', '--values', 'none', '--from-db', db, '--json']);
    expect(out.status, out.stderr).toBe(0);
    const report = JSON.parse(out.stdout) as { games: number; fromDb: FromDbJson };
    expect(report.games).toBe(20);
    const kept = report.fromDb;
    expect(kept).toMatchObject({ source: 'people', read: 3, skipped: { unfinished: 1, 'other-rules': 1, 'other-format': 0, 'other-params': 0, conceded: 0, 'not-replayed': 0 } });
    expect(kept.report.games).toBe(3);
    // The people's seat wins are the kept results, with their sample size and interval.
    for (const seat of ['p1', 'p2']) {
      const wins = kept.report.seats.players.find((p) => p.seat === seat)!.wins;
      expect(wins.k).toBe(winners.filter((w) => w === seat).length);
      expect(wins.n).toBe(3);
      expect(wins.ci95[0]).toBeLessThanOrEqual(wins.rate);
      expect(wins.ci95[1]).toBeGreaterThanOrEqual(wins.rate);
      expect(kept.report.seats.players.find((p) => p.seat === seat)!.agent).toBe('person');
    }
    // Cards were drawn and played in people's games: the tally ran on the replays.
    expect(kept.report.cards.some((c) => c.played.k > 0)).toBe(true);

    // The text says where each number comes from, and what was skipped and why.
    const text = await grimoire(['balance', 't-magic', '--games', '20', '--values', 'none', '--from-db', db]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/From people — kept games of t-magic in .*: 3 games read .*; 2 skipped: 1 not finished .*, 1 played with other rules/);
    expect(text.stdout).toMatch(/p1 wins\s+\d+\.\d% \(95% CI [\d.]+%–[\d.]+%, n = 3\)\s+\d+\.\d% \(95% CI [\d.]+%–[\d.]+%, n = 20\)/);

    // Another format or parameters: the kept games are skipped with that reason.
    const params = await grimoire(['balance', 't-magic', '--games', '10', '--values', 'none', '--from-db', db, '--json', '--param', 'max_monsters=3']);
    expect(params.status, params.stderr).toBe(0);
    expect((JSON.parse(params.stdout) as { fromDb: FromDbJson }).fromDb).toMatchObject({ read: 0, skipped: { 'other-params': 3, unfinished: 1, 'other-rules': 1 } });
    const reopened = await openStore(db);
    expect((await reopened.listMatches()).length).toBe(6);
    await reopened.close();
  }, 240_000);
});

it('a --from-db file that does not exist is refused before any game is played', () => {
  const out = grimoireProcess(['balance', 't-magic', '--games', '10', '--from-db', join(tmpdir(), 'no-such-grimoire-db.sqlite')]);
  expect(out.status).not.toBe(0);
  expect(out.stderr).toMatch(/no such database file: .*no-such-grimoire-db\.sqlite/);
  expect(out.stderr).not.toMatch(/at .*\.ts:\d+/);
});

