// The playground's games with seats (playground/src/worker/match.ts, match-run.ts), without the
// browser: a person's answers replayed from the seed, agents' seats thinking with progress, the
// log and board as the person may see them, and the Hint's per-option estimates.
import { describe, expect, it } from 'vitest';
import type { MatchReport, RunReply, RunRequest } from '../playground/src/worker/run-protocol.ts';
import { runHint, runMatch } from '../playground/src/worker/match-run.ts';
import { playMatch, type Seat } from '../playground/src/worker/match.ts';
import { hiddenCard } from '../playground/src/worker/player-log.ts';
import { compiledGame } from './helpers.ts';

const HIDDEN_CARD = hiddenCard();

const person: Seat = { kind: 'person', budget: 0 };
const mcts = (budget: number): Seat => ({ kind: 'mcts', budget });

function request(seats: Seat[], answers: number[], seed = 5): Extract<RunRequest, { type: 'match' }> {
  return { type: 'match', id: 1, files: [], game: 'trump', seed, maxSteps: 100_000, seats, answers, think: true };
}

describe('playground games with seats', () => {
  const ir = compiledGame('trump');

  it('a person (p1) plays a whole game against MCTS by answering one decision at a time', () => {
    const seats = [person, mcts(10)];
    let answers: number[] = [];
    let report: MatchReport | null = null;
    const posted: RunReply[] = [];
    let steps = 0;
    for (;;) {
      report = runMatch(request(seats, answers), ir, (r) => posted.push(r), 0).report;
      expect(report.problem).toBeNull();
      if (!report.decision) break;
      // Each stop is p1's decision, seen by p1.
      expect(report.decision.player).toBe('p1');
      expect(report.viewer).toBe('p1');
      expect(report.decision.options.length).toBeGreaterThan(0);
      if (report.decision.canPass) expect(report.decision.options.at(-1)).toBe('pass');
      // The answers so far are kept, and one more is given (the last option: passing when allowed).
      expect(report.answers.slice(0, answers.length)).toEqual(answers);
      answers = [...report.answers, steps % 3 === 0 ? report.decision.options.length - 1 : 0];
      steps++;
      expect(steps).toBeLessThan(2000);
    }
    expect(report.result).not.toBeNull();
    expect(report.viewer).toBe('judge');
    // The agent's seat said how far it was, and each answer it gave.
    expect(posted.some((r) => r.type === 'thinking' && r.player === 'p2' && r.total === 10 && r.done === 10)).toBe(true);
    expect(posted.some((r) => r.type === 'answered')).toBe(true);
    // The same answers replay the same game, without any agent thinking.
    const again = playMatch({ what: 'match', ir, game: 'trump', seed: 5, maxSteps: 100_000, answers: report.answers });
    expect(again.engine.result?.winner).toBe(report.result!.winner);
    expect(again.engine.decisions).toBe(report.decisions);
  });

  it("the person's log and board never name the other player's hidden cards", () => {
    const report = runMatch(request([person, { kind: 'random', budget: 0 }], []), ir, () => {}, 0).report;
    expect(report.viewer).toBe('p1');
    const dealt = report.log.filter((s) => s.kind === 'move' && s.text.endsWith('→ p2.hand'));
    expect(dealt.length).toBeGreaterThan(0);
    for (const s of dealt) expect(s.text).toMatch(new RegExp(`^(${HIDDEN_CARD}, )*${HIDDEN_CARD} → p2\\.hand$`));
    // p1's own cards are named.
    const own = report.log.find((s) => s.kind === 'move' && s.text.endsWith('→ p1.hand'))!;
    expect(own.text).not.toContain(HIDDEN_CARD);
    const p2hand = report.view!.players.find((p) => p.name === 'p2')!.zones.find((z) => z.zone === 'hand')!;
    expect(p2hand.cards).toBeNull();
    // The judge's log (no person) names them.
    const judge = runMatch({ ...request([person, person], []), think: false, seats: [mcts(1), mcts(1)] }, ir, () => {}, 0).report;
    expect(judge.viewer).toBe('judge');
    expect(judge.log.find((s) => s.kind === 'move' && s.text.endsWith('→ p2.hand'))!.text).not.toContain(HIDDEN_CARD);
  });

  it("a Strong seat plays the agent the game's header names (Spimate's), to the end of a game against a Random seat", () => {
    const sp = compiledGame('spimate');
    const r = runMatch({ ...request([{ kind: 'strong', budget: 0 }, { kind: 'random', budget: 0 }], []), game: 'spimate' }, sp, () => {}, 0).report;
    expect(r.problem).toBeNull();
    // Nobody is a person: the agents play the whole game.
    expect(r.decision).toBeNull();
    expect(r.answers.length).toBeGreaterThan(5);
  });

  it('without thinking, the game stops at the next decision, whoever it is (after a Cancel)', () => {
    const r = runMatch({ ...request([person, mcts(50)], []), think: false }, ir, () => {}, 0).report;
    const first = r.decision!;
    const r2 = runMatch({ ...request([person, mcts(50)], [0]), think: false }, ir, () => {}, 0).report;
    expect(first).not.toBeNull();
    expect(r2.answers).toEqual([0]);
    expect(r2.decision).not.toBeNull();
  });

  it('a Hint gives each option of the decision at hand its visits and win rate', () => {
    const at = runMatch(request([person, mcts(5)], []), ir, () => {}, 0).report;
    const posted: RunReply[] = [];
    const hint = runHint({ type: 'hint', id: 2, files: [], game: 'trump', seed: 5, maxSteps: 100_000, answers: at.answers, budget: 60 }, ir, (r) => posted.push(r), 0);
    expect(hint.problem).toBeNull();
    expect(hint.player).toBe(at.decision!.player);
    expect(hint.iterations).toBe(60);
    expect(new Set(hint.estimates.map((e) => e.label))).toEqual(new Set(at.decision!.options));
    expect(hint.estimates.reduce((n, e) => n + e.visits, 0)).toBe(60);
    for (let i = 1; i < hint.estimates.length; i++) expect(hint.estimates[i - 1]!.visits).toBeGreaterThanOrEqual(hint.estimates[i]!.visits);
    for (const e of hint.estimates) expect(e.winRate).toBeGreaterThanOrEqual(0), expect(e.winRate).toBeLessThanOrEqual(1);
    expect(posted.some((r) => r.type === 'thinking' && r.done === 60 && r.total === 60)).toBe(true);
  });
});

describe('the log as a player may read it', () => {
  it('a card revealed to the reader is named, even when its owner cannot see it', () => {
    const ir = compiledGame('trump');
    // Find a game where p2 reveals a card to p1 (TR-8: a card from a life pile): p1 reads its name.
    for (let seed = 1; seed < 60; seed++) {
      let answers: number[] = [];
      for (let k = 0; k < 200; k++) {
        const r = runMatch(request([person, { kind: 'random', budget: 0 }], answers, seed), ir, () => {}, 0).report;
        const revealed = r.log.filter((s) => s.kind === 'reveal' && s.text.endsWith('revealed to p1') && s.player === 'p2');
        if (revealed.length) {
          for (const s of revealed) expect(s.text).not.toContain(HIDDEN_CARD);
          return;
        }
        if (!r.decision) break;
        answers = [...r.answers, k % r.decision.options.length];
      }
    }
    throw new Error('no game of seeds 1…59 reveals a card of p2 to p1');
  });
});
