// Rule coverage (grimoire coverage, scenario/coverage.ts): every citation of a seed game names an
// id of its rulebook's list (the CI check), and the report's shape, Markdown and JSON.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameSources, listGames } from '../compiler/project.ts';
import { citedIds, idsOfCell, parseRuleList, readmeCoverage, ruleIdsIn, sourceCitations, unknownCitations, type RuleList } from '../scenario/coverage.ts';
import { coverageShortfall, gameCoverage } from '../cli/coverage.ts';
import { executedDecorations, runCasebook } from '../playground/src/worker/casebook-run.ts';
import type { ExecutedLines } from '../playground/src/worker/run-protocol.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

const seeds = ['trump', 'summon-magic', 't-magic', 'spimate'];
/** Every game with a rule-id list: the seeds, and any game that adds one. */
const listed = listGames(root).filter((g) => existsSync(join(root, 'rules', g, 'rule-ids.yaml')));
const listOf = (game: string): RuleList => parseRuleList(readFileSync(join(root, 'rules', game, 'rule-ids.yaml'), 'utf8'));
/** The command in this process (grimoire-in-process.ts), in the project at `cwd`. */
const grimoire = (cwd: string, ...args: string[]) => grimoireInProcess(args, { cwd, env: { ...process.env, GRIMOIRE_ROOT: cwd } });
/** The same through cli/bin.js: the exit code a shell sees. */
const grimoireProcess = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, GRIMOIRE_ROOT: cwd } });

describe('rule ids in citations', () => {
  it('the four seed games keep a rule-id list', () => expect(listed).toEqual(expect.arrayContaining(seeds)));

  // The casebooks prove every encoded rule: a new citation without a ruling that runs it fails here.
  it.each(seeds)('%s: every cited rule id a ruling can run is tested, none unexplained (grimoire coverage --fail-under 100)', async (game) => {
    const r = await grimoire(root, 'coverage', game, '--fail-under', '100');
    expect(r.stderr.trim(), r.stdout.split('\n')[0]).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\S+: \d+ ids: \d+ tested, \d+ cited but untested( \((\d+) that no ruling can run, explained\))?, \d+ not cited \(.*, 0 unexplained\)/);
  });

  it('--fail-under refuses a casebook that leaves a cited rule unrun, naming it and the way out', async () => {
    const list = listOf('t-magic');
    const g = gameCoverage(root, 't-magic', compiledGame('t-magic'));
    const cited = g.rules.find((r) => r.status === 'tested')!;
    const shortfall = coverageShortfall({ ...g, counts: { ...g.counts, tested: g.counts.tested - 1, cited: g.counts.cited + 1 }, rules: g.rules.map((r) => (r === cited ? { ...r, status: 'cited' as const } : r)) }, 100);
    expect(list.ids).toContain(cited.id);
    expect(shortfall).toHaveLength(1);
    expect(shortfall[0]).toContain(`write a ruling that runs ${cited.id}`);
    expect(coverageShortfall({ ...g, counts: { ...g.counts, unexplained: 1 }, rules: [...g.rules, { id: 'TM-99', title: '', status: 'uncited', rulings: [], readme: [], heading: false }] }, 100)[0]).toMatch(/nothing cites and the README does not explain \(TM-99\)/);
    const bad = await grimoire(root, 'coverage', 't-magic', '--fail-under', 'lots');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--fail-under lots: give the share of cited rule ids that must be tested, 0 to 100');
  });

  it.each(listed)('%s: every id in every citation of rules/ and cards/ is in rule-ids.yaml', (game) => {
    const list = listOf(game);
    expect(list.ids.length).toBeGreaterThan(0);
    const citations = sourceCitations(gameSources(root, game)!);
    if (seeds.includes(game)) expect(citations.length).toBeGreaterThan(50);
    const unknown = unknownCitations(citations, list).map((u) => `${u.file}:${u.line}: ${u.id} is not in rules/${game}/rule-ids.yaml`);
    expect(unknown).toEqual([]);
  });

  it('a made-up id fails the check, at its file:line; a comment, a ruling id and another prefix do not count', () => {
    const list = listOf('trump');
    const text = ['// cite "TR-77.7" in a comment is no citation', 'action X "X"', '  cite "TR-12.3 ok; TR-99.9 made up; R-TR-05 a ruling; SM-1.1 not this game"', '{ }'].join('\n');
    const unknown = unknownCitations(sourceCitations([{ path: 'rules/trump/planted.grim', text }]), list);
    expect(unknown.map((u) => `${u.file}:${u.line}: ${u.id}`)).toEqual(['rules/trump/planted.grim:3: TR-99.9']);
  });

  it('one regex reads rule, sub-rule, ambiguity and chapter ids; a dashed range in a cite names each rule of it', () => {
    expect(ruleIdsIn('TR-9.3a (DERIVED); TR-12.a: block_rule; SM-8 例2; R-SM-02; TR-x.y; TR-12.3.', ['TR', 'SM'])).toEqual(['TR-9.3a', 'TR-12.a', 'SM-8', 'TR-12.3']);
    const tm = listOf('t-magic');
    expect(citedIds('TM-2.3–2.6 「…」', tm)).toEqual(['TM-2.3', 'TM-2.4', 'TM-2.5', 'TM-2.6']);
    const sm = listOf('summon-magic');
    expect(idsOfCell('SM-1.1, 1.2, 1.3', sm)).toEqual(['SM-1.1', 'SM-1.2', 'SM-1.3']);
    expect(idsOfCell('SM-3.7 – 3.10, 3.12', sm)).toEqual(['SM-3.7', 'SM-3.8', 'SM-3.9', 'SM-3.10', 'SM-3.12']);
    expect(idsOfCell('SM-2 (zones), 2.2, 2.3', sm)).toEqual(['SM-2', 'SM-2.2', 'SM-2.3']);
    expect(idsOfCell('TM-2.3 / 2.4', tm)).toEqual(['TM-2.3', 'TM-2.4']);
  });
});

describe('the README tables', () => {
  it('reads ids with E/P/O codes or words, parameter tables, and reports a row it cannot read', () => {
    const list = listOf('trump');
    const readme = [
      '## Parameters',
      '| parameter | default | digest | why |',
      '|---|---|---|---|',
      '| `jokers` | `2` | TR-1.a | … |',
      '',
      '## Rule coverage',
      '| id | | where |',
      '|---|---|---|',
      '| TR-0.2 | O | formats are a chain by construction |',
      '| TR-6.5, 6.6 | encoded | turn |',
      '| TR-7.1 | ~~maybe~~ | ? |',
    ].join('\n');
    const r = readmeCoverage(readme, list);
    expect(r.notes.get('TR-1.a')).toEqual([{ code: 'P', note: 'parameter `jokers`', line: 4 }]);
    expect(r.notes.get('TR-0.2')?.[0]).toMatchObject({ code: 'O', note: 'formats are a chain by construction' });
    expect(r.notes.get('TR-6.6')?.[0]?.code).toBe('E');
    expect(r.unreadable.map((u) => u.line)).toEqual([11]);
  });

  it.each(seeds)('%s: every row of its coverage and parameter tables is read', (game) => {
    const r = readmeCoverage(readFileSync(join(root, 'rules', game, 'README.md'), 'utf8'), listOf(game));
    expect(r.unreadable).toEqual([]);
    const known = new Set(listOf(game).ids);
    expect([...r.notes.keys()].filter((id) => !known.has(id))).toEqual([]);
  });
});

describe('grimoire coverage', () => {
  it('t-magic: counts add up; tested ids name the rulings that ran them; executed lines are source lines', () => {
    const ir = compiledGame('t-magic');
    const r = gameCoverage(root, 't-magic', ir);
    const c = r.counts;
    expect(c.ids).toBe(listOf('t-magic').ids.length);
    expect(c.tested + c.cited + c.uncited).toBe(c.ids);
    expect(c.parameters + c.omissions + c.headings + c.unexplained).toBe(c.uncited);
    expect(c.tested).toBeGreaterThan(10);
    expect(r.rulings.failed).toEqual([]);
    for (const x of r.rules) expect(x.rulings.length > 0).toBe(x.status === 'tested');
    // TM-1.3 (physical cards) is the README's deliberate omission.
    expect(r.rules.find((x) => x.id === 'TM-1.3')).toMatchObject({ status: 'uncited' });
    expect(r.rules.find((x) => x.id === 'TM-1.3')!.readme[0]!.code).toBe('O');
    expect(r.unknown).toEqual([]);
    const files = Object.keys(r.lines);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(ir.files).toContain(f);
  });

  it('--json and --md carry the same counts; a citation with an unknown id exits 1 with its file:line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-coverage-'));
    const md = join(dir, 'coverage.md');
    const run = await grimoire(root, 'coverage', 't-magic', '--json', '--md', md);
    expect(run.status).toBe(0);
    const data = JSON.parse(run.stdout);
    expect(Object.keys(data.counts)).toEqual(['ids', 'tested', 'cited', 'untestable', 'uncited', 'parameters', 'omissions', 'headings', 'unexplained']);
    expect(data.rules.find((x: { id: string }) => x.id === 'TM-1.3').why).toMatch(/^O /);
    const text = readFileSync(md, 'utf8');
    expect(text).toContain(`**${data.counts.ids} ids: ${data.counts.tested} tested, ${data.counts.cited} cited but untested, ${data.counts.uncited} not cited`);
    expect(text).toMatch(/## Tested \(\d+\)\n\n\| id \| rule \| rulings \|/);

    const project = mkdtempSync(join(tmpdir(), 'grim-coverage-project-'));
    expect((await grimoire(project, 'new', 'my-game')).status).toBe(0);
    const game = join(project, 'rules/my-game/game.grim');
    writeFileSync(game, readFileSync(game, 'utf8').replace('action Play "Play a card"', 'action Play "Play a card" cite "NG-1 play; NG-9.9 made up"'));
    writeFileSync(join(project, 'rules/my-game/rule-ids.yaml'), 'NG-1: "Play a card"\nNG-2: "Win"\n');
    const bad = await grimoire(project, 'coverage', 'my-game');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/rules\/my-game\/game\.grim:\d+: NG-9\.9/);
    expect(bad.stdout).toMatch(/^my-game: 2 ids: 1 tested, 0 cited but untested, 1 not cited/);
    expect(grimoireProcess(root, 'coverage', 'no-such-game').status).toBe(2);
  });
});

describe('the playground gutter (Run all)', () => {
  it('marks the lines the passing rulings ran: the same lines grimoire coverage reports, one mark a line with its count', () => {
    const dir = 'rules/t-magic/rulings';
    const scenarios = readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((f) => ({ path: `${dir}/${f}`, text: readFileSync(join(root, dir, f), 'utf8') }));
    const ir = compiledGame('t-magic');
    const executed: ExecutedLines = {};
    const rows = runCasebook(ir, 't-magic', scenarios, 100_000, undefined, executed);
    expect(rows.every((r) => r.outcome === 'pass')).toBe(true);
    expect(executed).toEqual(gameCoverage(root, 't-magic', ir).lines);
    const [file, lines] = Object.entries(executed)[0]!;
    expect(file).toMatch(/^(rules|cards)\/t-magic\//);
    const marks = executedDecorations(lines);
    expect(marks.length).toBe(Object.keys(lines).length);
    expect(marks.map((m) => m.range.startLineNumber)).toEqual(Object.keys(lines).map(Number).sort((a, b) => a - b));
    expect(marks[0]!.options.linesDecorationsClassName).toBe('casebook-ran');
    expect(marks[0]!.options.linesDecorationsTooltip).toMatch(/the casebook ran this line \(\d+ passing rulings?/);
  });

  it('a failing ruling marks nothing', () => {
    const ir = compiledGame('t-magic');
    const dir = 'rules/t-magic/rulings';
    const f = readdirSync(join(root, dir)).filter((x) => x.endsWith('.yaml')).sort()[0]!;
    const text = readFileSync(join(root, dir, f), 'utf8');
    const executed: ExecutedLines = {};
    const broken = `${text.trimEnd()}\nexpect:\n  winner: nobody-at-all\n`;
    const rows = runCasebook(ir, 't-magic', [{ path: `${dir}/${f}`, text: broken }], 100_000, undefined, executed);
    expect(rows[0]!.outcome).not.toBe('pass');
    expect(executed).toEqual({});
  });
});
