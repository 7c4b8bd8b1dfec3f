/**
 * The run worker's tune (the Tune row of the Simulate panel): what should this card's number be?
 * The card and attr checked and the values read as `grimoire tune` reads them (balance/tune.ts
 * tuneTarget, readValues), then the CLI's own batches (balance/runs.ts runTune) played in chunks
 * on this thread, progress posted as they go — the same curve as the CLI for the same games. No
 * DOM, no worker globals: the tests can run it in Node.
 */
import type { GameIR } from '../../../compiler/ir.ts';
import { parseAgent } from '../../../runtime/agents/spec.ts';
import { runTune } from '../../../balance/runs.ts';
import { readValues, tuneTarget } from '../../../balance/tune.ts';
import { MAX_TUNE_GAMES, type RunReply, type TuneReply, type TuneRequest } from './run-protocol.ts';
import { chunkedRunner, playgroundSettings } from './balance-run.ts';
import { checkChoice, variantsOf } from './variants.ts';
import { t } from '../../../i18n/format.ts';

export async function runTuneRequest(req: TuneRequest, ir: GameIR, post: (r: RunReply) => void, t0: number): Promise<TuneReply> {
  const reply = (fields: Partial<TuneReply>): TuneReply => ({ type: 'tune', id: req.id, problem: null, result: null, note: null, played: 0, ms: performance.now() - t0, ...fields });
  const options = (message: string) => reply({ problem: { kind: 'options', message: /[.?!]$/.test(message) ? message : `${message}.` } });
  for (const name of [req.agents.p1, req.agents.p2, ...(req.agents.more ?? [])]) {
    const a = parseAgent(name, ir.game);
    if ('error' in a) return options(a.error);
  }
  if (!Number.isInteger(req.games) || req.games < 1 || req.games > MAX_TUNE_GAMES) return options(t('pg.worker.bad-tune-games', { max: MAX_TUNE_GAMES }));
  const target = tuneTarget(ir, req.card.trim(), req.attr.trim());
  if ('error' in target) return options(`Tune: ${target.error}`);
  const values = readValues(req.values);
  if ('error' in values) return options(t('pg.worker.tune-values', { values: req.values, error: values.error }));
  const choice = checkChoice(variantsOf(ir), { format: req.format, params: req.params ?? {} });
  if ('problem' in choice) return options(choice.problem);
  const settings = playgroundSettings(req, ir, choice);
  const notes: string[] = [];
  const runner = chunkedRunner(ir, (label, done, total) => post({ type: 'tune-progress', id: req.id, label, done, total }), notes);
  const opts = { format: choice.format, params: choice.params, maxSteps: req.maxSteps, agents: req.agents };
  const run = await runTune({ ir, settings, card: target.card, field: target.field, printed: target.printed, values, baseline: undefined, opts }, runner);
  if ('error' in run) return options(`Tune: ${run.error}`);
  const note = notes.length ? notes.join(' ') : null;
  if (!run.result.curves.length) return reply({ problem: { kind: 'options', message: t('pg.worker.tune-nothing', { note: note ?? '' }).trim() }, played: run.played });
  return reply({ result: run.result, note, played: run.played });
}
