/**
 * `grimoire tune` (issue 26): what should this card's number be? The planted game's Dragon (cost 1,
 * power 5, against cards whose power is their cost) is tried at costs 1 to 5 on the same seeds:
 * its worth against an ordinary card of its deck falls as its cost rises, and is fair near 5.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fairValue } from '../balance/tune.ts';
import type { BalanceReport, TunePoint, TuneResult } from '../balance/report.ts';
import { fairParam, paramTarget, type ParamPoint, type ParamTuneResult } from '../balance/tune-param.ts';
import { parseValues } from '../cli/tune.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

const project = mkdtempSync(join(tmpdir(), 'grim-tune-'));
mkdirSync(join(project, 'rules/planted'), { recursive: true });
writeFileSync(join(project, 'rules/planted/game.grim'), readFileSync(join(root, 'test/fixtures/balance/planted.grim'), 'utf8'));
// In this process (grimoire-in-process.ts); one refusal also through cli/bin.js, as a shell sees it.
const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: project, env: { ...process.env, GRIMOIRE_ROOT: project } });
const grimoireProcess = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, GRIMOIRE_ROOT: project } });

describe('grimoire tune', () => {
  it("finds the broken card's fair cost: its worth falls with each cost tried and crosses 0 near 5; the curve is drawn", async () => {
    const html = join(project, 'tune.html');
    const r = await grimoire('tune', 'planted', '--card', 'Dragon', '--attr', 'cost', '--values', '1..5', '--games', '2000', '--workers', '1', '--json', '--html', html);
    expect(r.status, r.stderr).toBe(0);
    const t = JSON.parse(r.stdout) as TuneResult;
    expect(t.kind).toBe('tune');
    expect(t.printed).toBe(1);
    const [curve] = t.curves;
    expect(curve!.points.map((p) => p.value)).toEqual([1, 2, 3, 4, 5]);
    expect(curve!.points.find((p) => p.printed)!.value).toBe(1);
    const worth = curve!.points.map((p) => p.worth.diff);
    for (let i = 1; i < worth.length; i++) expect(worth[i]!, `cost ${i + 1}`).toBeLessThan(worth[i - 1]!);
    expect(curve!.points[0]!.worth.significant).toBe(true);
    expect(curve!.fair.closest).toBeGreaterThanOrEqual(4);
    expect(curve!.fair.range).toContain(5);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain("What should Dragon's cost be?");
    expect(page).toContain('"kind":"tune"');
  });

  it('refuses what it cannot try, with the way out', async () => {
    expect((await grimoire('tune', 'planted', '--card', 'Dragon', '--attr', 'cost')).stderr).toMatch(/tune needs --values/);
    expect((await grimoire('tune', 'planted', '--card', 'Dragn', '--attr', 'cost', '--values', '1..3')).stderr).toMatch(/--card Dragn: no card named 'Dragn' in planted; did you mean 'Dragon'\?/);
    expect((await grimoire('tune', 'planted', '--card', 'Dragon', '--attr', 'cots', '--values', '1..3')).stderr).toMatch(/--attr cots: Dragon has no number attr named 'cots'; did you mean 'cost'\? \(its number attrs: cost, power\)/);
    expect((await grimoire('tune', 'planted', '--card', 'Dragon', '--attr', 'cost', '--values', '5..1')).stderr).toMatch(/--values 5\.\.1: the range 5\.\.1 is empty \(it goes down\): give numbers as/);
    expect((await grimoire('tune', 'planted', '--card', 'Dragon', '--attr', 'cost', '--values', '1..3', '--replace', 'Dud')).stderr).toMatch(/tune takes no --replace: it is an option of grimoire balance/);
    for (const r of [grimoireProcess('tune', 'planted', '--card', 'Dragon', '--attr', 'cost')]) expect(r.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('reads its values and finds the crossing (pure)', () => {
    expect(parseValues('0..3')).toEqual([0, 1, 2, 3]);
    expect(parseValues('0..1..0.5')).toEqual([0, 0.5, 1]);
    expect(parseValues('5,1,3,3')).toEqual([1, 3, 5]);
    const point = (value: number, diff: number): TunePoint => ({ value, printed: false, withCard: { k: 0, n: 0, rate: 0, ci95: [0, 1] }, worth: { diff, ci95: [diff - 0.01, diff + 0.01], p: 0.5, q: 1, significant: false } });
    expect(fairValue([point(0, 0.06), point(1, 0.02), point(2, -0.02)])).toEqual({ closest: 1, crossing: 1.5, range: [] });
    expect(fairValue([point(0, 0.06), point(1, 0.005)]).crossing).toBeNull();
  });
});

describe("grimoire tune --param's fair value (pure)", () => {
  const point = (value: number, rate: number, ci95: [number, number] = [rate - 0.04, rate + 0.04]): ParamPoint => {
    const r = { k: 0, n: 100, rate, ci95 };
    return { value, isDefault: false, firstPlayer: r, p1: r, change: null } as unknown as ParamPoint;
  };
  it("interpolates where the first player's win rate crosses 50%, between the two values tried either side", () => {
    // 2 → 45%, 4 → 65%: a quarter of the way from 2 to 4 (2.5), not as far the other side of 2 (1.5).
    const fair = fairParam([point(2, 0.45, [0.4, 0.5]), point(4, 0.65), point(6, 0.7)], true);
    expect(fair.closest).toBe(2);
    expect(fair.crossing).toBeCloseTo(2.5, 9);
    expect(fair.range).toEqual([2]);
    // Falling: 1 → 70%, 3 → 40%: two thirds of the way, 2.333…
    expect(fairParam([point(1, 0.7), point(3, 0.4)], true).crossing).toBeCloseTo(1 + 2 * (0.2 / 0.3), 9);
    // A value at exactly 50% is the crossing; a parameter that is not a number has none.
    expect(fairParam([point(1, 0.5), point(3, 0.7)], true).crossing).toBe(1);
    expect(fairParam([point(0, 0.45), point(1, 0.55)], false).crossing).toBeNull();
  });
});

describe('grimoire tune --param: a rule parameter', () => {
  const inRepo = (...args: string[]) => grimoireInProcess(args, { cwd: root });
  it("plays the same seeds at each value and reads the first player's edge; the default's numbers are balance's own", async () => {
    const r = await inRepo('tune', 'trump', '--param', 'opening_hand', '--values', '3..7..2', '--games', '200', '--workers', '1', '--json');
    expect(r.status, r.stderr).toBe(0);
    const t = JSON.parse(r.stdout) as ParamTuneResult;
    expect(t.kind).toBe('tune-param');
    // The default (5) is played and marked whether or not it was asked for; each other value is compared with it seed by seed.
    expect(t.points.map((p) => [p.value, p.isDefault, p.change === null])).toEqual([[3, false, false], [5, true, true], [7, false, false]]);
    const b = await inRepo('balance', 'trump', '--games', '200', '--workers', '1', '--values', 'none', '--json');
    expect(b.status, b.stderr).toBe(0);
    const report = JSON.parse(b.stdout) as BalanceReport;
    expect(t.points[1]!.firstPlayer).toEqual(report.seats.firstPlayer);
    expect(t.fair.range.every((x) => t.points.some((p) => p.value === x))).toBe(true);
    // Without --values: the default and its alternatives (bool, text parameters too).
    const d = await inRepo('tune', 'trump', '--param', 'first_turn_draw', '--games', '50', '--workers', '1');
    expect(d.status, d.stderr).toBe(0);
    expect(d.stdout).toMatch(/What should first_turn_draw be\? — trump, 50 games per value/);
    expect(d.stdout).toMatch(/^ {2}true \* +\d/m);
    expect(d.stdout).toMatch(/^ {2}false +\d/m);
  });

  it('refuses an unknown parameter, a value it does not take, and --card beside it, in words', async () => {
    expect((await inRepo('tune', 'trump', '--param', 'opening_hnd')).stderr).toMatch(/--param opening_hnd: no rule parameter named 'opening_hnd' in trump; did you mean 'opening_hand'\?/);
    expect((await inRepo('tune', 'trump', '--param', 'first_player', '--values', 'random,x')).stderr).toMatch(/'x' is not a value of first_player \(it takes random, first_seat\)/);
    expect((await inRepo('tune', 'trump', '--param', 'opening_hand', '--card', 'X')).stderr).toMatch(/--card goes with tune --card; --param opening_hand tunes a rule parameter/);
    expect((await inRepo('tune', 'trump', '--param', 'opening_hand', '--param', 'opening_hand=4')).stderr).toMatch(/--param opening_hand is tuned: it cannot also be fixed/);
  });
});

describe('the values of a rule parameter to tune (balance/tune-param.ts)', () => {
  it('reads a bool parameter\'s values as booleans, and refuses a word that is neither true nor false', () => {
    const ir = compiledGame('spimate');
    expect(paramTarget(ir, 'damage_persists', 'false, true')).toMatchObject({ values: [false, true] });
    expect(paramTarget(ir, 'damage_persists', 'false')).toMatchObject({ values: [false] });
    expect(paramTarget(ir, 'damage_persists', 'maybe')).toEqual({ error: expect.stringContaining("'maybe'") });
    // A text parameter takes its own words, which need not be true or false.
    expect(paramTarget(ir, 'magic_target_damage', 'no_damage')).toMatchObject({ values: ['no_damage'] });
  });
});
