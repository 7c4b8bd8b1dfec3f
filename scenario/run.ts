/**
 * The rulings casebook runner: YAML scenario → position → scripted steps → expectations.
 * Format: docs/scenarios.md. Used by `grimoire scenario` and by the tests.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { Engine, StopRun, type Decision } from '../runtime/engine.ts';
import { Card, type Player, type Zone } from '../runtime/model.ts';

export interface ScenarioOutcome {
  file: string;
  name: string;
  passed: boolean;
  failures: string[];
  log: string[];
}

type Yaml = Record<string, any>;

const irCache = new Map<string, GameIR | string>();

function gameIR(root: string, game: string): GameIR | string {
  const cached = irCache.get(game);
  if (cached) return cached;
  const sources = gameSources(root, game);
  let result: GameIR | string;
  if (!sources) result = `unknown game '${game}'`;
  else {
    const r = compileGame({ sources, loadBase: (n) => gameSources(root, n) });
    result = r.ir ?? `the rules of '${game}' do not compile (${r.diagnostics.filter((d) => d.severity === 'error').length} errors): run grimoire check rules/${game}`;
  }
  irCache.set(game, result);
  return result;
}

class ScenarioError extends Error {}

export interface ScenarioOptions {
  /** Run under this game (e.g. a revision) instead of the scenario's own `game`. */
  game?: string;
  /** Run under this compiled game (tests of revisions written on the fly). */
  ir?: GameIR;
}

export function runScenario(root: string, file: string, text: string, opts: ScenarioOptions = {}): ScenarioOutcome {
  const outcome: ScenarioOutcome = { file, name: file, passed: false, failures: [], log: [] };
  let engine: Engine | undefined;
  try {
    const doc = parseDocument(text);
    if (doc.errors.length) throw new ScenarioError(`YAML: ${doc.errors[0]!.message}`);
    const y = doc.toJS() as Yaml;
    if (!y || typeof y !== 'object') throw new ScenarioError('a scenario is a YAML map with name, game, state, steps and expect');
    outcome.name = String(y.name ?? file);
    const ir = opts.ir ?? gameIR(root, opts.game ?? String(y.game ?? ''));
    if (typeof ir === 'string') throw new ScenarioError(ir);
    engine = new Engine(ir, { seed: Number(y.seed ?? 1), format: y.format, params: y.params ?? {}, log: true, askSingleActions: true, askForced: !!y.ask_forced });
    const start = String(y.start ?? 'main');
    if (start === 'setup') {
      if (y.state) throw new ScenarioError("'start: setup' plays the game's own setup, so the scenario cannot also set a 'state'; remove one of them");
    } else setUp(engine, ir, (y.state ?? {}) as Yaml);
    const steps = (y.steps ?? []) as unknown[];
    const strict = !!y.strict;
    const run = engine;
    let i = 0;
    // The decision the run stopped at; null when the game ended.
    let stoppedAt: Decision | null = null;
    const checksUpTo = (d: Decision | null) => {
      while (i < steps.length && isCheck(steps[i])) {
        const failures = expect(run, (steps[i] as Yaml).check, d);
        for (const f of failures) outcome.failures.push(`step ${i + 1} (check): ${f}`);
        i++;
      }
    };
    const pass = (d: Decision) => d.options.findIndex((o) => o.label === 'pass');
    // The script answers the engine's questions in order, as they come.
    const decide = (d: Decision): number => {
      checksUpTo(d);
      if (i < steps.length) {
        const step = steps[i] as Yaml;
        // Without strict mode, a priority decision the script does not address is passed.
        if (!strict && d.canPass && !stepFits(d, step)) return pass(d);
        const idx = matchStep(run, d, step, i + 1);
        i++;
        return idx;
      }
      // The script has run out: pass where passing is possible, then stop.
      if (d.canPass) return pass(d);
      stoppedAt = d;
      throw new StopRun(d);
    };
    engine.runFrom(start, decide);
    const d = stoppedAt as Decision | null;
    if (!d) checksUpTo(null);
    if (i < steps.length) outcome.failures.push(`the game ended (or stopped asking) before step ${i + 1} of ${steps.length}: ${JSON.stringify(steps[i])}`);
    outcome.failures.push(...expect(engine, (y.expect ?? {}) as Yaml, d));
  } catch (e) {
    if (e instanceof ScenarioError) outcome.failures.push(e.message);
    else outcome.failures.push(`runtime error: ${(e as Error).message}`);
  }
  // Auto-answers in non-strict mode are recorded in the log too.
  if (engine) outcome.log = engine.log.map((e) => `t${e.turn} ${e.text}${e.cite && (e.kind === 'declare' || e.kind === 'fizzle' || e.kind === 'result') ? `  — ${e.cite}` : ''}`);
  outcome.passed = outcome.failures.length === 0;
  return outcome;
}

function isCheck(step: unknown): boolean {
  return !!step && typeof step === 'object' && 'check' in (step as object);
}

function playerByName(engine: Engine, name: string): Player {
  const p = engine.players.find((x) => x.name === name);
  if (!p) throw new ScenarioError(`unknown player '${name}' (players are ${engine.players.map((x) => x.name).join(', ')})`);
  return p;
}

function zoneByPath(engine: Engine, path: string): Zone {
  const [owner, zoneName] = path.includes('.') ? path.split('.', 2) as [string, string] : ['shared', path];
  const zi = engine.ir.zones.findIndex((z) => z.name === zoneName);
  if (zi < 0) throw new ScenarioError(`unknown zone '${zoneName}' in '${path}' (zones: ${engine.ir.zones.map((z) => z.name).join(', ')})`);
  if (owner === 'shared') {
    const z = engine.sharedZones[zi];
    if (!z) throw new ScenarioError(`'${zoneName}' is a zone of each player: write p1.${zoneName}`);
    return z;
  }
  const z = playerByName(engine, owner).zones[zi];
  if (!z) throw new ScenarioError(`'${zoneName}' is a shared zone: write shared.${zoneName}`);
  return z;
}

function setUp(engine: Engine, ir: GameIR, state: Yaml): void {
  engine.turn = Number(state.turn ?? 3);
  engine.active = playerByName(engine, String(state.active ?? 'p1'));
  const pendingRefs: (() => void)[] = [];
  const create = (zone: Zone, entry: unknown): Card => {
    const spec: Yaml = typeof entry === 'object' && entry !== null ? (entry as Yaml) : { card: entry };
    const name = String(spec.card);
    const def = ir.cards.findIndex((c) => c.name === name);
    if (def < 0) throw new ScenarioError(`unknown card '${name}'`);
    const card = engine.createCard(def, zone);
    card.entered = Number(spec.entered ?? 0);
    for (const [k, v] of Object.entries(spec)) {
      if (k === 'card' || k === 'entered' || k === 'attached') continue;
      if (k === 'facedown') {
        card.facedown = !!v;
        continue;
      }
      const fi = ir.cardFields.findIndex((f) => f.name === k);
      if (fi < 0 || ir.cardFields[fi]!.kind !== 'state') throw new ScenarioError(`card '${name}': '${k}' is not a card state (states: ${ir.cardFields.filter((f) => f.kind === 'state').map((f) => f.name).join(', ')})`);
      if (ir.cardFields[fi]!.type === 'card') pendingRefs.push(() => (card.f[fi] = findCard(engine, String(v))));
      else card.f[fi] = v;
    }
    for (const a of (spec.attached ?? []) as unknown[]) {
      const child = create(zone, a);
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
        if (gi < 0) throw new ScenarioError(`unknown global state '${gn}' (global states: ${ir.globalStates.map((s) => s.name).join(', ') || 'none'})`);
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
          if (vi < 0) throw new ScenarioError(`unknown player state '${vn}'`);
          p.vars[vi] = vv;
        }
        continue;
      }
      const zone = zoneByPath(engine, isShared ? zoneName : `${key}.${zoneName}`);
      for (const entry of (list ?? []) as unknown[]) create(zone, entry);
    }
  }
  for (const f of pendingRefs) f();
}

function findCard(engine: Engine, ref: string): Card {
  const [owner, name] = ref.includes(':') ? ref.split(':', 2) as [string, string] : [null, ref];
  const found = engine.allCards().filter((c) => c.name === name && (!owner || c.owner.name === owner));
  if (found.length === 0) throw new ScenarioError(`no card '${ref}' in play`);
  if (found.length > 1) {
    const where = found.map((c) => (c.zone ? c.zone.label : c.host ? `under ${c.host.name}` : 'nowhere')).join(', ');
    throw new ScenarioError(owner ? `'${ref}' names ${found.length} cards (in ${where}); give the card you mean a name of its own in the scenario` : `'${ref}' names ${found.length} cards (in ${where}); write p1:${name} or p2:${name}`);
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
  if (entries.length !== 1) throw new ScenarioError(`step ${n}: write one '<player>: <answer>' per step`);
  const [who, answer] = entries[0]!;
  if (who !== d.player.name) throw new ScenarioError(`step ${n}: the script answers for ${who}, but the engine asks ${d.player.name}: ${d.prompt} [${optionNames(d)}]`);
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
  if (index < 0) throw new ScenarioError(`step ${n}: ${who} cannot answer ${JSON.stringify(answer)} to "${d.prompt}"; the options are: ${optionNames(d)}`);
  void engine;
  return index;
}

function namesOf(cards: Card[]): string[] {
  return cards.flatMap((c) => [c.name, ...c.attached.map((a) => a.name)]);
}

function sameMultiset(a: string[], b: string[]): boolean {
  return [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
}

function expect(engine: Engine, ex: Yaml, d: Decision | null): string[] {
  const failures: string[] = [];
  const ordered = !!ex.ordered;
  for (const [key, want] of Object.entries(ex ?? {})) {
    switch (key) {
      case 'ordered':
        break;
      case 'count':
        for (const [path, n] of Object.entries(want as Yaml)) {
          const have = namesOf(zoneByPath(engine, path).cards).length;
          if (have !== Number(n)) failures.push(`${path} should hold ${n} card(s) but holds ${have}: [${namesOf(zoneByPath(engine, path).cards).join(', ')}]`);
        }
        break;
      case 'contains':
      case 'lacks':
        for (const [path, list] of Object.entries(want as Yaml)) {
          const have = namesOf(zoneByPath(engine, path).cards);
          for (const name of list as string[]) {
            const present = have.includes(String(name));
            if (key === 'contains' && !present) failures.push(`${path} should contain ${name} but holds [${have.join(', ')}]`);
            if (key === 'lacks' && present) failures.push(`${path} should not contain ${name}`);
          }
        }
        break;
      case 'cards':
        for (const [ref, fields] of Object.entries(want as Yaml)) {
          const card = findCard(engine, ref);
          for (const [f, v] of Object.entries(fields as Yaml)) {
            let have: unknown;
            if (f === 'facedown') have = card.facedown;
            else if (f === 'zone') have = card.host ? `${card.host.zone?.label} (under ${card.host.name})` : card.zone?.label;
            else {
              const fi = engine.ir.cardFields.findIndex((x) => x.name === f);
              if (fi < 0) throw new ScenarioError(`cards: '${f}' is not a card field`);
              have = engine.ir.cardFields[fi]!.kind === 'value' ? engine.readValue(card, fi) : card.f[fi];
              if (have && typeof have === 'object') have = String(have);
            }
            if (have !== v && !(f === 'zone' && String(have).startsWith(String(v)))) failures.push(`${ref}.${f} should be ${JSON.stringify(v)} but is ${JSON.stringify(have)}`);
          }
        }
        break;
      case 'vars':
        for (const [path, v] of Object.entries(want as Yaml)) {
          const [pn, vn] = path.split('.', 2) as [string, string];
          const vi = engine.ir.playerStates.findIndex((s) => s.name === vn);
          if (vi < 0) throw new ScenarioError(`unknown player state '${vn}'`);
          const have = playerByName(engine, pn).vars[vi];
          if (have !== v) failures.push(`${path} should be ${JSON.stringify(v)} but is ${JSON.stringify(have)}`);
        }
        break;
      case 'winner': {
        const r = engine.result;
        const have = !r ? 'none' : r.winner ?? 'draw';
        if (have !== String(want)) failures.push(`winner should be ${want} but is ${have}${r ? ` (${r.reason})` : ''}`);
        break;
      }
      case 'reason':
        if (!engine.result || !engine.result.reason.includes(String(want))) failures.push(`the result's reason should mention "${want}" but is "${engine.result?.reason ?? '(game not over)'}"`);
        break;
      case 'offered':
      case 'not_offered':
        for (const [pn, list] of Object.entries(want as Yaml)) {
          if (!d || d.player.name !== pn) {
            failures.push(`${key}: the engine is not asking ${pn} now${d ? ` (it asks ${d.player.name})` : ''}`);
            continue;
          }
          const labels = d.options.map((o) => o.label);
          for (const name of list as string[]) {
            const present = labels.includes(String(name));
            if (key === 'offered' && !present) failures.push(`${pn} should be offered ${name}; offered: ${labels.join(' | ')}`);
            if (key === 'not_offered' && present) failures.push(`${pn} should not be offered ${name}`);
          }
        }
        break;
      case 'options':
        // The exact list of options, in order (e.g. one option per cost, not per card).
        for (const [pn, list] of Object.entries(want as Yaml)) {
          if (!d || d.player.name !== pn) {
            failures.push(`options: the engine is not asking ${pn} now${d ? ` (it asks ${d.player.name})` : ''}`);
            continue;
          }
          const labels = d.options.map((o) => o.label);
          const wanted = (list as unknown[]).map(String);
          if (labels.join('\u0000') !== wanted.join('\u0000')) failures.push(`${pn} should be offered exactly [${wanted.join(' | ')}] but is offered [${labels.join(' | ')}]`);
        }
        break;
      case 'log':
        for (const s of want as string[]) if (!engine.log.some((e) => e.text.includes(s) || e.cite.includes(s))) failures.push(`the log should mention "${s}"`);
        break;
      default:
        if (key.includes('.') || engine.ir.zones.some((z) => z.shared && z.name === key)) {
          const zone = zoneByPath(engine, key);
          const have = namesOf(zone.cards);
          const w = (want as unknown[]).map(String);
          const ok = ordered ? have.join('\u0000') === w.join('\u0000') : sameMultiset(have, w);
          if (!ok) failures.push(`${key} should be [${w.join(', ')}] but is [${have.join(', ')}]`);
        } else throw new ScenarioError(`unknown expectation '${key}' (see docs/scenarios.md)`);
    }
  }
  return failures;
}

export function scenarioFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    const st = statSync(p);
    if (st.isDirectory()) out.push(...scenarioFiles(readdirSync(p).sort().map((f) => join(p, f))));
    else if (/\.ya?ml$/.test(p)) out.push(p);
  }
  return out;
}

export function runScenarioFiles(paths: string[], opts: { root: string; verbose: boolean; color: boolean; game?: string }): number {
  let passed = 0;
  let failed = 0;
  for (const p of paths) {
    try {
      statSync(p);
    } catch {
      console.error(`grimoire: no such file or folder: ${p}`);
      return 2;
    }
  }
  for (const file of scenarioFiles(paths)) {
    const o = runScenario(opts.root, relative(opts.root, file) || file, readFileSync(file, 'utf8'), { game: opts.game });
    const tag = o.passed ? (opts.color ? '\x1b[32mPASS\x1b[0m' : 'PASS') : opts.color ? '\x1b[31mFAIL\x1b[0m' : 'FAIL';
    console.log(`${tag} ${o.file} — ${o.name}`);
    if (!o.passed) {
      failed++;
      for (const f of o.failures) console.log(`     ✗ ${f}`);
      console.log('     log (last lines):');
      for (const l of o.log.slice(-14)) console.log(`       ${l}`);
    } else {
      passed++;
      if (opts.verbose) for (const l of o.log) console.log(`       ${l}`);
    }
  }
  console.log(`${passed} passed, ${failed} failed${opts.game ? ` (under ${opts.game})` : ''}`);
  return failed > 0 ? 1 : 0;
}
