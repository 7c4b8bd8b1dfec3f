/**
 * The run worker's balance simulation (the Simulate panel): plays a batch with the runtime's
 * tally (runtime/batch.ts `playBatch`, as `grimoire balance` does), folds it into a report
 * (balance/fold.ts), then measures what each card is worth by replacing it (balance/runs.ts, the
 * CLI's own sequence of batches: every card in turn, the suspects, or none) — or, with the
 * original files, compares the two on the same seeds (balance/compare.ts). The same numbers as
 * the CLI for the same games. Games are played in chunks of about a fifth of a second so that
 * progress is posted as they go; Cancel terminates the worker (client.ts). No DOM, no worker
 * globals: the tests can run it in Node.
 */
import type { GameIR } from '../../../compiler/ir.ts';
import { playBatch, type BatchOptions, type GameSummary } from '../../../runtime/batch.ts';
import { parseAgent } from '../../../runtime/agents/spec.ts';
import { foldBalance } from '../../../balance/fold.ts';
import { foldQuality } from '../../../balance/quality.ts';
import { compareBalance, type ComparedSide } from '../../../balance/compare.ts';
import type { BalanceSettings } from '../../../balance/report.ts';
import { defaultValueGames, defaultValuesMode, measureReplacements, replacementPlans, type GamesRunner } from '../../../balance/runs.ts';
import { MAX_BALANCE_GAMES, type BalanceReply, type BalanceRequest, type RunProblem, type RunReply } from './run-protocol.ts';
import { checkChoice, variantsOf } from './variants.ts';
import { irFingerprint } from './fingerprint.ts';
import { t } from '../../../i18n/format.ts';

/** How long a chunk of games should take (ms): progress this often, without a new engine per game. */
const CHUNK_MS = 200;

/** Plays `games` games from `seed` in chunks, calling `progress` after each. */
export function playChunked(ir: GameIR, seed: number, games: number, opts: Parameters<typeof playBatch>[3], progress: (done: number) => void): GameSummary[] {
  const out: GameSummary[] = [];
  let chunk = 1;
  while (out.length < games) {
    const count = Math.min(chunk, games - out.length);
    const t0 = performance.now();
    out.push(...playBatch(ir, seed + out.length, count, opts));
    const ms = Math.max(1, performance.now() - t0);
    // The next chunk sized to take about CHUNK_MS at this pace (at most 4× bigger each time).
    chunk = Math.max(1, Math.min(chunk * 4, Math.round((count * CHUNK_MS) / ms)));
    progress(out.length);
  }
  return out;
}

/**
 * The worker's runner of a run's games (balance/runs.ts): each job played in chunks on this
 * thread, `progress` told the games done of all the jobs of a call; notes kept in `notes`.
 */
export function chunkedRunner(ir: GameIR, progress: (label: string, done: number, total: number) => void, notes: string[]): GamesRunner {
  return {
    play(jobs, label) {
      const total = jobs.reduce((n, j) => n + j.count, 0);
      let before = 0;
      const out: GameSummary[][] = [];
      progress(label, 0, total);
      for (const j of jobs) {
        out.push(playChunked(ir, j.from, j.count, j.opts, (done) => progress(label, before + done, total)));
        before += j.count;
      }
      return Promise.resolve(out);
    },
    look: (from, count, opts) => playBatch(ir, from, count, opts),
    note: (text) => notes.push(text),
  };
}

/**
 * The settings of a report the run worker makes (a simulation's or a tune's): the request's game,
 * seeds and agents, the format and parameters as checked (variants.ts), every parameter's value.
 */
export function playgroundSettings(req: { game: string; seed: number; games: number; agents: { p1: string; p2: string; more?: string[] } }, ir: GameIR, choice: { format: string; params: Record<string, number | boolean | string> }): BalanceSettings {
  return {
    game: req.game,
    title: `${ir.game.title} ${ir.game.version}`.trim(),
    format: choice.format,
    params: Object.fromEntries(ir.params.map((p) => [p.name, p.name in choice.params ? choice.params[p.name]! : p.value])),
    agents: { ...req.agents },
    seed: req.seed,
    games: req.games,
    rules: irFingerprint(ir),
  };
}

export type SideRules = { ir: GameIR } | { problem: RunProblem };

/**
 * The simulation of a request whose rules are compiled: `edited` the designer's, `original` the
 * game's as it came (null: no comparison asked; equal files: not compared, said in `note`).
 */
export async function runBalance(req: BalanceRequest, edited: GameIR, original: SideRules | null, post: (r: RunReply) => void, t0: number): Promise<BalanceReply> {
  const reply = (fields: Partial<BalanceReply>): BalanceReply => ({ type: 'balance', id: req.id, problem: null, result: null, note: null, ms: performance.now() - t0, ...fields });
  for (const name of [req.agents.p1, req.agents.p2, ...(req.agents.more ?? [])]) {
    const a = parseAgent(name, edited.game);
    if ('error' in a) return reply({ problem: { kind: 'options', message: a.error } });
  }
  if (!Number.isInteger(req.games) || req.games < 1 || req.games > MAX_BALANCE_GAMES) return reply({ problem: { kind: 'options', message: t('pg.worker.bad-games', { max: MAX_BALANCE_GAMES }) } });
  if (original && 'problem' in original) {
    const p = original.problem;
    const first = p.kind === 'compile' && p.first ? ` (${p.first.file}:${p.first.line}: ${p.first.message})` : '';
    return reply({ problem: { kind: 'rules', message: t('pg.worker.original-nothing', { game: req.game, first }) } });
  }

  const side = (ir: GameIR, phase: 'original' | 'edited'): (ComparedSide & { opts: BatchOptions }) | { problem: string } => {
    const choice = checkChoice(variantsOf(ir), { format: req.format, params: req.params ?? {} });
    if ('problem' in choice) return { problem: phase === 'original' ? t('pg.worker.under-original', { problem: choice.problem }) : choice.problem };
    const opts: BatchOptions = { format: choice.format, params: choice.params, maxSteps: req.maxSteps, agents: req.agents };
    // --quality: each game's course recorded beside its tally (balance/quality.ts), as the CLI does.
    const summaries = playChunked(ir, req.seed, req.games, { ...opts, tally: true, ...(req.quality ? { course: true } : {}) }, (done) => post({ type: 'balance-progress', id: req.id, phase, done, total: req.games }));
    const report = foldBalance(ir, playgroundSettings(req, ir, choice), summaries);
    if (req.quality) report.quality = foldQuality(ir, summaries);
    return { report, summaries, actionNames: ir.actions.map((a) => a.name), opts };
  };

  const base = original ? side(original.ir, 'original') : null;
  if (base && 'problem' in base) return reply({ problem: { kind: 'options', message: base.problem } });
  const mine = side(edited, 'edited');
  if ('problem' in mine) return reply({ problem: { kind: 'options', message: mine.problem } });
  if (base) return reply({ result: compareBalance(base, mine, t('pg.worker.with-edits', { game: req.game })) });
  // What each card is worth, by replacing it: the CLI's plans and batches (balance/runs.ts).
  const searching = [req.agents.p1, req.agents.p2, ...(req.agents.more ?? [])].some((a) => a !== 'random' && a !== 'first');
  const mode = req.values ?? defaultValuesMode(searching);
  const plans = replacementPlans(edited, mine.report, undefined, mode);
  if ('error' in plans) return reply({ problem: { kind: 'options', message: plans.error } });
  const notes: string[] = [];
  const runner = chunkedRunner(edited, (label, done, total) => post({ type: 'balance-progress', id: req.id, phase: 'values', label, done, total }), notes);
  const valueGames = defaultValueGames(mode, false, req.games);
  const { values } = await measureReplacements({ ir: edited, report: mine.report, summaries: mine.summaries, seed: req.seed, games: req.games, opts: mine.opts, plans, how: mode === 'suspects' ? 'suspects' : 'all', valueGames }, runner);
  mine.report.replacements = values;
  return reply({ result: mine.report, note: notes.length ? notes.join(' ') : null });
}
