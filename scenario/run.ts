/**
 * The rulings casebook runner: YAML scenario text → position → scripted steps → expectations.
 * Format: docs/scenarios.md. Pure — no file system, no compiler: the caller gives the compiled
 * rules (the IR, or a function from the scenario's `game` to its IR), so the same runner serves
 * the CLI and the tests (scenario/files.ts reads and compiles from disk) and the browser
 * playground (its run worker compiles the designer's text).
 */
import { matchOver, type MatchLength } from '../runtime/match.ts';
import { fieldOfCard } from './card-fields.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import type { GameIR } from '../compiler/ir.ts';
import { Engine, StopRun, type Decision, type DeckList, type DeckVerdict, type EngineOptions, type LogEvent } from '../runtime/engine.ts';
import { Card, type Player, type Zone } from '../runtime/model.ts';
import { checkScenario, parseScenario, yamlProblems, type ParsedScenario } from './check.ts';
import { agentDecision } from '../runtime/agents/agent.ts';
import { parseAgent, type AgentSpec } from '../runtime/agents/spec.ts';
import { expectationWords } from './expectation-words.ts';
import { GameRecorder, SearchModel, searchEngine } from '../runtime/search.ts';
import { t } from '../i18n/format.ts';
import { provePuzzle, type PuzzleProof } from './puzzle.ts';
import { endReason, logText } from './log-words.ts';
import { phrase, type LogPhrase } from '../runtime/log-entry.ts';

/** One expectation (an entry of `expect:`, or of a `check` step) and whether it held. */
export interface ExpectationResult {
  /** Where it is written: `expect`, or `step 4 (check)`. */
  at: string;
  /** The expectation as written, e.g. `p2.graveyard: [♡5]` or `count p2.life: 0`. */
  label: string;
  /** The same in words, as a judge writes an answer: `p2's graveyard holds ♡5` (expectation-words.ts). */
  words: string;
  passed: boolean;
  /** Why it does not hold (empty when it passed); the same texts as in `failures`. */
  failures: string[];
}

export interface ScenarioOutcome {
  file: string;
  name: string;
  passed: boolean;
  /** Every failure in words: expectations that do not hold, the script's problems, errors. */
  failures: string[];
  /** Each expectation checked, in the order written, with its own pass/fail. */
  expectations: ExpectationResult[];
  /**
   * What stopped the scenario before its expectations could all be checked, or null:
   * `yaml` (the text is not valid YAML), `scenario` (a mistake in the scenario, found before the
   * run — see `diagnostics` — or a step the engine does not ask), `rules` (no rules to run it under),
   * `runtime` (the engine failed).
   */
  error: { kind: 'yaml' | 'scenario' | 'rules' | 'runtime'; message: string } | null;
  /** The log as text lines, in the reader's language (the CLI prints them): worded when first read. */
  log: string[];
  /** The log as the engine wrote it (with each step's source place). */
  events: LogEvent[];
  /**
   * The mistakes found in the file before it ran (scenario/check.ts), each at its YAML
   * file:line:col; a file with any is not run (`error` is `yaml` or `scenario`).
   */
  diagnostics: Diagnostic[];
  /** The game's result when it ended (a scenario often stops before), else null. */
  /** `reason` in the rules' words, or the engine's in English; `because`: the engine's as a phrase (scenario/log-words.ts `endReason` words it). */
  result: { winner: string | null; reason: string; because?: LogPhrase } | null;
  /** The player names of the game. */
  players: string[];
  /**
   * Where the final expectations looked at the game (null when the run did not get there): at a
   * decision the engine was waiting for once the script had run out — whom it asked and what —
   * or at the game's end; and what the engine did by itself after the script's last step (the
   * priority decisions it passed, the turns and log steps it played) — so a judge sees whether
   * `expect` checked the moment they meant.
   */
  checkpoint: Checkpoint | null;
  /** The compiled game's source files (a log event's `loc` indexes them); empty when nothing ran. */
  files: string[];
  /** The ruling's own `cite` (the rule text it settles), or null. */
  cite: string | null;
  /** The ruling's own `answer:` (the judge's answer in words, in the ruling's language), or null. */
  answer: string | null;
  /** For a tactics puzzle (`puzzle:`): whether the agent solved it and whether the puzzle is proven (scenario/puzzle.ts). */
  puzzle?: PuzzleProof;
}

export interface Checkpoint {
  at: 'decision' | 'end';
  /** The turn at the checkpoint, and the active player. */
  turn: number;
  active: string;
  /** At a decision: who was asked, and the question. */
  player?: string;
  prompt?: string;
  /** At the end: the result. */
  result?: { winner: string | null; reason: string };
  /** After the script's last step: decisions passed by the runner, turns begun, log steps. */
  afterScript: { passes: number; turns: number; steps: number };
  /** In words, e.g. `at p2's decision "choose an action (main)", turn 4, after the script: 2 passes, 0 turns`. */
  text: string;
}

type Yaml = Record<string, any>;

class ScenarioError extends Error {
  constructor(
    message: string,
    readonly kind: 'yaml' | 'scenario' | 'rules' = 'scenario',
  ) {
    super(message);
  }
}

export interface ScenarioOptions {
  /** Run under this compiled game, whatever the scenario's `game` says. */
  ir?: GameIR;
  /** The compiled rules of a game by name (the scenario's `game`), or why there are none. */
  rules?: (game: string) => GameIR | string;
  /** The engine's step limit (EngineOptions.maxSteps); the engine's default otherwise. */
  maxSteps?: number;
  /** See EngineOptions.onLog: watches each log event (the playground captures boards). */
  onLog?: EngineOptions['onLog'];
  /**
   * Rule parameters to run under instead of their defaults (scenario/readings.ts: each reading of
   * an ambiguity). The scenario's own `params:` win: a ruling that pins a reading keeps it.
   */
  params?: Record<string, number | boolean | string>;
  /**
   * Stop at the first decision once this many steps are done (Infinity: once the script has run
   * out), before anything is passed, and call `onStop` there with the steps done (`grimoire
   * why-not`); when the game ends first, at its end (`d` null). The expectations are then checked
   * at that point.
   */
  stopAfter?: number;
  onStop?: (engine: Engine, d: Decision | null, stepsDone: number) => void;
  /** Compile the rules so a choice's locals can be read where it is asked (EngineOptions.inspectable; why-not). */
  inspectable?: boolean;
  /** Run this script instead of the file's `steps` (a puzzle's right or a wrong answer: scenario/puzzle.ts). */
  steps?: unknown[];
  /** Answer the script's agent steps with this agent instead of the one written (`grimoire scenario --agent first`). */
  agent?: string;
}

/**
 * The last scenario read and found without mistakes, and the rules it was checked against. The
 * readings of a casebook (readings.ts) run each ruling once per alternative of every parameter,
 * one run after another — about fifty runs of one text, where reading and checking it again took
 * a fifth of the time. Only a clean text is kept: a mistake is worded in the language of the
 * moment. The parsed document is only read, never changed.
 */
let lastClean: { file: string; text: string; parsed: ParsedScenario; ir: GameIR } | null = null;

export function runScenario(file: string, text: string, opts: ScenarioOptions = {}): ScenarioOutcome {
  const outcome: ScenarioOutcome = { file, name: file, passed: false, failures: [], expectations: [], error: null, log: [], events: [], result: null, players: [], diagnostics: [], checkpoint: null, files: [], cite: null, answer: null };
  let engine: Engine | undefined;
  // A puzzle's scripts, run once the agent's answer is checked; null for a ruling.
  let puzzle: unknown = null;
  let agentName = '';
  try {
    const again = lastClean !== null && lastClean.file === file && lastClean.text === text ? lastClean : null;
    const parsed = again?.parsed ?? parseScenario(file, text);
    outcome.diagnostics = yamlProblems(parsed);
    if (outcome.diagnostics.length) throw mistakes(outcome.diagnostics, 'yaml');
    const y = parsed.doc.toJS() as Yaml;
    if (y && typeof y === 'object' && typeof y.name === 'string') outcome.name = y.name;
    const ir = opts.ir ?? opts.rules?.(String(y?.game ?? '')) ?? 'no rules to run the scenario under';
    if (typeof ir === 'string') throw new ScenarioError(ir, 'rules');
    outcome.files = ir.files;
    if (y && typeof y === 'object' && typeof y.cite === 'string') outcome.cite = y.cite;
    if (y && typeof y === 'object' && typeof y.answer === 'string') outcome.answer = y.answer.trim();
    // Every mistake of the file is found before anything runs.
    outcome.diagnostics = again?.ir === ir ? [] : checkScenario(parsed, ir);
    if (outcome.diagnostics.length) throw mistakes(outcome.diagnostics, 'scenario');
    lastClean = { file, text, parsed, ir };
    const decks = deckLists(ir, y.decks);
    const engineOptions = { seed: Number(y.seed ?? 1), format: y.format, params: { ...opts.params, ...(y.params ?? {}) }, askSingleActions: true, askForced: !!y.ask_forced, maxSteps: opts.maxSteps, decks };
    engine = new Engine(ir, { ...engineOptions, log: true, onLog: opts.onLog, inspectable: opts.inspectable });
    outcome.players = engine.players.map((p) => p.name);
    // The deck check's verdict on each deck list as given (the lists alone, before any setup).
    const verdicts = decks ? deckVerdicts(ir, engineOptions, decks) : new Map<string, DeckVerdict>();
    // A scenario with deck lists, or at a later game of a match without a state, starts at the
    // game's setup, which builds the decks from them (and runs the match's `between games` first).
    const start = String(y.start ?? (decks || (y.match && !y.state) ? 'setup' : 'main'));
    if (y.match) startMatch(engine, ir, y.match as Yaml);
    if (start === 'setup' && y.state) throw new ScenarioError(t('scenario.run.start-setup-plays-the-game'));
    const steps = (opts.steps ?? y.steps ?? []) as unknown[];
    if (!opts.steps) puzzle = y.puzzle ?? null;
    // Steps an agent answers (`- p2: { agent: mcts:500 }`): the run is recorded for its search,
    // which replays it from the scenario's position (runtime/search.ts).
    const agents = new Map<number, AgentSpec>();
    steps.forEach((st, k) => {
      const answer = st && typeof st === 'object' ? Object.values(st as Yaml)[0] : null;
      if (answer && typeof answer === 'object' && 'agent' in (answer as Yaml)) {
        const spec = parseAgent(opts.agent ?? String((answer as Yaml).agent), ir.game);
        if ('error' in spec) throw new ScenarioError(`step ${k + 1}: ${spec.error}`);
        agents.set(k, spec);
        agentName ||= spec.name;
      }
    });
    const position = (e: Engine): string => {
      // A search's own engine begins at the same game of the match: its facts and kept cards.
      if (y.match && e !== engine) startMatch(e, ir, y.match as Yaml);
      if (start !== 'setup') {
        setUp(e, ir, (y.state ?? {}) as Yaml);
        e.positionWritten();
      }
      return start;
    };
    const recorder = agents.size ? new GameRecorder(engine, engineOptions.seed, position) : null;
    // From a turn's saved state on, a replay reads the match facts from here (search.ts).
    if (recorder && y.match) recorder.match = { facts: { ...engine.match, wins: [...engine.match.wins] }, kept: [] };
    position(engine);
    const strict = !!y.strict;
    const run = engine;
    let i = 0;
    // The decision the run stopped at; null when the game ended.
    let stoppedAt: Decision | null = null;
    const checksUpTo = (d: Decision | null) => {
      while (i < steps.length && isCheck(steps[i])) {
        const failures = expect(run, (steps[i] as Yaml).check, d, `step ${i + 1} (check)`, outcome.expectations, verdicts);
        for (const f of failures) outcome.failures.push(`step ${i + 1} (check): ${f}`);
        i++;
      }
    };
    const pass = (d: Decision) => d.options.findIndex((o) => o.label === 'pass');
    // Where the script ran out — the first decision it had no step for (turn and log length) —
    // and the passes the runner made from there. A last step's own consequences (its forced
    // choices, its resolution) come before it.
    let scriptEnd: { turn: number; log: number } | null = null;
    let passesAfter = 0;
    const stepTaken = () => {
      i++;
    };
    // The script answers the engine's questions in order, as they come.
    const decide = (d: Decision): number => {
      checksUpTo(d);
      if (opts.stopAfter !== undefined && i >= Math.min(opts.stopAfter, steps.length)) {
        opts.onStop?.(run, d, i);
        stoppedAt = d;
        throw new StopRun(d);
      }
      if (i < steps.length) {
        const step = steps[i] as Yaml;
        const agent = agents.get(i);
        if (agent) {
          const who = Object.keys(step)[0];
          // Without strict mode, a priority decision of another player is passed until the agent's turn to answer.
          if (who !== d.player.name) {
            if (!strict && d.canPass) return pass(d);
            throw new ScenarioError(t('scenario.run.step-the-script-lets-an', { p: i + 1, who, name: d.player.name, prompt: d.prompt, p2: optionNames(d) }));
          }
          const a = agent.make(engineOptions.seed * 1000 + i).choose(agentDecision(d), () => run.view(d.player), new SearchModel(search!, recorder!, d));
          run.note(phrase('agent-chooses', { player: d.player.name, agent: agent.name, option: d.options[a]!.label }), d.player);
          stepTaken();
          return a;
        }
        // Without strict mode, a priority decision the script does not address is passed.
        if (!strict && d.canPass && !stepFits(d, step)) return pass(d);
        const idx = matchStep(run, d, step, i + 1);
        stepTaken();
        return idx;
      }
      // The script has run out: stop at the active player's next free action (a window's choice
      // of action with nothing on the stack), passing every other decision that can be passed.
      scriptEnd ??= { turn: run.turn, log: run.log.length };
      if (d.canPass && !(d.window !== undefined && d.player === run.active)) {
        passesAfter++;
        return pass(d);
      }
      stoppedAt = d;
      throw new StopRun(d);
    };
    const search = recorder ? searchEngine(ir, engineOptions) : null;
    engine.runFrom(
      start,
      recorder
        ? (d) => {
            const a = decide(d);
            recorder.answered(a);
            return a;
          }
        : decide,
    );
    // A game the engine stopped at one of its limits (a loop in the rules) fails, saying so.
    if (engine.result?.stopped) outcome.failures.push(t('scenario.run.the-engine-stopped-the-game', { reason: endReason(engine.result) }));
    const d = stoppedAt as Decision | null;
    if (!d) checksUpTo(null);
    outcome.checkpoint = checkpointOf(engine, d, scriptEnd as { turn: number; log: number } | null, passesAfter);
    if (!d && opts.stopAfter !== undefined) opts.onStop?.(engine, null, i);
    if (i < steps.length) outcome.failures.push(t('scenario.run.the-game-ended-or-stopped', { p: i + 1, stepsCount: steps.length, p2: JSON.stringify(steps[i]) }));
    outcome.failures.push(...expect(engine, (y.expect ?? {}) as Yaml, d, 'expect', outcome.expectations, verdicts));
  } catch (e) {
    if (e instanceof ScenarioError) {
      if (outcome.diagnostics.length) outcome.failures.push(...outcome.diagnostics.map(placed));
      else outcome.failures.push(e.message);
      outcome.error = { kind: e.kind, message: e.message };
    } else {
      outcome.failures.push(t('scenario.run.runtime-error', { p: (e as Error).message }));
      outcome.error = { kind: 'runtime', message: t('scenario.run.runtime-error', { p: (e as Error).message }) };
    }
  }
  // Auto-answers in non-strict mode are recorded in the log too.
  if (engine) {
    outcome.events = engine.log;
    // Worded when read (a failing ruling's last lines, --verbose): most runs never read it.
    const events = engine.log;
    let lines: string[] | null = null;
    Object.defineProperty(outcome, 'log', {
      enumerable: true,
      configurable: true,
      get: () => (lines ??= events.map((e) => `t${e.turn} ${logText(e)}${e.cite && (e.kind === 'declare' || e.kind === 'fizzle' || e.kind === 'result') ? `  — ${e.cite}` : ''}`)),
      set: (v: string[]) => (lines = v),
    });
    outcome.result = engine.result ? { winner: engine.result.winner, reason: engine.result.reason, ...(engine.result.because ? { because: engine.result.because } : {}) } : null;
  }
  if (puzzle && !outcome.error) {
    const rerun = (script: unknown[]) => runScenario(file, text, { ir: opts.ir, rules: opts.rules, maxSteps: opts.maxSteps, params: opts.params, steps: script });
    outcome.puzzle = provePuzzle(puzzle, agentName, outcome.failures.length === 0, rerun);
    // A hard puzzle is a target: the agent not solving it is reported, not a failure.
    if (outcome.puzzle.hard) outcome.failures = [];
    outcome.failures.push(...outcome.puzzle.problems);
  }
  outcome.passed = outcome.failures.length === 0;
  return outcome;
}

/** Where the expectations were checked, and what the engine did after the script (see ScenarioOutcome.checkpoint). */
function checkpointOf(engine: Engine, d: Decision | null, scriptEnd: { turn: number; log: number } | null, passes: number): Checkpoint {
  const end = scriptEnd ?? { turn: engine.turn, log: engine.log.length };
  const afterScript = { passes, turns: engine.turn - end.turn, steps: engine.log.length - end.log };
  const after = scriptEnd
    ? afterScript.passes || afterScript.turns || afterScript.steps
      ? t('scenario.checkpoint.went-on', afterScript)
      : t('scenario.checkpoint.right-after')
    : t('scenario.checkpoint.before-end');
  const active = engine.active.name;
  if (d) {
    return { at: 'decision', turn: engine.turn, active, player: d.player.name, prompt: d.prompt, afterScript, text: t('scenario.checkpoint.at-decision', { player: d.player.name, prompt: d.prompt, turn: engine.turn, active, after }) };
  }
  const r = engine.result;
  const result = r ? { winner: r.winner, reason: r.reason } : undefined;
  const how = r ? (r.winner ? t('explain.won-reason', { winner: r.winner, reason: r.reason }) : t('explain.draw-reason', { reason: r.reason })) : t('scenario.checkpoint.no-result');
  return { at: 'end', turn: engine.turn, active, result, afterScript, text: t('scenario.checkpoint.at-end', { turn: engine.turn, how, after }) };
}

/** A diagnostic in one line: `file:line:col: message (did you mean …?)`. */
function placed(d: Diagnostic): string {
  return `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.message}${d.notes?.length ? ` (${d.notes.join(' ')})` : ''}`;
}

/** The error that stops a scenario with mistakes: the first one in words, and how many. */
function mistakes(diags: Diagnostic[], kind: 'yaml' | 'scenario'): ScenarioError {
  const more = diags.length > 1 ? ` (and ${diags.length - 1} more mistake${diags.length > 2 ? 's' : ''})` : '';
  return new ScenarioError(`${placed(diags[0]!)}${more}`, kind);
}

function isCheck(step: unknown): boolean {
  return !!step && typeof step === 'object' && 'check' in (step as object);
}

function playerByName(engine: Engine, name: string): Player {
  const p = engine.players.find((x) => x.name === name);
  if (!p) throw new ScenarioError(t('scenario.run.unknown-player-players-are', { name, p: engine.players.map((x) => x.name).join(', ') }));
  return p;
}

function zoneByPath(engine: Engine, path: string): Zone {
  const [owner, zoneName] = path.includes('.') ? path.split('.', 2) as [string, string] : ['shared', path];
  const zi = engine.ir.zones.findIndex((z) => z.name === zoneName);
  if (zi < 0) throw new ScenarioError(t('scenario.run.unknown-zone-in-zones', { zoneName, path, p: engine.ir.zones.map((z) => z.name).join(', ') }));
  if (owner === 'shared') {
    const z = engine.sharedZones[zi];
    if (!z) throw new ScenarioError(t('scenario.run.is-a-zone-of-each', { zoneName }));
    return z;
  }
  const z = playerByName(engine, owner).zones[zi];
  if (!z) throw new ScenarioError(t('scenario.run.is-a-shared-zone-write', { zoneName }));
  return z;
}

export function setUp(engine: Engine, ir: GameIR, state: Yaml): void {
  engine.turn = Number(state.turn ?? 3);
  engine.active = playerByName(engine, String(state.active ?? 'p1'));
  const pendingRefs: (() => void)[] = [];
  const create = (zone: Zone, entry: unknown): Card => {
    const spec: Yaml = typeof entry === 'object' && entry !== null ? (entry as Yaml) : { card: entry };
    const name = String(spec.card);
    const def = ir.cards.findIndex((c) => c.name === name);
    if (def < 0) throw new ScenarioError(t('scenario.run.unknown-card', { name }));
    const card = engine.createCard(def, zone);
    // Owned by another player than the zone's (a stolen or revived card): control follows the zone, ownership this.
    if (spec.owner !== undefined) card.owner = playerByName(engine, String(spec.owner));
    card.entered = Number(spec.entered ?? 0);
    for (const [k, v] of Object.entries(spec)) {
      if (k === 'card' || k === 'owner' || k === 'entered' || k === 'attached') continue;
      if (k === 'facedown') {
        card.facedown = !!v;
        continue;
      }
      const fi = fieldOfCard(ir, name, k);
      if (fi < 0 || ir.cardFields[fi]!.kind !== 'state') throw new ScenarioError(t('scenario.run.card-is-not-a-card', { name, k, p: ir.cardFields.filter((f) => f.kind === 'state').map((f) => f.name).join(', ') }));
      if (ir.cardFields[fi]!.type === 'card') pendingRefs.push(() => (card.f[fi] = findCard(engine, String(v))));
      else card.f[fi] = v;
    }
    for (const a of (spec.attached ?? []) as unknown[]) {
      // An attached card is owned as its host is, unless it says otherwise.
      const child = create(zone, a && typeof a === 'object' && 'owner' in (a as Yaml) ? a : spec.owner !== undefined ? { ...(typeof a === 'object' && a !== null ? (a as Yaml) : { card: a }), owner: spec.owner } : a);
      zone.cards = zone.cards.filter((c) => c !== child);
      child.zone = null;
      child.host = card;
      card.attached.push(child);
    }
    return card;
  };
  for (const [key, value] of Object.entries(state)) {
    if (key === 'turn' || key === 'active') continue;
    if (key === 'globals') {
      for (const [gn, gv] of Object.entries((value ?? {}) as Yaml)) {
        const gi = ir.globalStates.findIndex((s) => s.name === gn);
        if (gi < 0) throw new ScenarioError(t('scenario.run.unknown-global-state-global-states', { gn, p: ir.globalStates.map((s) => s.name).join(', ') || 'none' }));
        engine.globals[gi] = gv;
      }
      continue;
    }
    const isShared = key === 'shared';
    if (!isShared) playerByName(engine, key);
    for (const [zoneName, list] of Object.entries((value ?? {}) as Yaml)) {
      if (zoneName === 'vars') {
        const p = playerByName(engine, key);
        for (const [vn, vv] of Object.entries(list as Yaml)) {
          const vi = ir.playerStates.findIndex((s) => s.name === vn);
          if (vi < 0) throw new ScenarioError(t('scenario.run.unknown-player-state', { vn }));
          // A state the teams share is the team's first seat's (runtime/teams.ts).
          (engine.ir.teams?.shared.includes(vi) ? engine.teamSeatOf(p)! : p).vars[vi] = vv;
        }
        continue;
      }
      const zone = zoneByPath(engine, isShared ? zoneName : `${key}.${zoneName}`);
      for (const entry of (list ?? []) as unknown[]) create(zone, entry);
    }
  }
  for (const f of pendingRefs) f();
}

/**
 * A scenario's `match: { game, won, <player>: { <kept zone>: [cards] } }`: the match facts the
 * rules read (match_game, match_wins, last_winner, last_loser — with two players the loser of a
 * game someone won is the other player; with more, the scenario names no loser) and the cards
 * the zones kept for the match hold when the game begins.
 */
function startMatch(engine: Engine, ir: GameIR, match: Yaml): void {
  const won = ((match.won ?? []) as unknown[]).map(String);
  const wins = engine.players.map((p) => won.filter((w) => w === p.name).length);
  const last = won.length ? engine.players.findIndex((p) => p.name === won[won.length - 1]) : -1;
  const loser = last >= 0 && engine.players.length === 2 ? 1 - last : -1;
  engine.match = { game: Number(match.game ?? 2), wins, lastWinner: last, lastLoser: loser };
  const kept: Yaml = {};
  for (const [k, v] of Object.entries(match)) if (k !== 'game' && k !== 'won') kept[k] = v;
  if (Object.keys(kept).length) {
    setUp(engine, ir, kept);
    // The kept cards only: the game has not begun.
    engine.turn = 0;
    engine.active = engine.players[0]!;
  }
}

/**
 * Who has won the match once this game is over (`expect: match_winner`): a player, `draw` (a
 * best-of match that ended level), or `none` — the match goes on, the game has not ended, or the
 * game declares no match. The match's length is the game's own, under the scenario's parameters.
 */
function matchWinnerAfter(engine: Engine): { who: string; detail: string } {
  const m = engine.ir.match;
  if (!m) return { who: 'none', detail: t('scenario.match.no-match') };
  const r = engine.result;
  if (!r) return { who: 'none', detail: t('scenario.match.game-goes-on') };
  const len: MatchLength = { length: m.length, games: m.gamesParam >= 0 ? Number(engine.params[m.gamesParam]) : m.games };
  const wins = [...engine.match.wins];
  const w = engine.players.findIndex((p) => p.name === r.winner);
  if (w >= 0) wins[w] = (wins[w] ?? 0) + 1;
  const score = { wins: wins.join('–'), game: engine.match.game, length: len.length, games: len.games };
  if (!matchOver(len, wins, engine.match.game)) return { who: 'none', detail: t('scenario.match.goes-on', score) };
  const best = Math.max(...wins);
  const leaders = engine.players.filter((p) => wins[p.index] === best);
  return { who: leaders.length === 1 ? leaders[0]!.name : 'draw', detail: t('scenario.match.score', score) };
}

/** A scenario's `decks:` as EngineOptions.decks (card definitions, top first, each as many times as its count); undefined without one. */
function deckLists(ir: GameIR, decks: unknown): Record<string, DeckList> | undefined {
  if (!decks || typeof decks !== 'object') return undefined;
  const out: Record<string, DeckList> = {};
  const defs = (part: unknown): number[] =>
    Object.entries((part ?? {}) as Yaml).flatMap(([name, n]) => {
      const def = ir.cards.findIndex((c) => c.name === name);
      if (def < 0) throw new ScenarioError(t('scenario.run.decks-unknown-card', { name }));
      return Array.from({ length: Number(n) }, () => def);
    });
  for (const [player, list] of Object.entries(decks as Yaml)) out[player] = { main: defs((list as Yaml)?.main), side: defs((list as Yaml)?.side) };
  return out;
}

/** The deck check's verdict on each deck list alone: a new game holding only the listed cards, asked before anything runs. */
function deckVerdicts(ir: GameIR, options: EngineOptions, decks: Record<string, DeckList>): Map<string, DeckVerdict> {
  const e = new Engine(ir, { ...options, decks: undefined, log: false });
  const out = new Map<string, DeckVerdict>();
  for (const [name, list] of Object.entries(decks)) {
    const p = playerByName(e, name);
    e.makeDeckList(p, list);
    const v = e.deckVerdict(p);
    if (v) out.set(name, v);
  }
  return out;
}

function findCard(engine: Engine, ref: string): Card {
  const [owner, name] = ref.includes(':') ? ref.split(':', 2) as [string, string] : [null, ref];
  const found = engine.allCards().filter((c) => c.name === name && (!owner || c.owner.name === owner));
  if (found.length === 0) throw new ScenarioError(t('scenario.run.no-card-in-play', { ref }));
  if (found.length > 1) {
    const where = found.map((c) => (c.zone ? c.zone.label : c.host ? t('scenario.run.under-card', { card: c.host.name }) : t('scenario.run.nowhere')));
    throw new ScenarioError(owner ? t('scenario.run.names-cards-give-a-name', { ref, count: found.length, where }) : t('scenario.run.names-cards-write-owner', { ref, count: found.length, where, name }));
  }
  return found[0]!;
}

function optionNames(d: Decision): string {
  return d.options.map((o) => o.label).join(' | ');
}

function stepFits(d: Decision, step: Yaml): boolean {
  const entries = Object.entries(step ?? {});
  if (entries.length !== 1 || entries[0]![0] !== d.player.name) return false;
  try {
    matchStep(null as unknown as Engine, d, step, 0);
    return true;
  } catch {
    return false;
  }
}

function matchStep(engine: Engine, d: Decision, step: Yaml, n: number): number {
  const entries = Object.entries(step ?? {});
  if (entries.length !== 1) throw new ScenarioError(t('scenario.run.step-write-one-player-answer', { n }));
  const [who, answer] = entries[0]!;
  if (who !== d.player.name) throw new ScenarioError(t('scenario.run.step-the-script-answers-for', { n, who, name: d.player.name, prompt: d.prompt, p: optionNames(d) }));
  let index = -1;
  if (Array.isArray(answer)) {
    const want = answer.map(String).sort().join('\u0000');
    index = d.options.findIndex((o) => {
      const v = o.value;
      const names = (Array.isArray(v) ? v : v === null ? [] : [v]).map(String).sort().join('\u0000');
      return names === want;
    });
  } else if (answer && typeof answer === 'object' && 'mode' in answer) {
    index = d.options.findIndex((o) => o.label === String((answer as Yaml).mode));
  } else {
    const want = String(answer);
    index = d.options.findIndex((o) => o.label === want);
    // A hidden card is labelled by where it lies; the script (the judge) names it.
    if (index < 0) index = d.options.findIndex((o) => o.value instanceof Card && o.value.name === want);
    if (index < 0) index = d.options.findIndex((o) => Array.isArray(o.value) && o.value.length === 1 && String(o.value[0]) === want);
  }
  if (index < 0) throw new ScenarioError(t('scenario.run.step-cannot-answer-to-the', { n, who, p: JSON.stringify(answer), prompt: d.prompt, p2: optionNames(d) }));
  void engine;
  return index;
}

function namesOf(cards: Card[]): string[] {
  return cards.flatMap((c) => [c.name, ...c.attached.map((a) => a.name)]);
}

function sameMultiset(a: string[], b: string[]): boolean {
  return [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
}

/** An expectation's value as written in the YAML, short: `[♡5]`, `{ charged: false }`, `0`. */
function written(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(written).join(', ')}]`;
  if (v && typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${k}: ${written(x)}`).join(', ')} }`;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * Checks the expectations of an `expect:` map (or a `check` step) and returns the failures in
 * words; each entry (each zone, count, card, var…) is also recorded in `results` with its own
 * pass/fail. A mistake in the scenario (an unknown zone or expectation) is recorded against its
 * entry and thrown: the scenario stops there.
 */
function expect(engine: Engine, ex: Yaml, d: Decision | null, at: string, results: ExpectationResult[], verdicts: Map<string, DeckVerdict>): string[] {
  const failures: string[] = [];
  const ordered = !!ex.ordered;
  /** One entry: `check` reports its failures through `fail`. */
  const entry = (label: string, words: string, check: (fail: (message: string) => void) => void) => {
    const own: string[] = [];
    try {
      check((m) => own.push(m));
    } catch (e) {
      results.push({ at, label, words, passed: false, failures: [...own, e instanceof ScenarioError ? e.message : `runtime error: ${(e as Error).message}`] });
      throw e;
    }
    results.push({ at, label, words, passed: own.length === 0, failures: own });
    failures.push(...own);
  };
  for (const [key, want] of Object.entries(ex ?? {})) {
    switch (key) {
      case 'ordered':
        break;
      case 'count':
        for (const [path, n] of Object.entries(want as Yaml)) {
          entry(`count ${path}: ${written(n)}`, expectationWords('count', path, n), (fail) => {
            const have = namesOf(zoneByPath(engine, path).cards).length;
            if (have !== Number(n)) fail(t('scenario.expect.should-hold-card-s-but', { path, n, have, p: namesOf(zoneByPath(engine, path).cards).join(', ') }));
          });
        }
        break;
      case 'contains':
      case 'lacks':
        for (const [path, list] of Object.entries(want as Yaml)) {
          entry(`${key} ${path}: ${written(list)}`, expectationWords(key, path, list), (fail) => {
            const have = namesOf(zoneByPath(engine, path).cards);
            for (const name of list as string[]) {
              const present = have.includes(String(name));
              if (key === 'contains' && !present) fail(t('scenario.expect.should-contain-but-holds', { path, name, p: have.join(', ') }));
              if (key === 'lacks' && present) fail(t('scenario.expect.should-not-contain', { path, name }));
            }
          });
        }
        break;
      case 'cards':
        for (const [ref, fields] of Object.entries(want as Yaml)) {
          entry(`cards ${ref}: ${written(fields)}`, expectationWords('cards', ref, fields), (fail) => {
            const card = findCard(engine, ref);
            for (const [f, v] of Object.entries(fields as Yaml)) {
              let have: unknown;
              if (f === 'facedown') have = card.facedown;
              else if (f === 'zone') have = card.host ? `${card.host.zone?.label} (under ${card.host.name})` : card.zone?.label;
              else {
                const fi = fieldOfCard(engine.ir, card.name, f);
                if (fi < 0) throw new ScenarioError(t('scenario.run.cards-is-not-a-card', { f }));
                have = engine.ir.cardFields[fi]!.kind === 'value' ? engine.readValue(card, fi) : card.f[fi];
                // A numbered label's number is none on a card without the label; the rules read 0.
                if (have === null && engine.ir.labels.some((l) => l.value?.level === fi)) have = 0;
                // A list (of labels, texts…): compared with a written list as a set, in any order.
                if (Array.isArray(have)) have = Array.isArray(v) && sameItems(have.map(String), v.map(String)) ? v : have.map(String);
                else if (have && typeof have === 'object') have = String(have);
              }
              if (have !== v && !(f === 'zone' && String(have).startsWith(String(v)))) fail(t('scenario.expect.should-be-but-is', { ref, f, p: JSON.stringify(v), p2: JSON.stringify(have) }));
            }
          });
        }
        break;
      case 'vars':
        for (const [path, v] of Object.entries(want as Yaml)) {
          entry(`vars ${path}: ${written(v)}`, expectationWords('vars', path, v), (fail) => {
            const [pn, vn] = path.split('.', 2) as [string, string];
            const vi = engine.ir.playerStates.findIndex((s) => s.name === vn);
            if (vi < 0) throw new ScenarioError(t('scenario.run.unknown-player-state', { vn }));
            const owner = playerByName(engine, pn);
            const have = (engine.ir.teams?.shared.includes(vi) ? engine.teamSeatOf(owner)! : owner).vars[vi];
            if (have !== v) fail(t('scenario.expect.should-be-but-is-2', { path, p: JSON.stringify(v), p2: JSON.stringify(have) }));
          });
        }
        break;
      case 'winner':
        entry(`winner: ${written(want)}`, expectationWords('winner', '', want), (fail) => {
          const r = engine.result;
          const have = !r ? 'none' : r.winner ?? 'draw';
          if (have !== String(want)) fail(t('scenario.expect.winner-should-be-but-is', { want, have, p: r ? ` (${r.reason})` : '' }));
        });
        break;
      case 'winning_team':
        entry(`winning_team: ${written(want)}`, expectationWords('winning_team', '', want), (fail) => {
          const r = engine.result;
          const have = !r ? 'none' : (r.team ?? 'draw');
          if (have !== String(want)) fail(t('scenario.expect.winning-team-should-be-but-is', { want, have }));
        });
        break;
      case 'match_winner':
        entry(`match_winner: ${written(want)}`, expectationWords('match_winner', '', want), (fail) => {
          const have = matchWinnerAfter(engine);
          if (have.who !== String(want)) fail(t('scenario.expect.match-winner-should-be-but-is', { want, have: have.who, detail: have.detail }));
        });
        break;
      case 'out':
        entry(`out: ${written(want)}`, expectationWords('out', '', want), (fail) => {
          const have = engine.players.filter((p) => p.out).map((p) => p.name);
          const wanted = (want as unknown[]).map(String);
          if (have.slice().sort().join() !== wanted.slice().sort().join()) fail(t('scenario.expect.the-players-out-of-the', { p: wanted.join(', '), p2: have.join(', ') }));
        });
        break;
      case 'active':
        entry(`active: ${written(want)}`, expectationWords('active', '', want), (fail) => {
          if (engine.active.name !== String(want)) fail(t('scenario.expect.the-active-player-should-be', { want, name: engine.active.name }));
        });
        break;
      case 'reason':
        entry(`reason: ${written(want)}`, expectationWords('reason', '', want), (fail) => {
          if (!engine.result || !engine.result.reason.includes(String(want))) fail(t('scenario.expect.the-result-s-reason-should', { want, p: engine.result?.reason ?? t('scenario.expect.game-not-over') }));
        });
        break;
      case 'offered':
      case 'not_offered':
        for (const [pn, list] of Object.entries(want as Yaml)) {
          entry(`${key} ${pn}: ${written(list)}`, expectationWords(key, pn, list), (fail) => {
            if (!d || d.player.name !== pn) {
              fail(t('scenario.expect.the-engine-is-not-asking', { key, pn, asker: d ? d.player.name : 'nobody' }));
              return;
            }
            const labels = d.options.map((o) => o.label);
            for (const name of list as string[]) {
              const present = labels.includes(String(name));
              if (key === 'offered' && !present) fail(t('scenario.expect.should-be-offered-offered', { pn, name, p: labels.join(' | ') }));
              if (key === 'not_offered' && present) fail(t('scenario.expect.should-not-be-offered', { pn, name }));
            }
          });
        }
        break;
      case 'options':
        // The exact list of options, in order (e.g. one option per cost, not per card).
        for (const [pn, list] of Object.entries(want as Yaml)) {
          entry(`options ${pn}: ${written(list)}`, expectationWords('options', pn, list), (fail) => {
            if (!d || d.player.name !== pn) {
              fail(t('scenario.expect.options-the-engine-is-not', { pn, asker: d ? d.player.name : 'nobody' }));
              return;
            }
            const labels = d.options.map((o) => o.label);
            const wanted = (list as unknown[]).map(String);
            if (labels.join('\u0000') !== wanted.join('\u0000')) fail(t('scenario.expect.should-be-offered-exactly-but', { pn, p: wanted.join(' | '), p2: labels.join(' | ') }));
          });
        }
        break;
      case 'deck_legal':
      case 'deck_reason':
        for (const [pn, w] of Object.entries(want as Yaml)) {
          entry(`${key} ${pn}: ${written(w)}`, expectationWords(key, pn, w), (fail) => {
            const v = verdicts.get(pn);
            if (!v) throw new ScenarioError(t('scenario.run.the-scenario-gives-no-deck', { key, pn }));
            const said = v.legal ? t('scenario.expect.deck-legal', { pn }) : t('scenario.expect.deck-rejected', { pn, reason: v.reason, cite: v.cite });
            if (key === 'deck_legal' && v.legal !== !!w) fail(t('scenario.expect.deck-legal-should-be-but', { pn, w: String(!!w), said }));
            if (key === 'deck_reason' && (v.legal || !v.reason.includes(String(w)))) fail(t('scenario.expect.the-deck-check-s-reason', { pn, w, said }));
          });
        }
        break;
      case 'log':
        entry(`log: ${written(want)}`, expectationWords('log', '', want), (fail) => {
          for (const s of want as string[]) if (!engine.log.some((e) => logText(e, 'en').includes(s) || logText(e).includes(s) || e.cite.includes(s))) fail(t('scenario.expect.the-log-should-mention', { s }));
        });
        break;
      default:
        entry(`${key}: ${written(want)}${ordered ? ' (in order)' : ''}`, expectationWords(key, key, want, ordered), (fail) => {
          if (key.includes('.') || engine.ir.zones.some((z) => z.shared && z.name === key)) {
            const zone = zoneByPath(engine, key);
            const have = namesOf(zone.cards);
            const w = (want as unknown[]).map(String);
            const ok = ordered ? have.join('\u0000') === w.join('\u0000') : sameMultiset(have, w);
            if (!ok) fail(t('scenario.expect.should-be-but-is-3', { key, p: w.join(', '), p2: have.join(', ') }));
          } else throw new ScenarioError(t('scenario.run.unknown-expectation-see-docs-scenarios', { key }));
        });
    }
  }
  return failures;
}

/** The same items, in any order (each as often). */
function sameItems(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}
