/**
 * Scenario steps answered by an agent (`- p1: { agent: mcts:200 }`, docs/scenarios.md): the
 * agent searches from the scenario's position and its choice is logged; a bad agent name is a
 * mistake found before anything runs, at its line and column.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../scenario/run.ts';
import { compiledGame, root } from './helpers.ts';

const file = 'rules/vanilla/rulings/v-09-agent-sees-lethal.yaml';
const text = readFileSync(join(root, file), 'utf8');

describe('an agent answering a scenario step', () => {
  it('finds the winning attack from the position, and the log says who chose it', () => {
    const out = runScenario(file, text, { ir: compiledGame('vanilla') });
    expect(out.failures).toEqual([]);
    expect(out.log.join('\n')).toContain('p1 (mcts:200) chooses attack');
  });

  it('a random player is no such proof: the same step scripted as hold does not win', () => {
    const out = runScenario(file, text.replace('{ agent: "mcts:200" }', '{ mode: hold }'), { ir: compiledGame('vanilla') });
    expect(out.passed).toBe(false);
  });

  it('reports an agent that does not exist at its place, before running', () => {
    const bad = text.replace('mcts:200', 'mtcs:200');
    const out = runScenario(file, bad, { ir: compiledGame('vanilla') });
    expect(out.error?.kind).toBe('scenario');
    const d = out.diagnostics.find((x) => x.code === 'scenario/unknown-value');
    expect(d?.message).toContain("unknown agent 'mtcs:200'");
    expect(d?.loc.line).toBe(bad.split('\n').findIndex((l) => l.includes('mtcs')) + 1);
  });
});
