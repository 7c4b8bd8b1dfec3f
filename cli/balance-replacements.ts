/**
 * `grimoire balance`'s interventions (balance/replacement.ts): after the report's games, what each
 * card is worth, by playing the same seeds with it replaced — every card of every deck in turn
 * (`--values all`, the default with random players), the suspects the report points at on fresh
 * seeds (`--values suspects`, the default with search agents), none (`--values none`), or the
 * cards `--replace` names. Each intervention is a batch with EngineOptions.substitutes; which
 * batches, in which order, is balance/runs.ts's (shared with the playground's Simulate panel) —
 * here they are played on worker threads or the queue, with a progress bar.
 */
import type { GameIR } from '../compiler/ir.ts';
import { playBatch, type BatchOptions, type GameSummary } from '../runtime/batch.ts';
import type { BalanceReport, ReplacementValue } from '../balance/report.ts';
import { measureReplacements as measure, replacementPlans, type GamesRunner, type ValuesMode } from '../balance/runs.ts';
import { playSeedJobs } from './play-seeds.ts';
import { UsageError } from './usage-error.ts';
import { suggest } from '../grammar/spelling.ts';
import { t } from '../i18n/format.ts';

export { SUSPECTS, type ValuesMode } from '../balance/runs.ts';

/** The CLI's runner of a run's games: worker threads (or the queue) with a progress bar, notes on stderr. */
export function cliRunner(ir: GameIR, workers: number, showBar: boolean): GamesRunner {
  return {
    play: (jobs, label) => playSeedJobs(ir, jobs, workers, label, showBar),
    look: (from, count, opts) => playBatch(ir, from, count, opts),
    note: (text) => console.error(t('bal.note', { text })),
  };
}

/** What `grimoire balance` asks of a replacement-value run: balance/runs.ts's ReplacementRun before its plans are chosen, with the CLI's own choices (threads, the progress bar). */
export interface CliReplacementRun {
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
  /** A card always tested (balance/runs.ts ReplacementRun.alsoTest). */
  alsoTest?: string;
}

/** `--replace` names cards of the game (`all`, `CARD`, `CARD=BASELINE`): checked before any game is played, with "did you mean". */
export function checkAskedNames(ir: GameIR, asked: readonly string[]): void {
  const names = ir.cards.map((c) => c.name);
  for (const a of asked) {
    if (a === 'all') continue;
    for (const name of a.split('=')) {
      if (names.includes(name)) continue;
      const near = suggest(name, names)[0];
      throw new UsageError(t('bal.use.replace-card', { asked: a, name, game: ir.game.name, near: near ? t('bal.use.did-you-mean', { near }) : '' }), false);
    }
  }
}

/**
 * Plays the interventions (balance/runs.ts) and returns their values, strongest first, corrected
 * as one family; and how many games they played. A card in no deck is a usage error.
 */
export async function measureReplacements(run: CliReplacementRun): Promise<{ values: ReplacementValue[]; played: number }> {
  const plans = replacementPlans(run.ir, run.report, run.asked, run.mode);
  if ('error' in plans) throw new UsageError(plans.error, false);
  const how = run.asked ? 'asked' : run.mode === 'suspects' ? 'suspects' : 'all';
  return measure({ ir: run.ir, report: run.report, summaries: run.summaries, seed: run.seed, games: run.games, opts: run.opts, plans, how, valueGames: run.valueGames, alsoTest: run.alsoTest }, cliRunner(run.ir, run.workers, run.showBar));
}
