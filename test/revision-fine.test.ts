/**
 * Revisions that change anything, finely (issue 28 part 4; docs/language.md "Revisions"): a
 * revision adds and removes formats, amends a procedure, function, check, setup, turn, face, a
 * card's own abilities and auras, removes a card-type field or turns an attr into a derived value
 * — each checked here by what it compiles to, by the rulings it changes, and by `grimoire diff`.
 * The worked example is test/fixtures/revisions/skirmish-2 (a revision of rules/skirmish).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileGame, resolveGame } from '../compiler/compile.ts';
import { diffGames } from '../compiler/diff.ts';
import { gameSources } from '../compiler/project.ts';
import { formatGrim } from '../grammar/format.ts';
import { parseFile } from '../grammar/parse.ts';
import { parseSources } from '../compiler/compile.ts';
import { GameNames } from '../compiler/references.ts';
import { runScenarioInRepo } from '../scenario/files.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

const fixture = join(root, 'test/fixtures/revisions/skirmish-2');
const skirmish2 = readFileSync(join(fixture, 'revision.grim'), 'utf8');

/** Compiles a revision's text over the games of the repository (and skirmish-2, the fixture). */
function compile(text: string, path = 'rules/rev/revision.grim') {
  return compileGame({ sources: [{ path, text }], loadBase: (n) => (n === 'skirmish-2' || n === 'skirmish_2' ? [{ path: 'rules/skirmish-2/revision.grim', text: skirmish2 }] : gameSources(root, n)) });
}

const rev = (base: string, body: string) => `revision rev "rev" revises ${base} {\n  version "r"\n}\n${body}\n`;

const errors = (r: ReturnType<typeof compile>) => r.diagnostics.filter((d) => d.severity === 'error');

/** pass, fail or error: a ruling's outcome under an IR. */
function outcome(file: string, ir: ReturnType<typeof compiledGame>): 'pass' | 'fail' | 'error' {
  const o = runScenarioInRepo(root, file, readFileSync(join(root, file), 'utf8'), { ir });
  return o.diagnostics.length || o.error ? 'error' : o.passed ? 'pass' : 'fail';
}

describe('skirmish-2: a revision that adds a format, amends a procedure and removes a card-type field', () => {
  const r = compile(skirmish2, 'rules/skirmish-2/revision.grim');
  const ir = r.ir!;
  const base = compiledGame('skirmish');

  it('compiles with no diagnostic', () => {
    expect(r.diagnostics).toEqual([]);
    expect(ir.game.revisionOf).toBe('skirmish');
  });

  it('changes what it says and nothing else', () => {
    // Formats: Skirmish has none (one implicit `standard`); the revision declares two.
    expect(base.game.formats.map((f) => f.name)).toEqual(['standard']);
    expect(ir.game.formats.map((f) => `${f.name} ${f.level}`)).toEqual(['standard 1', 'blitz 2']);
    expect(ir.game.defaultFormat).toBe('standard');
    expect(ir.actions.find((a) => a.name === 'Rush')!.level).toBe(2);
    // The procedure: its body is the amend's, its parameters the base's, its citation the amend's.
    const deck = ir.procedures.find((p) => p.name === 'build_deck')!;
    expect(deck.cite).toBe('Skirmish 2 §3: 12 Soldiers, 6 Archers, 4 Healers');
    expect(deck.params).toEqual(base.procedures.find((p) => p.name === 'build_deck')!.params);
    expect(ir.files[deck.loc[0]]).toBe('rules/skirmish-2/revision.grim');
    // The field: gone from the card type and from the game's card fields.
    expect(base.cardFields.map((f) => f.name)).toContain('ready');
    expect(ir.cardFields.map((f) => f.name)).not.toContain('ready');
    // The Healer's Mend: one clause changed, the rest kept.
    const mend = (g: typeof ir) => g.actions.find((a) => a.name === 'Healer.Mend')!;
    expect([mend(base).limit, mend(ir).limit]).toEqual([1, 2]);
    expect(mend(ir).title).toBe(mend(base).title);
    expect(ir.actions.find((a) => a.name === 'Archer.Volley')!.cite).toBe(base.actions.find((a) => a.name === 'Archer.Volley')!.cite);
    expect(ir.cards.map((c) => c.name)).toEqual(base.cards.map((c) => c.name));
  });

  it("changes exactly the rulings it should: Skirmish's casebook under it, and its own rulings", () => {
    const folder = 'rules/skirmish/rulings';
    const results = Object.fromEntries(readdirSync(join(root, folder)).sort().map((f) => [f, [outcome(`${folder}/${f}`, base), outcome(`${folder}/${f}`, ir)]]));
    expect(results).toEqual({
      // The Archer is not changed: its ruling holds.
      'archer-volley.yaml': ['pass', 'pass'],
      // There is no `ready` any more: the ruling cannot even be set up (its state names the field).
      'attack-needs-ready.yaml': ['pass', 'error'],
      // Mend twice a turn: after one Mend the same Healer is offered again.
      'healer-once-per-turn.yaml': ['pass', 'fail'],
      // A deck of 22: the counts differ.
      'setup-deals-three.yaml': ['pass', 'fail'],
      'turn-start.yaml': ['pass', 'error'],
    });
    const own = 'test/fixtures/revisions/skirmish-2/rulings';
    for (const f of readdirSync(join(root, own))) expect([f, outcome(`${own}/${f}`, ir)]).toEqual([f, 'pass']);
    expect(outcome(`${own}/rush-in-blitz.yaml`, base)).toBe('error'); // skirmish has no blitz
  });

  it('is formatted (grimoire fmt leaves it as it is)', () => {
    expect(formatGrim(skirmish2)).toMatchObject({ ok: true, changed: false });
  });

  describe('grimoire diff skirmish skirmish-2', () => {
    const project = mkdtempSync(join(tmpdir(), 'grimoire-fine-'));
    afterAll(() => rmSync(project, { recursive: true, force: true }));
    mkdirSync(join(project, 'rules'));
    mkdirSync(join(project, 'cards'));
    symlinkSync(join(root, 'rules/skirmish'), join(project, 'rules/skirmish'));
    symlinkSync(join(root, 'cards/skirmish'), join(project, 'cards/skirmish'));
    symlinkSync(fixture, join(project, 'rules/skirmish-2'));
    const run = (...args: string[]) => grimoireInProcess(['diff', 'skirmish', 'skirmish-2', ...args], { cwd: root, env: { ...process.env, GRIMOIRE_ROOT: project } });

    it('grimoire scenario rules/skirmish/rulings --game skirmish-2: the rulings it changes fail or cannot be set up, the Archer\'s passes', async () => {
      const r = await grimoireInProcess(['scenario', 'rules/skirmish/rulings', '--game', 'skirmish-2'], { cwd: project, env: { ...process.env, GRIMOIRE_ROOT: project } });
      expect(r.status).toBe(1);
      expect(r.stdout + r.stderr).toMatch(/attack-needs-ready\.yaml:11:26: .*'ready'/);
      expect(r.stdout).toMatch(/PASS rules\/skirmish\/rulings\/archer-volley\.yaml/);
      expect(r.stdout).toMatch(/FAIL rules\/skirmish\/rulings\/healer-once-per-turn\.yaml/);
      expect(r.stdout).toMatch(/FAIL rules\/skirmish\/rulings\/setup-deals-three\.yaml/);
      expect(r.stdout).toContain('1 passed, 2 failed, 2 not run (mistakes above) (under skirmish-2)');
    });

    it('shows each change as it is: the statement, clause or field that changed, with the rest as context', async () => {
      const r = await run('--rulings');
      expect(r.status, r.stderr).toBe(0);
      const out = r.stdout;
      expect(out).toMatch(/^skirmish → skirmish-2: 5 definitions changed, 4 added, 0 removed; 0 parameter defaults changed/);
      const section = (head: string) => {
        const start = out.indexOf(`\n${head}  (`);
        expect(start, head).toBeGreaterThanOrEqual(0);
        return out.slice(start + 1, out.indexOf('\n\n', start + 1));
      };
      // The amended procedure: its head (the base's parameters, the new citation) and the one statement changed.
      expect(section('changed procedure build_deck').split('\n').slice(3)).toEqual([
        '    - procedure build_deck(p: player) cite "tutorial §3: 10 Soldiers, 6 Archers, 4 Healers" {',
        '    -   create 10 of Soldier in p.deck',
        '    + procedure build_deck(p: player) cite "Skirmish 2 §3: 12 Soldiers, 6 Archers, 4 Healers" {',
        '    +   create 12 of Soldier in p.deck',
        '        create 6 of Archer in p.deck',
      ]);
      // The removed field, and nothing else of the card type but its citation.
      const unit = section('changed card type Unit');
      expect(unit).toContain('    -   state ready: bool = false');
      expect(unit).toContain('        attr power: number');
      expect(unit).not.toMatch(/^ {4}[-+] {3}attr power/m);
      // The formats, one by one, and the default format.
      expect(section('added format standard')).toContain('+ format standard "Standard" level 1');
      expect(section('added format blitz')).toContain('+ format blitz "Blitz" level 2');
      expect(section('added default format')).toContain('+ default format standard');
      // The turn: the one statement that read `ready`, removed; the rest is context.
      expect(section('changed turn').split('\n').filter((l) => /^ {4}[-+]/.test(l))).toEqual(['    -   for each u in active.board { set u.ready = true }']);
      // The amended ability of a card: the clause and the citation, not the whole card.
      const healer = section('changed card Healer');
      expect(healer.split('\n').filter((l) => /^ {4}[-+]/.test(l)).map((l) => l.trim())).toEqual([
        '-     cite "card text 「1 ターンに 1 回、ライフを 2 回復」"',
        '+     cite "Skirmish 2 card text 「1 ターンに 2 回、ライフを 2 回復」"',
        '-     limit 1 per turn',
        '+     limit 2 per turn',
      ]);
      expect(section('added action Rush')).toContain('+ action Rush "Rush: draw a card" since blitz');
      expect(out).toMatch(/attack-needs-ready\.yaml — .*: pass → error/);
      expect(out).toMatch(/healer-once-per-turn\.yaml — .*: pass → fail/);
      expect(out).toMatch(/setup-deals-three\.yaml — .*: pass → fail/);
      expect(out).toMatch(/turn-start\.yaml — .*: pass → error/);
      expect(out).toMatch(/rush-in-blitz\.yaml — .*: error → pass/);
      expect(out).not.toContain('archer-volley');
      expect(out).toMatch(/Rulings whose outcome changes: 5\n/);
    });
  });
});

describe('a revision of skirmish-2 (a chain): amends apply layer on layer', () => {
  const text = `revision skirmish_3 "Skirmish 3" revises skirmish-2 {
  version "3"
}
remove format blitz
amend card Healer {
  amend ability Mend cite "Skirmish 3: three times a turn" { limit 3 per turn }
}
`;
  it('compiles over both layers, and grimoire diff between the two revisions shows the last layer only', () => {
    const r = compile(text, 'rules/skirmish-3/revision.grim');
    expect(r.diagnostics).toEqual([]);
    const ir = r.ir!;
    expect(ir.game.formats.map((f) => f.name)).toEqual(['standard']);
    expect(ir.actions.find((a) => a.name === 'Rush')!.level).toBe(2); // kept: gated as before
    expect(ir.actions.find((a) => a.name === 'Healer.Mend')!.limit).toBe(3);
    expect(ir.cardFields.map((f) => f.name)).not.toContain('ready');
    expect(ir.procedures.find((p) => p.name === 'build_deck')!.cite).toMatch(/^Skirmish 2 §3/);
    const loadBase = (n: string) => (n === 'skirmish-2' ? [{ path: 'rules/skirmish-2/revision.grim', text: skirmish2 }] : gameSources(root, n));
    const version = (name: string, sources: { path: string; text: string }[]) => {
      const v = resolveGame({ sources, loadBase });
      return { name, decls: v.decls!, sources: v.sources };
    };
    const d = diffGames(version('skirmish-2', [{ path: 'rules/skirmish-2/revision.grim', text: skirmish2 }]), version('skirmish-3', [{ path: 'rules/skirmish-3/revision.grim', text }]));
    expect(d.definitions.map((x) => `${x.change} ${x.kind} ${x.name}`)).toEqual(['changed card Healer', 'removed format blitz']);
    const healer = d.definitions[0]!;
    expect(healer.after!.text).toContain('limit 3 per turn');
    expect(healer.before!.text).toContain('limit 2 per turn');
  });
});

describe('formats in a revision', () => {
  it('remove format: what it gated keeps its level; the default format may not name it', () => {
    const r = compile(rev('trump', 'remove format light'));
    expect(errors(r)).toEqual([]);
    const base = compiledGame('trump');
    expect(r.ir!.game.formats.map((f) => f.name)).toEqual(['standard', 'pro', 'master']);
    // Every action keeps its level: nothing changes in the formats that remain.
    expect(r.ir!.actions.map((a) => `${a.name} ${a.level}`)).toEqual(base.actions.map((a) => `${a.name} ${a.level}`));
    const master = compile(rev('trump', 'remove format master'));
    expect(errors(master).map((d) => d.code)).toEqual(['revision/removed-still-used']);
    expect(errors(master)[0]!.loc).toMatchObject({ file: 'rules/rev/revision.grim', line: 4, col: 1 });
    expect(errors(master)[0]!.notes).toContain('still used at rules/trump/game.grim:16:18');
    // With a default of its own, it compiles.
    const withDefault = compile('revision rev "rev" revises trump {\n  version "r"\n  default format pro\n}\nremove format master\n');
    expect(errors(withDefault)).toEqual([]);
    expect(withDefault.ir!.game.defaultFormat).toBe('pro');
  });

  it('refuses a format of a name the game has, and a format it does not have, with did-you-mean', () => {
    const dup = compile('revision rev "rev" revises trump {\n  version "r"\n  format pro "Pro" level 5\n}\n');
    expect(errors(dup).map((d) => d.code)).toEqual(['name/duplicate']);
    const none = compile(rev('trump', 'remove format mastr'));
    expect(errors(none).map((d) => d.code)).toEqual(['revision/nothing-to-remove']);
    expect(errors(none)[0]!.notes).toContain("did you mean 'master'?");
  });
});

describe('removed, and still used', () => {
  it('one error at the remove, in the revision, naming each use in the base', () => {
    const r = compile(rev('trump', 'remove procedure damage'));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['revision/removed-still-used']);
    const e = r.diagnostics[0]!;
    expect(e.loc).toMatchObject({ file: 'rules/rev/revision.grim', line: 4, col: 1 });
    expect(e.message).toBe("the procedure 'damage' is removed, but 7 places still use it");
    expect(e.notes![0]).toBe('still used at rules/trump/functions.grim:134:6');
    expect(e.notes!.filter((n) => n.startsWith('still used at'))).toHaveLength(7);
  });

  it('a removed card-type field: its uses, by member', () => {
    const r = compile(rev('skirmish', 'amend card type Unit {\n  remove state ready\n}'));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['revision/removed-still-used']);
    expect(r.diagnostics[0]!.message).toBe("the field 'ready' of card type 'Unit' is removed, but 3 places still use it");
    expect(r.diagnostics[0]!.loc).toMatchObject({ file: 'rules/rev/revision.grim', line: 5, col: 3 });
    expect(r.diagnostics[0]!.notes!.slice(0, 3)).toEqual(['still used at rules/skirmish/turn.grim:13:38', 'still used at rules/skirmish/turn.grim:32:42', 'still used at rules/skirmish/turn.grim:35:63']);
  });

  it('a removed attr given by a card, its name written plain or quoted: one use either way', () => {
    for (const name of ['power', '`power`']) {
      const r = compile(rev('skirmish', `amend card type Unit {\n  remove attr power\n  attr might: number = 1\n}\ncard NewOne "New": Unit { ${name} = 3 }`));
      expect(r.diagnostics.map((d) => `${d.code} ${d.message}`), name).toEqual(["revision/removed-still-used the field 'power' of card type 'Unit' is removed, but 3 places still use it"]);
      expect(r.diagnostics[0]!.notes, name).toContain('still used at rules/rev/revision.grim:8:27');
    }
  });

  it('a removed zone, used by name and as a member; a removed enum, used by its values', () => {
    const zone = compile(rev('skirmish', 'remove zone discard\nremove zone hand'));
    expect(zone.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(["revision/removed-still-used the zone 'hand' is removed, but 5 places still use it"]);
    expect(zone.diagnostics[0]!.notes).toContain('still used at rules/skirmish/turn.grim:7:30');
    const e = compile(rev('arcane', 'remove enum Step'));
    expect(e.diagnostics.map((d) => d.code)).toEqual(['revision/removed-still-used']);
    expect(e.diagnostics[0]!.message).toMatch(/^the enum 'Step' is removed, but \d+ places still use it$/);
  });

  it('names that are not there: did you mean', () => {
    const r = compile(rev('skirmish', ['remove procedure build_dek', 'amend procedure build_dek { log "x" }', 'amend card type Unit {\n  remove attr ready\n  remove state redy\n}', 'override action Atack "x" { effect { log "x" } }', 'amend check no_lif { log "x" }'].join('\n')));
    expect(r.diagnostics.map((d) => `${d.code} ${d.message} ${d.notes?.[0] ?? ''}`)).toEqual([
      "revision/nothing-to-remove there is no procedure 'build_dek' to remove did you mean 'build_deck'?",
      "revision/nothing-to-amend there is no procedure 'build_dek' to amend (amend changes a definition the base game has; write a whole 'procedure' to add one) did you mean 'build_deck'?",
      "revision/nothing-to-remove 'ready' is a state of card type 'Unit', not an attr write 'remove state ready'",
      "revision/nothing-to-remove card type 'Unit' has no field 'redy' to remove did you mean 'ready'?",
      "revision/nothing-to-override 'override' needs an existing action named 'Atack', and there is none did you mean 'Attack'?",
      "revision/nothing-to-amend there is no check 'no_lif' to amend (amend changes a definition the base game has; write a whole 'check' to add one) did you mean 'no_life'?",
    ]);
  });
});

describe('amend: procedures, functions, checks, setup, turn, faces', () => {
  it('a function keeps its parameters, type and citation unless restated; a check and setup their citation', () => {
    const r = compile(rev('skirmish', 'amend function worth = 3 * p.life\namend check no_life { for each p in players { if p.life < 0 { lose p reason "below zero" } } }\namend setup cite "rev §3" { for each p in players { do build_deck(p) } }'));
    expect(r.diagnostics).toEqual([]);
    const base = compiledGame('skirmish');
    const worth = (g: typeof base) => g.functions.find((f) => f.name === 'worth')!;
    expect(worth(r.ir!).params).toEqual(worth(base).params);
    expect(worth(r.ir!).cite).toBe(worth(base).cite);
    expect(JSON.stringify(worth(r.ir!).body)).not.toBe(JSON.stringify(worth(base).body));
    expect(r.ir!.checks.find((c) => c.name === 'no_life')!.cite).toBe('tutorial §5');
    expect(r.ir!.setup.cite).toBe('rev §3');
    expect(r.ir!.setup.body.length).toBe(1);
    // A call that no longer fits a restated signature is the checker's error, at the call.
    const bad = compile(rev('skirmish', 'amend procedure build_deck(p: player, n: number) { create n of Soldier in p.deck }'));
    expect(errors(bad).map((d) => d.code)).toEqual(['type/bad-arguments']);
  });

  it('amend face: an item in place of the items of its key, the others kept', () => {
    const r = compile(rev('trump', 'amend face PlayingCard {\n  frame bordered\n  big = "J", "Q", "K" when rank >= 11\n}'));
    expect(r.diagnostics).toEqual([]);
    const face = (g: ReturnType<typeof compiledGame>) => g.faces.find((f) => g.cardTypes[f.cardType]!.name === 'PlayingCard')!;
    const base = face(compiledGame('trump'));
    const after = face(r.ir!);
    expect([base.frame, after.frame]).toEqual(['plain', 'bordered']);
    // Both `big` regions of the base give way, at the first's place, to the amend's one.
    expect(base.regions.map((x) => x.kind)).toEqual(['corner', 'corner', 'pips', 'big', 'big']);
    expect(after.regions.map((x) => x.kind)).toEqual(['corner', 'corner', 'pips', 'big']);
    expect(after.colours).toEqual(base.colours);
  });

  it('amend of a face the base does not have is refused', () => {
    expect(compile(rev('skirmish', 'amend face Unit { frame plain }')).diagnostics.map((d) => d.code)).toEqual(['revision/nothing-to-amend']);
  });
});

describe("amend card: a card's own abilities and auras", () => {
  it('adds, removes, overrides and amends one ability; the others are kept', () => {
    const text = rev(
      'skirmish',
      `amend card Archer {
  power = 2
  remove ability Volley
  action Aim "Aim" { speed immediate  while in board  when me == active  effect { set opponent.life = opponent.life - 1 } }
}
amend card Healer {
  amend ability Mend { limit 2 per turn }
}`,
    );
    const r = compile(text);
    expect(r.diagnostics).toEqual([]);
    const names = r.ir!.actions.map((a) => a.name);
    expect(names).not.toContain('Archer.Volley');
    expect(names).toContain('Archer.Aim');
    expect(r.ir!.actions.find((a) => a.name === 'Healer.Mend')!.limit).toBe(2);
    const override = compile(rev('skirmish', 'amend card Healer {\n  override action Mend "Mend" { speed immediate  while in board  effect { set me.life = me.life + 3 } }\n}'));
    expect(errors(override)).toEqual([]);
    // The override drops the base ability's `when` and `limit`: a warning says so and suggests amend.
    expect(override.diagnostics.map((d) => d.code)).toEqual(['revision/override-drops']);
    expect(override.diagnostics[0]!.message).toBe("this override of Healer's ability 'Mend' drops what the base's definition has: its `when`, its `limit`");
    expect(override.ir!.actions.find((a) => a.name === 'Healer.Mend')!.limit).toBe(-1);
  });

  it('auras: removed, added, replaced', () => {
    const base = compiledGame('arcane');
    const card = base.cards.findIndex((c) => c.name === 'MireGhoul');
    const auras = (g: typeof base) => g.auras.filter((a) => a.source === card).map((a) => a.name);
    expect(auras(base)).toEqual(['MireGhoul.Frenzy']);
    const r = compile(rev('arcane', `amend card MireGhoul {
  remove aura Frenzy
  aura Dread "+2/+0" { while in battlefield to [this] power by 2 }
}`));
    expect(errors(r)).toEqual([]);
    expect(auras(r.ir!)).toEqual(['MireGhoul.Dread']);
    const replaced = compile(rev('arcane', 'amend card MireGhoul {\n  override aura Frenzy "+2/+0" { while in battlefield to [this] power by 2 }\n}'));
    expect(errors(replaced)).toEqual([]);
    expect(auras(replaced.ir!)).toEqual(['MireGhoul.Frenzy']);
    // amend aura: one change replaced, the rest of the aura (where it works, its cards) kept.
    const amended = compile(rev('arcane', 'amend card MireGhoul {\n  amend aura Frenzy cite "rev: +2" { power by 2 }\n}'));
    expect(errors(amended)).toEqual([]);
    const frenzy = (g: typeof base) => g.auras.find((a) => a.name === 'MireGhoul.Frenzy')!;
    const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === 'loc' || k === 'cite' ? undefined : v)));
    expect(JSON.stringify(strip(frenzy(amended.ir!)))).toBe(JSON.stringify(strip(frenzy(base))).replace('"by":{"kind":"lit","value":1}', '"by":{"kind":"lit","value":2}'));
    expect(frenzy(amended.ir!).cite).toBe('rev: +2');
    // grimoire diff: the change and the citation, with the aura's other parts as context.
    const version = (name: string, text: string | null) => {
      const v = resolveGame({ sources: text === null ? gameSources(root, name)! : [{ path: `rules/${name}/revision.grim`, text }], loadBase: (n) => gameSources(root, n) });
      return { name, decls: v.decls!, sources: v.sources };
    };
    const d = diffGames(version('arcane', null), version('rev', rev('arcane', 'amend card MireGhoul {\n  amend aura Frenzy cite "rev: +2" { power by 2 }\n}')));
    expect(d.definitions.map((x) => `${x.change} ${x.kind} ${x.name}`)).toEqual(['changed card MireGhoul']);
    const lines = (t: string) => t.split('\n').map((l) => l.trim());
    const only = (a: string[], b: string[]) => a.filter((l) => !b.includes(l));
    const [before, after] = [lines(d.definitions[0]!.before!.text), lines(d.definitions[0]!.after!.text)];
    expect(only(after, before)).toEqual([expect.stringMatching(/^aura Frenzy .* cite "rev: \+2"$/), 'power by 2']);
    expect(only(before, after)).toEqual([expect.stringMatching(/^aura Frenzy .* cite "CR 611\.3a/), 'power by 1']);
    expect(after).toContain('while in battlefield');
    const wrong = compile(rev('arcane', 'amend card MireGhoul {\n  remove aura Frenzi\n  aura Frenzy "x" { to [this] power by 2 }\n}'));
    expect(wrong.diagnostics.map((d) => `${d.code} ${d.notes?.[0]}`)).toEqual(["revision/nothing-to-remove did you mean 'Frenzy'?", "name/duplicate write 'override aura Frenzy …' to replace it, or 'remove aura Frenzy'"]);
  });

  it('an ability written with a template (`CastPermanent cast`) is removed as any other, but not amended', () => {
    const removed = compile(rev('arcane', 'amend card MireGhoul {\n  remove ability cast\n}'));
    expect(errors(removed)).toEqual([]);
    expect(removed.ir!.actions.some((a) => a.name === 'MireGhoul.cast')).toBe(false);
    expect(compiledGame('arcane').actions.some((a) => a.name === 'MireGhoul.cast')).toBe(true);
    const amended = compile(rev('arcane', 'amend card MireGhoul {\n  amend ability cast { limit 1 per turn }\n}'));
    expect(amended.diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual(["revision/nothing-to-amend card 'MireGhoul''s ability 'cast' is written with the template 'CastPermanent': an amend changes a written ability"]);
  });
});

describe('attr → derived value', () => {
  it("amend card type: an attr becomes a value; the cards' printed values of it are no longer read", () => {
    const r = compile(rev('skirmish', 'amend card type Unit cite "rev: every unit has power 3" {\n  value power: number = 3\n}'));
    expect(r.diagnostics).toEqual([]);
    const field = r.ir!.cardFields.find((f) => f.name === 'power')!;
    expect(field.kind).toBe('value');
    const index = r.ir!.cardFields.indexOf(field);
    for (const c of r.ir!.cards) expect(c.attrs.some((a) => a.field === index)).toBe(false);
    // A value the revision itself prints for it is an error (not silently unread).
    const printed = compile(rev('skirmish', 'amend card type Unit {\n  value power: number = 3\n}\namend card Archer { power = 2 }'));
    expect(printed.diagnostics.map((d) => `${d.code} ${d.loc.line}`)).toEqual(['card/unknown-attr 7']);
    // The casebook reads it: the Attack deals 3 per ready unit.
    const ruling = 'rules/skirmish/rulings/attack-needs-ready.yaml';
    expect(outcome(ruling, r.ir!)).toBe('fail');
    // grimoire diff says which cards' printed values are no longer read.
    const version = (name: string, text: string | null) => {
      const v = resolveGame({ sources: text === null ? gameSources(root, name)! : [{ path: `rules/${name}/revision.grim`, text }], loadBase: (n) => gameSources(root, n) });
      return { name, decls: v.decls!, sources: v.sources };
    };
    const d = diffGames(version('skirmish', null), version('rev', rev('skirmish', 'amend card type Unit {\n  value power: number = 3\n}')));
    const unit = d.definitions.find((x) => x.kind === 'card type')!;
    expect(unit.notes).toEqual(['the attr power is now a derived value: the values printed by Soldier, Archer, Healer are no longer read']);
    expect(unit.after!.text).toContain('value power: number = 3');
    expect(d.definitions.filter((x) => x.kind === 'card')).toEqual([]);
  });
});

describe('override: a whole definition that drops what the base has', () => {
  it('warns, naming what the override lacks, and suggests amend; a full restatement is quiet', () => {
    const r = compile(rev('skirmish', 'override card Healer "Healer": Unit { power = 0 }'));
    expect(r.diagnostics.map((d) => `${d.code} ${d.severity}`)).toEqual(['revision/override-drops warning']);
    const w = r.diagnostics.find((d) => d.severity === 'warning')!;
    expect(w.message).toBe("this override of card 'Healer' drops what the base's definition has: the ability Mend");
    expect(w.notes).toEqual(['the base\'s definition is at cards/skirmish/cards.grim:14:1', "to change only part of it, write 'amend card Healer { … }': what the amend does not name follows the base, also when the base changes"]);
    // rules/trump-82 and a whole restatement of an action: no warning.
    expect(compiledGame('trump-82')).toBeTruthy();
    const same = compile(rev('skirmish', readFileSync(join(root, 'rules/skirmish/turn.grim'), 'utf8').match(/action Attack[\s\S]*?\n}\n/)![0].replace('action Attack', 'override action Attack')));
    expect(same.diagnostics).toEqual([]);
  });
});

describe('find references and rename across a revision', () => {
  const sources = [...gameSources(root, 'skirmish')!, { path: 'rules/skirmish-2/revision.grim', text: skirmish2 }];
  const names = new GameNames({ sources, files: parseSources(sources).files });
  const at = (path: string, needle: string, shift: number) => sources.find((x) => x.path === path)!.text.indexOf(needle) + shift;
  const where = (r: { loc: { file: string; line: number } }) => `${r.loc.file}:${r.loc.line}`;

  it("an ability's references include the amend ability that names it inside its card's amend", () => {
    const refs = names.referencesAt('cards/skirmish/cards.grim', at('cards/skirmish/cards.grim', 'action Mend', 8))!;
    expect(refs.references.map(where)).toEqual(['cards/skirmish/cards.grim:16', 'rules/skirmish-2/revision.grim:52']);
  });

  it("a procedure's rename renames the amend of it", () => {
    const r = names.rename('cards/skirmish/cards.grim', at('cards/skirmish/cards.grim', 'procedure build_deck', 11), 'make_deck');
    if ('refused' in r) throw new Error(r.refused);
    expect(r.edits.map(where)).toContain('rules/skirmish-2/revision.grim:18');
  });
});

describe('the new syntax in the formatter and the parser', () => {
  const text = `revision rev "rev" revises skirmish {
  version "r"
  format standard "Standard" level 1
  format blitz "Blitz" level 2
  default format blitz
}

remove format blitz

amend procedure build_deck(p: player) cite "x" {
  create 12 of Soldier in p.deck
}

amend function worth(p: player): number cite "y" = 3

amend check no_life { lose active }

amend setup cite "s" { set active = random(players) }

amend turn { window main passable }

amend face Unit { frame plain }

amend card type Unit {
  remove state ready
  value power: number = 3
}

amend card Archer cite "c" {
  power = 2
  remove ability Volley
  remove aura Foo
  amend ability Mend cite "x" { limit 2 per turn }
  override trigger Volley { on moved this from hand to board effect { set opponent.life = opponent.life - 2 } }
  action New { effect { log "x" } }
  aura A { to me.board power by 1 }
  override aura B { to me.board power by 1 }
  amend aura C { while attached power by 2 }
  text "hello"
}
`;
  it('parses every construct', () => {
    const p = parseFile('x.grim', text);
    expect(p.diagnostics).toEqual([]);
    const amends = p.ast.decls.filter((d) => d.kind === 'amend');
    expect(amends.map((d) => d.kind === 'amend' && d.what)).toEqual(['procedure', 'function', 'check', 'setup', 'turn', 'face', 'cardType', 'card']);
    const card = amends.at(-1)!;
    if (card.kind !== 'amend') throw new Error('');
    expect(card.removes!.map((x) => `${x.what} ${x.name.text}`)).toEqual(['ability Volley', 'aura Foo']);
    expect(card.abilities!.map((x) => `${x.name.text}${x.override ? ' (override)' : ''}`)).toEqual(['Volley (override)', 'New']);
    expect(card.auras!.map((x) => `${x.name.text}${x.override ? ' (override)' : ''}`)).toEqual(['A', 'B (override)']);
    expect(card.amendAbilities!.map((x) => x.name.text)).toEqual(['Mend']);
    expect(card.printed!.map((x) => x.text)).toEqual(['hello']);
    expect(card.amendAuras!.map((x) => `${x.name.text} ${x.where?.zone === null ? 'attached' : ''} ${x.changes.map((c) => c.field.text).join()}`)).toEqual(['C attached power']);
  });

  it('formats it in the canonical layout, and a second run changes nothing', () => {
    const once = formatGrim(text);
    expect(once).toMatchObject({ ok: true, changed: false });
    // Indentation and spacing put wrong: put right, and the blank lines kept.
    const messy = text.replace(/\n {2}(remove|amend|power|format)/g, '\n      $1').replace(/ = 3/g, '  =   3').replace(/\{ lose/g, '{lose');
    const fixed = formatGrim(messy);
    expect(fixed.ok).toBe(true);
    expect(fixed.text).toBe(text);
  });
});
