/**
 * The balance lab's interventions as runs: which batches of games each estimate needs, in which
 * order, and how their games become the estimate — a card's replacement values (`grimoire balance`,
 * balance/replacement.ts) and a card's curve over the values of a printed number (`grimoire tune`,
 * balance/tune.ts). The games themselves are played by a GamesRunner the caller gives: worker
 * threads or a queue with a progress bar in the CLI (cli/balance-replacements.ts, cli/tune.ts), the
 * run worker's chunks with progress posted to the page in the playground (worker/balance-run.ts,
 * worker/tune-run.ts) — so both compute the same numbers from the same games, by this one module.
 *
 * No Node APIs, no DOM: a note for the designer (a card not measured) goes to runner.note.
 */
import type { GameIR, ParamIR } from '../compiler/ir.ts';
import { paramTuneResult, type ParamTuneResult, type ParamValue } from './tune-param.ts';
import type { BatchOptions, GameSummary } from '../runtime/batch.ts';
import { foldBalance } from './fold.ts';
import { adjustReplacementValues, askedReplacements, baselinesFor, decksOf, everyCard, everyCardStandouts, refusedAtSetup, replacementValue, SETTLE_P, suspectPlans, suspects, suspicions, toSettle, type ReplacementPlan } from './replacement.ts';
import type { BalanceReport, BalanceSettings, ReplacementValue, TuneResult } from './report.ts';
import { roundNumbers } from './statistics.ts';
import { tuneCurve, tuneResult } from './tune.ts';
import { flagOf } from './verdicts.ts';
import { t } from '../i18n/format.ts';
import { deckName } from './words.ts';

/** A range of seeds to play with its own options (a batch of runtime/batch.ts). */
export interface SeedJob {
  from: number;
  count: number;
  opts: BatchOptions;
}

/** Who plays the games a run needs. */
export interface GamesRunner {
  /** Plays the jobs (each job's games in seed order); `label` says what they are, for progress. */
  play(jobs: readonly SeedJob[], label: string): Promise<GameSummary[][]>;
  /** A few games at once, synchronously (the look at a changed deck's setups before its batch). */
  look(from: number, count: number, opts: BatchOptions): GameSummary[];
  /** Something the designer should know that is not an error (a card that could not be measured). */
  note(text: string): void;
}

/** The last seed (seeds are 32-bit). */
export const MAX_SEED = 2 ** 32 - 1;

/** `--values`: which cards are replaced — every card of every deck in turn, the suspects the report points at, or none. */
export type ValuesMode = 'all' | 'suspects' | 'none';

/** How many suspects `--values suspects` tests. */
export const SUSPECTS = 3;

/** The default of `--values`: every card with random players (cheap games), the suspects with search agents (seconds a game). */
export const defaultValuesMode = (searching: boolean): ValuesMode => (searching ? 'suspects' : 'all');

/** The games each replacement plays by default: with every card, the first 1,000 of the report's seeds (a first look); else all of them. */
export const defaultValueGames = (mode: ValuesMode, asked: boolean, games: number): number => (mode === 'all' && !asked ? Math.min(games, 1000) : games);

/** The seeds whose setups are looked at before a baseline's batch, and the steps each may take. */
const SETUP_LOOK = 3;
const SETUP_LOOK_STEPS = 200;

/**
 * A look at the first seeds' setups with these substitutes (random players, a few steps) before a
 * batch: the rules may refuse the changed deck (too many copies of a name) and end every game at
 * setup. The rules' reason, or null when they accept it.
 */
export function setupRefusal(runner: Pick<GamesRunner, 'look'>, from: number, withCard: readonly GameSummary[], opts: BatchOptions, substitutes: BatchOptions['substitutes']): string | null {
  const look = runner.look(from, SETUP_LOOK, { format: opts.format, params: opts.params, substitutes, maxSteps: SETUP_LOOK_STEPS });
  return refusedAtSetup(withCard, look);
}

/**
 * The plans a run plays: the cards asked for (`CARD`, `CARD=BASELINE`, `all`), else those of the
 * mode — or why they cannot be made (an unknown card, a card in no deck).
 */
export function replacementPlans(ir: GameIR, report: BalanceReport, asked: readonly string[] | undefined, mode: ValuesMode): ReplacementPlan[] | { error: string } {
  if (asked) return askedReplacements(report, asked, ir.cards.map((c) => c.name));
  return mode === 'all' ? everyCard(report) : mode === 'suspects' ? suspects(report, SUSPECTS) : [];
}

export interface ReplacementRun {
  ir: GameIR;
  report: BalanceReport;
  /** The report's games, in seed order (a replacement on the report's seeds is compared with them). */
  summaries: readonly GameSummary[];
  seed: number;
  games: number;
  /** The report's batch options (format, parameters, agents, step limit); the tally is not needed again. */
  opts: BatchOptions;
  /** The plans (replacementPlans). */
  plans: readonly ReplacementPlan[];
  /** How they were chosen: every card (two stages), the suspects (on fresh seeds), or asked (the report's seeds, one stage). */
  how: 'all' | 'suspects' | 'asked';
  /** Games each replacement plays: the first of the report's seeds, or as many fresh ones for suspects. */
  valueGames: number;
  /** A card whose values are tested on the remaining seeds whatever the first look says (a sequential run's question: chosen before any game, so no selection bias). */
  alsoTest?: string;
}

/**
 * Plays the interventions and returns their values, strongest first, corrected as one family;
 * and how many games they played. Suspects whose fresh seeds would pass the last seed are not
 * tested (a note says so); a card for which the rules refuse every baseline is noted, not measured.
 */
export async function measureReplacements(run: ReplacementRun, runner: GamesRunner): Promise<{ values: ReplacementValue[]; played: number }> {
  let { plans } = run;
  let played = 0;
  if (run.how === 'suspects' && searching(run.opts)) {
    // Search agents' games are few: the observed numbers alone rarely point at a card. A screen
    // under random play (cheap) adds the cards whose every-card replacement value stands out.
    const screen = await randomPlayScreen(run, runner);
    played += screen.played;
    const cards = mergeSuspicions(suspicions(run.report), screen.values);
    // A card in no deck of the report's own (too few games to tell the decks: they are pooled) takes the screen's decks, the same lists.
    plans = cards.flatMap((card) => {
      const own = suspectPlans(run.report, [card]);
      return own.length ? own : suspectPlans(screen.report, [card]);
    });
  }
  if (!plans.length) return { values: [], played };
  const index = (name: string) => run.ir.cards.findIndex((c) => c.name === name);
  const opts: BatchOptions = { ...run.opts, tally: false };
  const n = run.valueGames;
  let from = run.seed;
  let withCard = run.summaries.slice(0, n);
  // Search agents' suspects are measured with the card in the seat's opening hand, in both games of a seed: their pairs part
  // from the first decision (a re-deal over another deck), so every pair must hold the card to tell (docs/balance.md).
  const opening = run.how === 'suspects' && searching(run.opts);
  const openingFor = (plan: ReplacementPlan) => (opening ? [{ card: index(plan.card), player: plan.seat }] : undefined);
  let withCards: GameSummary[][] | null = null;
  if (run.how === 'suspects') {
    // Fresh seeds, right after the report's: the suspects were chosen on the report's games.
    from = run.seed + run.games;
    if (from + n - 1 > MAX_SEED) {
      runner.note(t('bal.run.suspects-past-seed', { from, max: MAX_SEED }));
      return { values: [], played: 0 };
    }
    if (opening) {
      withCards = await runner.play(
        plans.map((plan) => ({ from, count: n, opts: { ...opts, opening: openingFor(plan) } })),
        t('bal.run.fresh-opening', { plans: plans.length, n }),
      );
      played += plans.length * n;
    } else {
      [withCard] = (await runner.play([{ from, count: n, opts }], t('bal.run.fresh'))) as [GameSummary[]];
      played += n;
    }
  }
  // In rounds: each plan's next baseline that the rules accept at setup (a look at a few seeds),
  // all played at once; a plan whose games the rules still refused goes on to its next baseline
  // in the next round.
  const state = plans.map((plan, i) => ({ plan, next: 0, refusals: [] as string[], value: null as ReplacementValue | null, withCard: withCards?.[i] ?? withCard }));
  const substitutesFor = (plan: ReplacementPlan, baseline: string) => [{ card: index(plan.card), by: index(baseline), player: plan.seat }];
  let pending = state;
  while (pending.length) {
    const owners: typeof state = [];
    for (const st of pending) {
      for (; st.next < st.plan.baselines.length; st.next++) {
        const baseline = st.plan.baselines[st.next]!;
        const refused = setupRefusal(runner, from, st.withCard, opts, substitutesFor(st.plan, baseline));
        if (refused === null) break;
        st.refusals.push(`${baseline}: ${refused}`);
      }
      if (st.next < st.plan.baselines.length) owners.push(st);
    }
    const jobs = owners.map((st) => ({ from, count: n, opts: { ...opts, substitutes: substitutesFor(st.plan, st.plan.baselines[st.next]!), opening: openingFor(st.plan) } }));
    const label = run.how === 'all' ? t('bal.run.every-card', { jobs: jobs.length, n }) : t('bal.run.replaced', { jobs: jobs.length, n });
    const results = jobs.length ? await runner.play(jobs, label) : [];
    played += jobs.length * n;
    pending = [];
    results.forEach((withBaseline, i) => {
      const st = owners[i]!;
      const baseline = st.plan.baselines[st.next]!;
      const refused = refusedAtSetup(st.withCard, withBaseline);
      if (refused === null) st.value = { ...replacementValue(st.plan, baseline, st.withCard, withBaseline), ...(opening ? { opening: true } : {}) };
      else {
        st.refusals.push(`${baseline}: ${refused}`);
        st.next++;
        if (st.next < st.plan.baselines.length) pending.push(st);
      }
    });
  }
  for (const st of state) {
    if (st.value) continue;
    runner.note(t('bal.run.not-measured', { card: st.plan.card, deck: deckName(st.plan.deck), one: String(st.refusals.length === 1), refusals: st.refusals.join(t('bal.sep')) }));
  }
  const values = state.flatMap((st) => (st.value ? [st.value] : []));
  everyCardStandouts(values);
  // Every card: the first look (the first n seeds) picks the cards that may stand out; each is
  // tested on the report's remaining seeds, which the look did not see, against the same baseline.
  if (run.how === 'all' && run.games > n) {
    const rest = run.summaries.slice(n);
    const settle = toSettle(values);
    for (const v of values) if (v.card === run.alsoTest && !settle.includes(v)) settle.push(v);
    const planOf = (v: ReplacementValue) => plans.find((p) => p.card === v.card && p.deck === v.deck)!;
    const jobs = settle.map((v) => ({ from: run.seed + n, count: run.games - n, opts: { ...opts, substitutes: substitutesFor(planOf(v), v.baseline) } }));
    const results = jobs.length ? await runner.play(jobs, t('bal.run.settle', { jobs: jobs.length, seeds: run.games - n })) : [];
    played += jobs.length * (run.games - n);
    settle.forEach((first, i) => {
      const tested = replacementValue(planOf(first), first.baseline, rest, results[i]!);
      tested.tested = true;
      values[values.indexOf(first)] = tested;
    });
    everyCardStandouts(values);
  } else for (const v of values) v.tested = true; // one stage: every value is a test (one family)
  adjustReplacementValues(values);
  values.sort((a, b) => flagOf(b).diff - flagOf(a).diff || (a.card < b.card ? -1 : a.card > b.card ? 1 : 0));
  return { values: roundNumbers(values), played };
}

/** Whether a seat is played by a search agent (not random, not first). */
const searching = (opts: BatchOptions): boolean => !!opts.agents && [opts.agents.p1, opts.agents.p2, ...(opts.agents.more ?? [])].some((a) => a !== 'random' && a !== 'first');

/** The random games of the suspects' screen (each card of each deck then replaced on them). */
export const SCREEN_GAMES = 2000;

/**
 * The screen for the suspects of a run between search agents: the same game between random
 * players on the report's seeds (other games than the agents': the fresh seeds the suspects are
 * tested on are not among them), every card of every deck replaced in turn on them — one stage,
 * SCREEN_GAMES games — and the values with their standouts against their decks.
 */
async function randomPlayScreen(run: ReplacementRun, runner: GamesRunner): Promise<{ report: BalanceReport; values: ReplacementValue[]; played: number }> {
  const games = Math.min(SCREEN_GAMES, MAX_SEED - run.seed + 1);
  const opts: BatchOptions = { ...run.opts, agents: undefined, tally: true };
  const [summaries] = (await runner.play([{ from: run.seed, count: games, opts }], t('bal.run.screen'))) as [GameSummary[]];
  const report = foldBalance(run.ir, { ...run.report.settings, agents: { p1: 'random', p2: 'random' }, games }, summaries);
  const r = await measureReplacements({ ...run, report, summaries, games, opts: { ...run.opts, agents: undefined }, plans: everyCard(report), how: 'all', valueGames: games }, runner);
  return { report, values: r.values, played: games + r.played };
}

/**
 * The suspects: the observed suspicions (the search agents' games) and the screen's standouts
 * with p < SETTLE_P, each card at its smallest p, the SUSPECTS smallest.
 */
function mergeSuspicions(observed: readonly { card: string; p: number }[], screen: readonly ReplacementValue[]): string[] {
  const p = new Map<string, number>();
  const take = (card: string, x: number) => p.set(card, Math.min(p.get(card) ?? 1, x));
  for (const s of observed) take(s.card, s.p);
  for (const v of screen) if (v.standout && v.standout.p < SETTLE_P) take(v.card, v.standout.p);
  return [...p].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).slice(0, SUSPECTS).map(([card]) => card);
}

export interface TuneRun {
  ir: GameIR;
  /** The settings of the report of the card's games as the rules make them (balance/report.ts). */
  settings: BalanceSettings;
  /** The card (its index in ir.cards), the attr's field and its printed value (tuneTarget). */
  card: number;
  field: number;
  printed: number;
  /** The values to try (readValues). */
  values: readonly number[];
  /** The baseline card named by the designer, or undefined for the deck's ordinary cards. */
  baseline: string | undefined;
  /** Format, parameters, agents, step limit. */
  opts: BatchOptions;
}

/**
 * `grimoire tune`'s games and curve: the card's games as the rules make them (with a tally: which
 * decks it is in and their ordinary cards), then per deck the same seeds with a baseline in its
 * place and with the card at each value. Returns the result and the games played, or why nothing
 * can be tuned (the card is in no deck).
 */
export async function runTune(run: TuneRun, runner: GamesRunner): Promise<{ result: TuneResult; played: number } | { error: string }> {
  const { ir, settings, card, field, printed, values, opts } = run;
  const { seed, games } = settings;
  const name = ir.cards[card]!.name;
  const attr = ir.cardFields[field]!.name;
  const index = (n: string) => ir.cards.findIndex((c) => c.name === n);
  const [base] = (await runner.play([{ from: seed, count: games, opts: { ...opts, tally: true } }], `${settings.game} ${settings.format}`)) as [GameSummary[]];
  const report = foldBalance(ir, settings, base);
  const metric = report.cards.find((c) => c.card === name);
  const decks = metric ? decksOf(report, metric) : [];
  if (!decks.length) return { error: t('bal.run.tune-no-deck', { card: name, attr }) };

  let played = games;
  const curves = [];
  for (const { deck, seat } of decks) {
    const candidates = run.baseline !== undefined ? [run.baseline] : baselinesFor(report, deck.deck, name);
    const baseline = candidates.find((b) => b !== name && setupRefusal(runner, seed, base, opts, [{ card, by: index(b), player: seat }]) === null);
    if (baseline === undefined) {
      runner.note(t('bal.run.tune-refused', { card: name, deck: deckName(deck.deck), baseline: run.baseline !== undefined ? run.baseline : t('bal.run.every-baseline') }));
      continue;
    }
    // The baseline in its place, and the card at each value (its printed value: the games already played).
    const tried = values.filter((x) => x !== printed);
    const jobs = [
      { from: seed, count: games, opts: { ...opts, substitutes: [{ card, by: index(baseline), player: seat }] } },
      ...tried.map((x) => ({ from: seed, count: games, opts: { ...opts, printed: [{ card, player: seat, field, value: x }] } })),
    ];
    const results = await runner.play(jobs, t('bal.run.tune-values', { card: name, n: values.length, deck: deckName(deck.deck) }));
    played += jobs.length * games;
    const byValue = new Map<number, readonly GameSummary[]>(tried.map((x, i) => [x, results[i + 1]!]));
    if (values.includes(printed)) byValue.set(printed, base);
    curves.push(tuneCurve(deck.deck, seat, baseline, printed, results[0]!, byValue));
  }
  return { result: tuneResult(settings, name, attr, printed, curves), played };
}

/**
 * `grimoire tune --param NAME`: the same seeds under each value of a rule parameter (with a tally:
 * who took turn 1), and the first player's edge at each (balance/tune-param.ts).
 */
export async function runTuneParam(run: { ir: GameIR; settings: BalanceSettings; param: ParamIR; values: readonly ParamValue[]; opts: BatchOptions }, runner: GamesRunner): Promise<{ result: ParamTuneResult; played: number }> {
  const { settings, param, opts } = run;
  // The default is always played: each value's change is measured against it.
  const values = run.values.some((x) => x === param.value) ? run.values : [param.value, ...run.values];
  const jobs = values.map((x) => ({ from: settings.seed, count: settings.games, opts: { ...opts, params: { ...opts.params, [param.name]: x }, tally: true } }));
  const results = await runner.play(jobs, t('bal.run.param-values', { game: settings.game, param: param.name, n: values.length }));
  const byValue = new Map<ParamValue, readonly GameSummary[]>(values.map((x, i) => [x, results[i]!]));
  return { result: paramTuneResult(settings, param, byValue), played: values.length * settings.games };
}
