/**
 * `grimoire balance GAME`: play a batch with a tally of every game (runtime/tally.ts) and fold it
 * into a balance report (balance/fold.ts) — seats, ends, lengths, cards, actions, each number
 * with its interval. `--vs GAME` or `--vs-param p=v` plays the same seeds under other rules and
 * compares (balance/compare.ts). `--quality` adds the game-quality metrics (balance/quality.ts).
 * Text for people, `--json` for tools, `--html FILE` with charts.
 */
import { balanceMatches } from './play-match.ts';
import { writeFileSync } from 'node:fs';
import type { GameIR } from '../compiler/ir.ts';
import type { BatchOptions } from '../runtime/batch.ts';
import { foldBalance } from '../balance/fold.ts';
import { foldQuality } from '../balance/quality.ts';
import { compareBalance, type ComparedSide } from '../balance/compare.ts';
import type { BalanceReport, BalanceSettings } from '../balance/report.ts';
import { defaultValueGames } from '../balance/runs.ts';
import { answered, looks, precisionOption, untilCard, type StopQuestion } from '../balance/sequential.ts';
import type { GameSummary } from '../runtime/batch.ts';
import { suggest } from '../grammar/spelling.ts';
import { balanceText, comparisonText } from './balance-text.ts';
import { claimOutputFile } from './output-file.ts';
import { maxSeed, wholeNumberOption } from './options.ts';
import { requireIR, rulesFingerprint } from './games.ts';
import { batchRunOptions, parseParams, warnDepthWithoutEvaluation } from './play-options.ts';
import { playSeeds } from './play-seeds.ts';
import { checkAskedNames, measureReplacements, SUSPECTS, type ValuesMode } from './balance-replacements.ts';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';
import { count } from '../balance/words.ts';
import { checkKeptDb, keptReport, fromDbText } from './balance-from-db.ts';

interface Side {
  game: string;
  ir: GameIR;
  params: Record<string, number | boolean | string>;
  label: string;
}

export async function cmdBalance(game: string | undefined, v: Record<string, unknown>): Promise<number> {
  if (!game) throw new UsageError(t('bal.use.needs-a-game'));
  for (const o of ['summaries', 'final-state', 'check-invariants', 'draws', 'out', 'verbose', 'game']) if (v[o] !== undefined) throw new UsageError(t('bal.use.takes-no', { option: o }));
  const vsGame = v.vs as string | undefined;
  const vsParams = v['vs-param'] as string[] | undefined;
  if (v.match !== undefined && (vsGame !== undefined || vsParams !== undefined)) throw new UsageError(t('bal.use.match-vs'), false);
  const fromDb = v['from-db'] as string | undefined;
  if (fromDb !== undefined && (vsGame !== undefined || vsParams !== undefined)) throw new UsageError(t('cli.from-db.with-vs'), false);
  if (fromDb !== undefined) checkKeptDb(fromDb);
  if (vsGame !== undefined && vsParams !== undefined) throw new UsageError(t('bal.use.vs-and-vs-param'));
  const ir = requireIR(game);
  const { format, seed, games, agents, searching, workers } = batchRunOptions(ir, v, 1000);
  const json = !!v.json;
  // Game-quality metrics (balance/quality.ts): each game's course is recorded beside its tally.
  const quality = !!v.quality;
  if (quality && !ir.evaluate) console.error(t('bal.no-evaluate', { game }));
  const html = v.html as string | undefined;
  // What each card is worth, by replacing it (docs/balance.md): every card with random players
  // (cheap games), the suspects with search agents (seconds a game), or what --replace names.
  const asked = v.replace as string[] | undefined;
  const modes: ValuesMode[] = ['all', 'suspects', 'none'];
  const valuesGiven = v.values as string | undefined;
  if (valuesGiven !== undefined && !modes.includes(valuesGiven as ValuesMode)) throw new UsageError(t('bal.use.values', { given: valuesGiven, suspects: SUSPECTS }));
  const mode: ValuesMode = (valuesGiven as ValuesMode | undefined) ?? (searching ? 'suspects' : 'all');
  const comparing = vsGame !== undefined || vsParams !== undefined;
  for (const o of ['replace', 'values', 'value-games'] as const) if (v[o] !== undefined && comparing) throw new UsageError(t('bal.use.one-game', { option: o }));
  if (asked !== undefined && valuesGiven !== undefined) throw new UsageError(t('bal.use.replace-and-values'));
  if (asked !== undefined) checkAskedNames(ir, asked);
  const valueGames = wholeNumberOption('--value-games', v['value-games'], mode === 'all' && !asked ? Math.min(games, 1000) : games, 1, mode === 'suspects' && !asked ? maxSeed - seed - games + 1 : games, mode === 'suspects' && !asked ? t('bal.use.value-games-fresh') : t('bal.use.value-games-first'));
  warnDepthWithoutEvaluation(ir, [agents.p1, agents.p2, ...(agents.more ?? [])]);
  // Sequential runs (balance/sequential.ts): batches doubling from --games until the question is answered or --max-games.
  const question = stopQuestion(ir, v, comparing);
  const maxGames = question ? wholeNumberOption('--max-games', v['max-games'], Math.min(16 * games, maxSeed - seed + 1), games, maxSeed - seed + 1, t('bal.use.max-games-first')) : games;
  if (!question && v['max-games'] !== undefined) throw new UsageError(t('bal.use.max-games-alone'), false);

  const base: Side = { game, ir, params: parseParams(v.param as string[] | undefined, ir), label: game };
  let other: Side | null = null;
  if (vsGame !== undefined) {
    const otherIR = requireIR(vsGame);
    if (!otherIR.game.formats.some((f) => f.name === format)) throw new UsageError(t('bal.use.vs-format', { other: vsGame, format, formats: otherIR.game.formats.map((f) => f.name) }));
    const revision = otherIR.game.revisionOf ? t('bal.label.revision', { base: otherIR.game.revisionOf }) : '';
    // Paired seeds mean something only between versions of one game: the same seed deals the same cards.
    const related = vsGame === game || otherIR.game.revisionOf === game || ir.game.revisionOf === vsGame || (!!ir.game.revisionOf && ir.game.revisionOf === otherIR.game.revisionOf);
    if (!related) console.error(t('bal.not-revision', { other: vsGame, game }));
    other = { game: vsGame, ir: otherIR, params: parseParams(v.param as string[] | undefined, otherIR), label: `${vsGame}${revision}` };
  } else if (vsParams !== undefined) {
    const changed = parseParams(vsParams, ir, '--vs-param');
    other = { game, ir, params: { ...base.params, ...changed }, label: t('bal.label.with', { game, params: vsParams.join(', ') }) };
  }

  // The report file is opened (and emptied) only once every argument has been checked.
  claimOutputFile('--html', html);
  const started = performance.now();
  const play = async (side: Side, what: string, games: number, before: readonly GameSummary[] = []) => {
    const opts: BatchOptions = { format, params: side.params, agents, tally: true, ...(quality ? { course: true } : {}) };
    // A sequential run's next look keeps the games already played and plays the seeds after them.
    const summaries = [...before, ...(await playSeeds(side.ir, seed + before.length, games - before.length, opts, workers, `${what} ${format}`, !json))];
    const settings: BalanceSettings = {
      game: side.game,
      title: `${side.ir.game.title} ${side.ir.game.version}`.trim(),
      format,
      params: Object.fromEntries(side.ir.params.map((p) => [p.name, p.name in side.params ? side.params[p.name]! : p.value])),
      agents: { p1: agents.p1, p2: agents.p2, ...(agents.more ? { more: agents.more } : {}) },
      seed,
      games,
      rules: rulesFingerprint(side.ir),
    };
    const report = foldBalance(side.ir, settings, summaries);
    if (quality) {
      // A queue's worker at an older commit plays the games without recording their course.
      const without = summaries.filter((g) => !g.error && !g.course).length;
      if (without) throw new Error(t('bal.use.no-course', { n: without }));
      report.quality = foldQuality(side.ir, summaries);
    }
    const actionNames = side.ir.actions.map((a) => a.name);
    return { report, summaries, actionNames } satisfies ComparedSide;
  };
  const schedule = question ? looks(games, maxGames) : [games];
  let a = await play(base, game, schedule[0]!);
  const b = other ? await play(other, other.label, games) : null;
  // What the suspects (or the cards asked for) are worth: the same games with each replaced.
  let replaced = 0;
  const stopping: NonNullable<BalanceReport['stopping']> | undefined = question ? { question: v.until !== undefined ? `${v.until as string}` : `--precision ${v.precision as string}`, looks: schedule, level: 1 - 0.05 / schedule.length, at: [], answered: false, why: '' } : undefined;
  for (const [look, n] of schedule.entries()) {
    if (look > 0) a = await play(base, game, n, a.summaries);
    if (!b) {
      const looked = v['value-games'] !== undefined ? Math.min(valueGames, mode === 'suspects' && !asked ? valueGames : n) : defaultValueGames(mode, !!asked, n);
      const r = await measureReplacements({ ir, report: a.report, summaries: a.summaries, seed, games: n, opts: { format, params: base.params, agents }, workers, asked, mode: comparing ? 'none' : mode, valueGames: looked, showBar: !json, alsoTest: question?.kind === 'settled' ? question.card : undefined });
      a.report.replacements = r.values;
      replaced += r.played;
    }
    if (!question || !stopping) break;
    const decision = answered(a.report, question, schedule.length);
    stopping.at.push(n);
    Object.assign(stopping, { answered: decision.stop, why: decision.why });
    if (!json) console.error(t('bal.look', { look: look + 1, looks: schedule.length, games: count(n), answered: String(decision.stop), why: decision.why }));
    if (decision.stop) break;
  }
  if (stopping) a.report.stopping = stopping;
  // --from-db: the games people played on grimoire serve, replayed and folded alike, beside the simulated ones.
  const kept = fromDb !== undefined ? await keptReport(fromDb, game, ir, a.report.settings) : null;
  const seconds = (performance.now() - started) / 1000;
  const played = a.summaries.length + (b ? b.summaries.length : 0) + replaced;
  // `played`: every game, the replacement values' and their random-play screen's too (docs/balance.md).
  const timing = { seconds: Number(seconds.toFixed(2)), played, gamesPerMinute: Math.round((played / seconds) * 60), workers };
  const errors = a.report.errors + (b?.report.errors ?? 0);

  const result = b ? compareBalance(a, b, other!.label) : a.report;
  // --match: the same seeds as matches, their win rates beside the games' (cli/play-match.ts).
  const matches = v.match !== undefined ? balanceMatches(ir, v, { format, params: base.params, seed, games, agents }) : null;
  if (html) {
    const { balanceHtml } = await import('./balance-html.ts');
    writeFileSync(html, await balanceHtml(result));
  }
  // Games left out of the numbers, and games the engine stopped (a loop in the rules), on stderr — with --json too.
  const sides = [{ label: base.label, summaries: a.summaries }, ...(b ? [{ label: other!.label, summaries: b.summaries }] : [])];
  for (const side of sides) {
    const where = b ? `${side.label}, ` : '';
    for (const g of side.summaries) if (g.error) console.error(t('bal.game-error', { where, seed: g.seed, error: g.error }));
    const stops = side.summaries.filter((g) => g.stopped);
    for (const g of stops.slice(0, 5)) console.error(t('bal.game-error', { where, seed: g.seed, error: g.reason }));
    if (stops.length > 5) console.error(t('bal.more-stopped', { n: stops.length - 5 }));
  }
  if (json) console.log(JSON.stringify({ ...result, ...(matches ? { matches: matches.json } : {}), ...(kept ? { fromDb: kept } : {}), timing }));
  else {
    const given = (v.param as string[] | undefined) ?? [];
    console.log(result.kind === 'comparison' ? comparisonText(result, given) : balanceText(result, given));
    if (matches) console.log(`\n${matches.text}`);
    if (kept && result.kind === 'report') console.log(`\n${fromDbText(kept, result)}`);
    console.log(`\n${t('bal.timing', { played, seconds: timing.seconds, perMinute: count(timing.gamesPerMinute), workers, html: html ? t('bal.timing.html', { file: html }) : '' })}`);
  }
  return errors > 0 ? 1 : 0;
}

/**
 * `--until "CARD settled"` and `--precision 2pts` (docs/balance.md, "Sequential runs"): the
 * question a sequential run asks, or null for a run of a fixed number of games. A card that is
 * not the game's gets "did you mean"; a comparison cannot be sequential.
 */
function stopQuestion(ir: GameIR, v: Record<string, unknown>, comparing: boolean): StopQuestion | null {
  const until = v.until as string | undefined;
  const given = v.precision as string | undefined;
  if (until === undefined && given === undefined) return null;
  if (comparing) throw new UsageError(t('bal.use.sequential-vs'), false);
  const precision = given === undefined ? 0.02 : precisionOption(given);
  if (precision === null) throw new UsageError(t('bal.use.precision', { given: given ?? '' }), false);
  if (until === undefined) return { kind: 'precision', precision };
  const card = untilCard(until);
  if (card === null) throw new UsageError(t('bal.use.until-form', { until }), false);
  const names = ir.cards.map((c) => c.name);
  if (!names.includes(card)) {
    const near = suggest(card, names)[0];
    throw new UsageError(t('bal.use.until-card', { until, card, game: ir.game.name, near: near ? t('bal.use.did-you-mean', { near }) : '' }), false);
  }
  return { kind: 'settled', card, precision };
}
