// Rename keeps the casebook working (scenario/rename.ts): renaming a zone, a card state, an enum
// value, a param, a format, an action, a card's ability, a player or global state, or a card of a
// game edits its rulings' YAML where the scenario format uses that kind of name; after the edits
// the game compiles with no diagnostics and every ruling still passes. Comments, `name:` and
// `cite:` keep their words; a file that is not YAML is skipped with a warning.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { compileGame, parseSources, type SourceText } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { applyEdits, GameNames } from '../compiler/references.ts';
import type { SymbolInfo } from '../compiler/symbols.ts';
import { renameInGame, type GameRenameResult } from '../scenario/rename.ts';
import { runScenario } from '../scenario/run.ts';
import { Rng } from '../runtime/rng.ts';
import { root } from './helpers.ts';

interface Game {
  game: string;
  sources: SourceText[];
  rulings: SourceText[];
  names: GameNames;
  files: ReturnType<typeof parseSources>['files'];
}

const games = new Map<string, Game>();
function gameOf(game: string): Game {
  let g = games.get(game);
  if (!g) {
    const sources = gameSources(root, game)!;
    const dir = `rules/${game}/rulings`;
    const rulings = readdirSync(`${root}/${dir}`).filter((f) => f.endsWith('.yaml')).sort().map((f) => ({ path: `${dir}/${f}`, text: readFileSync(`${root}/${dir}/${f}`, 'utf8') }));
    const files = parseSources(sources).files;
    g = { game, sources, rulings, names: new GameNames({ sources, files }), files };
    games.set(game, g);
  }
  return g;
}

function defOf(g: Game, kind: SymbolInfo['kind'], name: string): SymbolInfo {
  const d = g.names.index.all.find((s) => s.kind === kind && s.name === name);
  expect(d, `${kind} ${name} in ${g.game}`).toBeDefined();
  return d!;
}

function rename(g: Game, kind: SymbolInfo['kind'], name: string, newName: string, rulings = g.rulings) {
  const d = defOf(g, kind, name);
  const r: GameRenameResult = renameInGame(g.names, { sources: g.sources, files: g.files }, d.loc.file, d.loc.offset, newName, rulings);
  if ('refused' in r) throw new Error(r.refused);
  const changed = applyEdits([...g.sources, ...rulings], r.edits);
  const after = (list: SourceText[]) => list.map((s) => ({ path: s.path, text: changed.get(s.path) ?? s.text }));
  return { result: r, sources: after(g.sources), rulings: after(rulings), changed };
}

/** The game compiles with no diagnostics and every ruling passes. */
function expectAllGreen(sources: SourceText[], rulings: SourceText[], what: string, warnings: string[] = []): void {
  const c = compileGame({ sources });
  expect(c.diagnostics.map((d) => `${d.loc.file}:${d.loc.line} ${d.message}`), what).toEqual([]);
  for (const s of rulings) {
    const o = runScenario(s.path, s.text, { ir: c.ir! });
    // A `log:` text the rename said it left alone (a message of the rules says the word too) may fail, nothing else.
    const warned = warnings.some((w) => w.startsWith(`${s.path}: `) && /in a log: text was not renamed/.test(w));
    expect(warned ? o.failures.filter((f) => !/(^|: )the log should mention/.test(f)) : o.failures, `${what}: ${s.path}`).toEqual([]);
  }
}

/** Every scalar (key or value) of a YAML text, as read, but the free text (`name`, `cite`, `note`) and comments. */
function scalars(text: string): string[] {
  const out: string[] = [];
  const y = parseDocument(text).toJS() as Record<string, unknown>;
  for (const k of ['name', 'cite', 'note']) delete y[k];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') for (const [k, v] of Object.entries(n)) out.push(k), walk(v);
    else if (n !== null && n !== undefined) out.push(String(n));
  };
  walk(y);
  return out;
}

/** The comments, `name:` and `cite:` of a scenario: never renamed. */
function freeText(text: string): string {
  const y = parseDocument(text).toJS() as Record<string, unknown>;
  const comments = text.split('\n').map((l) => (/\s#\s.*$/.exec(l) ?? /^\s*#.*$/.exec(l))?.[0] ?? '');
  return JSON.stringify([y['name'], y['cite'], y['note'], comments]);
}

const filesWith = (rulings: SourceText[], re: RegExp) => rulings.filter((s) => re.test(s.text));

/** The whole sweep over every name (npm run bench:rename-sweep), or a seeded sample of it (below). */
const sweepAll = process.env.RENAME_SWEEP === 'all';
const sweepSeed = Number(process.env.RENAME_SWEEP_SEED ?? 31);
const SWEEP_PER_KIND = 1;

describe('rename in the rulings', () => {
  it('trump: renames the zone graveyard in state, expect, count and check keys; every ruling passes', () => {
    const g = gameOf('trump');
    const using = filesWith(g.rulings, /\.graveyard\b/);
    expect(using.length).toBeGreaterThan(10);
    const { result, sources, rulings, changed } = rename(g, 'zone', 'graveyard', 'discard_pile');
    if ('refused' in result) throw new Error();
    expect(result.warnings).toEqual([]);
    expectAllGreen(sources, rulings, 'graveyard → discard_pile');
    for (const s of rulings) {
      const before = g.rulings.find((x) => x.path === s.path)!;
      expect(scalars(s.text).some((x) => /(^|\.)graveyard$/.test(x)), s.path).toBe(false);
      expect(freeText(s.text), s.path).toBe(freeText(before.text));
    }
    for (const s of using) expect(changed.has(s.path), s.path).toBe(true);
    // Each edit replaces exactly the word, nothing around it.
    const yamlEdits = result.edits.filter((e) => e.loc.file.endsWith('.yaml'));
    for (const e of yamlEdits) expect(g.rulings.find((x) => x.path === e.loc.file)!.text.slice(e.loc.offset, e.loc.endOffset)).toBe('graveyard');
    // The `cite:` of a ruling says 墓地 / graveyard in words: unchanged (freeText above); a line and column match the offset.
    const e = yamlEdits[0]!;
    const line = g.rulings.find((x) => x.path === e.loc.file)!.text.split('\n')[e.loc.line - 1]!;
    expect(line.slice(e.loc.col - 1, e.loc.endCol)).toBe('graveyard');
  });

  it('trump: renames the card states charged and role, the enum value soldier, the param blackjack_ace, the format master and the action アタック', () => {
    const g = gameOf('trump');
    const cases: [SymbolInfo['kind'], string, string, RegExp][] = [
      ['card field', 'charged', 'loaded', /\bcharged:/],
      ['card field', 'role', '役割', /\brole:/],
      ['enum value', 'soldier', 'trooper', /role: soldier\b/],
      ['param', 'blackjack_ace', 'ace_rule', /blackjack_ace:/],
      ['format', 'master', 'マスター', /^format: master/m],
      ['action', 'アタック', 'アタック宣言', /- p\d: アタック\s*(#|$)/m],
    ];
    for (const [kind, name, newName, re] of cases) {
      const using = filesWith(g.rulings, re);
      expect(using.length, `${name} is used in the rulings`).toBeGreaterThan(0);
      const { result, sources, rulings } = rename(g, kind, name, newName);
      expectAllGreen(sources, rulings, `${name} → ${newName}`);
      for (const s of using) {
        const after = rulings.find((x) => x.path === s.path)!.text;
        expect(after, s.path).not.toMatch(re);
        expect(scalars(after), s.path).toContain(newName);
        expect(freeText(after), s.path).toBe(freeText(s.text));
      }
      if (!('refused' in result)) expect(result.warnings).toEqual([]);
    }
  });

  it('trump: renames a card (scenarios name cards by their identifier) in zone lists, card maps, answers and expectations', () => {
    const g = gameOf('trump');
    const { sources, rulings } = rename(g, 'card', '♠7', '♠セブン');
    expectAllGreen(sources, rulings, '♠7 → ♠セブン');
    for (const s of rulings) expect(scalars(s.text).some((x) => /♠7(?!\d)/.test(x)), s.path).toBe(false);
  });

  it('a mode label written as a string in the rules is not the enum value or action of the same word', () => {
    const g = gameOf('trump');
    // `{ mode: barrier }` is a `choose mode` label; `role: barrier` is the enum value.
    const using = filesWith(g.rulings, /mode: barrier/);
    expect(using.length).toBeGreaterThan(0);
    const { rulings } = rename(g, 'enum value', 'barrier', 'wall');
    for (const s of using) {
      const after = rulings.find((x) => x.path === s.path)!.text;
      expect(after).toMatch(/mode: barrier/);
      if (/role: barrier/.test(s.text)) expect(after).toMatch(/role: wall/);
    }
  });

  it('summon-magic: renames a card’s ability and its card in option labels (`Card.ability (Card)`); a zone; every ruling passes', () => {
    const g = gameOf('summon-magic');
    const label = filesWith(g.rulings, /湧き水の里\.開始時/);
    expect(label.length).toBeGreaterThan(0);
    const ability = rename(g, 'ability', '湧き水の里.開始時', '起床');
    expectAllGreen(ability.sources, ability.rulings, 'ability 開始時 → 起床');
    for (const s of label) {
      const after = ability.rulings.find((x) => x.path === s.path)!.text;
      expect(after).toContain('湧き水の里.起床 (湧き水の里)');
      expect(after).not.toContain('湧き水の里.開始時');
      expect(after).toContain('朝駆けの伝令.開始時'); // another card's ability of the same name
    }
    const card = rename(g, 'card', '湧き水の里', '泉の村');
    expectAllGreen(card.sources, card.rulings, 'card 湧き水の里 → 泉の村');
    for (const s of label) expect(card.rulings.find((x) => x.path === s.path)!.text).toContain('"泉の村.開始時 (泉の村)"');
    // The two zones the most rulings write (every zone with RENAME_SWEEP=all; the sweep below
    // renames a zone of each game, sampled, and runs the rulings that write them).
    const zones = g.names.index.all.filter((s) => s.kind === 'zone').map((s) => ({ z: s.name, n: filesWith(g.rulings, new RegExp(`\\.${s.name}\\b`)).length }));
    const used = zones.filter((x) => x.n > 0).sort((a, b) => b.n - a.n);
    expect(used.length).toBeGreaterThan(2);
    for (const { z } of sweepAll ? used : used.slice(0, 2)) {
      const r = rename(g, 'zone', z, `${z}_z`);
      expectAllGreen(r.sources, r.rulings, `zone ${z}`);
    }
  });

  it('spimate and skirmish: a global state, a player state, a param and the zones; every ruling passes', () => {
    const sp = gameOf('spimate');
    expect(filesWith(sp.rulings, /globals: \{ phase:/).length).toBeGreaterThan(0);
    const phase = rename(sp, 'global state', 'phase', 'stage');
    expectAllGreen(phase.sources, phase.rulings, 'global phase');
    for (const s of phase.rulings) expect(s.text).not.toMatch(/globals: \{ phase:/);
    const persists = rename(sp, 'param', 'damage_persists', 'damage_stays');
    expectAllGreen(persists.sources, persists.rulings, 'param damage_persists');
    expect(persists.rulings.some((s) => /params: \{ damage_stays: false \}/.test(s.text))).toBe(true);
    const ex = rename(sp, 'zone', 'EX', 'エクストラ');
    expectAllGreen(ex.sources, ex.rulings, 'zone EX');
    // A card in deck lists (decks: p1: main: { 見習い剣士: 2 }), and in the deck check's reasons the rulings expect.
    const decks = sp.rulings.filter((s) => s.text.includes('decks:'));
    const card = rename(sp, 'card', '雷撃', 'ライトニング', decks);
    expectAllGreen(card.sources, card.rulings, 'card 雷撃 in deck lists');
    for (const s of card.rulings) expect(scalars(s.text).some((x) => x === '雷撃'), s.path).toBe(false);
    const sk = gameOf('skirmish');
    const life = rename(sk, 'player state', 'life', 'health');
    expectAllGreen(life.sources, life.rulings, 'player state life');
    expect(life.rulings.some((s) => /vars: \{ p2\.health: \d+ \}/.test(s.text))).toBe(true);
    for (const z of sk.names.index.all.filter((s) => s.kind === 'zone')) {
      const r = rename(sk, 'zone', z.name, `${z.name}2`);
      expectAllGreen(r.sources, r.rulings, `zone ${z.name}`);
    }
  });

  // The whole sweep (every one of ~500 names: a compile and the rulings that write the word, each
  // — ~9,000 ruling runs, over two minutes of CPU) runs with RENAME_SWEEP=all (`npm run
  // bench:rename-sweep`). By default a seeded sample: SWEEP_PER_KIND names of each kind of each
  // game (RENAME_SWEEP_SEED picks others), so every place of a scenario where some kind of name is
  // written is still renamed and run in every game — a rename that misses a kind's place fails here.
  it(`${sweepAll ? 'every name' : `a seeded sample (${SWEEP_PER_KIND} of each kind, seed ${sweepSeed}) of the names`} of every game that its rulings use: renamed, the game compiles and every ruling passes`, () => {
    const kinds = new Set<SymbolInfo['kind']>(['zone', 'card field', 'player state', 'global state', 'param', 'format', 'action', 'trigger', 'ability', 'enum value']);
    let renamed = 0;
    let candidates = 0;
    for (const game of ['trump', 'summon-magic', 'spimate', 't-magic', 'skirmish']) {
      const g = gameOf(game);
      const all = g.rulings.map((s) => s.text).join('\n');
      const seen = new Set<string>();
      const cards = g.names.index.all.filter((d) => d.kind === 'card' && all.includes(d.name)).slice(0, 3);
      const wordOf = (d: SymbolInfo) => (d.kind === 'ability' ? d.name.slice(d.name.lastIndexOf('.') + 1) : d.name);
      const byKind = new Map<string, SymbolInfo[]>();
      for (const d of [...g.names.index.all.filter((x) => kinds.has(x.kind)), ...cards]) {
        if (seen.has(`${d.kind} ${d.name}`) || !all.includes(wordOf(d))) continue;
        seen.add(`${d.kind} ${d.name}`);
        if ('refused' in g.names.rename(d.loc.file, d.loc.offset, 'zz_renamed')) continue; // e.g. a name the rename refuses for its own reasons
        byKind.set(d.kind, [...(byKind.get(d.kind) ?? []), d]);
        candidates++;
      }
      const rng = new Rng(sweepSeed);
      const chosen = [...byKind.values()].flatMap((list) => {
        if (sweepAll) return list;
        // A seeded partial Fisher–Yates: SWEEP_PER_KIND of the kind's names.
        const l = [...list];
        for (let i = 0; i < Math.min(SWEEP_PER_KIND, l.length); i++) {
          const j = i + rng.below(l.length - i);
          [l[i], l[j]] = [l[j]!, l[i]!];
        }
        return l.slice(0, SWEEP_PER_KIND);
      });
      for (const d of chosen) {
        const word = wordOf(d);
        const after = rename(g, d.kind, d.name, 'zz_renamed');
        // The rulings that write the word (the others' texts are unchanged; the targeted tests above run them all).
        const mentioning = after.rulings.filter((s, i) => g.rulings[i]!.text.includes(word));
        expectAllGreen(after.sources, mentioning, `${game}: ${d.kind} ${d.name}`, 'warnings' in after.result ? after.result.warnings : []);
        renamed++;
      }
    }
    expect(candidates).toBeGreaterThan(400);
    expect(renamed).toBeGreaterThan(sweepAll ? 400 : 30);
  });

  it('keeps quoting and comments, quotes a name that would not read as written, and skips a file that is not YAML with a warning', () => {
    const g = gameOf('trump');
    const extra: SourceText[] = [
      { path: 'rules/trump/rulings/quoted.yaml', text: '# graveyard here stays\nname: "graveyard"\nexpect:\n  "p1.graveyard": []   # graveyard\n  \'p2.graveyard\': []\n  count: { p1.graveyard_x: 0, p2.graveyards: 1 }\n' },
      { path: 'rules/trump/rulings/broken.yaml', text: 'expect:\n  p1.graveyard: [\n  - : :\n' },
    ];
    const r = rename(g, 'zone', 'graveyard', 'discards', extra);
    if ('refused' in r.result) throw new Error();
    expect(r.rulings[0]!.text).toBe('# graveyard here stays\nname: "graveyard"\nexpect:\n  "p1.discards": []   # graveyard\n  \'p2.discards\': []\n  count: { p1.graveyard_x: 0, p2.graveyards: 1 }\n');
    expect(r.rulings[1]!.text).toBe(extra[1]!.text);
    expect(r.result.warnings).toEqual([expect.stringMatching(/^rules\/trump\/rulings\/broken\.yaml is not valid YAML.*'graveyard' was not renamed/)]);
    // A new name that YAML would read as something else (`null`, `true`) is written quoted.
    const n = rename(g, 'zone', 'graveyard', 'null', [{ path: 'x.yaml', text: 'state:\n  p1:\n    graveyard: [♠7]\nexpect:\n  shared_x: []\n  p1.graveyard: []\n' }]);
    expect(n.rulings[0]!.text).toBe('state:\n  p1:\n    "null": [♠7]\nexpect:\n  shared_x: []\n  p1.graveyard: []\n'.replace('p1.graveyard', 'p1.null'));
  });
});
