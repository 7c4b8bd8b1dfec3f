/**
 * What a card is worth, by intervention (balance/replacement.ts, issue 26): the runtime makes one
 * card as another in one seat's zones and nothing else changes; the same seeds played with and
 * without the card give its value; with every card replaced in turn, a planted broken card is
 * ranked first and flagged and a useless one is flagged weaker, while two identical cards are not
 * told apart; the lab's command does it by default, and its mistakes are refused clearly.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import type { GameIR } from '../compiler/ir.ts';
import { gameSources } from '../compiler/project.ts';
import { foldBalance } from '../balance/fold.ts';
import { adjustReplacementValues, askedReplacements, everyCard, everyCardStandouts, refusedAtSetup, replacementValue, toSettle } from '../balance/replacement.ts';
import type { BalanceReport, ReplacementValue } from '../balance/report.ts';
import { flagged, rankedCards, verdicts, verdictText, weakestCards } from '../balance/verdicts.ts';
import { measureReplacements, type ValuesMode } from '../cli/balance-replacements.ts';
import { MAX_SEED, measureReplacements as measureRuns, type GamesRunner, type SeedJob } from '../balance/runs.ts';
import { playBatch, type GameSummary } from '../runtime/batch.ts';
import { playGame } from '../runtime/play.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

const plantedText = readFileSync(join(root, 'test/fixtures/balance/planted.grim'), 'utf8');

function compile(sources: { path: string; text: string }[]): GameIR {
  const r = compileGame({ sources });
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.ir!;
}

const settings = (game: string, games: number) => ({ game, title: '', format: 'standard', params: {}, agents: { p1: 'random', p2: 'random' }, seed: 1, games, rules: 'x' });

/** A report with its replacement values, as `grimoire balance` makes it (one thread, no bar). */
async function report(ir: GameIR, games: number, how: { mode?: ValuesMode; asked?: string[]; valueGames?: number }): Promise<BalanceReport> {
  const summaries = playBatch(ir, 1, games, { tally: true });
  const r = foldBalance(ir, { ...settings(ir.game.name, games), format: ir.game.defaultFormat }, summaries);
  const m = await measureReplacements({ ir, report: r, summaries, seed: 1, games, opts: { format: ir.game.defaultFormat }, workers: 1, asked: how.asked, mode: how.mode ?? 'all', valueGames: how.valueGames ?? (how.asked ? games : Math.min(games, 1000)), showBar: false });
  r.replacements = m.values;
  return r;
}

describe('a card made as another (EngineOptions.substitutes)', () => {
  it("changes that card in that seat's zones only", () => {
    const ir = compile([{ path: 'planted.grim', text: plantedText }]);
    const dragon = ir.cards.findIndex((c) => c.name === 'Dragon');
    const dud = ir.cards.findIndex((c) => c.name === 'Dud');
    const names = (substitutes: { card: number; by: number; player: number }[]) => {
      const g = playGame(ir, 7, { substitutes, maxSteps: 1 });
      const of = (p: number) => g.engine.players[p]!.zones.flatMap((z) => z.cards.map((c) => c.name));
      return [of(0), of(1)] as const;
    };
    const [p1, p2] = names([{ card: dragon, by: dud, player: 0 }]);
    expect(p1.filter((n) => n === 'Dragon')).toEqual([]);
    expect(p1.filter((n) => n === 'Dud').length).toBe(6);
    expect(p2.filter((n) => n === 'Dragon').length).toBe(3);
    const [q1, q2] = names([]);
    expect(q1.filter((n) => n === 'Dragon').length).toBe(3);
    expect(q2).toEqual(p2);
    expect(() => playGame(ir, 1, { substitutes: [{ card: dragon, by: 999, player: 0 }] })).toThrow(/names no card or player/);
  });
});

describe('the numbers of a replacement (pure)', () => {
  const game = (seed: number, winner: string | null, turns = 5): GameSummary => ({ seed, winner, reason: 'r', turns, decisions: 9, hash: 0, error: null, zones: null });
  it('compares the seat game by game: only the games whose result changed count', () => {
    const withCard = [game(1, 'p1'), game(2, 'p1'), game(3, 'p2'), game(4, 'p1'), game(5, null)];
    const withBaseline = [game(1, 'p1'), game(2, 'p2'), game(3, 'p2'), game(4, 'p2'), game(5, 'p1')];
    const v = replacementValue({ card: 'X', baselines: ['Y'], deck: 'the deck', seat: 0, why: 'asked' }, 'Y', withCard, withBaseline);
    expect(v.withCard.k).toBe(3);
    expect(v.withBaseline.k).toBe(2);
    expect(v.discordant).toBe(3);
    expect(v.value.diff).toBeCloseTo(0.2);
    expect(v.tested).toBe(true);
  });
  it('sees a deck the rules refused: games that ended at setup with the baseline only', () => {
    expect(refusedAtSetup([game(1, 'p1')], [{ ...game(1, 'p2', 0), reason: 'invalid deck' }])).toBe('invalid deck');
    expect(refusedAtSetup([game(1, 'p1', 0)], [game(1, 'p2', 0)])).toBeNull();
    expect(refusedAtSetup([game(1, 'p1')], [{ ...game(1, null, 0), stopped: 'steps' }])).toBeNull();
  });
  it('judges every card against the median of its deck, tests only what the first look picked, and corrects once', () => {
    const value = (card: string, diff: number, half = 0.01): ReplacementValue => ({
      card, baseline: 'R', deck: 'd', seat: 'p1', why: 'every card', seeds: { from: 1, games: 1000 }, withCard: { k: 0, n: 0, rate: 0, ci95: [0, 0] }, withBaseline: { k: 0, n: 0, rate: 0, ci95: [0, 0] },
      value: { diff, ci95: [diff - half, diff + half], p: 0.5, q: 1, significant: false }, standout: null, tested: false, discordant: 100, gamesToTell: null,
    });
    const values = [value('A', 0.0), value('B', 0.005), value('C', -0.004), value('D', 0.002), value('Big', 0.08), value('Small', -0.07)];
    everyCardStandouts(values);
    expect(values.every((v) => v.standout !== null)).toBe(true);
    expect(values.find((v) => v.card === 'Big')!.standout!.diff).toBeGreaterThan(0.07);
    expect(toSettle(values).map((v) => v.card).sort()).toEqual(['Big', 'Small']);
    values.find((v) => v.card === 'Big')!.tested = true;
    adjustReplacementValues(values);
    expect(values.find((v) => v.card === 'Big')!.standout!.significant).toBe(true);
    // Only looked at, never flagged, however far out.
    expect(values.find((v) => v.card === 'Small')!.standout!.significant).toBe(false);
  });
  it('settles at most three cards of a deck, the smallest p first, and cards of exactly equal p by name, whatever their order', () => {
    const standing = (card: string, deck: string, p: number): ReplacementValue => ({
      card, baseline: 'R', deck, seat: 'p1', why: 'every card', seeds: { from: 1, games: 1000 }, withCard: { k: 0, n: 0, rate: 0, ci95: [0, 0] }, withBaseline: { k: 0, n: 0, rate: 0, ci95: [0, 0] },
      value: { diff: 0.05, ci95: [0, 0.1], p, q: 1, significant: false }, standout: { diff: 0.05, ci95: [0, 0.1], p, q: 1, significant: false }, tested: false, discordant: 100, gamesToTell: null,
    });
    // In deck d: Zed stands out most (p = 0.001); four cards tie at p = 0.02, so two of them go on: Ant and Bee, by name.
    // Owl's p is 0.1 (not under SETTLE_P); deck e's one card goes on by its own deck's count.
    const tied = ['Dog', 'Cat', 'Bee', 'Ant'].map((card) => standing(card, 'd', 0.02));
    const others = [standing('Owl', 'd', 0.1), standing('Zed', 'd', 0.001), standing('Elk', 'e', 0.05)];
    const settled = (values: ReplacementValue[]) => toSettle(values).map((v) => `${v.card} (${v.deck})`);
    const expected = ['Zed (d)', 'Ant (d)', 'Bee (d)', 'Elk (e)'];
    expect(settled([...tied, ...others])).toEqual(expected);
    expect(settled([...others, ...tied.reverse()])).toEqual(expected);
  });
});

describe('the plans of every card replaced in turn (balance/replacement.ts everyCard)', () => {
  const card = (name: string, decks: string[], diff: number) => ({ card: name, decks, standout: { opening: { diff, ci95: [diff - 0.1, diff + 0.1], p: 0.5, q: 0.5, significant: false }, drawn: null, played: null } });
  const deck = (name: string, cards: string[], pooled = false) => ({ deck: name, cards, pooled, bySeat: { p1: 1 } });

  it('plans no replacement for a card with nothing to replace it by: the only card of the only deck', () => {
    // Deck "solo" holds only Lone and there is no other deck: Lone's one reference is itself, so it has no plan (not a plan with no baseline).
    const solo = { decks: [deck('solo', ['Lone'])], cards: [card('Lone', ['solo'], 0)], replacements: [] } as unknown as BalanceReport;
    expect(everyCard(solo)).toEqual([]);
    // Deck "pair" holds A and B: each is replaced by the other.
    const pair = { decks: [deck('pair', ['A', 'B'])], cards: [card('A', ['pair'], 0.1), card('B', ['pair'], -0.1)], replacements: [] } as unknown as BalanceReport;
    expect(everyCard(pair).map((p) => [p.deck, p.card, p.baselines])).toEqual([
      ['pair', 'A', ['B']],
      ['pair', 'B', ['A']],
    ]);
  });
});

describe("the replacements a designer asks for (balance/replacement.ts askedReplacements: --replace)", () => {
  const card = (name: string, decks: string[]) => ({ card: name, decks, standout: { opening: null, drawn: null, played: null } });
  const deck = (name: string, cards: string[]) => ({ deck: name, cards, pooled: false, bySeat: { p1: 3, p2: 0 } });
  // Dragon and Knight are in p1's deck; Token is a card of the game no deck holds (made during play).
  const r = { decks: [deck('main', ['Dragon', 'Knight'])], cards: [card('Dragon', ['main']), card('Knight', ['main'])], replacements: [] } as unknown as BalanceReport;
  const names = ['Dragon', 'Knight', 'Token'];

  it('plans a card against the baseline asked, in the deck it is in, for the seat that drew from it', () => {
    expect(askedReplacements(r, ['Dragon=Knight'], names)).toEqual([{ card: 'Dragon', baselines: ['Knight'], deck: 'main', seat: 0, why: 'asked' }]);
  });

  it('refuses, in words, a card of the game that is in no deck (replacing it changes nothing) and a card asked against itself', () => {
    expect(askedReplacements(r, ['Token'], names)).toEqual({ error: "--replace: 'Token' is in no deck a player drew from in these games, so replacing it changes nothing (cards not measured: see the report)" });
    expect(askedReplacements(r, ['Dragon=Dragon'], names)).toEqual({ error: '--replace Dragon=Dragon: a card replaced by itself changes nothing' });
  });
});

describe('the runs of the replacement values (balance/runs.ts measureReplacements)', () => {
  // A runner that records what it was asked to play and plays nothing.
  const recorder = () => {
    const asked: SeedJob[][] = [];
    const notes: string[] = [];
    const runner: GamesRunner = {
      play: async (jobs) => {
        asked.push([...jobs]);
        throw new Error('asked to play');
      },
      look: () => [],
      note: (text) => notes.push(text),
    };
    return { asked, notes, runner };
  };
  const plan = { card: 'Dragon', baselines: ['Knight'], deck: 'the deck', seat: 0, why: 'suspect' as const };
  // Suspects play fresh seeds, right after the report's: seed + games onwards, as many as valueGames.
  const suspectsRun = (seed: number, games: number, valueGames: number) => ({
    ir: { cards: [{ name: 'Dragon' }, { name: 'Knight' }] } as unknown as GameIR,
    report: {} as BalanceReport,
    summaries: [],
    seed,
    games,
    opts: { agents: { p1: 'random', p2: 'random' } },
    plans: [plan],
    how: 'suspects' as const,
    valueGames,
  });

  it('does not test suspects whose fresh seeds would pass the last seed: no values, no games, and a note saying so', async () => {
    const { asked, notes, runner } = recorder();
    // The report played 1,000 seeds up to MAX_SEED − 10: the suspects' 1,000 fresh seeds would run 990 past the last.
    const result = await measureRuns(suspectsRun(MAX_SEED - 1009, 1000, 1000), runner);
    expect(result).toEqual({ values: [], played: 0 });
    expect(asked).toEqual([]);
    // The fresh seeds would start at MAX_SEED − 9 = 4294967286.
    expect(notes).toEqual(['the suspects are not tested by replacement: their fresh seeds (4294967286…) would pass the last seed, 4294967295; use a smaller seed']);
  });

  it('plays the suspects on fresh seeds that end exactly at the last seed', async () => {
    const { asked, notes, runner } = recorder();
    // Fresh seeds MAX_SEED − 999 … MAX_SEED: 1,000 of them, the last one the last seed.
    await expect(measureRuns(suspectsRun(MAX_SEED - 1999, 1000, 1000), runner)).rejects.toThrow('asked to play');
    expect(notes).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.map((j) => [j.from, j.count])).toEqual([[MAX_SEED - 999, 1000]]);
    // Random players: the card is not put in the opening hand (only search agents' suspects are, docs/balance.md).
    expect(asked[0]!.map((j) => j.opts.opening)).toEqual([undefined]);
  });
});

describe('every card replaced in turn (the default with random players)', () => {
  it('ranks the planted broken card first and flags it, flags the useless one weaker, and never tells two identical cards apart', async () => {
    const ir = compile([{ path: 'planted.grim', text: plantedText }]);
    const r = await report(ir, 3000, { mode: 'all' });
    const isFlagged = (name: string) => flagged(r, r.cards.find((c) => c.card === name)!);
    expect(r.replacements.length).toBe(7);
    expect(rankedCards(r.cards, r.replacements)[0]!.card).toBe('Dragon');
    expect(rankedCards(r.cards, r.replacements).at(-1)!.card).toBe('Dud');
    expect(isFlagged('Dragon')).toBe(true);
    expect(isFlagged('Spark') || isFlagged('Ember')).toBe(false);
    const [first] = verdicts(r);
    expect(verdictText(first!)).toMatch(/^Dragon: stronger than the rest of the deck — \+\d+\.\d pts \[.*\] against the other cards of the deck, by replacement \(each card replaced in turn by \S+, 2,000 games on the same seeds/);
    expect(weakestCards(r)).toEqual([expect.stringMatching(/^Dud: the weakest card of the deck by replacement — −\d+\.\d pts/)]);
  });

  it("Spimate: a monster of cost 0, AP 6, LP 6 in both default decks is worth more to its owner than the card it replaced, in each deck, within 2,000 games", async () => {
    const planted = readFileSync(join(root, 'test/fixtures/balance/spimate-planted.grim'), 'utf8');
    const sources = gameSources(root, 'spimate')!.map((s) =>
      s.path.endsWith('decks.grim')
        ? { ...s, text: s.text.replace('  create 2 of 見習い剣士 in p.deck\n', '  create 1 of 見習い剣士 in p.deck\n  create 1 of 暴君竜 in p.deck\n').replace('  create 2 of 軍旗の騎士 in p.deck\n', '  create 1 of 軍旗の騎士 in p.deck\n  create 1 of 暴君竜 in p.deck\n') }
        : s,
    );
    const ir = compile([...sources, { path: 'planted.grim', text: planted }]);
    // The planted card against the card it took a copy from, in each deck (two deck lists: two values).
    const r = await report(ir, 2000, { asked: ['暴君竜=見習い剣士'] });
    expect(r.replacements.map((v) => v.deck).sort()).toEqual(["p1's deck", "p2's deck"]);
    for (const v of r.replacements) {
      expect(v.value.diff, v.deck).toBeGreaterThan(0);
      expect(v.value.significant, v.deck).toBe(true);
    }
  });

  it('two identical cards: replacing one by the other is not a finding (A/A, 6 batches of 1,000 games)', async () => {
    const ir = compile([{ path: 'planted.grim', text: plantedText }]);
    const spark = ir.cards.findIndex((c) => c.name === 'Spark');
    const ember = ir.cards.findIndex((c) => c.name === 'Ember');
    let findings = 0;
    for (let batch = 0; batch < 6; batch++) {
      const from = 1 + batch * 1000;
      const a = playBatch(ir, from, 1000, {});
      const b = playBatch(ir, from, 1000, { substitutes: [{ card: spark, by: ember, player: 0 }] });
      const v = replacementValue({ card: 'Spark', baselines: ['Ember'], deck: 'the deck', seat: 0, why: 'asked' }, 'Ember', a, b);
      if (v.value.p < 0.05) findings++;
    }
    expect(findings).toBeLessThanOrEqual(1);
  });
});

describe('grimoire balance: values by default, and its mistakes refused', () => {
  // In this process (grimoire-in-process.ts); two threads through cli/bin.js, whose bundle starts them.
  const grimoireIn = (project: string, ...args: string[]) => grimoireInProcess(args, { cwd: project, env: { ...process.env, GRIMOIRE_ROOT: project } });
  const grimoireProcess = (project: string, ...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, GRIMOIRE_ROOT: project } });
  const project = mkdtempSync(join(tmpdir(), 'grim-balance-'));
  mkdirSync(join(project, 'rules/planted'), { recursive: true });
  writeFileSync(join(project, 'rules/planted/game.grim'), plantedText);

  it('the default command flags the broken card of a seven-card game alone, by replacement, and names the useless one a dud, in words', async () => {
    const r = await grimoireIn(project, 'balance', 'planted', '--games', '3000', '--workers', '1');
    expect(r.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(r.status).toBe(0);
    const verdicts = r.stdout.slice(r.stdout.indexOf('Verdicts'), r.stdout.indexOf('\nReplacement values'));
    const cards = [...verdicts.matchAll(/^ {2}(\S+): (.*)$/gm)].map((m) => [m[1], m[2]!.slice(0, 60)]);
    expect(cards).toEqual([
      ['Dragon', expect.stringMatching(/^stronger than the rest of the deck/)],
      ['Dud', expect.stringMatching(/^its owner does worse when it is played — played in/)],
    ]);
    expect(r.stdout).toMatch(/Replacement values — each card of each deck replaced in turn/);
  });

  it('gives the same values on one thread and on two (the JSON, timing aside)', async () => {
    const json = (r: SpawnSyncReturns<string>) => {
      expect(r.status, r.stderr).toBe(0);
      const { timing: _, ...rest } = JSON.parse(r.stdout) as BalanceReport & { timing: unknown };
      return rest;
    };
    const args = ['balance', 'planted', '--games', '600', '--json'];
    const first = await grimoireIn(project, ...args, '--workers', '1');
    const one = json(first);
    expect(one.replacements.length).toBe(7);
    // Its timing counts every game it played: the report's and each replacement's.
    const played = (JSON.parse(first.stdout) as { timing: { played: number } }).timing.played;
    expect(played).toBe(600 + one.replacements.reduce((n, r) => n + r.seeds.games, 0));
    expect(json(grimoireProcess(project, ...args, '--workers', '2'))).toEqual(one);
  });

  it('refuses an unknown card with "did you mean", a mode that is none, and --replace with --vs-param', async () => {
    const unknown = await grimoireIn(project, 'balance', 'planted', '--replace', 'Dragn');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/no card named 'Dragn' in planted; did you mean 'Dragon'\?/);
    expect((await grimoireIn(project, 'balance', 'planted', '--values', 'some')).stderr).toMatch(/--values some: it is all .*, suspects .* or none/);
    expect((await grimoireIn(project, 'balance', 'planted', '--replace', 'Dragon', '--vs-param', 'x=1')).stderr).toMatch(/--replace measures the cards of one game/);
    const play = await grimoireIn(project, 'play', 'planted', '--values', 'all');
    expect(play.status).toBe(2);
    expect(play.stderr).toMatch(/play takes no --values: it is an option of grimoire balance/);
  });
});
