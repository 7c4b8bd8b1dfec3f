// The playground's compile worker checks the game's rulings with its rules (services/scenario-checks.ts):
// the mistakes of each file at its place, a file's parse kept while its text is unchanged, only
// the YAML's own errors while the rules do not compile.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ScenarioChecks } from '../services/scenario-checks.ts';
import { compiledGame, root } from './helpers.ts';

const RULING = 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml';
const text = readFileSync(`${root}/${RULING}`, 'utf8');

describe('playground: the rulings checked with the rules (services/scenario-checks.ts)', () => {
  it('marks a mistake typed in a ruling, clears it when fixed, and finds only YAML errors without compiled rules', () => {
    const ir = compiledGame('trump');
    const checks = new ScenarioChecks();
    expect(checks.check([{ path: RULING, text }], ir)).toEqual([]);
    const typo = text.replace('{ card: ♠7, role: soldier }', '{ card: ♠7, role: soldierx }');
    const line = typo.split('\n').findIndex((l) => l.includes('soldierx')) + 1;
    const col = typo.split('\n')[line - 1]!.indexOf('soldierx') + 1;
    const ds = checks.check([{ path: RULING, text: typo }], ir);
    expect(ds.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.code}`)).toEqual([`${RULING}:${line}:${col} scenario/unknown-value`]);
    expect(ds[0]!.notes).toEqual(["did you mean 'soldier'?"]);
    expect(checks.check([{ path: RULING, text }], ir)).toEqual([]);
    // The rules do not compile: a value cannot be checked, a YAML error still can.
    expect(checks.check([{ path: RULING, text: typo }], undefined)).toEqual([]);
    const broken = checks.check([{ path: RULING, text: `${text}\n  - [unclosed\n` }], undefined);
    expect(broken.length).toBeGreaterThan(0);
    expect(broken.every((d) => d.code === 'scenario/yaml' && d.loc.file === RULING)).toBe(true);
  });
});
