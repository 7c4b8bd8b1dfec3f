/**
 * One run of the designer's rules: a scenario (scenario/run.ts, the runner the CLI uses) or a
 * random game between random agents (runtime/play.ts, as `grimoire play` plays it, in a format and
 * with rule parameters as `--format` and `--param` set them). A run is a recipe — the compiled
 * rules plus the scenario text, or the seed, format and parameters — and is deterministic, so the
 * worker can play it again to show the board at any step (boards.ts). No DOM, no worker globals:
 * the tests run it in Node.
 */
import type { GameIR } from '../../../compiler/ir.ts';
import type { Engine, EngineOptions } from '../../../runtime/engine.ts';
import { newEngine, playOn } from '../../../runtime/play.ts';
import { runScenario, type ScenarioOutcome } from '../../../scenario/run.ts';
import type { RunProblem, RunReport } from './run-protocol.ts';
import { traceOf } from './trace.ts';
import { checkChoice, variantsOf, type ParamValue } from './variants.ts';
import { t } from '../../../i18n/format.ts';
import { endReason } from '../../../scenario/log-words.ts';

export type Simulation =
  | { what: 'scenario'; ir: GameIR; game: string; path: string; text: string; maxSteps: number }
  | { what: 'game'; ir: GameIR; game: string; seed: number; maxSteps: number; format?: string; params?: Record<string, ParamValue> };

export type SimulationReport = Omit<RunReport, 'type' | 'id' | 'ms'>;

/**
 * The log is kept whole by the engine (each step's index is its place in it), so a rules loop
 * that logs at every turn of the loop under a high step limit would fill the worker's memory:
 * past this many log steps the run is stopped, like the step limit stops it.
 */
export const MAX_LOG_STEPS = 500_000;

class LogLimit extends Error {}

export const logLimitProblem: RunProblem = {
  kind: 'limit',
  message: t('pg.sim.log-limit', { n: MAX_LOG_STEPS }),
};

/** Watches the log for `onLog` and stops the run when the log grows past MAX_LOG_STEPS. */
export function bounded(onLog: EngineOptions['onLog'] | undefined): { onLog: NonNullable<EngineOptions['onLog']>; stopped: () => boolean } {
  let stopped = false;
  return {
    onLog: (e, engine) => {
      onLog?.(e, engine);
      if (e.seq + 1 >= MAX_LOG_STEPS && !stopped) {
        stopped = true;
        throw new LogLimit(`the log passed ${MAX_LOG_STEPS} steps`); // i18n-ok: caught, never shown (logLimitProblem says it)
      }
    },
    stopped: () => stopped,
  };
}

/** The engine's own words when one of its limits ended the game (runtime/engine.ts: tick, the trigger chain). */
export const STEP_LIMIT_REASON = /^stopped after \d+ (?:steps|triggers)/;

export function limitProblem(reason: string): RunProblem {
  // A trigger loop's reason names the last trigger that ran: kept.
  const why = /^stopped after \d+ triggers/.test(reason) ? (/\((.*)\)$/.exec(reason)?.[1] ?? t('pg.sim.trigger-loop')) : t('pg.sim.while-loop');
  return {
    kind: 'limit',
    message: t('pg.sim.never-ended', { reason: reason.replace(/ \(.*\)$/, ''), why }),
  };
}

function scenarioProblem(error: NonNullable<ScenarioOutcome['error']>): RunProblem {
  switch (error.kind) {
    case 'yaml':
      return { kind: 'yaml', message: t('pg.sim.bad-yaml', { message: error.message.replace(/^YAML: /, '') }) };
    case 'scenario':
      return { kind: 'scenario', message: t('pg.sim.bad-scenario', { message: error.message }) };
    case 'rules':
      return { kind: 'rules', message: error.message };
    default:
      return { kind: 'runtime', message: t('pg.sim.engine-scenario', { message: error.message.replace(/^runtime error: /, '') }) };
  }
}

/** Runs the recipe; `onLog` watches every log event (boards.ts uses it to capture boards). */
export function simulate(sim: Simulation, onLog?: EngineOptions['onLog']): SimulationReport {
  return sim.what === 'scenario' ? simulateScenario(sim, onLog) : simulateGame(sim, onLog);
}

function simulateScenario(sim: Extract<Simulation, { what: 'scenario' }>, onLog?: EngineOptions['onLog']): SimulationReport {
  let engine: Engine | null = null;
  const watch = bounded((e, eng) => {
    engine = eng;
    onLog?.(e, eng);
  });
  const o = runScenario(sim.path, sim.text, {
    rules: (game) => (!game || game === sim.game ? sim.ir : t('pg.sim.other-game', { game, open: sim.game })),
    maxSteps: sim.maxSteps,
    onLog: watch.onLog,
  });
  const eng = engine as Engine | null;
  const expectationTexts = new Set(o.expectations.flatMap((x) => x.failures.map((f) => (x.at === 'expect' ? f : `${x.at}: ${f}`))));
  const otherFailures = o.failures.filter((f) => !expectationTexts.has(f) && f !== o.error?.message);
  let problem: RunProblem | null = watch.stopped() ? logLimitProblem : o.error ? scenarioProblem(o.error) : null;
  if (!problem && o.result && STEP_LIMIT_REASON.test(o.result.reason)) problem = limitProblem(o.result.reason);
  return {
    what: 'scenario',
    problem,
    scenario: { name: o.name, passed: o.passed, expectations: o.expectations, otherFailures, checkpoint: o.checkpoint?.text ?? null },
    result: o.result,
    seed: null,
    format: null,
    params: null,
    turns: eng?.turn ?? 0,
    decisions: eng?.decisions ?? 0,
    players: o.players,
    ...traceOf(o.events, sim.ir.files),
  };
}

function simulateGame(sim: Extract<Simulation, { what: 'game' }>, onLog?: EngineOptions['onLog']): SimulationReport {
  // The choice is checked against these rules (the page's list may be a check behind the text).
  const choice = checkChoice(variantsOf(sim.ir), { format: sim.format, params: sim.params ?? {} });
  if ('problem' in choice) {
    return { what: 'game', problem: { kind: 'options', message: choice.problem }, scenario: null, result: null, seed: sim.seed, format: null, params: null, turns: 0, decisions: 0, players: [], log: [], omitted: null };
  }
  const watch = bounded(onLog);
  const opts = { log: true, maxSteps: sim.maxSteps, onLog: watch.onLog, format: choice.format, params: choice.params };
  const engine = newEngine(sim.ir, sim.seed, opts);
  let problem: RunProblem | null = null;
  try {
    playOn(engine, sim.seed, opts);
    if (engine.result && STEP_LIMIT_REASON.test(engine.result.reason)) problem = limitProblem(engine.result.reason);
  } catch (e) {
    problem = watch.stopped() ? logLimitProblem : { kind: 'runtime', message: t('pg.sim.engine-game', { message: (e as Error).message }) };
  }
  return {
    what: 'game',
    problem,
    scenario: null,
    result: engine.result ? { winner: engine.result.winner, reason: endReason(engine.result) } : null,
    seed: sim.seed,
    format: choice.format,
    params: choice.params,
    turns: engine.turn,
    decisions: engine.decisions,
    players: engine.players.map((p) => p.name),
    ...traceOf(engine.log, sim.ir.files),
  };
}
