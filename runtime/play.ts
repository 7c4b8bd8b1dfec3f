/** Playing whole games between agents: the loop the CLI, tests and benchmarks share. */
import type { GameIR } from '../compiler/ir.ts';
import { Engine, type EngineOptions, type GameResult } from './engine.ts';
import { agentDecision, randomAgent, type Agent } from './agents.ts';
import type { Card } from './model.ts';

export interface PlayedGame {
  seed: number;
  result: GameResult;
  turns: number;
  decisions: number;
  hash: number;
  engine: Engine;
}

export interface PlayOptions {
  format?: string;
  params?: Record<string, number | boolean | string>;
  log?: boolean;
  agents?: (seed: number) => Agent[];
  maxSteps?: number;
  /** Ask every decision, even one with a single option (see EngineOptions.askForced). */
  askForced?: boolean;
  /** Called with the engine before the first decision (tests and tools that watch a game). */
  onStart?: (engine: Engine) => void;
  /** See EngineOptions.onLog (tools that capture the state at each step). */
  onLog?: EngineOptions['onLog'];
}

/** Plays one game with a new engine. */
export function playGame(ir: GameIR, seed: number, opts: PlayOptions = {}): PlayedGame {
  return playOn(newEngine(ir, seed, opts), seed, opts);
}

/** An engine for `playOn`: compile the rules once, then play game after game on it. */
export function newEngine(ir: GameIR, seed: number, opts: PlayOptions = {}): Engine {
  return new Engine(ir, { seed, format: opts.format, params: opts.params, log: opts.log, maxSteps: opts.maxSteps, askForced: opts.askForced, onLog: opts.onLog });
}

/** Plays one game on an engine made by `newEngine` with the same options, reset to `seed`. */
export function playOn(engine: Engine, seed: number, opts: PlayOptions = {}): PlayedGame {
  engine.reset(seed);
  const agents = opts.agents ? opts.agents(seed) : engine.players.map((_, i) => randomAgent(seed * 31 + i));
  opts.onStart?.(engine);
  // Each player's view on demand, one function per player rather than one per decision.
  const views = engine.players.map((p) => () => engine.view(p));
  engine.run((d) => agents[d.player.index]!.choose(agentDecision(d), views[d.player.index]!));
  return { seed, result: engine.result!, turns: engine.turn, decisions: engine.decisions, hash: engine.hash, engine };
}

/** Every card is in exactly one place: a zone, or attached to a card that is in one. */
export function conservationProblems(engine: Engine): string[] {
  const seen = new Map<Card, string>();
  const problems: string[] = [];
  const visit = (c: Card, where: string) => {
    if (seen.has(c)) problems.push(`${c.name}#${c.id} is both in ${seen.get(c)} and in ${where}`);
    seen.set(c, where);
    for (const a of c.attached) visit(a, `${where} (under ${c.name})`);
  };
  for (const p of engine.players) for (const z of p.zones) if (z) for (const c of z.cards) visit(c, z.label);
  for (const z of engine.sharedZones) if (z) for (const c of z.cards) visit(c, z.label);
  for (const c of engine.allCards()) if (!seen.has(c)) problems.push(`${c.name}#${c.id} is nowhere (lost)`);
  return problems;
}

/** zones map "p1.<zone>" → card names (attached cards included), for --final-state. */
export function zoneSnapshot(engine: Engine): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const names = (cards: Card[]) => cards.flatMap((c) => [c.name, ...c.attached.map((a) => a.name)]);
  for (const p of engine.players) for (const z of p.zones) if (z) out[z.label] = names(z.cards);
  for (const z of engine.sharedZones) if (z) out[`shared.${z.name}`] = names(z.cards);
  return out;
}
