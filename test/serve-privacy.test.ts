/**
 * Frame privacy (issue 30): bot clients play whole games of each seed game through real
 * WebSockets; every frame a seat received is checked against what that seat may know at that
 * moment — by an oracle of its own: the game replayed here from the stored seed and answers, in
 * an engine of the test's, with visibility worked out from the IR's zone visibility, the holder,
 * the face-down flag and reveals (not from runtime/view.ts, which the server's frames are made with).
 *
 *   - a card the view names (an id and a name) must be one the seat may see now, and be that card;
 *   - a card name in the seat's decision or in a log line it is sent must be the name of a card the
 *     seat may see, or has seen at some event of the game so far, or lies in the seat's own zones
 *     (a player searching their own deck reads its cards);
 *   - the spectator (judge link, public view) is held to the same with no seat of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameIR } from '../compiler/ir.ts';
import type { Engine } from '../runtime/engine.ts';
import type { Card, Zone } from '../runtime/model.ts';
import type { CardView, PlayerView } from '../runtime/view.ts';
import { newEngine } from '../runtime/play.ts';
import type { PlaytestServer } from '../server/server.ts';
import type { ServerMessage, StateMessage } from '../server/protocol.ts';
import type { MatchStore } from '../server/store.ts';
import { Client, createMatch, playOut, startServer, storeKinds, postgresForThisFile } from './serve-helpers.ts';


function zoneOf(card: Card): Zone | null {
  let c: Card | null = card;
  while (c && !c.zone) c = c.host;
  return c ? c.zone : null;
}

/**
 * The oracle: may the player with this index (-1: a spectator) know which card this is, now? A
 * card revealed to every player is public: the spectator sees it too.
 */
function mayKnow(ir: GameIR, seat: number, card: Card, players: number): boolean {
  const everyone = (1 << players) - 1;
  if (seat >= 0 ? card.revealedTo & (1 << seat) : (card.revealedTo & everyone) === everyone) return true;
  const zone = zoneOf(card);
  if (!zone) return true;
  const holder = (zone.player ?? card.owner).index;
  const vis = ir.zones[zone.def]!.visibility;
  if (vis === 'hidden') return false;
  if (vis === 'private') return holder === seat;
  return !card.facedown || holder === seat;
}

function cardViews(v: PlayerView): CardView[] {
  const out: CardView[] = [];
  const add = (c: CardView) => {
    out.push(c);
    c.attached.forEach(add);
  };
  for (const p of v.players) for (const z of p.zones) z.cards?.forEach(add);
  for (const z of v.shared) z.cards?.forEach(add);
  for (const r of v.stack) r.cards.forEach(add);
  return out;
}

function namesIn(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[0]);
}

/** Replays the match and checks each reader's frames at the decision they were sent at. */
function checkFrames(ir: GameIR, seed: number, params: Record<string, number>, answers: number[], frames: Map<number, StateMessage[]>, players: string[]): { checked: number; hash: number } {
  const names = [...new Set(ir.cards.map((c) => c.name))].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  const readers = [...frames.keys()];
  const seen = new Map<number, Set<string>>(readers.map((r) => [r, new Set<string>()]));
  let engine!: Engine;
  const learn = () => {
    for (const r of readers) for (const c of engine.allCards()) if (mayKnow(ir, r, c, engine.players.length)) seen.get(r)!.add(c.name);
  };
  engine = newEngine(ir, seed, { log: true, maxSteps: 200_000, params, onLog: () => learn() });
  engine.reset(seed);
  let checked = 0;
  const check = (seq: number) => {
    learn();
    const all = engine.allCards();
    for (const r of readers) {
      const own = new Set(r >= 0 ? engine.players[r]!.zones.flatMap((z) => (z ? z.cards.map((c) => c.name) : [])) : []);
      for (const f of frames.get(r)!.filter((x) => x.seq === seq)) {
        checked++;
        const who = r >= 0 ? players[r] : 'spectator';
        for (const cv of cardViews(f.view)) {
          if (cv.name === undefined) {
            expect(cv.id, `${who} got a nameless card with an id`).toBeUndefined();
            continue;
          }
          const card = all[cv.id! - 1]!;
          expect(card?.name, `${who}: card id ${cv.id} is not ${cv.name}`).toBe(cv.name);
          expect(mayKnow(ir, r, card, engine.players.length), `${who} was shown ${cv.name} (id ${cv.id}) at answer ${seq}, which it may not see`).toBe(true);
        }
        for (const l of f.log) for (const n of namesIn(l.text, pattern)) expect(seen.get(r)!.has(n), `${who}'s log names ${n}, a card it never saw: "${l.text}"`).toBe(true);
        if (f.decision) for (const o of f.decision.options) for (const n of namesIn(o.label, pattern)) expect(seen.get(r)!.has(n) || own.has(n), `${who}'s option "${o.label}" names ${n}`).toBe(true);
      }
    }
  };
  let next = 0;
  engine.run(() => {
    check(next);
    return answers[next++]!;
  });
  check(next);
  return { checked, hash: engine.hash >>> 0 };
}

// This file's PostgreSQL is stopped after it (the stores of its tests on each kind).
postgresForThisFile();
describe.each(storeKinds)('on %s', (kind) => {
  let server: PlaytestServer;
  let url: string;
  let store: MatchStore;
  beforeAll(async () => ({ server, url, store } = await startServer({ kind })));
  afterAll(() => server.close());

  // The whole games on the first store only: a frame is made from the live engine, never from
  // the store, whose own part (the answers kept, a replay) serve-match.test.ts runs on each kind.
  if (kind === storeKinds[0]) describe('serve: every frame a seat receives holds only what that seat may know', () => {
    for (const [game, seed, params] of [['trump', 3, {}], ['summon-magic', 5, {}], ['t-magic', 7, {}], ['spimate', 11, {}], ['spimate', 12, { player_count: 3 }]] as const) {
      it(`${game}${Object.keys(params).length ? ` (${JSON.stringify(params)})` : ''}: a whole game between bots over WebSockets`, async () => {
        const m = await createMatch(url, { game, seed, params });
        const players = Object.keys(m.seats);
        const seats = await Promise.all(players.map((p) => Client.open(m.seats[p]!.ws)));
        const judge = await Client.open(m.judge.ws);
        const finals = await playOut(seats, seed);
        const last = finals[0]!;
        // The judge has seen the end too.
        await judge.next((f) => f.type === 'state' && f.result !== null);
        expect(last.result).not.toBeNull();
        const live = (await server.match(m.match))!;
        await live.flushed();
        const stored = await store.answers(m.match);
        expect(stored.length).toBe(last.seq);
        const states = (c: Client) => c.frames.filter((f: ServerMessage): f is StateMessage => f.type === 'state');
        const frames = new Map<number, StateMessage[]>([...seats.map((c, i) => [i, states(c)] as const), [-1, states(judge)]]);
        // Every frame was checked, the decisions went only to their seats, and the oracle played the same game.
        const ir = live.ir;
        const { checked, hash } = checkFrames(ir, seed, params, stored.map((a) => a.option), frames, players);
        expect(checked).toBe([...frames.values()].reduce((n, l) => n + l.length, 0));
        expect(hash).toBe((await store.getMatch(m.match))!.result!.hash);
        for (const [r, list] of frames) for (const f of list) if (f.decision) expect(f.decision.player).toBe(players[r]);
        expect(states(judge).every((f) => f.decision === null)).toBe(true);
        // Each seat was asked, and saw a card name somewhere.
        for (const c of seats) expect(states(c).some((f) => f.decision)).toBe(true);
        expect(players.length).toBe('player_count' in params ? params.player_count : 2);
        await Promise.all([...seats, judge].map((c) => c.close()));
      });
    }
  });

  describe('serve: the judge link', () => {
    it('sees the public view by default, and every card when the match allows an open judge view', async () => {
      const closed = await createMatch(url, { game: 'trump', seed: 4 });
      const open = await createMatch(url, { game: 'trump', seed: 4, openJudge: true });
      const hands = async (link: string) => {
        const c = await Client.open(link);
        const s = await c.next<StateMessage>((f) => f.type === 'state');
        const hello = c.frames.find((f) => f.type === 'hello');
        await c.close();
        const hand = s.view.players.map((p) => p.zones.find((z) => z.zone === 'hand')!);
        return { role: hello && hello.type === 'hello' ? hello.role : null, viewer: s.view.viewer, named: hand.map((z) => (z.cards ?? []).filter((c) => c.name !== undefined).length), counts: hand.map((z) => z.count) };
      };
      const pub = await hands(closed.judge.ws);
      expect(pub.role).toEqual({ kind: 'judge', open: false });
      expect(pub.viewer).toBe('spectator');
      expect(pub.named).toEqual([0, 0]);
      const all = await hands(open.judge.ws);
      expect(all.role).toEqual({ kind: 'judge', open: true });
      expect(all.viewer).toBe('judge');
      expect(all.named).toEqual(all.counts);
      expect(all.counts.every((n) => n > 0)).toBe(true);
    });
  });
});
