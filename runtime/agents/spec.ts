/**
 * Agents by name, as the CLI, scenarios and the playground write them:
 *
 *   random          uniform random over the options
 *   first           always the first option
 *   greedy          one step ahead, scored by the game's evaluation (greedy.ts)
 *   mcts:N          information-set MCTS with N iterations per decision (mcts.ts)
 *   mcts:Nms        the same, thinking N milliseconds per decision (not deterministic)
 *
 *   strong          the game's own strong player: the agent its header names
 *                   (`agent strong "mcts:60,pass=0"`), else DEFAULT_STRONG
 *
 * An MCTS may add `,depth=D` (simulations stop D decisions below the tree and are scored by the
 * evaluation), `,c=X` (the exploration constant), `,reuse` (a decision right after the player's
 * own last one goes on from that search's tree) and `,pass=W` (its playouts' policy: the pass
 * counts as W candidate actions when a playout draws an action — 0 never passes while it can act)
 * and `,turns=T` (playouts stop once T turns have begun, scored by the evaluation), `,grade=S`
 * (a cut scored by the evaluation's margin, graded, not by who is ahead), `,mast=E` (playouts'
 * actions drawn by MAST, uniform with chance E: mast.ts) and, with it, `,mastin=1` (the choices
 * inside an action too — a target, the card a generic action plays, a mode — each option keyed by
 * the choice's place in the rules and the card's definition, never the card itself), and `,stop=α`
 * (stop once the leading option's lead in visits is over α × the iterations left; 1, the default,
 * never changes the answer) and, with a cut, `,sure=P` (a cut playout's reward squeezed into
 * 1 − P..P: no evaluation is worth a won game):
 * `mcts:500,depth=40`.
 */
import type { Agent } from './agent.ts';
import { firstOptionAgent, randomAgent } from './basic.ts';
import { GreedyAgent } from './greedy.ts';
import { DEFAULT_EXPLORATION, MctsAgent, type MctsOptions } from './mcts.ts';

export interface AgentSpec {
  /** The name as written, normalised (`mcts:500`). */
  name: string;
  /** True when the same seed gives the same answers (not for a time budget). */
  deterministic: boolean;
  /** An agent for one seat of one game. */
  make(seed: number): Agent;
  /** For an agent the game names (`strong`): the agent it stands for (`mcts:60,pass=0`). */
  plays?: string;
  /**
   * Whether it scores cuts of its own by the game's `evaluate` (greedy; an MCTS with depth= or turns=):
   * a tool that swaps the evaluation (evaluate-fit's --terms) must know whether the agent would then play
   * differently. (Any search scores a game the engine stops at its limits by it; that alone does not count.)
   */
  readsEvaluation: boolean;
  /** For an MCTS (an `mcts:` name, or a game's agent that stands for one): its options as parsed. */
  search?: MctsOptions;
}

/** The agents a game names in its header (GameIR.game.agents). */
export type NamedAgents = { agents?: readonly { name: string; spec: string }[] } | null | undefined;

/** What `strong` plays in a game whose header names no strong agent: today's reference search. */
export const DEFAULT_STRONG = 'mcts:200';

/**
 * An agent name's meaning, or an error message saying what is wrong and what is accepted.
 * `game` (the IR's `game`): the agents it names — `strong` is the one its header names, else
 * DEFAULT_STRONG; without it (a name only checked, no game at hand) `strong` is DEFAULT_STRONG.
 */
export function parseAgent(text: string, game?: NamedAgents): AgentSpec | { error: string } {
  const t = text.trim();
  const named = game?.agents?.find((a) => a.name === t);
  if (named || t === 'strong') {
    const plays = named?.spec ?? DEFAULT_STRONG;
    const inner = parseBuiltIn(plays);
    if ('error' in inner) return { error: `the game's agent '${t}' ("${plays}"): ${inner.error}` };
    return { ...inner, name: t, plays };
  }
  return parseBuiltIn(t);
}

/** An agent every game has, by its name. */
function parseBuiltIn(t: string): AgentSpec | { error: string } {
  if (t === 'random') return { name: t, deterministic: true, readsEvaluation: false, make: (seed) => randomAgent(seed) };
  if (t === 'first') return { name: t, deterministic: true, readsEvaluation: false, make: () => firstOptionAgent };
  if (t === 'greedy') return { name: t, deterministic: true, readsEvaluation: true, make: (seed) => new GreedyAgent(seed) };
  const m = /^mcts:(\d+)(ms)?((?:,[^,]*)*)$/.exec(t);
  if (m) {
    const opts = parseMcts(t, m);
    if ('error' in opts) return opts;
    // Only a cut reads the evaluation: grade= and sure= shape the reward of a cut, they make none.
    const readsEvaluation = opts.depth !== null || opts.playout?.turns !== undefined;
    return { name: t, deterministic: !m[2], readsEvaluation, search: opts, make: (seed) => new MctsAgent(opts, seed) };
  }
  return { error: `unknown agent '${t}': the agents are random, first, greedy, mcts:N (N iterations per decision), mcts:Nms (N milliseconds per decision), strong (the game's own) and the agents its header names` };
}

/** An `mcts:` name's options (`m`: its match of the name's pattern), or what is wrong with them. */
function parseMcts(t: string, m: RegExpExecArray): MctsOptions | { error: string } {
  const n = Number(m[1]);
  if (n < 1) return { error: `'${t}': the budget must be at least 1` };
  const opts: MctsOptions = { iterations: m[2] ? 0 : n, millis: m[2] ? n : null, exploration: DEFAULT_EXPLORATION, depth: null };
  for (const part of m[3]!.split(',').slice(1)) {
    const [key, value] = part.split('=') as [string, string | undefined];
    const v = value === undefined || value.trim() === '' ? NaN : Number(value);
    if (key === 'reuse' && (value === undefined || value === '1' || value === '0')) opts.reuse = value !== '0';
    else if (key === 'depth' && Number.isInteger(v) && v >= 0) opts.depth = v;
    else if (key === 'c' && Number.isFinite(v) && v >= 0) opts.exploration = v;
    else if (key === 'pass' && Number.isInteger(v) && v >= 0) opts.playout = { ...opts.playout, passWeight: v };
    else if (key === 'turns' && Number.isInteger(v) && v >= 1) opts.playout = { ...opts.playout, turns: v };
    else if (key === 'grade' && Number.isFinite(v) && v > 0) opts.grade = v;
    else if (key === 'mast' && Number.isFinite(v) && v >= 0 && v <= 1) opts.mast = v;
    else if (key === 'mastdecay' && Number.isFinite(v) && v >= 0 && v <= 1) opts.mastDecay = v;
    else if (key === 'sure' && Number.isFinite(v) && v > 0.5 && v <= 1) opts.sure = v;
    else if (key === 'stop' && Number.isFinite(v) && v > 0 && v <= 1) opts.stopShare = v;
    else if (key === 'mastin' && (value === '1' || value === '0')) opts.mastInside = value === '1';
    else return { error: `'${t}': unknown or bad setting '${part}' (an mcts takes depth=<whole number>, c=<number>, pass=<whole number>, turns=<whole number ≥ 1>, grade=<number > 0>, mast=<number 0..1>, mastdecay=<number 0..1>, mastin=<0 or 1>, stop=<number over 0, at most 1>, sure=<number over 0.5, at most 1> and reuse; in YAML, quote the whole name: "mcts:500,depth=40")` };
  }
  if (opts.sure !== undefined && opts.depth === null && opts.playout?.turns === undefined) return { error: `'${t}': sure=P says how sure a cut playout can be: it needs a cut too, turns=T or depth=D ("mcts:100,turns=1,grade=51,sure=0.9")` };
  if (opts.mastInside && opts.mast === undefined) return { error: `'${t}': mastin=1 keys MAST inside actions: it needs mast=E too ("mcts:60,mast=0.4,mastin=1")` };
  return opts;
}

/** How an MCTS searches, apart from its budget and its own tree: what a Hint borrows from the game's `strong`. */
export type SearchSettings = Omit<MctsOptions, 'iterations' | 'millis' | 'reuse' | 'onProgress' | 'stopShare' | 'mastDecay'>;

/**
 * The search settings of the agent `text` names in `game` (`strong`: the search its header
 * names) — its exploration, cut, grade, playout policy… — or null when that agent is no MCTS
 * (or is not an agent). The playground's Hint searches with its own budget as `strong` searches,
 * so a game whose strong agent cuts its playouts gets a Hint that does too.
 */
export function searchSettings(text: string, game?: NamedAgents): SearchSettings | null {
  const spec = parseAgent(text, game);
  if ('error' in spec || spec.search === undefined) return null;
  // Not a Hint's: its budget, its own tree (reuse, a stop before the budget, MAST carried on) and its progress.
  const { iterations: _i, millis: _m, reuse: _r, onProgress: _p, stopShare: _s, mastDecay: _d, ...settings } = spec.search;
  return settings;
}
