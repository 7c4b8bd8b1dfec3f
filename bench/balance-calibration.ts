/**
 * The balance lab as an instrument (issue 26, docs/balance.md "Calibration"): how often it flags
 * a card where no card differs (the A/A false-flag rate), and how many games it needs to flag a
 * planted strong card and rank it first (the sensitivity table) — per game and per agent.
 *
 *   npx tsx bench/balance-calibration.ts --aa [--batches 200] [--games 1000] [--values none|all]
 *   npx tsx bench/balance-calibration.ts --sensitivity --game spimate [--agents mcts:100] [--ladder 100,200] [--workers 2]
 *   npx tsx bench/balance-calibration.ts --pairs --seat 0 [--agents mcts:100] [--from 1001] [--games 100] [--opening]
 *
 * Every run is the lab as `grimoire balance` runs it (the report, then the replacement values of
 * the mode the agents imply), on fixed seeds: the numbers are the same on every machine.
 * Planted games are fixture revisions made here from test/fixtures/balance/ (plantedGame).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileGame } from '../compiler/compile.ts';
import type { GameIR } from '../compiler/ir.ts';
import { gameSources } from '../compiler/project.ts';
import { foldBalance } from '../balance/fold.ts';
import { duds } from '../balance/duds.ts';
import type { BalanceReport } from '../balance/report.ts';
import { defaultValueGames, defaultValuesMode, type ValuesMode } from '../balance/runs.ts';
import { rate, type Rate } from '../balance/statistics.ts';
import { flagged, flagOf, rankedCards, verdicts } from '../balance/verdicts.ts';
import { measureReplacements } from '../cli/balance-replacements.ts';
import { playSeeds } from '../cli/play-seeds.ts';
import { playBatch, type BatchOptions, type Seats } from '../runtime/batch.ts';
import { replacementValue } from '../balance/replacement.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function compile(sources: { path: string; text: string }[]): GameIR {
  const r = compileGame({ sources, loadBase: (n) => gameSources(root, n) });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.message}`).join('\n'));
  return r.ir;
}

const fixture = (name: string) => ({ path: `${name}.grim`, text: readFileSync(join(root, 'test/fixtures/balance', `${name}.grim`), 'utf8') });

/**
 * The planted games: each with its planted strong card. Where no fixture plants one, a card of the
 * game's own decks is **printed** stronger for both seats (the engine's `printed` intervention,
 * which `grimoire tune` uses): the same card, a number changed.
 */
export const PLANTED: Record<string, { game: string; strong: string; printed?: Record<string, number> }> = {
  /** Seven cards; Dragon cost 1 power 5 where every other card's power is its cost. */
  planted: { game: 'planted', strong: 'Dragon' },
  /** Spimate's default decks, one copy of a 2-copy card in each replaced by 暴君竜, a cost-0 AP 6 LP 6 monster. */
  spimate: { game: 'spimate', strong: '暴君竜' },
  /** T-magic's deck A: Young Dragon (C5 A4) printed C1 A6. */
  't-magic': { game: 't-magic', strong: 'YoungDragon', printed: { cost: 1, attack: 6 } },
  /** Summon & Magic: モルファンの新米騎士 (ATTACK 1000, DEFENCE 800) printed ATTACK 3000, DEFENCE 3000. */
  'summon-magic': { game: 'summon-magic', strong: 'モルファンの新米騎士', printed: { attack: 3000, defence: 3000 } },
};

/** The `printed` values of a planted game (both seats), for every batch its lab plays. */
export function plantedPrinted(ir: GameIR, name: string): BatchOptions['printed'] {
  const plant = PLANTED[name]!;
  if (!plant.printed) return undefined;
  const card = ir.cards.findIndex((c) => c.name === plant.strong);
  if (card < 0) throw new Error(`${name}: no card ${plant.strong}`);
  return Object.entries(plant.printed).flatMap(([attr, value]) => {
    const field = ir.cardFields.findIndex((f) => f.name === attr);
    if (field < 0) throw new Error(`${name}: no attr ${attr}`);
    return [0, 1].map((player) => ({ card, player, field, value }));
  });
}

/** A planted game's IR, made as the tests make it (test/balance-replacement.test.ts). */
export function plantedGame(name: string): GameIR {
  if (name === 'planted' || name === 'aa') return compile([fixture(name)]);
  if (name !== 'spimate') return compile(gameSources(root, name)!);
  const sources = gameSources(root, 'spimate')!.map((s) =>
    s.path.endsWith('decks.grim')
      ? { ...s, text: s.text.replace('  create 2 of 見習い剣士 in p.deck\n', '  create 1 of 見習い剣士 in p.deck\n  create 1 of 暴君竜 in p.deck\n').replace('  create 2 of 軍旗の騎士 in p.deck\n', '  create 1 of 軍旗の騎士 in p.deck\n  create 1 of 暴君竜 in p.deck\n') }
      : s,
  );
  return compile([...sources, fixture('spimate-planted')]);
}

/** One run of the lab as `grimoire balance` makes it: the report, then the values of the mode (default: the agents'). */
export async function labRun(ir: GameIR, seed: number, games: number, agents: Seats, workers: number, values?: ValuesMode, printed?: BatchOptions['printed']): Promise<BalanceReport> {
  const searching = agents.p1 !== 'random' || agents.p2 !== 'random';
  const format = ir.game.defaultFormat;
  const summaries = await playSeeds(ir, seed, games, { format, agents, tally: true, printed }, workers, ir.game.name, false);
  const report = foldBalance(ir, { game: ir.game.name, title: ir.game.title, format, params: {}, agents, seed, games, rules: '' }, summaries);
  const mode = values ?? defaultValuesMode(searching);
  report.replacements = (await measureReplacements({ ir, report, summaries, seed, games, opts: { format, agents, printed }, workers, asked: undefined, mode, valueGames: defaultValueGames(mode, false, games), showBar: false })).values;
  return report;
}

export interface AARates {
  batches: number;
  games: number;
  values: ValuesMode;
  /** Batches in which the lab flagged any card; in which it named any dud. */
  flagged: Rate;
  dud: Rate;
}

/**
 * The A/A game (test/fixtures/balance/aa.grim: one card under seven names) over `batches`
 * batches of `games` games on disjoint seeds: the share of batches with any flag, and with any dud.
 * Every flag there is false.
 */
export async function aaRates(batches: number, games: number, values: ValuesMode, onBatch: (i: number) => void = () => {}): Promise<AARates> {
  const ir = plantedGame('aa');
  let flags = 0;
  let useless = 0;
  for (let b = 0; b < batches; b++) {
    const r = await labRun(ir, 1 + b * games, games, { p1: 'random', p2: 'random' }, 1, values);
    if (verdicts(r).length) flags++;
    if (duds(r).length) useless++;
    onBatch(b);
  }
  return { batches, games, values, flagged: rate(flags, batches), dud: rate(useless, batches) };
}

/** At each number of games of the ladder: is the planted card ranked first, and flagged? */
export async function sensitivity(game: string, agents: Seats, ladder: readonly number[], workers: number, seed = 1): Promise<{ games: number; first: string; firstOfDeck: string[]; flagged: boolean; values: string[]; seconds: number }[]> {
  const ir = plantedGame(game);
  const printed = plantedPrinted(ir, game);
  const strong = PLANTED[game]!.strong;
  const out = [];
  for (const games of ladder) {
    const t0 = performance.now();
    const r = await labRun(ir, seed, games, agents, workers, undefined, printed);
    const first = rankedCards(r.cards, r.replacements)[0]?.card ?? '—';
    // The decks in which it is the strongest card by replacement.
    const firstOfDeck = [...new Set(r.replacements.map((v) => v.deck))].filter((deck) => {
      const top = r.replacements.filter((v) => v.deck === deck).reduce((a, b) => (flagOf(b).diff > flagOf(a).diff ? b : a));
      return top.card === strong;
    });
    const card = r.cards.find((c) => c.card === strong);
    // The planted card's values in words: what decided (or did not) its flag.
    const values = r.replacements.filter((v) => v.card === strong).map((v) => {
      const d = flagOf(v);
      const pts = (x: number) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(1)}`;
      return `${v.deck}: ${pts(d.diff)} pts [${pts(d.ci95[0])}, ${pts(d.ci95[1])}] q=${d.q.toFixed(3)}, ${v.discordant} of ${v.seeds.games} differ${v.opening ? ', in the opening hand' : ''}`;
    });
    out.push({ games, first, firstOfDeck, flagged: !!card && flagged(r, card), values, seconds: (performance.now() - t0) / 1000 });
  }
  return out;
}

/**
 * Spimate's 暴君竜 against the card it took a copy from (見習い剣士) in one seat's deck, on the same
 * seeds, with the card where the shuffle put it or (`opening`) in the seat's opening hand on both
 * sides: the value and how many pairs ended differently (docs/balance.md "Search agents and the
 * opening hand").
 */
export function plantedPairs(seat: number, agents: Seats, from: number, games: number, opening: boolean): string {
  const ir = plantedGame('spimate');
  const index = (name: string) => ir.cards.findIndex((c) => c.name === name);
  const open = opening ? [{ card: index('暴君竜'), player: seat }] : undefined;
  const withCard = playBatch(ir, from, games, { agents, opening: open });
  const withBaseline = playBatch(ir, from, games, { agents, opening: open, substitutes: [{ card: index('暴君竜'), by: index('見習い剣士'), player: seat }] });
  const v = replacementValue({ card: '暴君竜', baselines: ['見習い剣士'], deck: `p${seat + 1}'s deck`, seat, why: 'asked' }, '見習い剣士', withCard, withBaseline);
  const pts = (x: number) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(1)}`;
  return `暴君竜 vs 見習い剣士 for ${v.seat}${opening ? ', each in the opening hand' : ''}, seeds ${from}–${from + games - 1}: won ${v.withCard.k} vs ${v.withBaseline.k} of ${v.withCard.n}; ${pts(v.value.diff)} pts [${pts(v.value.ci95[0])}, ${pts(v.value.ci95[1])}], p = ${v.value.p.toFixed(4)}; ${v.discordant} differ`;
}

const pct = (r: Rate) => `${(100 * r.rate).toFixed(1)}% [${(100 * r.ci95[0]).toFixed(1)}, ${(100 * r.ci95[1]).toFixed(1)}] (${r.k} of ${r.n})`;

async function main(argv: string[]): Promise<void> {
  const arg = (name: string, dflt: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1]! : dflt;
  };
  if (argv.includes('--aa')) {
    const values = arg('values', 'none') as ValuesMode;
    const r = await aaRates(Number(arg('batches', '200')), Number(arg('games', '1000')), values, (i) => process.stderr.write(`\r${i + 1} batches`));
    process.stderr.write('\n');
    console.log(`A/A (${r.batches} batches of ${r.games} random games, --values ${r.values}): any card flagged in ${pct(r.flagged)}; any dud named in ${pct(r.dud)}`);
  }
  if (argv.includes('--pairs')) {
    const agent = arg('agents', 'mcts:100');
    console.log(plantedPairs(Number(arg('seat', '0')), { p1: agent, p2: agent }, Number(arg('from', '1001')), Number(arg('games', '100')), argv.includes('--opening')));
  }
  if (argv.includes('--sensitivity')) {
    const game = arg('game', 'planted');
    const agent = arg('agents', 'random');
    const ladder = arg('ladder', '250,500,1000,2000,3000,5000').split(',').map(Number);
    const rows = await sensitivity(game, { p1: agent, p2: agent }, ladder, Number(arg('workers', '1')), Number(arg('seed', '1')));
    for (const row of rows) console.log(`${game} ${agent} ${row.games} games: first ${row.first}; ${PLANTED[game]!.strong} ${row.flagged ? 'flagged' : 'not flagged'}, the strongest by replacement of ${row.firstOfDeck.join(', ') || 'no deck'} (${row.seconds.toFixed(1)} s)${row.values.length ? `; its values: ${row.values.join('; ')}` : ''}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
