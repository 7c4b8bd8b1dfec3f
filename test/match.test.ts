// Matches (issue 28): a game played as best of N games on one engine, with what happens between
// games declared in the rules — who starts the next game, zones kept for the match — and
// scenarios that start at a later game of a match. The fixture (test/fixtures/match, the game
// `duel`) is best of three: the last game's loser chooses who starts, and a game's winner gives
// up a Big card for the rest of the match (the zone `removed`, kept between games).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import type { GameIR } from '../compiler/ir.ts';
import { gameSources } from '../compiler/project.ts';
import { StopRun, type Decision } from '../runtime/engine.ts';
import { declaredLength, gameSeed, matchOver, playMatch } from '../runtime/match.ts';
import { foldMatches, playMatches } from '../runtime/match-batch.ts';
import { newEngine, playGame } from '../runtime/play.ts';
import { runScenario } from '../scenario/run.ts';
import { checkScenario, parseScenario } from '../scenario/check.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

const project = join(root, 'test/fixtures/match');

function duel(): GameIR {
  const r = compileGame({ sources: gameSources(project, 'duel')! });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.loc.line}:${d.loc.col} ${d.message}`).join('\n'));
  return r.ir;
}

/** The diagnostics of the fixture's rules with `match { … }` replaced by `text`. */
function diagnosticsWith(text: string): { code: string; message: string; line: number }[] {
  const sources = gameSources(project, 'duel')!.map((s) => (s.path.endsWith('game.grim') ? { ...s, text: s.text.replace(/match cite "fixture §M" \{[\s\S]*?\n\}\n/, text) } : s));
  expect(sources.some((s) => s.text.includes(text))).toBe(true);
  return compileGame({ sources }).diagnostics.filter((d) => d.severity === 'error').map((d) => ({ code: d.code, message: d.message, line: d.loc.line }));
}

const removed = (ir: GameIR) => ir.zones.findIndex((z) => z.name === 'removed');

describe('matches: the declaration', () => {
  it('lowers to the IR: best of a parameter, between games, a zone kept for the match', () => {
    const ir = duel();
    expect(ir.match).toMatchObject({ length: 'bestOf', games: 3, gamesParam: ir.params.findIndex((p) => p.name === 'match_games') });
    expect(ir.match!.betweenGames!.cite).toContain('fixture §M.2');
    expect(ir.zones[removed(ir)]!.keptForMatch).toBe(true);
    expect(ir.zones.filter((z) => z.keptForMatch).map((z) => z.name)).toEqual(['removed']);
    expect(declaredLength(ir)).toEqual({ length: 'bestOf', games: 3 });
    expect(declaredLength(ir, { match_games: 5 })).toEqual({ length: 'bestOf', games: 5 });
  });

  it('bad match declarations are clear diagnostics with codes', () => {
    expect(diagnosticsWith('match {\n  between games { set active = last_loser }\n}\n')).toEqual([expect.objectContaining({ code: 'match/length', message: expect.stringContaining("write 'best of 3'") })]);
    expect(diagnosticsWith('match {\n  best of 3\n  first to 2 wins\n}\n')).toEqual([expect.objectContaining({ code: 'match/length', line: expect.any(Number), message: expect.stringContaining('a second length') })]);
    expect(diagnosticsWith('match {\n  best of 0\n}\n')).toEqual([expect.objectContaining({ code: 'match/length', message: expect.stringContaining('1 or more') })]);
    expect(diagnosticsWith('match {\n  best of param match_gamez\n}\n')).toEqual([expect.objectContaining({ code: 'match/length', message: expect.stringContaining("no parameter 'match_gamez'") })]);
    expect(diagnosticsWith('match {\n  best of 3\n  between games { }\n  between games { }\n}\n')).toEqual([expect.objectContaining({ code: 'match/between' })]);
    expect(diagnosticsWith('match {\n  best of 3\n}\nmatch {\n  best of 5\n}\n')).toEqual([expect.objectContaining({ code: 'match/duplicate', message: expect.stringContaining('at most one') })]);
    // A misspelt item word is a parse error that names the words a match has.
    const stray = diagnosticsWith('match {\n  bset of 3\n}\n');
    expect(stray.map((d) => d.message).join(' ')).toContain("did you mean 'best'");
  });

  it("a revision replaces its base game's match with override match", () => {
    const rev = 'revision duel_bo5 "Best of five" revises duel {\n  version "2"\n}\n\noverride match cite "revision: best of five" {\n  best of 5\n}\n';
    const r = compileGame({ sources: [{ path: 'rev.grim', text: rev }], loadBase: (n) => (n === 'duel' ? gameSources(project, 'duel') : undefined) });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.ir!.match).toMatchObject({ length: 'bestOf', games: 5, gamesParam: -1, betweenGames: null, cite: 'revision: best of five' });
    const twice = compileGame({ sources: [{ path: 'rev.grim', text: rev.replace('override match', 'match') }], loadBase: (n) => (n === 'duel' ? gameSources(project, 'duel') : undefined) });
    expect(twice.diagnostics.find((d) => d.code === 'match/duplicate')?.notes?.join(' ')).toContain("write 'override match");
  });

  it('the match facts are typed names: match_game a number, last_winner and last_loser players, match_wins(p) a number', () => {
    const bad = diagnosticsWith('match {\n  best of 3\n  between games { set active = match_game }\n}\n');
    expect(bad).toEqual([expect.objectContaining({ code: expect.stringMatching(/^type\//) })]);
    expect(diagnosticsWith('match {\n  best of 3\n  between games { if match_wins(last_winner) > 1 { set active = last_loser } }\n}\n')).toEqual([]);
  });
});

describe('matches: the runner', () => {
  it('best of three is decided after two games or three, and first to N when someone has N wins', () => {
    const bo3 = { length: 'bestOf', games: 3 } as const;
    expect(matchOver(bo3, [1, 0], 1)).toBe(false);
    expect(matchOver(bo3, [2, 0], 2)).toBe(true);
    expect(matchOver(bo3, [1, 1], 2)).toBe(false);
    expect(matchOver(bo3, [1, 0], 2)).toBe(false); // a draw and a win: the other can still draw level
    expect(matchOver(bo3, [1, 1], 3)).toBe(true); // three games, one drawn: a drawn match
    expect(matchOver({ length: 'firstTo', games: 2 }, [1, 1], 2)).toBe(false);
    expect(matchOver({ length: 'firstTo', games: 2 }, [2, 1], 3)).toBe(true);
    expect(gameSeed(7, 1)).toBe(7);
    expect(gameSeed(7, 2)).not.toBe(gameSeed(8, 2));

    const ir = duel();
    const engine = newEngine(ir, 1);
    const lengths = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const m = playMatch(engine, seed, declaredLength(ir)!);
      lengths.add(m.games.length);
      expect(Math.max(...m.wins)).toBe(2);
      expect(m.winner).toBe(`p${m.wins.indexOf(2) + 1}`);
      // The last game decided it: its winner is the match's.
      expect(m.games[m.games.length - 1]!.result.winner).toBe(m.winner);
      expect(m.games[0]!.seed).toBe(seed);
    }
    expect([...lengths].sort()).toEqual([2, 3]);
  });

  it('game 1 of a match is the game played alone with the same seed', () => {
    const ir = duel();
    const a = playMatch(newEngine(ir, 9), 9, { length: 'bestOf', games: 3 });
    expect(a.games[0]!.hash).toBe(playGame(ir, 9).hash);
    const b = playMatch(newEngine(ir, 9), 9, { length: 'bestOf', games: 1 });
    expect(b.games).toHaveLength(1);
    expect(b.games[0]!.hash).toBe(a.games[0]!.hash);
  });

  it('a zone kept for the match keeps its cards from game to game; everything else is set up afresh', () => {
    const ir = duel();
    const engine = newEngine(ir, 1);
    const z = removed(ir);
    for (let seed = 1; seed <= 20; seed++) {
      const m = playMatch(engine, seed, { length: 'bestOf', games: 3 });
      const last = m.games[m.games.length - 1]!.result.winner;
      // Each game's winner gave up one Big before the next game: the kept zone holds one per game won before the last.
      for (const p of engine.players) {
        const wonBefore = m.wins[p.index]! - (last === p.name ? 1 : 0);
        expect(p.zones[z]!.cards.map((c) => c.name)).toEqual(Array(wonBefore).fill('Big'));
        // The deck is rebuilt without the removed Bigs: the player owns two Bigs in all, wherever they are.
        const all = engine.players.flatMap((q) => q.zones.flatMap((zone) => zone?.cards ?? [])).filter((c) => c.owner === p);
        expect(all.filter((c) => c.name === 'Big')).toHaveLength(2);
      }
    }
  });

  it("the last game's loser is asked who starts, before the next game's setup", () => {
    const ir = duel();
    const engine = newEngine(ir, 3);
    engine.nextGameOfMatch(gameSeed(3, 2), { game: 2, wins: [1, 0], lastWinner: 0, lastLoser: 1 });
    let first: Decision | null = null;
    engine.run((d) => {
      first = d;
      throw new StopRun(d);
    });
    const d = first as Decision | null;
    expect(d?.player.name).toBe('p2');
    expect(d?.prompt).toContain('go first or second');
    expect(d?.options.map((o) => o.label)).toEqual(['first', 'second']);
    expect(engine.turn).toBe(0); // not yet set up
    // Answered "second": p1 starts game 2.
    const e2 = newEngine(ir, 3);
    e2.nextGameOfMatch(gameSeed(3, 2), { game: 2, wins: [1, 0], lastWinner: 0, lastLoser: 1 });
    let turnOne = '';
    e2.run((dd) => {
      if (dd.prompt.includes('go first or second')) return 1;
      turnOne = e2.active.name;
      throw new StopRun(dd);
    });
    expect(turnOne).toBe('p1');
  });

  it('a batch of matches folds into match results, games per match and the games beside', () => {
    const ir = duel();
    const report = foldMatches(playMatches(ir, 1, 30, { length: 'bestOf', games: 3 }));
    expect(report.matches).toBe(30);
    expect(report.errors).toBe(0);
    expect(report.results.p1! + report.results.p2! + report.results.draw!).toBe(30);
    expect(Object.keys(report.gamesPerMatch.counts).sort()).toEqual(['2', '3']);
    expect(report.games.games).toBe(report.gamesPerMatch.counts['2']! * 2 + report.gamesPerMatch.counts['3']! * 3);
  });

  it('a game without a match declaration plays matches of games each set up afresh; match_game still counts', () => {
    const ir = compiledGame('skirmish');
    expect(ir.match).toBeUndefined();
    const m = playMatch(newEngine(ir, 1), 1, { length: 'bestOf', games: 3 });
    expect(m.games.length).toBeGreaterThanOrEqual(2);
    expect(m.games.length).toBeLessThanOrEqual(3);
  });
});

describe('matches: scenarios at a later game of a match', () => {
  const run = (file: string, ir?: GameIR) => runScenario(file, readFileSync(file, 'utf8'), ir ? { ir } : { rules: (g) => compiledGame(g) });

  it('the fixture: game 3, the kept cards given, the loser of game 2 chooses', () => {
    const o = run(join(project, 'rules/duel/rulings/game-3-removed-for-the-match.yaml'), duel());
    expect(o.failures).toEqual([]);
    expect(o.passed).toBe(true);
  });

  it('a step answered by a search agent at game 3: its searches replay game 3 of the match (facts and kept cards)', () => {
    const file = join(project, 'rules/duel/rulings/game-3-removed-for-the-match.yaml');
    const text = readFileSync(file, 'utf8').replace('- p2: { mode: first }', '- p2: { agent: "mcts:20" }');
    const o = runScenario(file, text, { ir: duel() });
    expect(o.error ?? null).toBeNull();
    expect(o.log.join('\n')).toMatch(/p2 \(mcts:20\) chooses (first|second)/);
    expect(o.log.join('\n')).toContain('between games: game 3 of the match');
  });

  it('trump: game 2 of a match, the loser of game 1 chooses; game 3 under winner_chooses', () => {
    for (const f of ['r-tr-m1-game-2-loser-chooses.yaml', 'r-tr-m2-game-3-winner-chooses.yaml']) {
      const o = run(join(root, 'rules/trump/rulings', f));
      expect(o.failures).toEqual([]);
    }
  });

  it("a scenario's match: is checked: the number of winners, the players, the kept zones", () => {
    const ir = duel();
    const check = (yaml: string) => checkScenario(parseScenario('x.yaml', yaml), ir).map((d) => `${d.code} ${d.message}`);
    expect(check('name: x\ngame: duel\nmatch: { game: 3, won: [p1], p1: { removed: [Big] } }\nexpect: { active: p1 }\n')).toEqual([expect.stringContaining("scenario/wrong-type match 'won' lists the winner of each game before game 3: 2 of them")]);
    expect(check('name: x\ngame: duel\nmatch: { game: 2, won: [p3] }\nexpect: { active: p1 }\n')).toEqual([expect.stringContaining("scenario/unknown-name match 'won': 'p3' is no player")]);
    expect(check('name: x\ngame: duel\nmatch: { game: 2, won: [draw], p1: { hand: [Big] } }\nexpect: { active: p1 }\n')).toEqual([expect.stringContaining("scenario/wrong-place match 'p1': 'hand' is not a zone kept for the match")]);
    expect(check('name: x\ngame: duel\nmatch: { game: 1, won: [] }\nexpect: { active: p1 }\n')).toEqual([expect.stringContaining('2 or more')]);
    expect(check('name: x\ngame: duel\nmatch: { won: [p1] }\nexpect: { active: p1 }\n')).toEqual([expect.stringContaining('scenario/missing-key')]);
    expect(check('name: x\ngame: duel\nmatch: { game: 2, won: [p1] }\nstart: main\nexpect: { active: p1 }\n')).toEqual([expect.stringContaining("'match:' without a 'state' starts at the game's setup")]);
    expect(check('name: x\ngame: duel\nmatch: { game: 2, won: [p1] }\nstate: { active: p2, p2: { hand: [Big] } }\nexpect: { active: p2 }\n')).toEqual([]);
  });
});

describe('matches: grimoire play --match', () => {
  // In this process (grimoire-in-process.ts); two threads through cli/bin.js, whose bundle starts them.
  const grimoireIn = (dir: string, ...args: string[]) => grimoireInProcess(args, { cwd: dir, env: { ...process.env, GRIMOIRE_ROOT: dir } });
  const grimoireProcess = (dir: string, ...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, GRIMOIRE_ROOT: dir } });

  it('--json reports match results beside game results', async () => {
    const r = await grimoireIn(project, 'play', 'duel', '--match', 'bo3', '--games', '40', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.match).toEqual({ length: 'bestOf', games: 3, text: 'best of 3', declared: true });
    expect(out.matches).toBe(40);
    expect(out.matchResults.p1 + out.matchResults.p2 + out.matchResults.draw).toBe(40);
    expect(out.matchWinRates.p1).toEqual({ rate: expect.any(Number), low: expect.any(Number), high: expect.any(Number), n: 40 });
    expect(out.gamesPerMatch.max).toBeLessThanOrEqual(3);
    expect(out.games).toBe(out.results.p1 + out.results.p2 + out.results.draw + out.results.stopped);
    expect(out.gameWinRates.p2.n).toBe(out.games);
    expect(out.errors).toBe(0);
    // The same seeds, the same matches — on two threads too (each plays whole matches of its seeds).
    const threads = JSON.parse(grimoireProcess(project, 'play', 'duel', '--match', 'bo3', '--games', '40', '--workers', '2', '--json').stdout);
    expect(threads.hash).toBe(out.hash);
    expect(threads.matchResults).toEqual(out.matchResults);
    // --match rules: the game's own match (best of param match_games).
    const five = JSON.parse((await grimoireIn(project, 'play', 'duel', '--match', 'rules', '--param', 'match_games=5', '--games', '10', '--json')).stdout);
    expect(five.match).toMatchObject({ length: 'bestOf', games: 5 });
  });

  it('balance --match adds the match win rates of its seeds beside the report', async () => {
    const r = await grimoireIn(project, 'balance', 'duel', '--games', '30', '--values', 'none', '--match', 'bo3', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.matches).toMatchObject({ match: { length: 'bestOf', games: 3 }, matches: 30, errors: 0 });
    expect(out.matches.matchWinRates.p1.n).toBe(30);
    expect(out.matches.gameWinRates.p1.n).toBe(out.matches.games);
    expect((await grimoireIn(project, 'balance', 'duel', '--games', '10', '--match', 'bo3', '--vs-param', 'match_games=5')).stderr).toContain('--match and --vs');
  });

  it('search agents play matches: their replays begin later games with the match facts and kept cards (no replay error)', async () => {
    const r = await grimoireIn(project, 'play', 'duel', '--match', 'bo3', '--games', '4', '--p1', 'mcts:30', '--p2', 'mcts:10', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.errors).toBe(0);
    expect(j.agents).toMatchObject({ p1: 'mcts:30', p2: 'mcts:10' });
    // Best of three: some match went to a second game or more, where the replay needs the match.
    expect(j.games).toBeGreaterThanOrEqual(8);
    expect(j.matchResults.p1 + j.matchResults.p2 + j.matchResults.draw).toBe(4);
  });

  it('a bad --match, or one with options it does not take, is a usage error that says why', async () => {
    const bad = await grimoireIn(project, 'play', 'duel', '--match', 'best3');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('write bo3');
    expect((await grimoireIn(project, 'duel', 'duel', 'random', 'first', '--match', 'bo3')).stderr).toContain('--match');
    expect((await grimoireIn(project, 'play', 'duel', '--match', 'bo3', '--final-state', 'x.json')).stderr).toContain('play --match takes no --final-state');
  });
});
