// Every reading of an ambiguity (scenario/readings.ts, `grimoire scenario --readings`): each
// seed casebook run under every alternative of every rule parameter, one at a time.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scenarioFiles } from '../scenario/files.ts';
import { compareOutcomes, readingRuns, readings, readingsMarkdown, readingsSummary, readingsSummaryLine, readingsText, type ReadingsReport, type RulingText } from '../scenario/readings.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

// The command in this process (grimoire-in-process.ts): its output and exit code are what is
// tested; scenario's exit code as a shell sees it is scenario-checkpoint.test.ts's.
const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });

function casebook(game: string): RulingText[] {
  return scenarioFiles([join(root, 'rules', game, 'rulings')]).map((f) => ({ path: f.slice(root.length + 1), text: readFileSync(f, 'utf8') }));
}

/** t-magic's readings (its 70 rulings under every reading), shared by the tests that read them. */
let tMagic: ReadingsReport | undefined;
const tMagicReadings = () => (tMagic ??= readings(compiledGame('t-magic'), casebook('t-magic')));

const ruling = (r: ReadingsReport, file: string) => r.rulings.find((x) => x.path.endsWith(`/${file}`))!;
const param = (r: ReadingsReport, name: string) => r.params.find((p) => p.name === name)!;

describe('readings of trump', () => {
  let report: ReadingsReport;
  let rulings: RulingText[];
  beforeAll(() => {
    rulings = casebook('trump');
    report = readings(compiledGame('trump'), rulings);
  });

  it('every ruling passes at the defaults, and one run per ruling plus one per alternative of each parameter it does not pin', () => {
    expect(report.rulings).toHaveLength(rulings.length);
    expect(report.failingAtDefaults).toEqual([]);
    expect(report.runs).toBe(readingRuns(compiledGame('trump'), rulings));
  });

  it('the L-cost ruling turns on l_cost_empty_life: allow offers the summon it forbids (TR-7.b)', () => {
    const r = ruling(report, 'r-tr-param-l-cost-forbid.yaml');
    const c = r.changes.find((x) => x.param === 'l_cost_empty_life')!;
    expect(c).toMatchObject({ value: 'allow', from: 'pass', to: 'fail' });
    expect(c.broken.map((b) => b.label)).toEqual(['not_offered p1: [エース召喚]']);
    expect(c.summary).toMatch(/^pass → fail \(step 1 \(check\) not_offered p1: \[エース召喚\] — p1 should not be offered エース召喚\)/);
    expect(param(report, 'l_cost_empty_life').rulings).toContain(r.path);
  });

  it('Throw turns on damage_mode and spent_keys, each with the expectation that no longer holds', () => {
    const r = ruling(report, 'r-tr-act-toteki.yaml');
    expect(r.changes.map((c) => `${c.param}=${c.value}`).sort()).toEqual(['damage_mode=points', 'spent_keys=fog']);
    const points = r.changes.find((c) => c.param === 'damage_mode')!;
    expect(points.broken.map((b) => b.label)).toEqual(['p2.life: [♡9, ♡10]', 'count p2.graveyard: 7']);
  });

  it('a ruling that pins a parameter is not run under its alternatives, and says so', () => {
    const allow = ruling(report, 'r-tr-param-l-cost-allow.yaml');
    expect(allow.pinned).toEqual({ l_cost_empty_life: 'allow' });
    expect(allow.changes.some((c) => c.param === 'l_cost_empty_life')).toBe(false);
    expect(allow.changes.map((c) => c.param)).toContain('damage_mode');
    expect(param(report, 'l_cost_empty_life').pinnedBy).toEqual([allow.path]);
    // Force's continuous reading is pinned by its own ruling; the default one turns on it.
    expect(ruling(report, 'r-tr-act-force-b-continuous.yaml').changes.some((c) => c.param === 'force_scope')).toBe(false);
    expect(ruling(report, 'r-tr-act-force.yaml').changes.find((c) => c.param === 'force_scope')).toMatchObject({ value: 'continuous', from: 'pass', to: 'fail' });
    expect(readingsText(report)).toMatch(/r-tr-param-l-cost-allow\.yaml — .*\[pins l_cost_empty_life=allow: not run under its alternatives\]/);
  });

  it('settled rulings have no changes; the summary counts them and names the untested parameters', () => {
    expect(ruling(report, 'r-tr-14a-summon-needs-barrier.yaml').changes).toEqual([]);
    const s = readingsSummary(report);
    expect(s.settled + s.dependent).toBe(rulings.length);
    expect(s.dependedOn).toEqual(expect.arrayContaining(['damage_mode', 'spent_keys', 'l_cost_empty_life', 'force_scope']));
    // Since the coverage rulings (r-tr-c*), every parameter has a ruling that turns on it.
    expect(s.untested).toEqual([]);
    expect(s.dependedOn).toContain('opening_hand');
    expect(readingsText(report)).toMatch(new RegExp(`${s.settled} rulings settled by the rulebook alone, ${s.dependent} depend on ${s.dependedOn.length} parameters`));
  });

  it('the Markdown for the authors: each parameter with its question, cite, default and alternatives, and its rulings by name and cite', () => {
    const md = readingsMarkdown(report);
    const section = md.slice(md.indexOf('## `l_cost_empty_life`'), md.indexOf('\n## ', md.indexOf('## `l_cost_empty_life`') + 1));
    const p = param(report, 'l_cost_empty_life');
    expect(section).toContain(p.note);
    expect(section).toContain(p.cite);
    expect(section).toContain('**Default reading:** `forbid`. **Alternatives:** `allow`.');
    const r = ruling(report, 'r-tr-param-l-cost-forbid.yaml');
    expect(section).toContain(r.name);
    expect(section).toContain(r.cite);
    expect(section).toContain('pin `l_cost_empty_life` themselves');
    expect(md).not.toMatch(/## Parameters no ruling depends on/);
  });
});

describe('readings of t-magic', () => {
  it('the draw rulings turn on draw_settlement; endless_rounds is pinned by them and tested only there', () => {
    const report = tMagicReadings();
    const p = param(report, 'draw_settlement');
    expect(p.rulings.map((x) => x.slice(x.lastIndexOf('/') + 1))).toEqual(['r-tm-22-draw-priority.yaml', 'r-tm-22b-draw-priority-tie.yaml', 'r-tm-22c-draw-by-agreement.yaml']);
    const c = ruling(report, 'r-tm-22-draw-priority.yaml').changes.find((x) => x.param === 'draw_settlement')!;
    expect(c).toMatchObject({ value: 'none', from: 'pass', to: 'fail' });
    expect(c.broken[0]!.label).toBe('winner: p2');
    // Pinned by the rulings about them, and turned on by no other: each is tested only there.
    expect([...readingsSummary(report).pinnedOnly].sort()).toEqual(['endless_rounds', 'first_round_attack', 'max_monsters']);
    expect(ruling(report, 'r-tm-22-draw-priority.yaml').changes.some((x) => x.param === 'endless_rounds')).toBe(false);
  });
});

describe('comparing outcomes', () => {
  const pass = { passed: true, failed: [], error: null, other: [] };
  it('the same outcome is no change; a different failing expectation, or an error, is', () => {
    expect(compareOutcomes('x', 1, pass, pass)).toBeNull();
    const failA = { passed: false, failed: [{ at: 'expect', label: 'a: 1', failure: 'a should be 1' }], error: null, other: [] };
    const failB = { passed: false, failed: [{ at: 'expect', label: 'b: 2', failure: 'b should be 2' }], error: null, other: [] };
    expect(compareOutcomes('x', 1, failA, failA)).toBeNull();
    expect(compareOutcomes('x', 1, failA, failB)).toMatchObject({ from: 'fail', to: 'fail', broken: [{ label: 'b: 2' }], mended: [{ label: 'a: 1' }] });
    expect(compareOutcomes('x', 1, failA, pass)!.summary).toBe('fail → pass (now holds: expect a: 1)');
    const error = { passed: false, failed: [], error: 'step 2: p1 cannot answer', other: [] };
    expect(compareOutcomes('x', 1, pass, error)!.summary).toBe('pass → error (step 2: p1 cannot answer)');
  });
});

describe('grimoire scenario --readings', () => {
  it('the table, --md for the authors and --json; bad arguments are usage errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-readings-'));
    const md = join(dir, 'questions.md');
    // The command on the draw rulings and one settled ruling, not the whole casebook: what is
    // tested is the output's shape; the readings themselves are tested in-process above.
    const files = ['r-tm-22-draw-priority.yaml', 'r-tm-22b-draw-priority-tie.yaml', 'r-tm-22c-draw-by-agreement.yaml', 'r-tm-01-first-player.yaml'].map((f) => `rules/t-magic/rulings/${f}`);
    const text = await grimoire('scenario', ...files, '--readings', '--md', md);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/r-tm-22-draw-priority\.yaml — .*\n\s+draw_settlement=none: pass → fail \(expect winner: p2/);
    expect(text.stdout).toMatch(/\d+ rulings settled by the rulebook alone, \d+ depend on \d+ parameters/);
    const written = readFileSync(md, 'utf8');
    expect(written).toContain('## `draw_settlement`');
    expect(written).toContain('R-TM-22 / R-TM-01 · A draw is settled by a priority reveal');
    const json = await grimoire('scenario', ...files, '--readings', '--json');
    expect(json.status).toBe(0);
    const report = JSON.parse(json.stdout) as ReadingsReport;
    expect(Object.keys(report).sort()).toEqual(['failingAtDefaults', 'game', 'ms', 'params', 'rulings', 'runs', 'title', 'version']);
    expect(report.game).toBe('t_magic'); // the game's own name (game t_magic), as in its IR
    expect(Object.keys(report.params[0]!).sort()).toEqual(['alternatives', 'cite', 'default', 'name', 'note', 'pinnedBy', 'rulings', 'type']);
    expect(Object.keys(report.rulings[0]!).sort()).toEqual(['base', 'changes', 'cite', 'name', 'path', 'pinned']);
    const change = report.rulings.flatMap((r) => r.changes)[0]!;
    expect(Object.keys(change).sort()).toEqual(['broken', 'error', 'from', 'mended', 'param', 'summary', 'to', 'value']);
    for (const args of [
      ['rules/t-magic/rulings', '--md', md],
      ['rules/t-magic/rulings', '--json'],
      ['rules/t-magic/rulings', 'rules/vanilla/rulings', '--readings'],
      ['rules/t-magic/rulings', '--readings', '--verbose'],
      ['rules/t-magic/rulings', '--readings', '--game', 'no-such-game'],
      ['rules/t-magic/rulings', '--readings', '--md', join(dir, 'no-folder', 'q.md')],
    ]) {
      const r = await grimoire('scenario', ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^grimoire: /);
      expect(r.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });
});

describe('the playground\'s readings table', () => {
  it('rows are the rulings that turn on a parameter, columns the parameters they turn on; a pinned parameter says so', async () => {
    const { readingsTable } = await import('../playground/src/worker/readings-table.ts');
    const report = tMagicReadings();
    const t = readingsTable(report);
    expect(t.summary).toBe(readingsSummaryLine(report));
    expect(t.rows.length).toBe(readingsSummary(report).dependent);
    expect(t.columns.map((c) => c.name)).toEqual(report.params.filter((p) => p.rulings.length).map((p) => p.name));
    const col = t.columns.find((c) => c.name === 'draw_settlement')!;
    expect(col.heading).toBe('draw_settlement = priority (none)');
    expect(col.title).toContain(param(report, 'draw_settlement').note);
    const row = t.rows.find((r) => r.path.endsWith('/r-tm-22c-draw-by-agreement.yaml'))!;
    expect(row.cells.find((c) => c.param === 'draw_settlement')).toMatchObject({ kind: 'changes', text: 'none: pass → fail' });
    expect(row.cells.find((c) => c.param === 'draw_settlement')!.title).toMatch(/^draw_settlement=none: pass → fail \(expect winner: p2/);
    expect(row.cells.find((c) => c.param === 'agreement_actions')).toMatchObject({ kind: 'pinned', text: 'pinned: true' });
  });
});

describe('readings under a revision', () => {
  it('a revision that changes a default: the rulings fail at its defaults, and the old default mends them', async () => {
    const { compileGame } = await import('../compiler/compile.ts');
    const { gameSources } = await import('../compiler/project.ts');
    const revision = 'revision trump_fog "fog draft" revises trump {\n  version "8.2-fog"\n}\noverride param spent_keys: text = "fog" alternatives "graveyard"\n  cite "TR-4.b" note "Spent keys wait in the fog."\n';
    const r = compileGame({ sources: [{ path: 'rules/trump-fog/revision.grim', text: revision }], loadBase: (n) => gameSources(root, n) });
    expect(r.ir, r.diagnostics.map((d) => d.message).join('\n')).toBeTruthy();
    const toteki = casebook('trump').filter((x) => x.path.endsWith('/r-tr-act-toteki.yaml'));
    const report = readings(r.ir!, toteki);
    expect(report.version).toBe('8.2-fog');
    expect(report.failingAtDefaults).toEqual([toteki[0]!.path]);
    const mend = report.rulings[0]!.changes.find((c) => c.param === 'spent_keys')!;
    expect(mend).toMatchObject({ value: 'graveyard', from: 'fail', to: 'pass', broken: [], mended: [{ at: 'expect', label: 'p1.graveyard: [♠7, ♣K]' }] });
    expect(readingsMarkdown(report)).toContain('## Rulings that fail at the defaults');
  });
});
