// A rule revision of 8.1: one action's cost changed, one action removed. The same scenario
// passes under 8.1 and fails under the revision, and a scenario written for the revision
// passes there and fails under 8.1 — "what does this revision change?" answered by the casebook.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { runScenarioInRepo } from '../scenario/files.ts';
import { compiledGame, root } from './helpers.ts';

const revisionText = `
revision trump_draft "8.2 draft" revises trump {
  version "8.2-draft"
}

// 兵士召喚 no longer drives a barrier: the cost is L only.
override action 兵士召喚 "Soldier Summon" since light
  cite "8.2 draft: 兵士召喚 $ L"
{
  speed normal
  tags 召喚
  when main_timing(me) and can_pay_l(me)
  using k: 1 from me.hand where it.rank in 2..10
  cost {
    do damage(me, 1)
  }
  effect {
    do place_soldier(k, me, true, false)
  }
}

remove action 剣の雨
`;

function compileRevision() {
  return compileGame({
    sources: [{ path: 'rules/trump_draft/revision.grim', text: revisionText }],
    loadBase: (name) => gameSources(root, name),
  });
}

// R-TR-14 (a): with no barrier, 兵士召喚 (cost BL) cannot be taken.
const noBarrierSummon = `
name: "兵士召喚 without a barrier"
game: trump
state:
  active: p1
  p1:
    hand: [♠7, ♠2, ♠3]
    life: [♣2, ♣3, ♣4]
steps:
  - check:
      not_offered: { p1: [兵士召喚] }
`;

// 剣の雨 (BB, two ♠ keys) with two charged barriers.
const rainOfSwords = `
name: "剣の雨 can be cast"
game: trump
state:
  active: p1
  p1:
    hand: [♠2, ♠3]
    field:
      - { card: ◇9, role: barrier, facedown: true }
      - { card: ◇8, role: barrier, facedown: true }
    life: [♣2, ♣3, ♣4]
steps:
  - check:
      offered: { p1: [剣の雨] }
`;

// Written for the draft: the summon costs only 1 life card.
const draftSummon = `
name: "8.2 draft: 兵士召喚 with no barrier"
game: trump
state:
  active: p1
  p1:
    hand: [♠7]
    life: [♣2, ♣3, ♣4]
steps:
  - p1: 兵士召喚      # ♠7 is the only possible key, so it is not asked
expect:
  p1.field: [♠7]
  count: { p1.life: 2 }
`;

describe('a revision of 8.1', () => {
  const draft = compileRevision();

  it('compiles: the override replaces the action, the removed action is gone', () => {
    expect(draft.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ir = draft.ir!;
    expect(ir.game.revisionOf).toBe('trump');
    expect(ir.game.version).toBe('8.2-draft');
    const base = compiledGame('trump');
    expect(base.actions.some((a) => a.name === '剣の雨')).toBe(true);
    expect(ir.actions.some((a) => a.name === '剣の雨')).toBe(false);
    expect(ir.actions.find((a) => a.name === '兵士召喚')!.cite).toBe('8.2 draft: 兵士召喚 $ L');
    expect(ir.actions.length).toBe(base.actions.length - 1);
  });

  it('changes the outcome of the casebook', () => {
    const ir = draft.ir!;
    const base81 = runScenarioInRepo(root, 'no-barrier.yaml', noBarrierSummon);
    expect(base81.failures).toEqual([]);
    const under82 = runScenarioInRepo(root, 'no-barrier.yaml', noBarrierSummon, { ir });
    expect(under82.passed).toBe(false);
    expect(under82.failures.join('\n')).toMatch(/should not be offered 兵士召喚|兵士召喚/);

    expect(runScenarioInRepo(root, 'rain.yaml', rainOfSwords).failures).toEqual([]);
    const rainUnder82 = runScenarioInRepo(root, 'rain.yaml', rainOfSwords, { ir });
    expect(rainUnder82.failures.join('\n')).toMatch(/剣の雨/);

    const draftOk = runScenarioInRepo(root, 'draft-summon.yaml', draftSummon, { ir });
    expect(draftOk.failures).toEqual([]);
    const draftUnder81 = runScenarioInRepo(root, 'draft-summon.yaml', draftSummon);
    expect(draftUnder81.passed).toBe(false);
    expect(draftUnder81.failures[0]).toMatch(/cannot answer "兵士召喚"|cannot answer/);
  });

  it('refuses to remove what is still used, with a diagnostic', () => {
    const r = compileGame({
      sources: [{ path: 'rules/bad/revision.grim', text: 'revision bad "x" revises trump {\n  version "x"\n}\nremove function damage\n' }],
      loadBase: (name) => gameSources(root, name),
    });
    expect(r.ir).toBeUndefined();
    const e = r.diagnostics.find((d) => d.severity === 'error')!;
    expect(e.message).toMatch(/damage/);
    expect(e.loc.file).toMatch(/revision\.grim|\.grim/);
  });
});

// Game folders are named with hyphens (grimoire new my-game); a revision names its base by the
// folder: `revises my-game`, written as the folder is, not only as `revises \`my-game\``.
describe('a revision of a game whose folder name has a hyphen', () => {
  it('revises my-game: the plain folder name is read as one name, and the revision compiles over that game', () => {
    const asked: string[] = [];
    const text = (base: string) => `revision skirmish_2 "Skirmish 2" revises ${base} {\n  version "2"\n}\n`;
    const compile = (base: string) =>
      compileGame({
        sources: [{ path: 'rules/skirmish-2/revision.grim', text: text(base) }],
        loadBase: (name) => (asked.push(name), name === 'my-skirmish' ? gameSources(root, 'skirmish') : undefined),
      });
    const plain = compile('my-skirmish');
    expect(plain.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(plain.ir?.game.revisionOf).toBe('my-skirmish');
    expect(compile('`my-skirmish`').ir?.game.revisionOf).toBe('my-skirmish');
    expect(asked).toEqual(['my-skirmish', 'my-skirmish']);
    // With spaces it is a minus between two names, not a folder name: a syntax error, as before.
    expect(compile('my - skirmish').diagnostics.some((d) => d.severity === 'error')).toBe(true);
    const unknown = compile('no-such-game');
    expect(unknown.diagnostics[0]).toMatchObject({ code: 'game/unknown-base' });
    expect(unknown.diagnostics[0]!.message).toContain("revises 'no-such-game'");
  });
});

// A revision of a revision (8.1 → 8.2 draft → 8.3 draft): each layer applies its changes to the
// one below; a casebook runs under any of them; revisions that revise each other are refused.
describe('a chain of revisions', () => {
  const draft83 = `
revision trump_83 "8.3 draft" revises trump_draft {
  version "8.3-draft"
}

// The opening hand grows from 5 to 6.
override param opening_hand: number = 6 alternatives 5, 7
  cite "8.3 draft: 6 cards"
  note "8.3 draft deals six."
`;
  const layers = (name: string) => (name === 'trump_draft' ? [{ path: 'rules/trump_draft/revision.grim', text: revisionText }] : gameSources(root, name));
  const compile83 = () => compileGame({ sources: [{ path: 'rules/trump_83/revision.grim', text: draft83 }], loadBase: layers });

  it("compiles over both layers: 8.2's changes stay, 8.3 adds its own", () => {
    const r = compile83();
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ir = r.ir!;
    expect(ir.game.revisionOf).toBe('trump_draft');
    expect(ir.game.version).toBe('8.3-draft');
    expect(ir.actions.some((a) => a.name === '剣の雨')).toBe(false);
    expect(ir.actions.find((a) => a.name === '兵士召喚')!.cite).toBe('8.2 draft: 兵士召喚 $ L');
    expect(ir.params.find((p) => p.name === 'opening_hand')!.value).toBe(6);
    expect(compiledGame('trump').params.find((p) => p.name === 'opening_hand')!.value).toBe(5);
    // The files of every layer, in order from the plain game up.
    expect(ir.files.at(-2)).toBe('rules/trump_draft/revision.grim');
    expect(ir.files.at(-1)).toBe('rules/trump_83/revision.grim');
    // The draft's own ruling passes under 8.3 too.
    expect(runScenarioInRepo(root, 'draft-summon.yaml', draftSummon, { ir }).failures).toEqual([]);
  });

  it('revises <declared name>: a revision found by the name its rules declare (trump_82), not only by its folder (trump-82)', () => {
    const byName = gameSources(root, 'trump_82');
    expect(byName?.map((s) => s.path)).toEqual(gameSources(root, 'trump-82')!.map((s) => s.path));
    const r = compileGame({ sources: [{ path: 'rules/trump_83/revision.grim', text: draft83.replace('revises trump_draft', 'revises trump_82') }], loadBase: (n) => gameSources(root, n) });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.ir!.game.revisionOf).toBe('trump_82');
    expect(r.ir!.actions.some((a) => a.name === '剣の雨')).toBe(false);
    expect(gameSources(root, 'no_such_game')).toBeUndefined();
  });

  it('refuses revisions that revise each other, naming the circle', () => {
    const a = 'revision ra "A" revises rb {\n  version "a"\n}\n';
    const b = 'revision rb "B" revises ra {\n  version "b"\n}\n';
    const r = compileGame({ sources: [{ path: 'rules/ra/revision.grim', text: a }], loadBase: (n) => (n === 'rb' ? [{ path: 'rules/rb/revision.grim', text: b }] : n === 'ra' ? [{ path: 'rules/ra/revision.grim', text: a }] : undefined) });
    expect(r.ir).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toEqual(['game/revision-cycle']);
    expect(r.diagnostics[0]!.message).toMatch(/revise each other in a circle: ra → rb → ra/);
  });
});

// `amend`: one clause of an action changed without copying the definition (rules/trump-82).
describe('amend: clauses of an action', () => {
  const amendText = `
revision trump_amend "amend" revises trump {
  version "amend"
}
amend action 兵士召喚 cite "8.2 draft: 兵士召喚 $ L" {
  when main_timing(me) and can_pay_l(me)
  cost {
    do damage(me, 1)
  }
}
`;
  const compileAmend = (text: string) => compileGame({ sources: [{ path: 'rules/trump_amend/revision.grim', text }], loadBase: (name) => gameSources(root, name) });

  it('gives the same action as overriding the whole definition, but for where it is written', () => {
    const amended = compileAmend(amendText);
    expect(amended.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const full = compileRevision().ir!;
    const strip = (a: unknown) => JSON.parse(JSON.stringify(a, (k, v) => (k === 'loc' ? undefined : v)));
    const a = amended.ir!.actions.find((x) => x.name === '兵士召喚')!;
    const b = full.actions.find((x) => x.name === '兵士召喚')!;
    expect(strip(a)).toEqual(strip(b));
    expect(a.loc[0]).toBe(amended.ir!.files.indexOf('rules/trump_amend/revision.grim'));
    expect(runScenarioInRepo(root, 'draft-summon.yaml', draftSummon, { ir: amended.ir! }).failures).toEqual([]);
  });

  it("amend card: one printed value changed, the card's other values kept", () => {
    const r = compileAmend('revision t "t" revises trump {\n  version "t"\n}\namend card ♠A cite "test: the ace is high" { rank = 14 }\n');
    expect(r.diagnostics).toEqual([]);
    const before = compiledGame('trump').cards.find((c) => c.name === '♠A')!;
    const after = r.ir!.cards.find((c) => c.name === '♠A')!;
    expect(before.attrs.map((x) => x.value)).toEqual(['spade', 1]);
    expect(after.attrs.map((x) => x.value)).toEqual(['spade', 14]);
    expect(after.cite).toBe('test: the ace is high');
  });

  it("amend card type: one field's default changed; the cards that print no value take the new one", () => {
    const text = 'revision sp "sp" revises spimate {\n  version "x"\n}\namend card type SpCard cite "test: race defaults to none" {\n  attr race: text = "none"\n}\n';
    const r = compileGame({ sources: [{ path: 'rules/sp/revision.grim', text }], loadBase: (name) => gameSources(root, name) });
    expect(r.diagnostics).toEqual([]);
    const base = compiledGame('spimate');
    const field = base.cardFields.findIndex((f) => f.name === 'race');
    const raceOf = (card: { attrs: { field: number; value: unknown }[] }) => card.attrs.find((x) => x.field === field)!.value;
    const after = (name: string) => r.ir!.cards.find((c) => c.name === name)!;
    // A magic card prints no race (SP-2.2): it had the old default and has the new one.
    const unprinted = base.cards.filter((c) => raceOf(c) === '');
    expect(unprinted.length).toBeGreaterThan(0);
    for (const c of unprinted) expect(raceOf(after(c.name))).toBe('none');
    // A card that prints its race keeps it.
    const printed = base.cards.filter((c) => raceOf(c) !== '');
    expect(printed.length).toBeGreaterThan(0);
    for (const c of printed) expect(raceOf(after(c.name))).toBe(raceOf(c));
  });

  it('refuses to amend what the base game does not have', () => {
    const r = compileAmend(amendText.replace('amend action 兵士召喚', 'amend action 兵士招喚'));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['revision/nothing-to-amend']);
    expect(r.diagnostics[0]!.message).toContain("there is no action '兵士招喚' to amend");
  });

  it('rules/trump-82: its own rulings pass under it, and the two that state a change fail under 8.1', () => {
    const ir = compiledGame('trump-82');
    expect(ir.game.revisionOf).toBe('trump');
    expect(ir.params.find((p) => p.name === 'opening_hand')!.value).toBe(6);
    expect(ir.actions.some((x) => x.name === '剣の雨')).toBe(false);
    const folder = join(root, 'rules/trump-82/rulings');
    const results = readdirSync(folder).sort().map((f) => {
      const text = readFileSync(join(folder, f), 'utf8');
      return [f, runScenarioInRepo(root, `rules/trump-82/rulings/${f}`, text).passed, runScenarioInRepo(root, `rules/trump-82/rulings/${f}`, text, { game: 'trump' }).passed];
    });
    expect(results).toEqual([
      ['r-tr82-01-soldier-without-barrier.yaml', true, false],
      ['r-tr82-02-opening-hand-six.yaml', true, false],
      ['r-tr82-03-summon-still-needs-key.yaml', true, true],
    ]);
  });
});
