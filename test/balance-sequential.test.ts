/**
 * Sequential runs (balance/sequential.ts, issue 26): `grimoire balance --until "CARD settled"` and
 * `--precision 2pts` play batches, doubling, until the question is answered at the
 * Bonferroni-widened level of the run's planned looks, or `--max-games` is reached — on the
 * planted game (test/fixtures/balance/planted.grim).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answered, looks, precisionOption, untilCard, widenedZ } from '../balance/sequential.ts';
import type { BalanceReport } from '../balance/report.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

describe('the stopping rule (pure)', () => {
  it('doubles the games from the first look to the cap, and widens every look to 1 − 0.05/K', () => {
    expect(looks(1000, 16000)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(looks(500, 1200)).toEqual([500, 1000, 1200]);
    expect(looks(300, 300)).toEqual([300]);
    expect(widenedZ(1)).toBeCloseTo(1.96, 2);
    expect(widenedZ(5)).toBeCloseTo(2.576, 2); // 99%
    expect(untilCard('暴君竜 settled')).toBe('暴君竜');
    expect(untilCard('Dragon')).toBeNull();
    expect(precisionOption('2pts')).toBeCloseTo(0.02);
    expect(precisionOption('0.5 pts')).toBeCloseTo(0.005);
    expect(precisionOption('0')).toBeNull();
    expect(precisionOption('two')).toBeNull();
  });

  // The text a look answers with, in this process (the CLI tests read it from a child process, out
  // of a mutation test's reach). `--precision` reads one number: the first player's edge over 50%.
  // Here it is +5 pts with the 95% interval [+0, +10] pts, so its standard error is 5 pts / z95.
  const firstPlayerAt55 = { seats: { firstPlayer: { k: 55, n: 100, rate: 0.55, ci95: [0.5, 0.6] } } } as unknown as BalanceReport;

  it("words each number it read as 'what: estimate ± half-width', and says when all are within the precision", () => {
    // One look: the widened level is the usual 95%, so the half-width is the interval's own, 5 pts.
    expect(answered(firstPlayerAt55, { kind: 'precision', precision: 0.06 }, 1)).toEqual({
      stop: true,
      why: "the first player's edge over 50%: +5.0 pts ± 5.0 pts — within ±6.0 pts at the widened 95% interval",
    });
    expect(answered(firstPlayerAt55, { kind: 'precision', precision: 0.04 }, 1)).toEqual({
      stop: false,
      why: "the first player's edge over 50%: +5.0 pts ± 5.0 pts — wider than ±4.0 pts at the widened 95% interval",
    });
  });

  it('widens the half-width by z(1 − 0.05/K) ÷ z(95%) at a run of K looks', () => {
    // Five looks: each at 99%, z = 2.5758 against 1.9600, so 5 pts × 1.3142 = 6.57 pts: no longer within 6.
    expect(answered(firstPlayerAt55, { kind: 'precision', precision: 0.06 }, 5)).toEqual({
      stop: false,
      why: "the first player's edge over 50%: +5.0 pts ± 6.6 pts — wider than ±6.0 pts at the widened 99% interval",
    });
    expect(answered(firstPlayerAt55, { kind: 'precision', precision: 0.07 }, 5)).toEqual({
      stop: true,
      why: "the first player's edge over 50%: +5.0 pts ± 6.6 pts — within ±7.0 pts at the widened 99% interval",
    });
  });

  // `--until "Dragon settled"` with no replacement values: the card's observed standout is the one number read.
  // +10 pts with the 95% interval [+4, +16]: told from 0 at one look, though its half-width (6 pts) is wider than ±2.
  const dragonAt = (diff: number) => ({ replacements: [], cards: [{ card: 'Dragon', standout: { opening: { diff, ci95: [diff - 0.06, diff + 0.06], p: 0.01, q: 0.01, significant: true }, drawn: null, played: null } }] }) as unknown as BalanceReport;

  it('settles a card as soon as its number is told from 0, above or below, however wide its interval', () => {
    const above = answered(dragonAt(0.1), { kind: 'settled', card: 'Dragon', precision: 0.02 }, 1);
    expect(above.stop).toBe(true);
    expect(above.why).toContain('told from 0 at the widened 95% interval');
    const below = answered(dragonAt(-0.1), { kind: 'settled', card: 'Dragon', precision: 0.02 }, 1);
    expect(below.stop).toBe(true);
    expect(below.why).toContain('told from 0');
    // An interval across 0 tells nothing: the run goes on while it is wider than the precision.
    const across = answered(dragonAt(0.03), { kind: 'settled', card: 'Dragon', precision: 0.02 }, 1);
    expect(across.stop).toBe(false);
    expect(across.why).toContain('wider than ±2.0 pts');
  });
});

describe('grimoire balance --until / --precision', () => {
  const project = mkdtempSync(join(tmpdir(), 'grim-sequential-'));
  mkdirSync(join(project, 'rules/planted'), { recursive: true });
  writeFileSync(join(project, 'rules/planted/game.grim'), readFileSync(join(root, 'test/fixtures/balance/planted.grim'), 'utf8'));
  // In this process (grimoire-in-process.ts); the refusals' exit code also through cli/bin.js, as a shell sees it.
  const grimoire = (...args: string[]) => grimoireInProcess(['balance', 'planted', '--workers', '1', ...args], { cwd: project, env: { ...process.env, GRIMOIRE_ROOT: project } });
  const grimoireProcess = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'balance', 'planted', '--workers', '1', ...args], { cwd: project, encoding: 'utf8', env: { ...process.env, GRIMOIRE_ROOT: project } });
  const json = async (...args: string[]) => {
    const r = await grimoire(...args, '--json');
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as BalanceReport;
  };

  it('stops at the first look where the planted broken card is told from 0, and says so', async () => {
    const r = await grimoire('--games', '250', '--until', 'Dragon settled');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^look 1 of 5, 250 games: answered — Dragon's value against the other cards of the deck is \+\d+\.\d pts, told from 0 at the widened 99% interval/m);
    expect(r.stdout).toMatch(/Sequential run \(Dragon settled\): answered after 250 games, look 1 of 5 planned \(250, 500, 1,000, 2,000, 4,000\), every look at the 99% level \(Bonferroni\)/);
    const j = await json('--games', '250', '--until', 'Dragon settled');
    expect(j.stopping).toMatchObject({ question: 'Dragon settled', looks: [250, 500, 1000, 2000, 4000], at: [250], answered: true });
    expect(j.games).toBe(250);
  });

  it('--precision: plays on, keeping the games already played, until the first player\'s win rate is known to ±2 pts', async () => {
    const j = await json('--games', '500', '--precision', '2pts', '--values', 'none');
    expect(j.stopping!.answered).toBe(true);
    expect(j.stopping!.at).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(j.stopping!.why).toMatch(/^the first player's edge over 50%: \+\d+\.\d pts ± 1\.\d pts — within ±2\.0 pts at the widened 99% interval$/);
    // The last look's report is the fixed run of that many games: the same hash.
    const fixed = await json('--games', '8000', '--values', 'none');
    expect(j.hash).toBe(fixed.hash);
    expect(j.games).toBe(8000);
  });

  it('says when --max-games came first, with what is still open', async () => {
    const r = await grimoire('--games', '200', '--max-games', '400', '--until', 'Spark settled', '--values', 'none');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Sequential run \(Spark settled\): NOT answered within --max-games 400 \(2 looks, each at the 97\.5% level\): Spark's standout when in the opening hand: .* — wider than ±2\.0 pts/);
  });

  it('refuses what it cannot answer, in words', async () => {
    expect((await grimoire('--until', 'Dragn settled')).stderr).toMatch(/--until 'Dragn settled': no card named 'Dragn' in planted; did you mean 'Dragon'\?/);
    expect((await grimoire('--until', 'Dragon')).stderr).toMatch(/the question is "CARD settled"/);
    expect((await grimoire('--precision', 'x')).stderr).toMatch(/--precision x: it is a half-width in points of win rate, e.g. --precision 2pts/);
    expect((await grimoire('--max-games', '5000')).stderr).toMatch(/--max-games caps a sequential run/);
    expect((await grimoire('--until', 'Dragon settled', '--vs-param', 'x=1')).stderr).toMatch(/--until and --precision play one game until a question is answered/);
    for (const args of [['--until', 'Dragon'], ['--max-games', '5000']]) expect(grimoireProcess(...args).status).toBe(2);
  });
});
