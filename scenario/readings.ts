/**
 * Every reading of an ambiguity: a casebook run once per alternative of every rule parameter of
 * the game (one parameter changed at a time, the others at their defaults), each run compared
 * with the run at the defaults. A ruling whose outcome no alternative changes is settled by the
 * rulebook alone; one whose outcome turns on a parameter is a question for the rulebook's authors.
 *
 * Pure, like scenario/run.ts: the caller gives the compiled game (compiled once) and the rulings'
 * texts, so the same function serves `grimoire scenario --readings` (scenario/files.ts) and the
 * playground's casebook (its run worker). A ruling that pins a parameter (`params:` in its YAML)
 * keeps it: it is run under the alternatives of the other parameters only. The report and its
 * renderings are in readings-report.ts.
 */
import type { GameIR, ParamIR } from '../compiler/ir.ts';
import { parseScenario } from './check.ts';
import { runScenario, type ScenarioOutcome } from './run.ts';
import { compareOutcomes, type ParamReadings, type ParamValue, type ReadingChange, type ReadingOutcome, type ReadingsReport, type RulingReadings } from './readings-report.ts';

export * from './readings-report.ts';

export interface ReadingsOptions {
  /** The engine's step limit for each run; the engine's default otherwise. */
  maxSteps?: number;
  /** Called after each ruling's runs (all its readings) with the number of rulings done. */
  progress?: (done: number, total: number) => void;
  /** Asked between rulings: true stops the work (the report holds the rulings done). */
  cancelled?: () => boolean;
}

export interface RulingText {
  path: string;
  text: string;
}

/** A ruling's outcome reduced to what another reading (or another version of the rules) can change. */
export function reduce(o: ScenarioOutcome): ReadingOutcome {
  const failed = o.expectations.filter((e) => !e.passed).map((e) => ({ at: e.at, label: e.label, failure: e.failures[0] ?? 'does not hold' }));
  const counted = new Set(o.expectations.flatMap((e) => e.failures));
  const other = o.failures.filter((f) => !counted.has(f) && f !== o.error?.message && !o.expectations.some((e) => e.failures.some((x) => f.endsWith(x))) && !o.diagnostics.length);
  return { passed: o.passed, failed, error: o.error ? o.error.message : null, other };
}

/** The ruling's name, cite and pinned parameters, read from its YAML (empty when unreadable). */
function header(path: string, text: string): { name: string; cite: string; pinned: Record<string, ParamValue> } {
  try {
    const y = parseScenario(path, text).doc.toJS() as Record<string, unknown> | null;
    const params = y && typeof y.params === 'object' && y.params !== null ? (y.params as Record<string, ParamValue>) : {};
    return { name: typeof y?.name === 'string' ? y.name : path, cite: typeof y?.cite === 'string' ? y.cite : '', pinned: { ...params } };
  } catch {
    return { name: path, cite: '', pinned: {} };
  }
}

/** The alternatives of a parameter that differ from its default, in the order written. */
export function alternativesOf(p: ParamIR): ParamValue[] {
  return p.alternatives.filter((a, i) => a !== p.value && p.alternatives.indexOf(a) === i);
}

/** The number of scenario runs `readings` makes for these rulings (the defaults included). */
export function readingRuns(ir: GameIR, rulings: RulingText[]): number {
  let n = 0;
  for (const r of rulings) {
    const { pinned } = header(r.path, r.text);
    n += 1 + ir.params.filter((p) => !(p.name in pinned)).reduce((k, p) => k + alternativesOf(p).length, 0);
  }
  return n;
}

/**
 * Runs every ruling at the defaults and under each alternative of each parameter it does not pin,
 * and says which alternatives change which rulings' outcomes.
 */
export function readings(ir: GameIR, rulings: RulingText[], opts: ReadingsOptions = {}): ReadingsReport {
  const started = performance.now();
  const params: ParamReadings[] = ir.params.map((p) => ({ name: p.name, type: p.type, default: p.value, alternatives: alternativesOf(p), cite: p.cite, note: p.note, rulings: [], pinnedBy: [] }));
  const out: RulingReadings[] = [];
  let runs = 0;
  for (const r of rulings) {
    if (opts.cancelled?.()) break;
    const { name, cite, pinned } = header(r.path, r.text);
    const run = (over: Record<string, ParamValue>) => {
      runs++;
      return reduce(runScenario(r.path, r.text, { ir, maxSteps: opts.maxSteps, params: over }));
    };
    const base = run({});
    const changes: ReadingChange[] = [];
    for (const p of params) {
      if (p.name in pinned) {
        p.pinnedBy.push(r.path);
        continue;
      }
      let depends = false;
      for (const value of p.alternatives) {
        const change = compareOutcomes(p.name, value, base, run({ [p.name]: value }));
        if (change) {
          changes.push(change);
          depends = true;
        }
      }
      if (depends) p.rulings.push(r.path);
    }
    out.push({ path: r.path, name, cite, pinned, base, changes });
    opts.progress?.(out.length, rulings.length);
  }
  return {
    game: ir.game.name,
    title: ir.game.title,
    version: ir.game.version,
    params,
    rulings: out,
    failingAtDefaults: out.filter((r) => !r.base.passed).map((r) => r.path),
    runs,
    ms: Math.round(performance.now() - started),
  };
}

