/**
 * grimoire serve as the playground's server (issue 30, "Play online"): rules uploaded with a
 * match are compiled on the server — the server's own files count as its rules, edited ones are
 * played as edited, broken ones are refused with the compiler's diagnostics; a finished match's
 * record carries its rules' sources (the playground replays them); a Hint is answered only in a
 * match that allows it and only to the seat asked; the API answers other origins (CORS); the
 * built playground is served at `/` and nothing outside its folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameSources } from '../compiler/project.ts';
import type { ErrorMessage, HintMessage, MatchRecordResponse, MatchRulesResponse, ServerMessage, StateMessage } from '../server/protocol.ts';
import { compileGame } from '../compiler/compile.ts';
import { drawFaces } from '../playground/src/worker/card-faces.ts';
import { PlaytestServer } from '../server/server.ts';
import { SqliteStore } from '../server/sqlite-store.ts';
import { Client, createMatch, playOut, startServer, storeKinds, postgresForThisFile } from './serve-helpers.ts';
import { root } from './helpers.ts';

const isState = (f: ServerMessage): f is StateMessage => f.type === 'state';
const files = (game: string) => gameSources(root, game)!.map((s) => ({ path: s.path, text: s.text }));

async function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}/api/matches`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

// This file's PostgreSQL is stopped after it (the stores of its tests on each kind).
postgresForThisFile();
describe.each(storeKinds)('on %s', (kind) => {
  describe('serve: rules uploaded from the playground', () => {
    let server: PlaytestServer;
    let url: string;
    beforeAll(async () => ({ server, url } = await startServer({ kind })));
    afterAll(() => server.close());

    it('the server’s own files are its rules; edited files are played as edited; a finished match’s record carries the sources', async () => {
      const own = await createMatch(url, { game: 'skirmish', seed: 3 });
      expect(own.uploaded).toBe(false);
      const same = await createMatch(url, { game: 'skirmish', seed: 3, files: files('skirmish') });
      expect([same.uploaded, same.rules]).toEqual([false, own.rules]);

      const edited = files('skirmish').map((f) => (f.path.endsWith('cards.grim') ? { ...f, text: f.text.replace('card Soldier "Soldier": Unit { power = 2 }', 'card Soldier "Soldier": Unit { power = 3 }') } : f));
      expect(edited.some((f) => f.text.includes('power = 3'))).toBe(true);
      const m = await createMatch(url, { game: 'skirmish', seed: 3, files: edited });
      expect(m.uploaded).toBe(true);
      expect(m.rules).not.toBe(own.rules);

      const clients = [await Client.open(m.seats.p1!.ws), await Client.open(m.seats.p2!.ws)];
      await playOut(clients, 5);
      await (await server.match(m.match))!.flushed();
      const rec = (await (await fetch(`${url}/api/matches/${m.match}/record`)).json()) as MatchRecordResponse;
      expect(rec.files.map((f) => f.path).sort()).toEqual(edited.map((f) => f.path).sort());
      expect(rec.files.find((f) => f.path.endsWith('cards.grim'))!.text).toContain('power = 3');
      expect(rec.answers.length).toBe(rec.result!.answers);
      await Promise.all(clients.map((c) => c.close()));
    });

    it('a match’s own rules are given while it is played, and its cards are drawn from them — the edited card as edited', async () => {
      const edited = files('skirmish').map((f) => (f.path.endsWith('cards.grim') ? { ...f, text: f.text.replace('card Soldier "Soldier": Unit { power = 2 }', 'card Soldier "Soldier": Unit { power = 7 }') } : f));
      const m = await createMatch(url, { game: 'skirmish', seed: 4, files: edited });
      const res = await fetch(`${url}/api/matches/${m.match}/rules`);
      expect(res.status).toBe(200);
      const rules = (await res.json()) as MatchRulesResponse;
      expect([rules.match, rules.game, rules.rules]).toEqual([m.match, 'skirmish', m.rules]);
      expect(rules.files).toEqual(edited);
      // As the playground's run worker draws them (worker/card-faces.ts): the Soldier prints 7, not the page's 2.
      const ir = compileGame({ sources: rules.files, loadBase: (n) => gameSources(root, n) }).ir!;
      const drawn = drawFaces(ir).cards.find((c) => c.name === 'Soldier')!;
      expect(drawn.numbers).toContainEqual({ attr: 'power', value: 7 });
      const page = drawFaces(compileGame({ sources: gameSources(root, 'skirmish')!, loadBase: (n) => gameSources(root, n) }).ir!).cards.find((c) => c.name === 'Soldier')!;
      expect(page.numbers).toContainEqual({ attr: 'power', value: 2 });
      expect(drawn.svg).not.toBe(page.svg);
      expect((await fetch(`${url}/api/matches/no-such-match/rules`)).status).toBe(404);
    });

    it('refuses rules that do not compile, with the compiler’s diagnostics (file, line, column, code)', async () => {
      const broken = files('skirmish').map((f) => (f.path.endsWith('cards.grim') ? { ...f, text: f.text.replace('power = 2 }', 'power = }') } : f));
      const r = await post(url, { game: 'skirmish', files: broken });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/^the uploaded rules of "skirmish" do not compile: \d+ errors?, the first at cards\/skirmish\/cards\.grim:3:\d+: /);
      expect(r.body.diagnostics[0]).toMatchObject({ file: 'cards/skirmish/cards.grim', line: 3 });
      expect(typeof r.body.diagnostics[0].code).toBe('string');
    });

    it('refuses files outside the game’s folders, or a path that climbs out', async () => {
      const r1 = await post(url, { game: 'skirmish', files: [{ path: 'rules/trump/game.grim', text: 'x' }] });
      expect([r1.status, r1.body.error]).toEqual([400, 'uploaded file "rules/trump/game.grim": the rules of "skirmish" are files under rules/skirmish/ or cards/skirmish/']);
      const r2 = await post(url, { game: 'skirmish', files: [{ path: 'rules/skirmish/../../etc.grim', text: 'x' }] });
      expect(r2.status).toBe(400);
      const r3 = await post(url, { game: 'skirmish', files: [{ path: '/etc/passwd.grim', text: 'x' }] });
      expect(r3.status).toBe(400);
    });
  });

  describe('serve: Hints', () => {
    let server: PlaytestServer;
    let url: string;
    beforeAll(async () => ({ server, url } = await startServer({ kind })));
    afterAll(() => server.close());

    it('answers a Hint to the seat asked in a match that allows it — the same answer twice — and refuses it elsewhere, changing nothing', async () => {
      const m = await createMatch(url, { game: 'trump', seed: 4, hints: true });
      const c = { p1: await Client.open(m.seats.p1!.ws), p2: await Client.open(m.seats.p2!.ws) };
      const s1 = await c.p1.next<StateMessage>(isState);
      const s2 = await c.p2.next<StateMessage>(isState);
      expect(c.p1.frames[0]).toMatchObject({ type: 'hello', hints: true });
      const [asked, other] = s1.decision ? [c.p1, c.p2] : [c.p2, c.p1];
      const d = (s1.decision ?? s2.decision)!;
      const live = (await server.match(m.match))!;
      const before = { seq: live.standing.seq, hash: live.standing.hash };
      const ask = async (who: Client, msg: unknown) => {
        const from = who.frames.length;
        who.send(msg);
        return who.next<HintMessage | ErrorMessage>((f) => f.type === 'hint' || f.type === 'error', from);
      };
      const hint = (await ask(asked, { v: 1, type: 'hint', seq: d.seq, budget: 50 })) as HintMessage;
      expect(hint.type).toBe('hint');
      expect(hint.seq).toBe(d.seq);
      expect(hint.iterations).toBe(50);
      expect(hint.estimates.map((e) => e.label).sort()).toEqual([...new Set(d.options.map((o) => o.label))].sort());
      expect(await ask(asked, { v: 1, type: 'hint', seq: d.seq, budget: 50 })).toEqual(hint);
      expect(((await ask(other, { v: 1, type: 'hint', seq: d.seq, budget: 50 })) as ErrorMessage).code).toBe('not-your-decision');
      expect(((await ask(asked, { v: 1, type: 'hint', seq: d.seq, budget: 1_000_000 })) as ErrorMessage).code).toBe('malformed');
      expect(((await ask(asked, { v: 1, type: 'hint', seq: d.seq + 1, budget: 50 })) as ErrorMessage).code).toBe('stale');
      expect({ seq: live.standing.seq, hash: live.standing.hash }).toEqual(before);
      await Promise.all([c.p1.close(), c.p2.close()]);

      const plain = await createMatch(url, { game: 'trump', seed: 4 });
      const p1 = await Client.open(plain.seats.p1!.ws);
      await p1.next(isState);
      expect(p1.frames[0]).toMatchObject({ type: 'hello', hints: false });
      const from = p1.frames.length;
      p1.send({ v: 1, type: 'hint', seq: 0, budget: 50 });
      expect((await p1.next<ErrorMessage>((f) => f.type === 'error', from)).code).toBe('no-hints');
      await p1.close();
    });
  });
});

describe('serve: the playground and other origins', () => {
  let server: PlaytestServer;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'grimoire-serve-pg-'));
    mkdirSync(join(dir, 'pg/assets'), { recursive: true });
    writeFileSync(join(dir, 'pg/index.html'), '<!doctype html><title>pg</title>');
    writeFileSync(join(dir, 'pg/assets/main.js'), 'console.log(1)');
    writeFileSync(join(dir, 'secret.txt'), 'not served');
    server = new PlaytestServer({ root, store: new SqliteStore(':memory:'), playground: join(dir, 'pg') });
    url = await server.listen(0);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the built playground at / and its files, nothing outside its folder; the API stays the API', async () => {
    const index = await fetch(`${url}/`);
    expect([index.status, index.headers.get('content-type'), await index.text()]).toEqual([200, 'text/html; charset=utf-8', '<!doctype html><title>pg</title>']);
    const js = await fetch(`${url}/assets/main.js`);
    expect([js.status, js.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await fetch(`${url}/..%2fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${url}/assets/..%2f..%2fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${url}/nothing.js`)).status).toBe(404);
    expect((await fetch(`${url}/api/matches`)).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers other origins: CORS on the API, a preflight for the POST', async () => {
    const pre = await fetch(`${url}/api/matches`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')).toContain('content-type');
    const created = await fetch(`${url}/api/matches`, { method: 'POST', headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' }, body: JSON.stringify({ game: 'skirmish' }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe('*');
  });
});
