// The playground's "Run all" without the browser: every ruling of a game run under the edited
// rules (playground/src/worker/casebook-run.ts, as the run worker does), compared with the
// outcomes under the original files (casebook.ts). The changed set is checked against the
// casebook runner itself (scenario/run.ts), run independently here.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { runScenario } from '../scenario/run.ts';
import { casebookRow, runCasebook } from '../playground/src/worker/casebook-run.ts';
import { changedFirst, changeText, compareCasebooks, summarise, type CasebookRow } from '../playground/src/worker/casebook.ts';
import { compiledGame, root } from './helpers.ts';

const rulingsDir = 'rules/trump/rulings';
const rulings = readdirSync(`${root}/${rulingsDir}`)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => ({ path: `${rulingsDir}/${f}`, text: readFileSync(`${root}/${rulingsDir}/${f}`, 'utf8') }));

/** trump with one source file's text replaced (the edit must apply). */
function editedTrump(path: string, from: string, to: string): GameIR {
  const sources = gameSources(root, 'trump')!.map((s) => {
    if (s.path !== path) return s;
    expect(s.text.includes(from), `${from} in ${path}`).toBe(true);
    return { ...s, text: s.text.replace(from, to) };
  });
  const r = compileGame({ sources });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.ir;
}

// 兵士召喚 (Soldier Summon) costs B and L (drive a barrier, take 1 damage): make it take 2.
const SUMMON_COST = ['rules/trump/summons.grim', '    do drive_barriers(me, 1)\n    do damage(me, 1)\n  }\n  effect {\n    do place_soldier', '    do drive_barriers(me, 1)\n    do damage(me, 2)\n  }\n  effect {\n    do place_soldier'] as const;

describe('playground casebook (Run all)', () => {
  const original = runCasebook(compiledGame('trump'), 'trump', rulings, 100_000);

  it('runs every ruling of trump with the original files: all pass, nothing changed', () => {
    expect(original.map((r) => r.path)).toEqual(rulings.map((r) => r.path));
    expect(original.filter((r) => r.outcome !== 'pass')).toEqual([]);
    expect(original.every((r) => r.detail === null && r.name.length > 0)).toBe(true);
    const compared = compareCasebooks(original, original);
    const s = summarise(compared, true);
    expect(s).toMatchObject({ total: rulings.length, passed: rulings.length, failed: 0, changed: 0 });
    expect(s.text).toBe(`${rulings.length} passed, 0 failed — no ruling changed outcome with your edits`);
  });

  it('a changed cost changes exactly the rulings whose result the scenario runner says changed', () => {
    const ir = editedTrump(...SUMMON_COST);
    const edited = runCasebook(ir, 'trump', rulings, 100_000);
    const compared = compareCasebooks(edited, original);
    // Independently: each ruling under the original and the edited rules, with the runner itself.
    const base = compiledGame('trump');
    const expected = rulings.filter((r) => runScenario(r.path, r.text, { ir: base }).passed !== runScenario(r.path, r.text, { ir }).passed).map((r) => r.path);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected).toContain(`${rulingsDir}/r-tr-14c-barrier-then-summon.yaml`);
    expect(compared.filter((r) => r.changed).map((r) => r.path)).toEqual(expected);
    for (const r of compared.filter((x) => x.changed)) {
      expect(r).toMatchObject({ was: 'pass', outcome: 'fail' });
      expect(changeText(r)).toBe('was PASS, now FAIL');
      expect(r.detail, r.path).toBeTruthy();
    }
    const s = summarise(compared, true);
    expect(s.changed).toBe(expected.length);
    expect(s.text).toBe(`${rulings.length - expected.length} passed, ${expected.length} failed — ${expected.length} rulings changed outcome with your edits`);
    // The changed rows come first, each group in the casebook's order.
    expect(changedFirst(compared).slice(0, expected.length).map((r) => r.path)).toEqual(expected);
    // The first failing expectation in words: the label as written and why it does not hold.
    const row = compared.find((r) => r.path.endsWith('r-tr-14c-barrier-then-summon.yaml'))!;
    const outcome = runScenario(row.path, rulings.find((r) => r.path === row.path)!.text, { ir });
    const first = outcome.expectations.find((x) => !x.passed);
    expect(row.detail).toBe(first ? `${first.at === 'expect' ? '' : `${first.at}: `}${first.label} — ${first.failures[0]}` : outcome.failures[0]);
  });

  it('a ruling that never ends is stopped at the step limit, and the next rulings still run', () => {
    // trump whose turn start loops forever: a ruling that reaches the next turn never ends.
    const ir = editedTrump('rules/trump/setup.grim', '  perform ドロー by active\n', '  perform ドロー by active\n  while true { log "again" }\n');
    const rows = runCasebook(ir, 'trump', rulings, 20_000);
    expect(rows.length).toBe(rulings.length);
    const stopped = rows.filter((r) => r.outcome === 'limit');
    expect(stopped.length).toBeGreaterThan(0);
    for (const r of stopped) expect(r.detail).toBe('stopped after 20000 steps');
    const lastStopped = rows.lastIndexOf(stopped.at(-1)!);
    expect(rows.slice(0, lastStopped).some((r) => r.outcome === 'pass') || rows.slice(lastStopped + 1).some((r) => r.outcome === 'pass')).toBe(true);
    const s = summarise(compareCasebooks(rows, original), true);
    expect(s.stopped).toBe(stopped.length);
    expect(s.text).toMatch(new RegExp(`\\(${stopped.length} stopped at the step limit\\)`));
    const changed = compareCasebooks(rows, original).find((r) => r.outcome === 'limit')!;
    expect(changeText(changed)).toBe('was PASS, now stopped');
  });

  it('a scenario that cannot be read is an error row; an unknown zone fails the ruling; progress is reported', () => {
    const seen: number[] = [];
    const soldier = rulings.find((r) => r.path.endsWith('r-tr-02-soldier-vs-soldier.yaml'))!;
    const rows = runCasebook(
      compiledGame('trump'),
      'trump',
      [
        { path: `${rulingsDir}/broken.yaml`, text: 'name: x\n  bad: [\n' },
        { path: soldier.path, text: soldier.text.replace('p2.graveyard: [♡5]', 'p2.gravey: [♡5]') },
      ],
      100_000,
      (n) => seen.push(n),
    );
    expect(seen).toEqual([1, 2]);
    expect(rows[0]).toMatchObject({ name: 'broken.yaml', outcome: 'error', detail: expect.stringMatching(/not valid YAML/) });
    expect(rows[1]).toMatchObject({ outcome: 'fail', detail: expect.stringMatching(/unknown zone 'gravey'/) });
  });

  it('compares by path: a ruling without an original outcome is not marked; an unknown original says nothing changed', () => {
    const now: CasebookRow[] = [
      { path: 'a.yaml', name: 'a', outcome: 'fail', detail: 'x — y' },
      { path: 'b.yaml', name: 'b', outcome: 'pass', detail: null },
      { path: 'c.yaml', name: 'c', outcome: 'error', detail: 'YAML' },
    ];
    const before: CasebookRow[] = [
      { path: 'b.yaml', name: 'b', outcome: 'fail', detail: 'z' },
      { path: 'a.yaml', name: 'a', outcome: 'fail', detail: 'x — y' },
    ];
    const compared = compareCasebooks(now, before);
    expect(compared.map((r) => [r.path, r.was, r.changed])).toEqual([
      ['a.yaml', 'fail', false],
      ['b.yaml', 'fail', true],
      ['c.yaml', null, false],
    ]);
    expect(changeText(compared[1]!)).toBe('was FAIL, now PASS');
    expect(summarise(compared, true).text).toBe('1 passed, 2 failed (1 error) — 1 ruling changed outcome with your edits');
    expect(summarise(compareCasebooks(now, null), false)).toMatchObject({ changed: null, text: '1 passed, 2 failed (1 error)' });
  });

  it('reduces a run stopped at the log limit to "stopped after N log steps"', () => {
    const row = casebookRow('x.yaml', { what: 'scenario', problem: { kind: 'limit', message: 'The game was stopped after 500,000 log steps: it never ended' }, scenario: null, result: null, seed: null, format: null, params: null, turns: 0, decisions: 0, players: [], log: [], omitted: null });
    expect(row).toEqual({ path: 'x.yaml', name: 'x.yaml', outcome: 'limit', detail: 'stopped after 500,000 log steps' });
  });
  it('a ruling run again under other rules is checked again: the same text, clean under trump, is a mistake where its zone was renamed', () => {
    // scenario/run.ts keeps the last clean text read and checked: only for the same rules.
    const ruling = rulings.find((r) => r.path.endsWith('r-tr-14c-barrier-then-summon.yaml'))!;
    expect(ruling.text).toContain('graveyard');
    const trump = compiledGame('trump');
    const sources = gameSources(root, 'trump')!.map((s) => ({ ...s, text: s.text.replaceAll('graveyard', 'discards') }));
    const renamed = compileGame({ sources });
    expect(renamed.diagnostics).toEqual([]);
    expect(runScenario(ruling.path, ruling.text, { ir: trump }).diagnostics).toEqual([]);
    const again = runScenario(ruling.path, ruling.text, { ir: renamed.ir! });
    expect(again.passed).toBe(false);
    expect(again.diagnostics.map((d) => d.message).join('\n')).toMatch(/graveyard/);
    expect(runScenario(ruling.path, ruling.text, { ir: trump }).passed).toBe(true);
  });
});
