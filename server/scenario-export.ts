/**
 * A kept match as a scenario (docs/scenarios.md), for a judge settling a dispute: the game from
 * its seed's setup (`start: setup`), each answer written as a step in the words a ruling uses —
 * the option's label (an action, `pass`, a mode, a player), or the card's name where the label
 * says only where a hidden card lies — and a `check` of whose turn it is where the answers end,
 * for the judge to replace with the expectations in dispute. `grimoire scenario FILE` replays it.
 *
 * A ruling asks even a choice of action with a single option (it may stop at the next free
 * action), which a played game takes without asking; those steps are written too.
 */
import { stringify } from 'yaml';
import type { GameIR } from '../compiler/ir.ts';
import { Engine, StopRun, type Decision } from '../runtime/engine.ts';
import { Card } from '../runtime/model.ts';
import type { AnswerRecord, MatchRecord } from './store.ts';
import { MAX_STEPS } from './match-host.ts';

/** The words a ruling's step answers option `index` with, such that the scenario runner picks that very option. */
function stepWords(d: Decision, index: number): unknown {
  const o = d.options[index]!;
  if (d.kind === 'mode') return { mode: o.label };
  if (d.options.findIndex((x) => x.label === o.label) === index) return o.label;
  const v = o.value;
  if (v instanceof Card) return v.name;
  if (Array.isArray(v)) return v.map(String);
  return o.label;
}

/** Deck lists by card name and count, as a ruling writes them (a card's copies together, in the order first listed). */
function deckNames(ir: GameIR, decks: MatchRecord['decks']): Record<string, unknown> {
  const counts = (list: readonly number[]) => {
    const out: Record<string, number> = {};
    for (const i of list) out[ir.cards[i]!.name] = (out[ir.cards[i]!.name] ?? 0) + 1;
    return out;
  };
  return Object.fromEntries(Object.entries(decks).map(([p, d]) => [p, { main: counts(d.main), ...(d.side?.length ? { side: counts(d.side) } : {}) }]));
}

export function scenarioYaml(ir: GameIR, record: MatchRecord, answers: readonly AnswerRecord[]): string {
  const decks = Object.keys(record.decks).length ? record.decks : undefined;
  const engine = new Engine(ir, { seed: record.seed, format: record.format ?? undefined, params: record.params, askSingleActions: true, maxSteps: MAX_STEPS, decks });
  engine.reset(record.seed);
  const steps: unknown[] = [];
  let next = 0;
  try {
    engine.run((d) => {
      // A single action the played game took without asking.
      if (d.count === 1) {
        steps.push({ [d.player.name]: stepWords(d, 0) });
        return 0;
      }
      if (next >= answers.length) throw new StopRun(d);
      const a = answers[next++]!.option;
      steps.push({ [d.player.name]: stepWords(d, a) });
      return a;
    });
  } catch (e) {
    if (!(e instanceof StopRun)) throw e;
  }
  steps.push({ check: { active: engine.active.name } });
  const doc: Record<string, unknown> = {
    name: `Match ${record.id} (${record.game}), after ${answers.length} answers`,
    cite: 'a game played on grimoire serve',
    game: record.game,
    ...(record.format ? { format: record.format } : {}),
    ...(Object.keys(record.params).length ? { params: record.params } : {}),
    seed: record.seed,
    ...(decks ? { decks: deckNames(ir, record.decks) } : { start: 'setup' }),
    strict: true,
    steps,
  };
  return `# Exported by grimoire serve from match ${record.id} (rules ${record.rules}).\n# Replace the last check with the expectations in dispute.\n${stringify(doc)}`;
}
