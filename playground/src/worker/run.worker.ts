/**
 * The run worker: compiles the designer's rules and runs a scenario or a random game off the
 * page's thread, then answers board requests by replaying that run (boards.ts). Separate from
 * the compile worker so a runaway game never delays the errors-as-you-type; the page cancels a
 * run by terminating this worker (and starting a new one). It keeps only its latest run. It
 * also runs a game's whole casebook (casebook-run.ts), posting progress after each ruling, and
 * plays games with seats — people and agents — and Hints (match-run.ts), posting the agents'
 * progress as they think; balance simulations (balance-run.ts) and tunes (tune-run.ts), posting the games played; and
 * the casebook under every reading of every rule parameter (scenario/readings.ts).
 */
import { drawFaces } from './card-faces.ts';
import './language.ts'; // first: the page's language, before anything is worded
import { compileGame } from '../../../compiler/compile.ts';
import type { GameIR } from '../../../compiler/ir.ts';
import type { WorkspaceFile } from './protocol.ts';
import type { RunProblem, RunReply, RunRequest } from './run-protocol.ts';
import type { CasebookRow } from './casebook.ts';
import { boardsAround } from './boards.ts';
import { simulate, type Simulation } from './simulate.ts';
import { runCasebook } from './casebook-run.ts';
import type { ExecutedLines } from './run-protocol.ts';
import { loadBase, loadBasesFor } from './base-games.ts';
import type { MatchSim } from './match.ts';
import { runHint, runHintShares, runMatch } from './match-run.ts';
import { runBalance } from './balance-run.ts';
import { runTuneRequest } from './tune-run.ts';
import { readings } from '../../../scenario/readings.ts';
import { t } from '../../../i18n/format.ts';

const post = (reply: RunReply) => (self as unknown as Worker).postMessage(reply);

/** The last compilation, reused while the sources are the same text. */
let compiled: { files: WorkspaceFile[]; ir: GameIR | null; problem: RunProblem | null } | null = null;

function sameFiles(a: WorkspaceFile[], b: WorkspaceFile[]): boolean {
  return a.length === b.length && a.every((f, i) => f.path === b[i]!.path && f.text === b[i]!.text);
}

function compileRules(files: WorkspaceFile[]): { ir: GameIR | null; problem: RunProblem | null } {
  if (compiled && sameFiles(compiled.files, files)) return compiled;
  const r = compileGame({ sources: files, loadBase }); // a revision's base: loaded by onmessage
  let problem: RunProblem | null = null;
  if (!r.ir) {
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0];
    problem = {
      kind: 'compile',
      errors: errors.length,
      message: t('pg.worker.no-compile', { n: errors.length }),
      first: first ? { file: first.loc.file, line: first.loc.line, col: first.loc.col, message: first.message } : null,
    };
  }
  compiled = { files, ir: r.ir ?? null, problem };
  return compiled;
}

/** The latest run, kept to replay it for boards. */
let latest: { runId: number; sim: Simulation | MatchSim } | null = null;

/**
 * Runs the casebook under the edited files and, when asked, under the original ones first (once
 * when nothing was edited: the same outcomes).
 */
function casebook(req: Extract<RunRequest, { type: 'casebook' }>, t0: number): void {
  const { id, game, maxSteps } = req;
  const progress = (phase: 'original' | 'edited', total: number) => (done: number) => post({ type: 'progress', id, phase, done, total });
  let original: { rows: CasebookRow[] } | { problem: string } | null = null;
  const o = req.original;
  const unedited = !!o && sameFiles(o.files, req.files) && sameFiles(o.scenarios, req.scenarios);
  if (o && !unedited) {
    const base = compileRules(o.files);
    original = base.ir
      ? { rows: runCasebook(base.ir, game, o.scenarios, maxSteps, progress('original', o.scenarios.length)) }
      : { problem: t('pg.worker.original-no-compile', { game, first: base.problem?.kind === 'compile' && base.problem.first ? ` (${base.problem.first.file}:${base.problem.first.line}: ${base.problem.first.message})` : '' }) };
  }
  const { ir, problem } = compileRules(req.files);
  if (!ir) {
    post({ type: 'casebook', id, problem, rows: [], original: unedited ? null : original, executed: {}, ms: performance.now() - t0 });
    return;
  }
  const executed: ExecutedLines = {};
  const rows = runCasebook(ir, game, req.scenarios, maxSteps, progress('edited', req.scenarios.length), executed);
  post({ type: 'casebook', id, problem: null, rows, original: unedited ? { rows } : original, executed, ms: performance.now() - t0 });
}

/** Every reading of the casebook under the edited files (scenario/readings.ts), with progress. */
function readingsRun(req: Extract<RunRequest, { type: 'readings' }>, t0: number): void {
  const { id } = req;
  const { ir, problem } = compileRules(req.files);
  if (!ir) return post({ type: 'readings', id, problem, report: null, ms: performance.now() - t0 });
  const report = readings(ir, req.scenarios, { maxSteps: req.maxSteps, progress: (done, total) => post({ type: 'readings-progress', id, done, total }) });
  post({ type: 'readings', id, problem: null, report, ms: performance.now() - t0 });
}

/**
 * A balance simulation under the edited files, and first under the original ones when asked —
 * unless nothing is edited (the same games twice: the page is told, and gets the report alone).
 */
async function balance(req: Extract<RunRequest, { type: 'balance' }>, t0: number): Promise<void> {
  const unedited = !!req.original && sameFiles(req.original, req.files);
  let original: { ir: GameIR } | { problem: RunProblem } | null = null;
  if (req.original && !unedited) {
    const base = compileRules(req.original);
    original = base.ir ? { ir: base.ir } : { problem: base.problem! };
  }
  const { ir, problem } = compileRules(req.files);
  if (!ir) return post({ type: 'balance', id: req.id, problem, result: null, note: null, ms: performance.now() - t0 });
  const reply = await runBalance(req, ir, original, post, t0);
  if (unedited && !reply.problem) reply.note = t('pg.worker.unedited', { game: req.game });
  post(reply);
}

/** A tune of one card's number under the edited files (tune-run.ts). */
async function tune(req: Extract<RunRequest, { type: 'tune' }>, t0: number): Promise<void> {
  const { ir, problem } = compileRules(req.files);
  if (!ir) return post({ type: 'tune', id: req.id, problem, result: null, note: null, played: 0, ms: performance.now() - t0 });
  post(await runTuneRequest(req, ir, post, t0));
}

async function handle(req: RunRequest): Promise<void> {
  const t0 = performance.now();
  if (req.type === 'casebook') return casebook(req, t0);
  if (req.type === 'readings') return readingsRun(req, t0);
  if (req.type === 'balance') return balance(req, t0);
  if (req.type === 'tune') return tune(req, t0);
  if (req.type === 'boards') {
    if (!latest || latest.runId !== req.runId) {
      post({ type: 'boards', id: req.id, runId: req.runId, viewer: req.viewer, boards: [], problem: t('pg.worker.run-gone') });
      return;
    }
    post({ type: 'boards', id: req.id, runId: req.runId, viewer: req.viewer, boards: boardsAround(latest.sim, req.step, req.viewer), problem: null });
    return;
  }
  if (req.type === 'faces') {
    const { ir, problem } = compileRules(req.files);
    post({ type: 'faces', id: req.id, faces: ir ? drawFaces(ir) : null, problem: ir ? null : (problem?.message ?? t('pg.worker.rules-no-compile')) });
    return;
  }
  // A Hint leaves the game's run in place (its boards are still asked for).
  if (req.type !== 'hint' && req.type !== 'hint-shares') latest = null;
  const { ir, problem } = compileRules(req.files);
  if (req.type === 'hint-shares') {
    if (!ir) return post({ type: 'hint-shares', id: req.id, problem: problem?.message ?? t('pg.worker.rules-no-compile'), player: '', parts: [], ms: performance.now() - t0 });
    return post(runHintShares(req, ir, post, t0));
  }
  if (req.type === 'match' || req.type === 'hint') {
    if (!ir) {
      const message = problem?.message ?? t('pg.worker.rules-no-compile');
      if (req.type === 'hint') post({ type: 'hint', id: req.id, problem: message, player: '', iterations: 0, estimates: [], ms: performance.now() - t0 });
      else post({ type: 'match', id: req.id, problem, decision: null, answers: req.answers, result: null, viewer: 'judge', view: null, seed: req.seed, format: null, params: null, turns: 0, decisions: 0, players: [], log: [], omitted: null, ms: performance.now() - t0 });
      return;
    }
    if (req.type === 'hint') return post(runHint(req, ir, post, t0));
    const { report, sim } = runMatch(req, ir, post, t0);
    latest = { runId: req.id, sim };
    post(report);
    return;
  }
  if (!ir) {
    post({ type: 'ran', id: req.id, what: req.type, problem, scenario: null, result: null, seed: req.type === 'game' ? req.seed : null, format: null, params: null, turns: 0, decisions: 0, players: [], log: [], omitted: null, ms: performance.now() - t0 });
    return;
  }
  const sim: Simulation =
    req.type === 'scenario'
      ? { what: 'scenario', ir, game: req.game, path: req.path, text: req.text, maxSteps: req.maxSteps }
      : { what: 'game', ir, game: req.game, seed: req.seed, maxSteps: req.maxSteps, format: req.format, params: req.params };
  const report = simulate(sim);
  latest = { runId: req.id, sim };
  post({ type: 'ran', id: req.id, ...report, ms: performance.now() - t0 });
}

self.onmessage = async (ev: MessageEvent<RunRequest>) => {
  try {
    // A revision compiles over its base game (base-games.ts), loaded before the compiler asks.
    if ('files' in ev.data) await loadBasesFor(ev.data.files);
    await handle(ev.data);
  } catch (e) {
    post({ type: 'crashed', id: ev.data.id, message: String((e as Error)?.message ?? e) });
  }
};
