/**
 * The options the commands that play games share (play, duel, balance): rule parameters,
 * formats, agents, worker threads — each checked against the compiled game, each mistake a
 * UsageError that says what is wrong and what is allowed.
 */
import { suggest } from '../grammar/spelling.ts';
import { availableParallelism } from 'node:os';
import { playerCount, type GameIR } from '../compiler/ir.ts';
import { parseAgent } from '../runtime/agents/spec.ts';
import type { ActionDraws } from '../runtime/engine.ts';
import { textReadings } from '../scenario/check.ts';
import { UsageError } from './usage-error.ts';
import { maxSeed, wholeNumberOption } from './options.ts';
import type { Seats } from '../runtime/batch.ts';
import { t } from '../i18n/format.ts';

/** `--param name=value` (or the option named), each checked against the game's parameters and their types. */
export function parseParams(list: string[] | undefined, ir: GameIR, option = '--param'): Record<string, number | boolean | string> {
  const out: Record<string, number | boolean | string> = {};
  for (const item of list ?? []) {
    const eq = item.indexOf('=');
    if (eq < 0) throw new UsageError(t('cli.options.takes-name-value-got', { option, item }));
    const name = item.slice(0, eq);
    const raw = item.slice(eq + 1);
    const p = ir.params.find((x) => x.name === name);
    if (!p) throw new UsageError(t('cli.options.unknown-parameter-the-parameters-of', { option, name, name2: ir.game.name, p: ir.params.map((x) => x.name).join(', ') || '(none)' }));
    if (p.type === 'number') {
      if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new UsageError(t('cli.options.parameter-is-a-whole-number', { name, raw }));
      out[name] = Number(raw);
    } else if (p.type === 'bool') {
      if (raw !== 'true' && raw !== 'false') throw new UsageError(t('cli.options.parameter-is-true-or-false', { name }));
      out[name] = raw === 'true';
    } else {
      // A text parameter takes its default, an alternative, or a text the rules compare it with;
      // anything else would silently play the default (scenario/check.ts textReadings).
      const readings = textReadings(ir, ir.params.indexOf(p));
      if (readings !== null && !readings.includes(raw)) {
        const near = suggest(raw, readings);
        throw new UsageError(t(near.length ? 'cli.options.parameter-is-one-of-got-near' : 'cli.options.parameter-is-one-of-got', { option, name, p: readings.map((r) => `'${r}'`).join(', '), raw, near: near[0] ?? '' }));
      }
      out[name] = raw;
    }
  }
  return out;
}

/** `--format`, or the game's default format, checked against the game's formats. */
export function checkFormat(ir: GameIR, format: string | undefined): string {
  const f = format ?? ir.game.defaultFormat;
  if (!ir.game.formats.some((x) => x.name === f)) throw new UsageError(t('cli.options.unknown-format-has', { f, name: ir.game.name, p: ir.game.formats.map((x) => x.name).join(', ') }));
  return f;
}

/** An mcts with depth= in a game with no `evaluate` scores every cut-off simulation as a draw: say so. */
export function warnDepthWithoutEvaluation(ir: GameIR, names: string[]): void {
  if (ir.evaluate) return;
  for (const n of names) if (/,depth=/.test(n)) console.error(t('cli.options.grimoire-warning-declares-no-evaluate', { n, name: ir.game.name }));
}

/** Does this agent think for a time rather than a number of iterations (its games differ from run to run)? */
export function timed(name: string): boolean {
  const spec = parseAgent(name);
  return !('error' in spec) && !spec.deterministic;
}

/** An agent option's name, checked (agents/spec.ts); unset: random. */
export function agentOption(option: string, value: unknown): string {
  if (value === undefined) return 'random';
  const spec = parseAgent(String(value));
  if ('error' in spec) throw new UsageError(`${option}: ${spec.error}`);
  return spec.name;
}

/** `--draws`: how random players draw an action (ActionDraws): sampled, the default, or listed. */
export function drawsOption(value: unknown): ActionDraws | undefined {
  if (value === undefined) return undefined;
  if (value === 'sampled' || value === 'listed') return value;
  throw new UsageError(t('cli.options.draws-it-is-sampled-the', { p: String(value) }), false);
}

/** More threads than this cost memory (one compiled game each) and gain nothing. */
export const maxWorkers = 256;

/** The cores, but one thread for small runs of random games, where starting workers costs more than it saves. */
export function defaultWorkers(games: number, searching: boolean): number {
  // Search agents spend seconds a game: threads pay from the second game on.
  if (searching) return Math.max(1, Math.min(games, availableParallelism()));
  return games < 200 ? 1 : Math.max(1, availableParallelism());
}

/**
 * The options every run of many games takes, as balance and tune read them: the format, the first
 * seed and how many games, the agents of each seat, and the worker threads (more for search agents).
 */
export function batchRunOptions(ir: GameIR, v: Record<string, unknown>, defaultGames: number): { format: string; seed: number; games: number; agents: Seats; searching: boolean; workers: number } {
  const format = checkFormat(ir, v.format as string | undefined);
  const seed = wholeNumberOption('--seed', v.seed, 1, 0, maxSeed, t('cli.options.why-seeds-32-bit'));
  const games = wholeNumberOption('--games', v.games, defaultGames, 1, maxSeed - seed + 1, t('cli.options.why-last-seed', { last: maxSeed }));
  const agents: Seats = { p1: agentOption('--p1', v.p1), p2: agentOption('--p2', v.p2) };
  const more = moreSeats(v, playerCount(ir, parseParams(v.param as string[] | undefined, ir)));
  if (more.length) agents.more = more;
  const searching = [agents.p1, agents.p2, ...more].some((a) => a !== 'random' && a !== 'first');
  const workers = wholeNumberOption('--workers', v.workers, defaultWorkers(games, searching), 1, maxWorkers);
  return { format, seed, games, agents, searching, workers };
}

/** `--p3` … `--p8`: the agents of the seats past the second (random unless given); a seat the game does not have is refused. */
export function moreSeats(v: Record<string, unknown>, players: number): string[] {
  const out: string[] = [];
  for (let i = 3; i <= 8; i++) {
    const given = v[`p${i}`];
    if (given === undefined) continue;
    if (i > players) throw new UsageError(t('cli.options.p-this-game-has-players', { i, players }), false);
    while (out.length < i - 3) out.push('random');
    out.push(agentOption(`--p${i}`, given));
  }
  return out;
}
