/**
 * The server's Hints on a pool of threads (server/hint-pool.ts): the answer is the main thread's
 * for the same match, decision and budget; the pool keeps its bound (its threads, a queue); a
 * match runs one Hint per seat at a time and goes on with answers while a Hint is searched.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { HintPool, type HintFound } from '../server/hint-pool.ts';
import { hintFor } from '../server/match-host.ts';
import { rulesFingerprint } from '../server/games.ts';
import { LiveMatch, type Connection } from '../server/live-match.ts';
import { ManualClock } from '../server/clock.ts';
import { openStore } from '../server/open-store.ts';
import type { ErrorMessage, HintMessage, ServerMessage, StateMessage } from '../server/protocol.ts';
import type { AnswerRecord, MatchRecord } from '../server/store.ts';
import { compiledGame } from './helpers.ts';

const ir = compiledGame('trump');
const fingerprint = rulesFingerprint(ir);
const record = (id: string, seed: number): MatchRecord => ({ id, game: 'trump', rules: fingerprint, seed, format: null, params: {}, decks: {}, options: { timeout: { kind: 'none' }, openJudge: false, hints: true }, players: ['p1', 'p2'], createdAt: '2026-11-28T00:00:00.000Z', result: null });
const answersOf = (options: number[]): AnswerRecord[] => options.map((option, seq) => ({ seq, seat: '', option, by: 'person', at: '' }));

describe('serve: Hints on a pool of threads', () => {
  const pool = new HintPool(2);
  afterAll(() => pool.close());

  it('gives the main thread\'s answer for the same match, decision and budget — several at once, over two threads, from one copy of the rules each', async () => {
    const asks = [
      { rec: record('a', 4), answers: answersOf([]) },
      { rec: record('b', 9), answers: answersOf([0]) },
      { rec: record('c', 4), answers: answersOf([1, 0]) },
    ];
    const found = await Promise.all(asks.map((a) => pool.hint(ir, fingerprint, a.rec, a.answers, 40)));
    expect(pool.pending).toBe(0);
    for (const [i, a] of asks.entries()) expect(found[i]).toEqual(hintFor(ir, a.rec, a.answers, 40));
    expect(found[0]!.iterations).toBe(40);
  }, 120_000);
});

describe('serve: a match and its Hints', () => {
  it('runs one Hint per seat at a time and answers the other seat meanwhile; the Hint names the decision it was asked for', async () => {
    // A pool that answers when the test says: where the Hint stands is known without any timing.
    const asked: { resolve: (f: HintFound) => void; answers: number }[] = [];
    const pool = { hint: (_ir: unknown, _fp: string, _r: MatchRecord, answers: readonly AnswerRecord[]) => new Promise<HintFound>((resolve) => asked.push({ resolve, answers: answers.length })) } as unknown as HintPool;
    const store = await openStore(':memory:');
    const rec = record('m', 4);
    await store.putRules(fingerprint, 'trump', ir, []);
    await store.createMatch(rec, []);
    const match = new LiveMatch(rec, ir, [], store, new ManualClock(), pool);
    const frames: Record<string, ServerMessage[]> = { p1: [], p2: [] };
    const conn = (seat: string): Connection => ({ role: { kind: 'seat', seat }, send: (m) => frames[seat]!.push(m), logSent: 0 });
    const c = { p1: conn('p1'), p2: conn('p2') };
    match.join(c.p1);
    match.join(c.p2);
    const seatAsked = () => match.standing.decision!.player as 'p1' | 'p2';
    const first = seatAsked();
    const d = match.standing.decision!;
    expect(match.receive(c[first], JSON.stringify({ v: 1, type: 'hint', seq: d.seq, budget: 50 }))).toBeNull();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.answers).toBe(d.seq);
    // A second Hint for the same seat while the first is searched: refused, nothing queued.
    expect(match.receive(c[first], JSON.stringify({ v: 1, type: 'hint', seq: d.seq, budget: 50 }))?.code).toBe('hint-busy');
    expect(asked).toHaveLength(1);
    // The seat answers meanwhile: the match goes on at once.
    expect(match.receive(c[first], JSON.stringify({ v: 1, type: 'answer', seq: d.seq, option: 0 }))).toBeNull();
    expect(match.standing.seq).toBe(d.seq + 1);
    // The Hint comes: it names the decision it was asked for, and the seat may ask again.
    asked[0]!.resolve({ iterations: 50, estimates: [{ label: 'x', visits: 50, winRate: 0.5 }] });
    await new Promise<void>((r) => setImmediate(r));
    const hint = frames[first]!.filter((f): f is HintMessage => f.type === 'hint');
    expect(hint).toEqual([{ v: 1, type: 'hint', seq: d.seq, player: first, iterations: 50, estimates: [{ label: 'x', visits: 50, winRate: 0.5 }] }]);
    const now = match.standing.decision!;
    const errors = frames[now.player]!.filter((f): f is ErrorMessage => f.type === 'error').length;
    expect(match.receive(c[now.player as 'p1' | 'p2'], JSON.stringify({ v: 1, type: 'hint', seq: now.seq, budget: 50 }))).toBeNull();
    expect(asked).toHaveLength(2);
    expect(frames[now.player]!.filter((f) => f.type === 'error')).toHaveLength(errors);
    expect(frames[now.player]!.some((f) => f.type === 'state' && (f as StateMessage).seq === now.seq)).toBe(true);
    match.stop();
    await match.flushed();
    await store.close();
  });
});
