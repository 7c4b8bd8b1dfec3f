/**
 * Teams (`teams { north: p1, p3  south: p2, p4  shared team_life }`, runtime/teams.ts): a
 * player's opponents are the other teams' players; a team is in while one of its players is; the
 * last team in wins, every seat placed by its team; a shared player state is one value per team;
 * search agents play for their team. The fixture game Doubles (test/fixtures/teams) and its rulings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { foldBatch, playBatch, seatAgents, teamOfA } from '../runtime/batch.ts';
import { RandomAgent } from '../runtime/agents/basic.ts';
import { Engine } from '../runtime/engine.ts';
import { playGame } from '../runtime/play.ts';
import { playMatches } from '../runtime/match-batch.ts';
import { runScenario } from '../scenario/run.ts';
import { checkScenario, parseScenario } from '../scenario/check.ts';
import { format } from '../i18n/format.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';
import { logText } from '../scenario/log-words.ts';

const project = join(root, 'test/fixtures/teams');
function doubles(): GameIR {
  const r = compileGame({ sources: gameSources(project, 'doubles')! });
  expect(r.diagnostics).toEqual([]);
  return r.ir!;
}

describe('teams: the declaration', () => {
  const codes = (teams: string, players = 'players 4') =>
    compileGame({ sources: [{ path: 'g.grim', text: `game g "G" { ${players} }\nzone deck per player hidden\nplayer state life: number = 3\n${teams}\nsetup { }\nturn { }\n` }] }).diagnostics.map((d) => `${d.code} ${d.message}`);

  it('lowers to each team\'s seats and the shared states', () => {
    const ir = doubles();
    expect(ir.teams).toMatchObject({ names: ['north', 'south'], seats: [[0, 2], [1, 3]], shared: [1] });
  });

  it('a seat in two teams, an unknown seat, a seat in no team, one team, a shared name that is no player state: each a clear error', () => {
    expect(codes('teams { a: p1, p3  b: p2, p4 }')).toEqual([]);
    expect(codes('teams { a: p1, p3  b: p2, p3, p4 }')).toEqual(["teams/seat 'p3' is in two teams, 'a' and 'b': a player plays for one team"]);
    expect(codes('teams { a: p1, p3  b: p2, p5 }')).toEqual(["teams/seat 'p5' is no seat of the game: its seats are p1 … p4", 'teams/seat seat \'p4\' is in no team: put every seat of the game (p1 … p4) in one team']);
    expect(codes('teams { a: p1, p2, p3, p4 }')).toEqual(["teams/seat a game of teams has two teams or more: write each team as '<name>: <seat>, <seat>'"]);
    expect(codes('teams { a: p1, p3  b: p2, p4  shared lives }')).toEqual(["teams/shared 'lives' is no player state of the game: 'shared' names player states (e.g. player state life: number = 20)"]);
    expect(codes('teams { a: p1, p3  b: p2, p4 }\nteams { a: p1  b: p2, p3, p4 }')[0]).toMatch(/^teams\/duplicate a second teams/);
  });

  it('a revision replaces the teams with `override teams` (partners side by side): opponents follow', () => {
    const text = 'revision doubles_b "side by side" revises doubles {\n}\noverride teams cite "fixture §D.4" {\n  north: p1, p2\n  south: p3, p4\n}\n';
    const r = compileGame({ sources: [{ path: 'rules/doubles-b/game.grim', text }], loadBase: (name) => gameSources(project, name) });
    expect(r.diagnostics).toEqual([]);
    expect(r.ir!.teams).toMatchObject({ names: ['north', 'south'], seats: [[0, 1], [2, 3]], shared: [] });
    const e = new Engine(r.ir!, { seed: 1 });
    expect(e.opponentsOf(e.players[0]!).map((p) => p.name)).toEqual(['p3', 'p4']);
  });

  it('`override teams` in a revision of a game without teams has nothing to override, and says so (as `override match` does)', () => {
    const text = 'revision teamed "teams added" revises last-standing {\n}\noverride teams {\n  a: p1, p3\n  b: p2, p4\n}\n';
    const r = compileGame({ sources: [{ path: 'rules/teamed/game.grim', text }], loadBase: (name) => gameSources(join(root, 'test/fixtures/multiplayer'), name) });
    const d = r.diagnostics.find((x) => x.code === 'revision/nothing-to-override');
    expect(d?.message).toBe("'override teams' needs teams in the base game, and it has none: write 'teams { … }'");
  });

  it('the diagnostics speak Japanese too', () => {
    expect(format('ja', 'teams/seat.in-two-teams', { seat: 'p3', first: 'a', second: 'b' })).toBe("'p3' が 'a' と 'b' の2つのチームにいます。プレイヤーが属するチームは1つです");
    expect(format('ja', 'teams/seat.unknown-seat', { seat: 'p5', max: 4 })).toBe("'p5' はこのゲームの席ではありません。席は p1 … p4 です");
  });
});

describe('teams: the game (Doubles)', () => {
  const ir = doubles();

  it('`opponents` and `opponent` are the other team\'s players; `teammates` my own', () => {
    const seen: string[] = [];
    const e = new Engine(ir, {
      seed: 1,
      log: true,
      onLog: (ev, eng) => {
        if (ev.kind === 'turn') seen.push(`${eng.active.name}:${eng.opponentsOf(eng.active).map((p) => p.name).join(',')}|${eng.teammatesOf(eng.active).map((p) => p.name).join(',')}|${eng.nextOpponentOf(eng.active).name}`);
      },
    });
    e.run(() => 0);
    expect(seen.slice(0, 4)).toEqual(['p1:p2,p4|p3|p2', 'p2:p3,p1|p4|p3', 'p3:p4,p2|p1|p4', 'p4:p1,p3|p2|p1']);
  });

  for (const rule of ['own', 'shared']) {
    it(`(${rule} life) every game ends with a team's win; teammates share the place; the winner is a player of the winning team`, () => {
      for (let seed = 1; seed <= 40; seed++) {
        const g = playGame(ir, seed, { params: { life_rule: rule } });
        const r = g.result;
        expect(r.team).toMatch(/^(north|south)$/);
        const win = r.teams!.find((t) => t.team === r.team)!;
        expect(win.place).toBe(1);
        expect(win.seats).toContain(r.winner);
        expect(r.teams!.map((t) => t.place)).toEqual([1, 2]);
        for (const p of r.places!) expect(p.place).toBe(r.teams!.find((t) => t.seats.includes(p.player))!.place);
        // The losing team has no player left in; the winning team has one at least.
        const out = g.engine.players.filter((p) => p.out).map((p) => p.name);
        const lose = r.teams!.find((t) => t.team !== r.team)!;
        expect(lose.seats.filter((s) => !out.includes(s) && s !== r.loser)).toEqual([]);
        expect(win.seats.some((s) => !out.includes(s))).toBe(true);
      }
    });
  }

  it('a shared state is one value for the team: a write through one teammate is read through the other', () => {
    const e = new Engine(ir, { seed: 2, params: { life_rule: 'shared' }, log: true });
    e.run(() => 0);
    const [p1, p2, p3, p4] = e.players;
    expect(e.teamSeatOf(p3!)).toBe(p1);
    expect(e.teamSeatOf(p4!)).toBe(p2);
    // The game ended when the team total of one team reached 0: both its players lost it.
    const struck = e.log.filter((ev) => ev.kind === 'note' && / strikes /.test(logText(ev)));
    expect(struck.length).toBeGreaterThanOrEqual(3);
  });

  it('batches report each team\'s wins; a saved state with a player out loads (search agents replay it) and mcts plays for its team', () => {
    const games = playBatch(ir, 1, 8, { agents: { p1: 'mcts:30', p2: 'random', more: ['random', 'random'] } });
    expect(games.map((g) => g.error)).toEqual(games.map(() => null));
    expect(games.every((g) => g.team === 'north' || g.team === 'south')).toBe(true);
    const report = foldBatch(games, 4, ['north', 'south']);
    expect(report.teams!.north! + report.teams!.south! + report.results.draw).toBe(8);
  });

  it("a ruling's winning_team is checked: a team of the game, none or draw; not in a game without teams", () => {
    const check = (yaml: string, g: GameIR = ir) => checkScenario(parseScenario('x.yaml', yaml), g).map((d) => `${d.code} ${d.message}`);
    expect(check('name: x\ngame: doubles\nexpect: { winning_team: north }\n')).toEqual([]);
    expect(check('name: x\ngame: doubles\nexpect: { winning_team: nort }\n')).toEqual([expect.stringContaining("scenario/unknown-name 'winning_team': unknown team 'nort'; the teams are")]);
    const ffa = compileGame({ sources: gameSources(join(root, 'test/fixtures/multiplayer'), 'last-standing')! }).ir!;
    expect(check('name: x\ngame: last_standing\nexpect: { winning_team: north }\n', ffa)).toEqual([expect.stringContaining('the game declares no teams')]);
  });

  it('the rulings pass', () => {
    const dir = join(project, 'rules/doubles/rulings');
    for (const f of readdirSync(dir)) {
      const o = runScenario(join(dir, f), readFileSync(join(dir, f), 'utf8'), { ir });
      expect({ f, failures: o.failures }).toEqual({ f, failures: [] });
      expect(o.passed).toBe(true);
    }
  });
});

describe('grimoire play and balance in a game of teams', () => {
  const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root, env: { ...process.env, GRIMOIRE_ROOT: project } });
  it('play reports each team\'s win rate with its 95% interval beside the seats (text and --json)', async () => {
    const j = JSON.parse((await grimoire('play', 'doubles', '--games', '40', '--workers', '1', '--json')).stdout);
    expect(Object.keys(j.teams)).toEqual(['north', 'south']);
    expect(j.teams.north.seats).toEqual(['p1', 'p3']);
    expect(j.teams.north.wins + j.teams.south.wins + j.results.draw).toBe(40);
    expect(j.teams.north.ci95[0]).toBeLessThanOrEqual(j.teams.north.rate);
    const text = await grimoire('play', 'doubles', '--games', '20', '--workers', '1');
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/team north \(p1, p3\) won [\d.]+% \(95% CI [\d.]+–[\d.]+%, n = 20\), team south \(p2, p4\) won/);
  });
  it('balance reports each team with its seats and interval', async () => {
    const r = await grimoire('balance', 'doubles', '--games', '40', '--workers', '1', '--values', 'none');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/team south \(p2, p4\) won [\d.]+% \(95% CI [\d.]+%–[\d.]+%, n = 40\)/);
  });
});

describe('two-player games without teams are unchanged', () => {
  it('no teams in their results', () => {
    const r = compileGame({ sources: gameSources(join(root, 'test/fixtures/multiplayer'), 'last-standing')! }).ir!;
    const g = playGame(r, 3);
    expect(g.result.teams).toBeUndefined();
  });
});

describe('matches of teams', () => {
  it('a match is a team\'s: each game\'s win counts for the winning team (on its first seat), whichever teammate stayed in', () => {
    const ir = doubles();
    const matches = playMatches(ir, 1, 60, { length: 'bestOf', games: 3 });
    expect(matches.every((m) => !m.error)).toBe(true);
    const north = ir.teams!.seats[ir.teams!.names.indexOf('north')]!;
    for (const m of matches) {
      // p3 (north's second seat) and p4 (south's) never hold a win of their own.
      expect(m.wins[2] ?? 0).toBe(0);
      expect(m.wins[3] ?? 0).toBe(0);
      // The team that won more games of the match is the match's winner.
      const teamWins = (seats: number[]) => m.games.filter((g) => seats.some((s) => g.winner === `p${s + 1}`)).length;
      const northWins = teamWins(north);
      const southWins = m.games.filter((g) => g.winner !== null).length - northWins;
      expect(m.winner).toBe(northWins > southWins ? 'p1' : 'p2');
    }
    // A game's winner may be the second seat of a team (its first was out): such games exist here.
    expect(matches.some((m) => m.games.some((g) => g.winner === 'p3'))).toBe(true);
  });
});

describe('duels of teams', () => {
  it('agent A plays every seat of one team, the teams in turn, B every seat of the other', () => {
    const pick = seatAgents({ p1: 'first', p2: 'random', alternate: true }, 4, [[0, 2], [1, 3]]);
    const kinds = (seed: number) => pick(seed).map((a) => (a instanceof RandomAgent ? 'B' : 'A')).join('');
    // teamOfA: seed 1 → team 0 (p1, p3); seed 2 → team 1 (p2, p4).
    expect(teamOfA(1, 2)).toBe(0);
    expect(kinds(1)).toBe('ABAB');
    expect(kinds(2)).toBe('BABA');
    // Without teams, a duel of four seats puts A in one seat and B in the other three.
    expect(seatAgents({ p1: 'first', p2: 'random', alternate: true }, 4)(1).filter((a) => !(a instanceof RandomAgent))).toHaveLength(1);
  });

  it("in a duel of more seats, B's first seat is the B of a two-seat game of that seed, and each other B seat draws from a seed of its own", () => {
    const draws = (a: RandomAgent) => Array.from({ length: 8 }, () => a.byCount(1000)).join(',');
    const seed = 1;
    const agents = seatAgents({ p1: 'first', p2: 'random', alternate: true }, 4)(seed);
    const b = agents.filter((a): a is RandomAgent => a instanceof RandomAgent).map(draws);
    expect(b).toHaveLength(3);
    // runtime/batch.ts: the first B seat is `second`, made from seed * 2 + 2 as in a game of two.
    expect(b[0]).toBe(draws(new RandomAgent(seed * 2 + 2)));
    expect(new Set(b).size).toBe(3);
  });
});
