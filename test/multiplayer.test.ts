/**
 * More than two players (runtime/seats.ts, `players param`, `opponents`, `ps.zone`): a player who
 * loses while more than two are in goes out and the game goes on; turn order and the players'
 * lists skip them; the last one in wins and the result lists each seat's place. Two-player games
 * are unchanged (their reference hashes: test/reference-hashes.test.ts). The fixture game Last
 * Standing (test/fixtures/multiplayer) and Spimate with three and four players.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { foldBatch, playBatch, seatOfA } from '../runtime/batch.ts';
import { Engine } from '../runtime/engine.ts';
import { playGame } from '../runtime/play.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';
import { logText } from '../scenario/log-words.ts';

function lastStanding(): GameIR {
  const r = compileGame({ sources: gameSources(join(root, 'test', 'fixtures', 'multiplayer'), 'last-standing')! });
  expect(r.diagnostics).toEqual([]);
  return r.ir!;
}

describe('a game of three and four players (Last Standing)', () => {
  const ir = lastStanding();

  it('a balance run\'s tally counts each player\'s own pile, for the third and fourth seats too', () => {
    // Setup makes every Marker in each player's hidden deck: each player's pile holds both
    // definitions (runtime/tally.ts: "the card lay in a hidden zone of the player's"). No card
    // enters a private zone, so none is drawn or played.
    const both = ir.cards.map((_, i) => i).filter((i) => ['Pebble', 'Stone'].includes(ir.cards[i]!.name));
    expect(both).toHaveLength(2);
    for (const seats of [3, 4]) {
      const g = playGame(ir, 1, { params: { seats }, tally: true });
      const counts = g.engine!.counts()!;
      expect(counts.pile).toEqual(Array.from({ length: seats }, () => both));
      expect(counts.drawn).toEqual(Array.from({ length: seats }, () => []));
      expect(counts.played).toEqual(Array.from({ length: seats }, () => []));
    }
  });

  it('the number of players is the parameter: its default, or the value a game is played with', () => {
    expect(ir.game.players).toBe(3);
    expect(new Engine(ir, { seed: 1 }).players.map((p) => p.name)).toEqual(['p1', 'p2', 'p3']);
    expect(new Engine(ir, { seed: 1, params: { seats: 4 } }).players).toHaveLength(4);
  });

  it('a loss puts the player out and the game goes on; turns skip them; the last one in wins; places in the result', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const g = playGame(ir, seed, { log: true });
      const outs = g.engine!.log.filter((e) => e.kind === 'out').map((e) => e.player);
      expect(outs).toHaveLength(1);
      // After a player went out, no turn is theirs.
      const outAt = g.engine!.log.findIndex((e) => e.kind === 'out');
      const later = g.engine!.log.slice(outAt).filter((e) => e.kind === 'turn').map((e) => e.player);
      expect(later).not.toContain(outs[0]);
      // The game ends with a winner, the last player in, and every seat placed once.
      expect(g.result.winner).not.toBeNull();
      expect(g.result.places!.map((p) => p.place)).toEqual([1, 2, 3]);
      expect(g.result.places![0]!.player).toBe(g.result.winner);
      expect(g.result.places![2]!.player).toBe(outs[0]);
      expect(g.result.places![1]!.player).toBe(g.result.loser);
    }
  });

  it('`opponents` are the players still in, other than me, in turn order after me; `opponents.zone` their cards', () => {
    const seen: string[] = [];
    const e = new Engine(ir, {
      seed: 3,
      params: { seats: 4 },
      log: true,
      onLog: (ev, eng) => {
        if (ev.kind === 'turn') seen.push(`${eng.active.name}:${eng.opponentsOf(eng.active).map((p) => p.name).join(',')}`);
      },
    });
    e.run(() => 0);
    // Turn 1: p1 faces p2, p3, p4 in that order; a player out no longer appears.
    expect(seen[0]).toBe('p1:p2,p3,p4');
    const out = e.players.filter((p) => p.out).map((p) => p.name);
    expect(out.length).toBeGreaterThan(0);
    const last = seen[seen.length - 1]!;
    for (const p of out.filter((n) => !e.log.slice(-3).some((ev) => ev.player === n))) expect(last.split(':')[1]!.split(',')).not.toContain(p);
  });

  it('with two players the first loss ends the game, as in any two-player game (no places)', () => {
    const g = playGame(ir, 5, { params: { seats: 2 } });
    expect(g.result.winner).not.toBeNull();
    expect(g.result.loser).not.toBeNull();
    expect(g.result.places).toBeUndefined();
  });

  it('a state saved with a player out loads with that player out (a search replays from it)', () => {
    const games = playBatch(ir, 1, 6, { params: { seats: 4 }, agents: { p1: 'greedy', p2: 'random', more: ['mcts:20'] } });
    expect(games.map((g) => g.error)).toEqual(games.map(() => null));
    const report = foldBatch(games, 4);
    expect(Object.keys(report.results)).toEqual(['p1', 'p2', 'p3', 'p4', 'draw', 'stopped']);
    expect(report.results.p1 + report.results.p2 + report.results.p3 + report.results.p4 + report.results.draw).toBe(6);
  });

  it('every seat, the third and fourth too, a random player: the engine\'s own random games, as with no agents', () => {
    // runtime/batch.ts allRandom: seats that are all 'random' are played by the engine's own
    // random decider, so the games are those of a batch given no agents at all.
    const plain = playBatch(ir, 1, 6, { params: { seats: 4 } });
    const random = playBatch(ir, 1, 6, { params: { seats: 4 }, agents: { p1: 'random', p2: 'random', more: ['random', 'random'] } });
    expect(random.map((g) => g.hash)).toEqual(plain.map((g) => g.hash));
  });
});

describe('reverse turn order', () => {
  it('turns go the other way round from the reversal on; `opponents` follows; a saved state keeps the direction', () => {
    const text = `game r "R" { players 4 max turns 7 }
zone deck per player hidden
player state seen: number = 0
setup { }
turn {
  log "{active} faces {opponents}"
  if turn == 3 { reverse turn order }
}
`;
    const r = compileGame({ sources: [{ path: 'r.grim', text }] });
    expect(r.diagnostics).toEqual([]);
    const e = new Engine(r.ir!, { seed: 1, log: true });
    e.run(() => 0);
    const turns = e.log.filter((ev) => ev.kind === 'turn').map((ev) => ev.player);
    // p1, p2, p3 (reverses) → p2, p1, p4, p3.
    expect(turns).toEqual(['p1', 'p2', 'p3', 'p2', 'p1', 'p4', 'p3']);
    const faces = e.log.filter((ev) => ev.kind === 'note').map((ev) => logText(ev));
    expect(faces[0]).toBe('p1 faces p2, p3, p4');
    expect(faces[3]).toBe('p2 faces p1, p4, p3');
    expect(e.log.some((ev) => ev.kind === 'turn-order' && logText(ev) === 'the turn order is reversed: p3 → p2 → p1 → p4')).toBe(true);
    // Saved and loaded, the reversed order stays.
    const s = e.saveState();
    const f = new Engine(r.ir!, { seed: 1 });
    f.loadState(s);
    expect(f.nextPlayer(f.players[0]!).name).toBe('p4');
  });
});

describe('players param: the compiler checks it', () => {
  const codes = (game: string) => compileGame({ sources: [{ path: 'g.grim', text: game }] }).diagnostics.map((d) => `${d.code} ${d.message}`);
  const game = (players: string, param: string) => `game g "G" { ${players} }\n${param}\nzone deck per player hidden\nsetup { }\nturn { }\n`;
  it('its values must be whole numbers from 1 to 8; the word before the name is `param`; the name must exist', () => {
    expect(codes(game('players param n', 'param n: number = 3 alternatives 2, 4'))).toEqual([]);
    expect(codes(game('players param n', 'param n: number = 3 alternatives 9')).join()).toContain('whole numbers from 1 to 8');
    expect(codes(game('players param n', 'param n: text = "three"')).join()).toContain('whole numbers from 1 to 8');
    expect(codes(game('players parm n', 'param n: number = 3')).join()).toContain("'players' takes a number (players 2) or a parameter (players param player_count), not 'parm'");
    expect(codes(game('players param m', 'param n: number = 3')).join()).toMatch(/unknown parameter 'm'/);
  });
});

describe('Spimate with three and four players', () => {
  const ir = compiledGame('spimate');
  for (const players of [3, 4]) {
    it(`${players} players: random games end with a winner (the last player in), each seat winning some, with no errors`, () => {
      const games = playBatch(ir, 1, 60, { params: { player_count: players } });
      expect(games.filter((g) => g.error)).toEqual([]);
      const report = foldBatch(games, players);
      const wins = Array.from({ length: players }, (_, i) => report.results[`p${i + 1}`]!);
      expect(wins.reduce((a, b) => a + b, 0) + report.results.draw + report.results.stopped).toBe(60);
      expect(report.results.stopped).toBe(0);
      // Every seat wins some games: no seat is left out of the rotation.
      for (const w of wins) expect(w).toBeGreaterThan(0);
    });
  }
});

describe('grimoire play and duel with more than two players', () => {
  const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });
  it('play reports each seat; --p3 names the third seat\'s agent and is refused in a game of two', async () => {
    const r = await grimoire('play', 'spimate', '--games', '12', '--param', 'player_count=3', '--p3', 'greedy', '--json', '--workers', '1');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j.results)).toEqual(['p1', 'p2', 'p3', 'draw', 'stopped']);
    expect(j.agents.more).toEqual(['greedy']);
    const two = await grimoire('play', 'spimate', '--games', '2', '--p3', 'greedy');
    expect(two.status).toBe(2);
    expect(two.stderr).toContain('--p3: this game has 2 players');
  });
  it('balance reports each seat with its agent and interval', async () => {
    const r = await grimoire('balance', 'spimate', '--games', '60', '--param', 'player_count=3', '--p3', 'greedy', '--values', 'none', '--workers', '1');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('p1 random, p2 random, p3 greedy; player_count=3');
    expect(r.stdout).toMatch(/p3 \(greedy\) won [\d.]+% \(95% CI [\d.]+%–[\d.]+%, n = 60\)/);
  });
  it('a duel rotates agent A through the seats: each seat once in every N games', () => {
    expect([1, 2, 3, 4, 5, 6].map((s) => seatOfA(s, 3))).toEqual([2, 0, 1, 2, 0, 1]);
    // With two players, the seats swap every game as before (A first on odd seeds).
    expect([1, 2, 3, 4].map((s) => seatOfA(s, 2))).toEqual([0, 1, 0, 1]);
  });
});
