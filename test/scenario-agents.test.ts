/**
 * Scenario steps answered by an agent (`- p1: { agent: mcts:300 }`, docs/scenarios.md): the
 * agent searches from the scenario's position and its choice is logged; a bad agent name is a
 * mistake found before anything runs, at its line and column.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../scenario/run.ts';
import { compiledGame, root } from './helpers.ts';

const file = 'rules/vanilla/rulings/v-09-agent-holds-back.yaml';
const text = readFileSync(join(root, file), 'utf8');

describe('an agent answering a scenario step', () => {
  it('holds its creature back to block, and the log says who chose it', () => {
    const out = runScenario(file, text, { ir: compiledGame('vanilla') });
    expect(out.failures).toEqual([]);
    expect(out.log.join('\n')).toContain('p1 (mcts:300) chooses hold');
  });

  it('the first option (what `first` plays, and a coin flip half the time) fails the ruling', () => {
    const out = runScenario(file, text.replace('{ agent: "mcts:300" }', '{ mode: attack }'), { ir: compiledGame('vanilla') });
    expect(out.passed).toBe(false);
    const first = runScenario(file, text.replace('mcts:300', 'first'), { ir: compiledGame('vanilla') });
    expect(first.passed).toBe(false);
  });

  it('reports an agent that does not exist at its place, before running', () => {
    const bad = text.replace('mcts:300', 'mtcs:300');
    const out = runScenario(file, bad, { ir: compiledGame('vanilla') });
    expect(out.error?.kind).toBe('scenario');
    const d = out.diagnostics.find((x) => x.code === 'scenario/unknown-value');
    expect(d?.message).toContain("unknown agent 'mtcs:300'");
    expect(d?.loc.line).toBe(bad.split('\n').findIndex((l) => l.includes('mtcs')) + 1);
  });
});

describe("a scenario's written position, for a search", () => {
  it("the opponent's hand is re-dealt with the deck (one origin per owner); a face-down card counts as unknown", async () => {
    const { setUp } = await import('../scenario/run.ts');
    const { Engine } = await import('../runtime/engine.ts');
    const { Rng } = await import('../runtime/rng.ts');
    const hands = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const e = new Engine(compiledGame('vanilla'), { seed: 1 });
      e.trackKnowledge = true;
      setUp(e, compiledGame('vanilla'), { turn: 4, active: 'p2', p1: { board: ['C3'], deck: ['C6'] }, p2: { hand: ['C5', 'C6'], deck: ['C1', 'C4', 'C2'] } });
      e.positionWritten();
      e.redealFor(e.players[0]!, new Rng(seed));
      hands.add(e.players[1]!.zones.find((z) => z?.name === 'hand')!.cards.map((c) => c.name).sort().join());
      // p1's own cards stay.
      expect(e.players[0]!.zones.find((z) => z?.name === 'board')!.cards.map((c) => c.name)).toEqual(['C3']);
    }
    expect(hands.size).toBeGreaterThan(3);
  });
});
