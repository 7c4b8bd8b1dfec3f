/**
 * `grimoire balance`'s interventions (balance/replacement.ts): after the report's games, what each
 * card is worth, by playing the same seeds with it replaced — every card of every deck in turn
 * (`--values all`, the default with random players), the suspects the report points at on fresh
 * seeds (`--values suspects`, the default with search agents), none (`--values none`), or the
 * cards `--replace` names. Each intervention is a batch with EngineOptions.substitutes.
 */
import type { GameIR } from '../compiler/ir.ts';
import { playBatch, type BatchOptions, type GameSummary } from '../runtime/batch.ts';
import { adjustReplacementValues, askedReplacements, everyCard, everyCardStandouts, refusedAtSetup, replacementValue, suspects, toSettle, type ReplacementPlan } from '../balance/replacement.ts';
import type { BalanceReport, ReplacementValue } from '../balance/report.ts';
import { roundNumbers } from '../balance/statistics.ts';
import { flagOf } from '../balance/verdicts.ts';
import { maxSeed } from './options.ts';
import { playSeedJobs, playSeeds } from './play-seeds.ts';
import { UsageError } from './usage-error.ts';
import { suggest } from '../grammar/spelling.ts';

/** `--values`: which cards are replaced. */
export type ValuesMode = 'all' | 'suspects' | 'none';

/** How many suspects `--values suspects` tests. */
export const SUSPECTS = 3;

/** The seeds whose setups are looked at before a baseline's batch, and the steps each may take. */
const SETUP_LOOK = 3;
const SETUP_LOOK_STEPS = 200;

/**
 * A look at the first seeds' setups with these substitutes (random players, a few steps) before a
 * batch: the rules may refuse the changed deck (too many copies of a name) and end every game at
 * setup. The rules' reason, or null when they accept it.
 */
export function setupRefusal(ir: GameIR, from: number, withCard: readonly GameSummary[], opts: BatchOptions, substitutes: BatchOptions['substitutes']): string | null {
  const look = playBatch(ir, from, SETUP_LOOK, { format: opts.format, params: opts.params, substitutes, maxSteps: SETUP_LOOK_STEPS });
  return refusedAtSetup(withCard, look);
}

export interface ReplacementRun {
  ir: GameIR;
  report: BalanceReport;
  /** The report's games, in seed order (an asked replacement is compared with them). */
  summaries: readonly GameSummary[];
  seed: number;
  games: number;
  /** The report's batch options (format, parameters, agents); the tally is not needed again. */
  opts: BatchOptions;
  workers: number;
  /** `--replace` values (then `mode` is not read), or undefined. */
  asked: readonly string[] | undefined;
  mode: ValuesMode;
  /** Games each replacement plays (`--value-games`): the first of the report's seeds, or as many fresh ones for suspects. */
  valueGames: number;
  showBar: boolean;
}

/** `--replace` names cards of the game (`all`, `CARD`, `CARD=BASELINE`): checked before any game is played, with "did you mean". */
export function checkAskedNames(ir: GameIR, asked: readonly string[]): void {
  const names = ir.cards.map((c) => c.name);
  for (const a of asked) {
    if (a === 'all') continue;
    for (const name of a.split('=')) {
      if (names.includes(name)) continue;
      const near = suggest(name, names)[0];
      throw new UsageError(`--replace ${a}: no card named '${name}' in ${ir.game.name}${near ? `; did you mean '${near}'?` : ''} (--replace CARD, CARD=BASELINE or all)`, false);
    }
  }
}

/** The plans a run will play, or a usage error (a card in no deck). */
function plansFor(run: Pick<ReplacementRun, 'ir' | 'report' | 'asked' | 'mode'>): ReplacementPlan[] {
  if (run.asked) {
    const plans = askedReplacements(run.report, run.asked, run.ir.cards.map((c) => c.name));
    if ('error' in plans) throw new UsageError(plans.error, false);
    return plans;
  }
  return run.mode === 'all' ? everyCard(run.report) : run.mode === 'suspects' ? suspects(run.report, SUSPECTS) : [];
}

/**
 * Plays the interventions and returns their values, strongest first, corrected as one family;
 * and how many games they played. Suspects whose fresh seeds would pass the last seed are skipped
 * with a note on stderr.
 */
export async function measureReplacements(run: ReplacementRun): Promise<{ values: ReplacementValue[]; played: number }> {
  const plans = plansFor(run);
  if (!plans.length) return { values: [], played: 0 };
  const index = (name: string) => run.ir.cards.findIndex((c) => c.name === name);
  const opts: BatchOptions = { ...run.opts, tally: false };
  const n = run.valueGames;
  let played = 0;
  let from = run.seed;
  let withCard = run.summaries.slice(0, n);
  if (!run.asked && run.mode === 'suspects') {
    // Fresh seeds, right after the report's: the suspects were chosen on the report's games.
    from = run.seed + run.games;
    if (from + n - 1 > maxSeed) {
      console.error(`note: the suspects are not tested by replacement: their fresh seeds (${from}…) would pass the last seed, ${maxSeed}; use a smaller --seed`);
      return { values: [], played: 0 };
    }
    withCard = await playSeeds(run.ir, from, n, opts, run.workers, 'fresh seeds for the suspects', run.showBar);
    played += n;
  }
  // In rounds: each plan's next baseline that the rules accept at setup (a look at a few seeds),
  // all played at once on the worker threads; a plan whose games the rules still refused goes on
  // to its next baseline in the next round.
  const state = plans.map((plan) => ({ plan, next: 0, refusals: [] as string[], value: null as ReplacementValue | null }));
  const substitutesFor = (plan: ReplacementPlan, baseline: string) => [{ card: index(plan.card), by: index(baseline), player: plan.seat }];
  let pending = state;
  while (pending.length) {
    const owners: typeof state = [];
    for (const st of pending) {
      for (; st.next < st.plan.baselines.length; st.next++) {
        const baseline = st.plan.baselines[st.next]!;
        const refused = setupRefusal(run.ir, from, withCard, opts, substitutesFor(st.plan, baseline));
        if (refused === null) break;
        st.refusals.push(`${baseline}: ${refused}`);
      }
      if (st.next < st.plan.baselines.length) owners.push(st);
    }
    const jobs = owners.map((st) => ({ from, count: n, opts: { ...opts, substitutes: substitutesFor(st.plan, st.plan.baselines[st.next]!) } }));
    const label = run.mode === 'all' && !run.asked ? `every card replaced in turn (${jobs.length} × ${n} games)` : `${jobs.length} card(s) replaced (${n} games each)`;
    const results = await playSeedJobs(run.ir, jobs, run.workers, label, run.showBar);
    played += jobs.length * n;
    pending = [];
    results.forEach((withBaseline, i) => {
      const st = owners[i]!;
      const baseline = st.plan.baselines[st.next]!;
      const refused = refusedAtSetup(withCard, withBaseline);
      if (refused === null) st.value = replacementValue(st.plan, baseline, withCard, withBaseline);
      else {
        st.refusals.push(`${baseline}: ${refused}`);
        st.next++;
        if (st.next < st.plan.baselines.length) pending.push(st);
      }
    });
  }
  for (const st of state) {
    if (st.value) continue;
    const hint = `name a baseline the rules accept: --replace ${st.plan.card}=OTHER`;
    console.error(`note: ${st.plan.card} (${st.plan.deck}) was not measured by replacement: with ${st.refusals.length === 1 ? 'the baseline' : 'each baseline tried'} in its place the rules ended games at setup (${st.refusals.join('; ')}); ${hint}`);
  }
  const values = state.flatMap((st) => (st.value ? [st.value] : []));
  everyCardStandouts(values);
  // Every card: the first look (the first n seeds) picks the cards that may stand out; each is
  // tested on the report's remaining seeds, which the look did not see, against the same baseline.
  if (!run.asked && run.mode === 'all' && run.games > n) {
    const rest = run.summaries.slice(n);
    const settle = toSettle(values);
    const planOf = (v: ReplacementValue) => plans.find((p) => p.card === v.card && p.deck === v.deck)!;
    const jobs = settle.map((v) => ({ from: run.seed + n, count: run.games - n, opts: { ...opts, substitutes: substitutesFor(planOf(v), v.baseline) } }));
    const results = await playSeedJobs(run.ir, jobs, run.workers, `the ${jobs.length} card(s) that may stand out, tested on the other ${run.games - n} seeds`, run.showBar);
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
