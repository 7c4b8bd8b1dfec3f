/**
 * The tactics puzzles as a measure of the search agents (issue 29): every puzzle of the
 * repository (a scenario with `puzzle:`, docs/scenarios.md) answered by each agent, and whether
 * it found the right answer, with the CPU time it took. `first` and `random` are the floor; the
 * agent the puzzle names, and any given with --agents, are measured against them.
 *
 *   npx tsx bench/tactics.ts [--agents first,random,mcts:200,mcts:500] [--game NAME] [--random-seeds N] [--json]
 *   GRIMOIRE_ROOT=/path/to/other/checkout npx tsx bench/tactics.ts …   (that folder's rules/ and cards/)
 *
 * `random` answers under N different agent seeds (the puzzle's own position is unchanged): its
 * rate of stumbling on the answer, with a 95% Wilson interval. Puzzles under a `hard/` folder
 * (rules/<game>/puzzles/hard/: no affordable agent solves them yet) are counted apart, on a line
 * of their own per game.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { listGames } from '../compiler/project.ts';
import { runScenarioInRepo, scenarioFiles } from '../scenario/files.ts';
import { wilson } from '../balance/statistics.ts';

// GRIMOIRE_ROOT: another checkout's rules (a game's evaluate under trial), as bench/strong.ts reads.
const root = process.env.GRIMOIRE_ROOT ?? join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { agents: { type: 'string' }, game: { type: 'string' }, 'random-seeds': { type: 'string' }, json: { type: 'boolean' } } });
// A comma starts the next agent only before an agent's name: `mcts:40,turns=2,grade=136` is one agent.
const agents = (values.agents ?? 'first,mcts:200').split(/,(?=\s*(?:first|random|greedy|strong|mcts:))/).map((a) => a.trim()).filter(Boolean);
const randomSeeds = Number(values['random-seeds'] ?? 20);
const games = values.game ? [values.game] : listGames(root);

interface Row { file: string; game: string; hard: boolean; agent: string; solved: number; tries: number; cpuMs: number }
const rows: Row[] = [];
const cpu = () => process.cpuUsage().user / 1000;

for (const game of games) {
  const folders = [join(root, 'rules', game, 'puzzles'), join(root, 'rules', game, 'rulings')].filter(existsSync);
  for (const file of scenarioFiles(folders)) {
    const text = readFileSync(file, 'utf8');
    if (!/^puzzle:/m.test(text)) continue;
    const rel = file.slice(root.length + 1);
    const hard = /[\\/]hard[\\/][^\\/]+$/.test(rel);
    const own = runScenarioInRepo(root, rel, text);
    if (!own.puzzle?.proven) {
      console.log(`${rel}: not proven — ${own.puzzle?.problems.join('; ') ?? own.failures.join('; ')}`);
      continue;
    }
    const measure = (agent: string, seedText: (k: number) => string, tries: number) => {
      let solved = 0;
      const t0 = cpu();
      for (let k = 0; k < tries; k++) if (runScenarioInRepo(root, rel, seedText(k), { agent }).puzzle?.solved) solved++;
      rows.push({ file: rel, game, hard, agent, solved, tries, cpuMs: (cpu() - t0) / tries });
    };
    measure(own.puzzle.agent, () => text, 1);
    for (const a of agents) if (a !== own.puzzle.agent && a !== 'random') measure(a, () => text, 1);
    // The random agent's seed is the scenario's seed × 1000 + the step; a puzzle whose position
    // hides nothing random plays the same under another `seed:`, so the seed varies the agent only.
    measure('random', (k) => (/^seed:/m.test(text) ? text.replace(/^seed:.*$/m, `seed: ${k + 1}`) : `seed: ${k + 1}\n${text}`), randomSeeds);
  }
}

if (values.json) console.log(JSON.stringify(rows, null, 2));
else {
  const names = [...new Set(rows.map((r) => r.agent))];
  for (const game of new Set(rows.map((r) => r.game))) {
    for (const hard of [false, true]) {
      const mine = rows.filter((r) => r.game === game && r.hard === hard);
      const files = [...new Set(mine.map((r) => r.file))];
      if (!files.length) continue;
      console.log(`\n${game}: ${files.length}${hard ? ' hard' : ''} puzzle${files.length === 1 ? '' : 's'}`);
      for (const a of names) {
        const rs = mine.filter((r) => r.agent === a);
        if (!rs.length) continue;
        const solved = rs.reduce((s, r) => s + r.solved, 0);
        const tries = rs.reduce((s, r) => s + r.tries, 0);
        const [lo, hi] = wilson(solved, tries);
        const ms = rs.reduce((s, r) => s + r.cpuMs, 0) / rs.length;
        console.log(`  ${a.padEnd(12)} solved ${solved}/${tries} (${(100 * solved / tries).toFixed(0)}% [${(100 * lo).toFixed(0)}, ${(100 * hi).toFixed(0)}])  ${ms.toFixed(0)} ms CPU a puzzle`);
      }
    }
  }
}
