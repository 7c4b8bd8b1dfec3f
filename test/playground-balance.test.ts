// The playground's Simulate without the browser: the run worker's balance simulation
// (playground/src/worker/balance-run.ts) gives the CLI's numbers for the same games — the batch
// played in chunks equals one batch, the report equals balance/fold.ts's over runtime/batch.ts's
// games — posts its progress up to the last game, compares with the original rules as --vs does,
// and says what is wrong with a request in words. The fingerprint is FNV-1a 64 (published vectors).
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import type { GameIR } from '../compiler/ir.ts';
import { playBatch } from '../runtime/batch.ts';
import { foldBalance } from '../balance/fold.ts';
import { foldQuality } from '../balance/quality.ts';
import type { BalanceComparison, BalanceReport } from '../balance/report.ts';
import { playChunked, runBalance } from '../playground/src/worker/balance-run.ts';
import { fnv1a64, irFingerprint } from '../playground/src/worker/fingerprint.ts';
import type { BalanceProgress, BalanceRequest, RunReply } from '../playground/src/worker/run-protocol.ts';
import { measureReplacements } from '../cli/balance-replacements.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compiledGame, root } from './helpers.ts';

const trump = compiledGame('trump');

/** trump with 兵士召喚's barrier cost removed (its condition still asks for a barrier: a small change). */
function cheaperSummon(): GameIR {
  const from = '    do drive_barriers(me, 1)\n    do damage(me, 1)\n  }\n  effect {\n    do place_soldier';
  const sources = gameSources(root, 'trump')!.map((s) => {
    if (s.path !== 'rules/trump/summons.grim') return s;
    expect(s.text).toContain(from);
    return { ...s, text: s.text.replace(from, from.replace('    do drive_barriers(me, 1)\n', '')) };
  });
  const r = compileGame({ sources });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r.ir;
}

const request = (fields: Partial<BalanceRequest> = {}): BalanceRequest => ({ type: 'balance', id: 7, files: [], game: 'trump', seed: 5, games: 30, maxSteps: 100_000, agents: { p1: 'random', p2: 'random' }, original: null, ...fields });

describe('playground balance simulation', () => {
  it('plays in chunks exactly the games of one batch, with progress after each chunk', () => {
    const opts = { format: 'master', tally: true, agents: { p1: 'random', p2: 'random' } };
    const seen: number[] = [];
    const chunked = playChunked(trump, 3, 25, opts, (done) => seen.push(done));
    expect(chunked).toEqual(playBatch(trump, 3, 25, opts));
    expect(seen[seen.length - 1]).toBe(25);
    expect(seen.every((n, i) => i === 0 || n > seen[i - 1]!)).toBe(true);
  });

  it('folds the report the CLI folds for the same games (the fingerprint apart)', async () => {
    const posted: RunReply[] = [];
    const reply = await runBalance(request({ values: 'none' }), trump, null, (r) => posted.push(r), performance.now());
    expect(reply.problem).toBeNull();
    const report = reply.result as BalanceReport;
    expect(report.kind).toBe('report');
    const settings = { ...report.settings };
    const expected = foldBalance(trump, settings, playBatch(trump, 5, 30, { format: 'master', params: {}, maxSteps: 100_000, agents: { p1: 'random', p2: 'random' }, tally: true }));
    expect(report).toEqual(expected);
    expect(report.settings.rules).toBe(irFingerprint(trump));
    expect(report.settings.format).toBe(trump.game.defaultFormat);
    expect(Object.keys(report.settings.params)).toEqual(trump.params.map((p) => p.name));
    const progress = posted.filter((r) => r.type === 'balance-progress');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.id === 7 && p.phase === 'edited' && p.total === 30)).toBe(true);
    expect(progress[progress.length - 1]).toMatchObject({ done: 30 });
  });

  it('compares the original rules (base) with the edits (other) on the same seeds, as --vs does', async () => {
    const posted: RunReply[] = [];
    const reply = await runBalance(request({ games: 60 }), cheaperSummon(), { ir: trump }, (r) => posted.push(r), performance.now());
    const c = reply.result as BalanceComparison;
    expect(c.kind).toBe('comparison');
    expect(c.paired).toBe(true);
    expect(c.otherLabel).toBe('trump with your edits');
    expect(c.base.settings.rules).toBe(irFingerprint(trump));
    expect(c.other.settings.rules).not.toBe(c.base.settings.rules);
    // Each side is the report of its own rules on those seeds; every metric of both is compared.
    expect(c.base).toEqual({ ...((await runBalance(request({ games: 60, values: 'none' }), trump, null, () => {}, 0)).result as BalanceReport) });
    // A comparison replaces no card (as --vs): no phase of values.
    expect(c.base.replacements).toEqual([]);
    expect(c.changes.some((m) => m.metric === 'actions.兵士召喚.perGame')).toBe(true);
    const phases = posted.filter((r) => r.type === 'balance-progress').map((r) => (r as { phase: string }).phase);
    expect(phases[0]).toBe('original');
    expect(phases[phases.length - 1]).toBe('edited');
  });

  it("measures every card's replacement value after the report, as grimoire balance does (balance/runs.ts): the same values, progress posted", async () => {
    const planted = compileGame({ sources: [{ path: 'planted.grim', text: readFileSync(join(root, 'test/fixtures/balance/planted.grim'), 'utf8') }] }).ir!;
    const posted: RunReply[] = [];
    const reply = await runBalance(request({ game: 'planted', seed: 1, games: 400 }), planted, null, (r) => posted.push(r), 0);
    expect(reply.problem).toBeNull();
    const report = reply.result as BalanceReport;
    expect(report.replacements.map((v) => v.card).sort()).toEqual(planted.cards.map((c) => c.name).sort());
    expect(report.replacements.every((v) => v.why === 'every card' && v.seeds.games === 400)).toBe(true);
    // The CLI's run of the same plans on the same games gives the same values.
    const opts = { format: planted.game.defaultFormat, params: {}, maxSteps: 100_000, agents: { p1: 'random', p2: 'random' } };
    const summaries = playBatch(planted, 1, 400, { ...opts, tally: true });
    const cli = await measureReplacements({ ir: planted, report: { ...report, replacements: [] }, summaries, seed: 1, games: 400, opts, workers: 1, asked: undefined, mode: 'all', valueGames: 400, showBar: false });
    expect(report.replacements).toEqual(cli.values);
    // Dragon (cost 1, power 5) is worth the most; the verdicts say so.
    expect(report.replacements[0]!.card).toBe('Dragon');
    const values = posted.filter((r) => r.type === 'balance-progress' && r.phase === 'values') as BalanceProgress[];
    expect(values.length).toBeGreaterThan(0);
    expect(values[0]!.label).toMatch(/^every card replaced in turn \(7 × 400 games\)$/);
    expect(values.at(-1)).toMatchObject({ done: 7 * 400, total: 7 * 400 });
    // --values none: the report alone.
    expect(((await runBalance(request({ game: 'planted', seed: 1, games: 50, values: 'none' }), planted, null, () => {}, 0)).result as BalanceReport).replacements).toEqual([]);
  });

  it('says in words what is wrong: an unknown agent, too many games, a format the rules lack, original rules that do not compile', async () => {
    const run = async (fields: Partial<BalanceRequest>, original: Parameters<typeof runBalance>[2] = null) => (await runBalance(request(fields), trump, original, () => {}, 0)).problem?.message;
    expect(await run({ agents: { p1: 'mcts:x', p2: 'random' } })).toMatch(/unknown agent 'mcts:x'/);
    expect(await run({ games: 0 })).toMatch(/whole number from 1 to 100,000/);
    expect(await run({ format: 'nosuch' })).toMatch(/The format 'nosuch' is not one of this game's formats/);
    expect(await run({}, { problem: { kind: 'compile', message: 'x', errors: 1, first: { file: 'rules/trump/a.grim', line: 3, col: 1, message: 'bad' } } })).toBe('The original rules of trump do not compile (rules/trump/a.grim:3: bad), so there is nothing to compare with.');
  });

  it('adds the game-quality metrics when asked (--quality), the CLI\'s for the same games, on both sides of a comparison', async () => {
    const reply = await runBalance(request({ values: 'none', quality: true }), trump, null, () => {}, performance.now());
    const report = reply.result as BalanceReport;
    const games = playBatch(trump, 5, 30, { format: 'master', params: {}, maxSteps: 100_000, agents: { p1: 'random', p2: 'random' }, tally: true, course: true });
    expect(report.quality).toEqual(foldQuality(trump, games));
    // Recording the course changes no game: the same hash as without it.
    const without = (await runBalance(request({ values: 'none' }), trump, null, () => {}, 0)).result as BalanceReport;
    expect(report.hash).toBe(without.hash);
    expect(without.quality).toBeUndefined();
    const c = (await runBalance(request({ quality: true }), cheaperSummon(), { ir: trump }, () => {}, 0)).result as BalanceComparison;
    expect(c.base.quality && c.other.quality).toBeTruthy();
    expect(c.changes.some((m) => m.group === 'quality')).toBe(true);
  });

  it('fingerprints with FNV-1a 64', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });
});
