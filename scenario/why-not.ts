/**
 * Why not, at a scenario's decision: runs the scenario (scenario/run.ts) up to the first decision
 * after its script (or after step N), and there asks the engine, for one player, which actions
 * it offers and why it refuses the others (runtime/why-not.ts). Each reason is placed at its
 * source line: the runtime gives the action's or the step's place; with the rules' source text,
 * a `when` or `limit` reason is moved to the line that says it. Pure (no file system): the CLI
 * and the playground give the compiled rules and the source texts.
 */
import type { GameIR, SrcLoc } from '../compiler/ir.ts';
import { suggest } from '../grammar/spelling.ts';
import type { ChoiceWhyNot, Decision, Engine, WhyNotKind, WhyNotVerdict } from '../runtime/engine.ts';
import { runScenario, type ScenarioOutcome } from './run.ts';
import { argWords, words } from './log-words.ts';
import { phrase } from '../runtime/log-entry.ts';

export interface WhyNotPlace {
  file: string;
  line: number;
  col: number;
}

export interface WhyNotReasonJSON {
  kind: WhyNotKind;
  text: string;
  cite: string;
  /** The citations of the game functions a failed `when` calls. */
  cites: { name: string; cite: string }[];
  at: WhyNotPlace | null;
}

export interface WhyNotActionJSON {
  action: string;
  title: string;
  /** For a card ability: the card (its name and where it lies). */
  card: string | null;
  available: boolean;
  reasons: WhyNotReasonJSON[];
  cite: string;
  at: WhyNotPlace | null;
}

export interface WhyNotReport {
  file: string;
  player: string;
  /** The decision the run stopped at (who is asked, the question, the options), or null when the game ended first. */
  decision: { player: string; prompt: string; options: string[] } | null;
  /** Steps of the script done before the decision. */
  afterStep: number;
  actions: WhyNotActionJSON[];
  /**
   * When the run stopped at a choice asked inside a rule (a pick or a mode of an effect, a
   * trigger, a procedure): why the cards asked about (`cards`; without them, the cards its filter
   * rejected) are not among its options, and why its closed options are closed.
   */
  choice: WhyNotChoiceJSON | null;
  /** The scenario run (its diagnostics and errors). */
  outcome: ScenarioOutcome;
}

export interface WhyNotOptions {
  ir?: GameIR;
  rules?: (game: string) => GameIR | string;
  /** Stop after this many steps of the script (default: all of them). */
  step?: number;
  player: string;
  /** One action (its name, title, or a card ability's own name). */
  action?: string;
  /** Cards (by name) to explain at a choice inside a rule: why each is not among its options. */
  cards?: string[];
  /** The text of a rules file, by the path the IR's file table gives. */
  source?: (path: string) => string | undefined;
}

/** The player or action named is not in the game: the message names the known ones. */
export class WhyNotNameError extends Error {}

export function whyNotScenario(file: string, text: string, opts: WhyNotOptions): WhyNotReport {
  let report: Omit<WhyNotReport, 'outcome'> | null = null;
  let nameError: Error | null = null;
  const explain = (engine: Engine, d: Decision | null, done: number) => {
    const ir = engine.ir;
    const player = engine.players.find((p) => p.name === opts.player);
    if (!player) {
      nameError = new WhyNotNameError(`unknown player '${opts.player}'; the players are ${engine.players.map((p) => p.name).join(', ')}`);
      return;
    }
    const cards = opts.cards ?? [];
    for (const name of cards) {
      if (ir.cards.some((c) => c.name === name)) continue;
      const near = suggest(name, ir.cards.map((c) => c.name));
      nameError = new WhyNotNameError(`no card '${name}' in ${ir.game.name}${near.length ? `; did you mean ${near.map((n) => `'${n}'`).join(', ')}?` : ''}`);
      return;
    }
    const choice = d ? engine.whyNotInChoice(d, cards) : null;
    if (cards.length && !choice) {
      const at = d ? `${d.player.name}'s decision "${d.prompt}"` : 'the end of the game';
      nameError = new WhyNotNameError(`--card explains a choice asked inside a rule (a pick or a mode of an effect or a trigger), but the run stopped at ${at}; stop at the choice with --step N (the steps of the script to run first)`);
      return;
    }
    let only: string | undefined;
    if (opts.action !== undefined) {
      only = actionNamed(ir, opts.action);
      const trigger = only === undefined ? ir.actions.find((a) => a.isTrigger && (a.name === opts.action || a.title === opts.action)) : undefined;
      if (trigger) {
        nameError = new WhyNotNameError(
          `${trigger.name} is a trigger: no player declares it; the rules run it when its event happens${trigger.condition ? ' and its `if` holds' : ''}. To ask why a card is not among the choices it makes, stop at its choice with --step N and name the card with --card NAME`,
        );
        return;
      }
      if (only === undefined) {
        const names = ir.actions.filter((a) => !a.isTrigger).map((a) => a.name);
        const near = suggest(opts.action, [...names, ...ir.actions.filter((a) => !a.isTrigger).map((a) => a.title)]);
        nameError = new WhyNotNameError(`no action '${opts.action}' in ${ir.game.name}${near.length ? `; did you mean ${near.map((n) => `'${n}'`).join(', ')}?` : ''} (actions: ${names.join(', ')})`);
        return;
      }
    }
    const verdicts = engine.whyNot(player, only);
    report = {
      file,
      player: player.name,
      decision: d ? { player: d.player.name, prompt: d.prompt, options: d.options.map((o) => o.label) } : null,
      afterStep: done,
      actions: verdicts.map((v) => verdictJSON(v, ir, opts.source)),
      choice: choice ? { ...choiceRest(choice), at: place(ir, choice.loc) } : null,
    };
  };
  // (inspectable: the rules compiled so that a choice's locals can be read where it is asked.)
  const outcome = runScenario(file, text, { ir: opts.ir, rules: opts.rules, stopAfter: opts.step ?? Infinity, onStop: explain, inspectable: true });
  if (nameError) throw nameError;
  return { ...(report ?? { file, player: opts.player, decision: null, afterStep: 0, actions: [], choice: null }), outcome };
}

/** A choice's why-not in words, in the reader's language (scenario/log-words.ts). */
export interface WhyNotChoiceJSON {
  kind: ChoiceWhyNot['kind'];
  statement: string;
  cite: string;
  closed: { label: string; reason: string }[];
  cards: { card: string; offered: boolean; reasons: string[]; cites: { name: string; cite: string }[] }[];
  at: WhyNotPlace | null;
}

function choiceRest(c: ChoiceWhyNot): Omit<WhyNotChoiceJSON, 'at'> {
  return {
    kind: c.kind,
    statement: words(c.statement),
    cite: c.cite,
    closed: c.closed.map((o) => ({ label: o.label, reason: words(o.reason) })),
    cards: c.cards.map((v) => ({ card: argWords(v.card), offered: v.offered, reasons: v.reasons.map((r) => argWords(r)), cites: v.cites })),
  };
}

/** The action `name` means: its name, its title, or (a card ability) the name after the card's. */
export function actionNamed(ir: GameIR, name: string): string | undefined {
  const acts = ir.actions.filter((a) => !a.isTrigger);
  const low = name.toLowerCase();
  return (
    acts.find((a) => a.name === name)?.name ??
    acts.find((a) => a.title.toLowerCase() === low)?.name ??
    acts.find((a) => a.name.includes('.') && a.name.slice(a.name.indexOf('.') + 1) === name)?.name
  );
}

/** Verdicts as plain data, each reason at its source line (`source`: the rules' text by path, to find a `when` or `limit` line). */
export function whyNotJSON(verdicts: readonly WhyNotVerdict[], ir: GameIR, source?: WhyNotOptions['source']): WhyNotActionJSON[] {
  return verdicts.map((v) => verdictJSON(v, ir, source));
}

function verdictJSON(v: WhyNotVerdict, ir: GameIR, source: WhyNotOptions['source']): WhyNotActionJSON {
  const at = place(ir, v.loc);
  const card = v.card ? (v.card.zone || v.card.host ? words(phrase('wc-card', { card: v.card.name, where: v.card.zone ? v.card.zone.label : phrase('why-under', { card: v.card.host!.name }) })) : v.card.name) : null;
  return {
    action: v.action,
    title: v.title,
    card,
    available: v.available,
    cite: v.cite,
    at,
    reasons: v.reasons.map((r) => {
      let where = place(ir, r.loc);
      if (where && source && (r.kind === 'when' || r.kind === 'limit')) {
        const text = source(where.file);
        const found = text !== undefined ? clauseLine(text, where.line, r.kind, r.when?.line ?? 0) : null;
        if (found) where = { file: where.file, line: found.line, col: found.col };
      }
      return { kind: r.kind, text: words(r.words), cite: r.cite, cites: r.cites ?? [], at: where };
    }),
  };
}

function place(ir: GameIR, loc: SrcLoc | null): WhyNotPlace | null {
  return loc ? { file: ir.files[loc[0]] ?? `file ${loc[0]}`, line: loc[1], col: loc[2] } : null;
}

/**
 * The line of the action declared at `line` where its `nth` clause of that kind (`when`, `limit`)
 * is written: a clause starts its line, before the action's `effect`, inside its braces.
 */
export function clauseLine(text: string, line: number, kind: 'when' | 'limit', nth: number): { line: number; col: number } | null {
  const lines = text.split('\n');
  const indent = (s: string) => s.length - s.trimStart().length;
  const own = indent(lines[line - 1] ?? '');
  let seen = 0;
  for (let i = line; i < lines.length; i++) {
    const s = lines[i]!;
    const t = s.trimStart();
    if (t === '') continue;
    // The action's end, or its effect: no clause after it.
    if (indent(s) <= own && t.startsWith('}')) return null;
    if (/^effect\b/.test(t)) return null;
    if (new RegExp(`^${kind}\\b`).test(t)) {
      if (seen === nth) return { line: i + 1, col: indent(s) + 1 };
      seen++;
    }
  }
  return null;
}
