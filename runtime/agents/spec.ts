/**
 * Agents by name, as the CLI, scenarios and the playground write them:
 *
 *   random          uniform random over the options
 *   first           always the first option
 *   greedy          one step ahead, scored by the game's evaluation (greedy.ts)
 *   mcts:N          information-set MCTS with N iterations per decision (mcts.ts)
 *   mcts:Nms        the same, thinking N milliseconds per decision (not deterministic)
 *
 * An MCTS may add `,depth=D` (simulations stop D decisions below the tree and are scored by the
 * evaluation), `,c=X` (the exploration constant) and `,reuse` (a decision right after the player's
 * own last one goes on from that search's tree): `mcts:500,depth=40`.
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
}

/** An agent name's meaning, or an error message saying what is wrong and what is accepted. */
export function parseAgent(text: string): AgentSpec | { error: string } {
  const t = text.trim();
  if (t === 'random') return { name: t, deterministic: true, make: (seed) => randomAgent(seed) };
  if (t === 'first') return { name: t, deterministic: true, make: () => firstOptionAgent };
  if (t === 'greedy') return { name: t, deterministic: true, make: (seed) => new GreedyAgent(seed) };
  const m = /^mcts:(\d+)(ms)?((?:,[^,]*)*)$/.exec(t);
  if (m) {
    const n = Number(m[1]);
    if (n < 1) return { error: `'${t}': the budget must be at least 1` };
    const opts: MctsOptions = { iterations: m[2] ? 0 : n, millis: m[2] ? n : null, exploration: DEFAULT_EXPLORATION, depth: null };
    for (const part of m[3]!.split(',').slice(1)) {
      const [key, value] = part.split('=') as [string, string | undefined];
      const v = value === undefined || value.trim() === '' ? NaN : Number(value);
      if (key === 'reuse' && (value === undefined || value === '1' || value === '0')) opts.reuse = value !== '0';
      else if (key === 'depth' && Number.isInteger(v) && v >= 0) opts.depth = v;
      else if (key === 'c' && Number.isFinite(v) && v >= 0) opts.exploration = v;
      else return { error: `'${t}': unknown or bad setting '${part}' (an mcts takes depth=<whole number>, c=<number> and reuse; in YAML, quote the whole name: "mcts:500,depth=40")` };
    }
    return { name: t, deterministic: !m[2], make: (seed) => new MctsAgent(opts, seed) };
  }
  return { error: `unknown agent '${t}': the agents are random, first, greedy, mcts:N (N iterations per decision) and mcts:Nms (N milliseconds per decision)` };
}
