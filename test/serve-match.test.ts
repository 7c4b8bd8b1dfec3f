/**
 * grimoire serve (issue 30): forged messages are refused and change nothing; a seat that drops
 * and reconnects resumes the same game while the other hears "waiting for p2"; the timeout policy
 * (an injectable clock: no waiting); links are unguessable; a finished game replays from the
 * store to the same final state and exports as a scenario that runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ManualClock } from '../server/clock.ts';
import { playTo } from '../server/match-host.ts';
import type { ErrorMessage, PresenceMessage, ServerMessage, StateMessage } from '../server/protocol.ts';
import { PlaytestServer } from '../server/server.ts';
import { openStore } from '../server/open-store.ts';
import { runScenarioInRepo } from '../scenario/files.ts';
import { Client, createMatch, freshDb, playOut, startServer, storeKinds, postgresForThisFile } from './serve-helpers.ts';
import { root } from './helpers.ts';

const isState = (f: ServerMessage): f is StateMessage => f.type === 'state';
const isError = (f: ServerMessage): f is ErrorMessage => f.type === 'error';

/** Sends a message and waits for the error it earns. */
async function refused(c: Client, message: unknown): Promise<ErrorMessage> {
  const from = c.frames.length;
  c.send(message);
  return c.next<ErrorMessage>(isError, from);
}

/** The seat whose decision is pending, by its client, and that decision. */
function decider(clients: Record<string, Client>) {
  for (const [seat, c] of Object.entries(clients)) {
    const s = c.state;
    if (s?.decision) return { seat, c, d: s.decision, other: Object.entries(clients).find(([p]) => p !== seat)![1] };
  }
  throw new Error('nobody is asked');
}

// This file's PostgreSQL is stopped after it (the stores of its tests on each kind).
postgresForThisFile();
describe.each(storeKinds)('on %s', (kind) => {
  describe('serve: forged messages are refused, and nothing changes', () => {
    let server: PlaytestServer;
    let url: string;
    beforeAll(async () => ({ server, url } = await startServer({ kind })));
    afterAll(() => server.close());

    it('refuses malformed JSON, a bad shape, another seat, a question not asked, a stale answer, a missing option, the judge', async () => {
      const m = await createMatch(url, { game: 'trump', seed: 9 });
      const clients = { p1: await Client.open(m.seats.p1!.ws), p2: await Client.open(m.seats.p2!.ws) };
      const judge = await Client.open(m.judge.ws);
      await Promise.all(Object.values(clients).map((c) => c.next(isState)));
      const live = (await server.match(m.match))!;
      const { seat, c, d, other } = decider(clients);
      const before = { seq: live.standing.seq, hash: live.standing.hash, answers: live.answerList().length };

      expect((await refused(c, '{not json')).code).toBe('malformed');
      expect((await refused(c, { v: 1, type: 'answer', seq: d.seq })).message).toMatch(/must have required property 'option'/);
      expect((await refused(c, { v: 2, type: 'answer', seq: d.seq, option: 0 })).message).toMatch(/protocol version 1/);
      expect((await refused(c, { v: 1, type: 'answer', seq: d.seq, option: 0, extra: true })).message).toMatch(/unknown field "extra"/);
      expect((await refused(c, { v: 1, type: 'answer', seq: -1, option: 0 })).code).toBe('malformed');
      expect((await refused(c, { v: 1, type: 'answer', seq: d.seq, option: 0.5 })).code).toBe('malformed');
      // Acting for another seat: naming it, or answering with the other seat's link.
      const otherSeat = seat === 'p1' ? 'p2' : 'p1';
      const forSeat = await refused(c, { v: 1, type: 'answer', seq: d.seq, option: 0, seat: otherSeat });
      expect([forSeat.code, forSeat.message]).toEqual(['wrong-seat', `this link plays ${seat}, not ${otherSeat}: each player answers with their own link`]);
      const notAsked = await refused(other, { v: 1, type: 'answer', seq: d.seq, option: 0 });
      expect([notAsked.code, notAsked.message]).toEqual(['not-your-decision', `${otherSeat} is not asked anything now: the pending decision (${d.seq}) is ${seat}'s`]);
      expect((await refused(c, { v: 1, type: 'answer', seq: d.seq + 1, option: 0 })).code).toBe('stale');
      expect((await refused(c, { v: 1, type: 'answer', seq: d.seq, option: d.options.length })).code).toBe('no-such-option');
      expect((await refused(judge, { v: 1, type: 'answer', seq: d.seq, option: 0 })).code).toBe('spectator');
      // Nothing changed.
      expect({ seq: live.standing.seq, hash: live.standing.hash, answers: live.answerList().length }).toEqual(before);

      // A real answer is taken; replaying it afterwards (an old sequence number) is refused.
      const from = c.frames.length;
      c.send({ v: 1, type: 'answer', seq: d.seq, option: 0 });
      await c.next((f) => isState(f) && f.seq > d.seq, from);
      const after = { seq: live.standing.seq, hash: live.standing.hash };
      const replayed = await refused(c, { v: 1, type: 'answer', seq: d.seq, option: 0 });
      expect(replayed.code).toMatch(/stale|not-your-decision/);
      if (replayed.code === 'stale') expect(replayed.message).toMatch(/already answered/);
      expect({ seq: live.standing.seq, hash: live.standing.hash }).toEqual(after);
      await Promise.all([...Object.values(clients), judge].map((x) => x.close()));
    });

    it('closes a socket that sends a message over 64 KB; the match and the server go on', async () => {
      const m = await createMatch(url, { game: 'trump', seed: 2 });
      const c = await Client.open(m.seats.p1!.ws);
      await c.next(isState);
      c.send('x'.repeat(70_000));
      await c.closed;
      const again = await Client.open(m.seats.p1!.ws);
      expect((await again.next<StateMessage>(isState)).seq).toBe(0);
      await again.close();
    });

    it('refuses an unknown token and a bad match request, with a reason', async () => {
      await expect(Client.open(`${url.replace('http', 'ws')}/ws?token=nope`)).rejects.toThrow(/401/);
      const bad = async (body: unknown) => {
        const res = await fetch(`${url}/api/matches`, { method: 'POST', body: JSON.stringify(body) });
        return [res.status, ((await res.json()) as { error: string }).error];
      };
      expect(await bad({ game: 'nosuch' })).toEqual([400, expect.stringMatching(/unknown game "nosuch"; the games are .*trump/)]);
      expect(await bad({ game: 'trump', format: 'huge' })).toEqual([400, expect.stringMatching(/huge/)]);
      expect(await bad({ game: 'trump', timeout: { kind: 'agent' } })).toEqual([400, expect.stringMatching(/timeout/)]);
      expect(await bad({ game: 'trump', decks: { p1: { main: [['♠1', 1]] } } })).toEqual([400, expect.stringMatching(/no deck check/)]);
      const res = await fetch(`${url}/api/matches`, { method: 'POST', body: '{' });
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, 'the request body is not JSON']);
    });

    it('gives each seat and the judge its own unguessable token, and keeps only their hashes', async () => {
      const m = await createMatch(url, { game: 'summon-magic', seed: 1 });
      const tokens = [m.seats.p1!.token, m.seats.p2!.token, m.judge.token];
      expect(new Set(tokens).size).toBe(3);
      for (const t of tokens) expect(Buffer.from(t, 'base64url').length).toBe(24);
      const listed = JSON.stringify(await (await fetch(`${url}/api/matches`)).json());
      for (const t of tokens) expect(listed).not.toContain(t);
      // A match still being played does not give away its seed and answers.
      expect((await fetch(`${url}/api/matches/${m.match}/record`)).status).toBe(403);
    });
  });

  describe('serve: a seat that drops resumes where the match is', () => {
    it('p2 drops mid-game: p1 hears "waiting for p2"; p2 comes back with the same link and is asked the same decision', async () => {
      const { server, url } = await startServer({ kind });
      const m = await createMatch(url, { game: 'spimate', seed: 4 });
      let p1 = await Client.open(m.seats.p1!.ws);
      let p2 = await Client.open(m.seats.p2!.ws);
      const live = (await server.match(m.match))!;
      // Play on until p2 is asked, a few answers in.
      const random = (n: number) => (live.answerList().length * 7 + 3) % n;
      for (;;) {
        const s = live.standing;
        if (s.decision!.player === 'p2' && s.seq >= 6) break;
        const c = s.decision!.player === 'p1' ? p1 : p2;
        const from = c.frames.length;
        c.send({ v: 1, type: 'answer', seq: s.seq, option: random(s.decision!.options.length) });
        await c.next((f) => isState(f) && f.seq > s.seq, from);
      }
      const at = live.standing;
      const fromP1 = p1.frames.length;
      await p2.close();
      const waiting = await p1.next<PresenceMessage>((f) => f.type === 'presence' && f.notice !== null, fromP1);
      expect(waiting.notice).toBe('waiting for p2');
      expect(waiting.presence).toEqual({ p1: 'connected', p2: 'away' });

      p2 = await Client.open(m.seats.p2!.ws);
      const resumed = await p2.next<StateMessage>(isState);
      expect(resumed.seq).toBe(at.seq);
      expect(resumed.decision).toEqual(at.decision);
      expect(resumed.view).toEqual(at.views.get('p2'));
      // The whole log again, as p2 may read it, and p1 hears that p2 is back.
      expect(resumed.log).toEqual(at.logs.get('p2'));
      await p1.next<PresenceMessage>((f) => f.type === 'presence' && f.presence.p2 === 'connected', fromP1);

      // p1 drops too and comes back: the game is the same, and it plays to the end.
      await p1.close();
      p1 = await Client.open(m.seats.p1!.ws);
      expect((await p1.next<StateMessage>(isState)).seq).toBe(at.seq);
      const [end] = await playOut([p1, p2], 2);
      expect(end!.result).not.toBeNull();
      await Promise.all([p1.close(), p2.close()]);
      await server.close();
    });

    it('timeout "agent": after N minutes away while asked, an agent answers for the seat until its person is back', async () => {
      const clock = new ManualClock();
      const { server, url, store } = await startServer({ clock, kind });
      const m = await createMatch(url, { game: 'trump', seed: 5, timeout: { kind: 'agent', minutes: 2 } });
      const p1 = await Client.open(m.seats.p1!.ws);
      const live = (await server.match(m.match))!;
      await p1.next(isState);
      // p2 never came: if p2 is asked, its timer runs; if p1 is asked, p1 answers until p2 is.
      while (live.standing.decision!.player !== 'p2') {
        const s = live.standing;
        const from = p1.frames.length;
        p1.send({ v: 1, type: 'answer', seq: s.seq, option: 0 });
        await p1.next((f) => isState(f) && f.seq > s.seq, from);
      }
      const asked = live.standing.seq;
      expect(clock.pending).toBe(1);
      clock.advance(119_000);
      expect(live.standing.seq).toBe(asked);
      const from = p1.frames.length;
      clock.advance(1_000);
      const after = await p1.next<StateMessage>((f) => isState(f) && f.seq > asked, from);
      expect(after.presence.p2).toBe('agent');
      await live.flushed();
      const kept = await store.answers(m.match);
      expect(kept[asked]).toMatchObject({ seq: asked, seat: 'p2', by: 'agent' });
      expect(kept.filter((a) => a.by === 'person').every((a) => a.seat === 'p1')).toBe(true);
      // p2 arrives: the seat is theirs again.
      const p2 = await Client.open(m.seats.p2!.ws);
      const back = await p2.next<StateMessage>(isState);
      expect(back.presence.p2).toBe('connected');
      await Promise.all([p1.close(), p2.close()]);
      await server.close();
    });

    it('timeout "none" (the default) sets no timer: the table waits', async () => {
      const clock = new ManualClock();
      const { server, url } = await startServer({ clock, kind });
      const m = await createMatch(url, { game: 'trump', seed: 5 });
      const p1 = await Client.open(m.seats.p1!.ws);
      await p1.next(isState);
      expect(clock.pending).toBe(0);
      clock.advance(7 * 24 * 3_600_000);
      expect((await server.match(m.match))!.answerList()).toEqual([]);
      await p1.close();
      await server.close();
    });

    it('timeout "concede": the seat away past its minutes loses the match', async () => {
      const clock = new ManualClock();
      const { server, url, store } = await startServer({ clock, kind });
      const m = await createMatch(url, { game: 'summon-magic', seed: 2, timeout: { kind: 'concede', minutes: 1 } });
      const live = (await server.match(m.match))!;
      const asked = live.standing.decision!.player;
      const present = asked === 'p1' ? 'p2' : 'p1';
      const c = await Client.open(m.seats[present]!.ws);
      await c.next(isState);
      const from = c.frames.length;
      clock.advance(60_000);
      const end = await c.next<StateMessage>((f) => isState(f) && f.result !== null, from);
      expect(end.result).toEqual({ winner: present, reason: `${asked} conceded: away for 1 minutes while asked to decide` });
      await live.flushed();
      expect((await store.getMatch(m.match))!.result).toMatchObject({ winner: present, hash: null });
      await c.close();
      await server.close();
    });
  });

  describe('serve: every game kept', () => {
    let dir: string;
    beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'grimoire-serve-'))));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('a finished game replays from the database file to the same final state, after a restart, and exports as a scenario that runs', async () => {
      const db = await freshDb(kind, join(dir, 'games.sqlite'));
      const first = await startServer({ db });
      const m = await createMatch(first.url, { game: 't-magic', seed: 21 });
      const clients = await Promise.all(Object.values(m.seats).map((s) => Client.open(s.ws)));
      const [end] = await playOut(clients, 8);
      await Promise.all(clients.map((c) => c.close()));
      const live = (await first.server.match(m.match))!;
      const final = { hash: live.standing.hash, result: live.standing.result, view: live.standing.views.get('public') };
      await first.server.close();

      // Another server on the same database: the match, its rules and its answers are there.
      const store = await openStore(db);
      const record = (await store.getMatch(m.match))!;
      expect(record).toMatchObject({ game: 't-magic', seed: 21, players: ['p1', 'p2'], result: { winner: end!.result!.winner, reason: end!.result!.reason, hash: final.hash, answers: end!.seq } });
      const ir = (await store.getRules(record.rules))!;
      const answers = await store.answers(m.match);
      expect(answers.map((a) => a.seq)).toEqual(answers.map((_, i) => i));
      const replay = playTo(ir, record, answers).standing;
      expect({ hash: replay.hash, result: replay.result, view: replay.views.get('public') }).toEqual(final);
      await store.close();

      const again = await startServer({ db });
      const rec = (await (await fetch(`${again.url}/api/matches/${m.match}/record`)).json()) as { answers: unknown[]; seed: number };
      expect([rec.seed, rec.answers.length]).toEqual([21, end!.seq]);
      // Exported as a ruling: it replays the game to the position and its check holds.
      for (const upto of [5, end!.seq]) {
        const res = await fetch(`${again.url}/api/matches/${m.match}/scenario?upto=${upto}`);
        const yaml = await res.text();
        expect(res.headers.get('content-type')).toMatch(/yaml/);
        expect(parse(yaml)).toMatchObject({ game: 't-magic', seed: 21, start: 'setup', strict: true });
        const outcome = runScenarioInRepo(root, join(dir, `export-${upto}.yaml`), yaml);
        expect(outcome.failures).toEqual([]);
      }
      expect((await fetch(`${again.url}/api/matches/${m.match}/scenario?upto=99999`)).status).toBe(400);
      await again.server.close();
    });
  });
});
