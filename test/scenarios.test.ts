import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenarioInRepo, scenarioFiles } from '../scenario/files.ts';
import { existsSync } from 'node:fs';
import { listGames } from '../compiler/project.ts';
import { root } from './helpers.ts';

describe('rulings casebooks', () => {
  const folders = listGames(root).map((g) => `${root}/rules/${g}/rulings`).filter((d) => existsSync(d));
  for (const file of scenarioFiles(folders)) {
    it(file.slice(root.length + 1), () => {
      const o = runScenarioInRepo(root, file, readFileSync(file, 'utf8'));
      expect(o.failures, o.log.slice(-15).join('\n')).toEqual([]);
    });
  }

  it('fails, with the expectation and the log, when the rules say otherwise', () => {
    const file = `${root}/rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml`;
    const wrong = readFileSync(file, 'utf8').replace('p2.graveyard: [♡5]', 'p2.graveyard: []');
    const o = runScenarioInRepo(root, 'wrong.yaml', wrong);
    expect(o.passed).toBe(false);
    expect(o.failures[0]).toMatch(/p2\.graveyard should be \[\] but is \[♡5\]/);
    expect(o.log.some((l) => l.includes('アタック'))).toBe(true);
  });
});
