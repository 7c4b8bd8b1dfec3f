// Tactics puzzles (docs/scenarios.md, "Puzzles"): positions where one answer is clearly right.
// Each puzzle of the repository is proven — its right answer meets the expectations and no
// tempting wrong answer does — and solved by the agent it names; answering the first option
// (`first`) solves none. A hard puzzle (`hard: true`, kept in rules/<game>/puzzles/hard/) is a
// target no affordable agent solves yet: proven and not solved by `first`, and it passes whether
// its own agent solves it or not (bench/tactics.ts reports it apart). How often a random player stumbles on the answer is a rate, measured in
// bench/tactics.ts, not asserted here.
import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioInRepo, scenarioFiles } from '../scenario/files.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import { compileGame } from '../compiler/compile.ts';
import { root } from './helpers.ts';

const isHardPuzzle = (file: string) => /[\\/]hard[\\/][^\\/]+$/.test(file);

const folders = listGames(root).flatMap((g) => [`${root}/rules/${g}/puzzles`, `${root}/rules/${g}/rulings`]).filter((d) => existsSync(d));
const puzzles = scenarioFiles(folders).filter((f) => /^puzzle:/m.test(readFileSync(f, 'utf8')));

describe('tactics puzzles', () => {
  it('there are puzzles to run', () => {
    expect(puzzles.length).toBeGreaterThan(0);
  });
  for (const file of puzzles) {
    const name = file.slice(root.length + 1);
    const hard = isHardPuzzle(file);
    it(`${name}: proven${hard ? ' (hard: not required to be solved)' : ', and solved by its agent'}; not by 'first'`, () => {
      const text = readFileSync(file, 'utf8');
      const own = runScenarioInRepo(root, file, text);
      expect(own.puzzle?.problems, own.failures.join('\n')).toEqual([]);
      // The folder and the flag agree: `grimoire scenario rules/<game>` passes a hard puzzle it does not solve.
      expect(own.puzzle?.hard).toBe(hard);
      expect(own.passed).toBe(true);
      if (!hard) expect(own.puzzle?.solved, own.log.slice(-15).join('\n')).toBe(true);
      // A first-option answer that takes the game where the script's later steps cannot follow
      // (the run stops with an error, and no proof is run) has not solved it either.
      const first = runScenarioInRepo(root, file, text, { agent: 'first' });
      expect(first.puzzle?.solved ?? false, first.log.slice(-15).join('\n')).toBe(false);
      if (!hard) expect(first.passed).toBe(false);
    });
  }

  // The game's own strong agent (`agent strong "…"` in its header, docs/agents.md) solves every
  // puzzle of the seed games that is not a hard one, under the puzzle's own seed.
  for (const file of puzzles.filter((f) => !isHardPuzzle(f) && /rules[\\/](trump|summon-magic|t-magic|spimate)[\\/]/.test(f))) {
    it(`${file.slice(root.length + 1)}: solved by strong`, () => {
      const o = runScenarioInRepo(root, file, readFileSync(file, 'utf8'), { agent: 'strong' });
      expect(o.puzzle?.solved, o.log.slice(-15).join('\n')).toBe(true);
    });
  }

  it('a cut search needs sure=P where the evaluation saturates: P-TM-01 (lethal now, the enemy deck already empty)', () => {
    // T-magic's evaluation before its weights were fitted (rules/t-magic/README.md) gave an empty
    // deck −1000, so at a cut every line here scores a win (1 / (1 + e^(−1000/43)) ≈ 1) and the
    // search cannot tell the one that wins now from the one that only looks won. Squeezed into
    // 0.04..0.96, a cut is worth less than the won game. That evaluation, as a revision:
    const worth = (p: string) =>
      `(if is_empty(${p}.deck) then -1000 else 0) + 4 * count(${p}.deck) + sum(${p}.field, 10 + 3 * it.HP + 2 * it.A) + 2 * count(${p}.RZ) + count(${p}.MZ) + 2 * count(${p}.hand)`;
    const text = `revision t_magic_saturating "T-magic, the guessed evaluation" revises t_magic {\n  version "test"\n}\n\noverride evaluate = ${worth('me')} - (${worth('opponent')})\n`;
    const compiled = compileGame({ sources: [{ path: 'saturating.grim', text }], loadBase: (n) => gameSources(root, n) });
    if (!compiled.ir) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
    const file = `${root}/rules/t-magic/puzzles/p-tm-01-clear-then-deck-attack.yaml`;
    const puzzle = readFileSync(file, 'utf8');
    const solves = (agent: string) => runScenarioInRepo(root, file, puzzle, { agent, ir: compiled.ir }).puzzle?.solved;
    expect(solves('mcts:100,turns=2,grade=43,sure=0.96')).toBe(true);
    expect(solves('mcts:100,turns=2,grade=43')).toBe(false);
  });

  it('a wrong answer that meets the expectations makes the puzzle unproven, and says so', () => {
    const file = `${root}/rules/vanilla/rulings/v-09-agent-holds-back.yaml`;
    // Expect nothing that tells holding from attacking: the "wrong" answer passes too.
    const blunt = readFileSync(file, 'utf8').replace('C5: { tapped: false }', 'C5: { power: 5 }');
    const o = runScenarioInRepo(root, 'blunt.yaml', blunt);
    expect(o.puzzle?.proven).toBe(false);
    expect(o.passed).toBe(false);
    expect(o.failures.join('\n')).toMatch(/wrong answer 1 meets the expectations too/);
  });
});
