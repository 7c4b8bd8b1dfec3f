// The playground's Tune without the browser (playground/src/worker/tune-run.ts): the card and
// attr checked and the values read as `grimoire tune` reads them (balance/tune.ts readValues,
// tuneTarget — pure, tested here), the CLI's batches (balance/runs.ts) played in chunks in the
// worker with progress — the same curve as `grimoire tune --json` for the same games — and every
// bad input said in words.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import type { TuneResult } from '../balance/report.ts';
import { readValues, tuneTarget } from '../balance/tune.ts';
import { chunkedRunner } from '../playground/src/worker/balance-run.ts';
import { runTuneRequest } from '../playground/src/worker/tune-run.ts';
import type { RunReply, TuneProgress, TuneRequest } from '../playground/src/worker/run-protocol.ts';
import { playBatch } from '../runtime/batch.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

const plantedText = readFileSync(join(root, 'test/fixtures/balance/planted.grim'), 'utf8');
const planted = compileGame({ sources: [{ path: 'planted.grim', text: plantedText }] }).ir!;

const request = (fields: Partial<TuneRequest> = {}): TuneRequest => ({ type: 'tune', id: 3, files: [], game: 'planted', seed: 1, games: 300, maxSteps: 100_000, agents: { p1: 'random', p2: 'random' }, card: 'Dragon', attr: 'cost', values: '1..4', ...fields });

describe('tune input (balance/tune.ts, pure)', () => {
  it('reads the values as grimoire tune --values does, and says what is wrong with them', () => {
    expect(readValues('0..3')).toEqual([0, 1, 2, 3]);
    expect(readValues(' 0..1..0.5 ')).toEqual([0, 0.5, 1]);
    expect(readValues('5,1,3,3')).toEqual([1, 3, 5]);
    expect(readValues('2')).toEqual([2]);
    expect(readValues('')).toEqual({ error: expect.stringMatching(/^no values: give numbers as 0\.\.6/) });
    expect(readValues('5..1')).toEqual({ error: expect.stringMatching(/^the range 5\.\.1 is empty \(it goes down\)/) });
    expect(readValues('0..4..0')).toEqual({ error: expect.stringMatching(/^the step must be above 0/) });
    expect(readValues('a..3')).toEqual({ error: expect.stringMatching(/^give numbers as/) });
    expect(readValues('1,,2')).toEqual({ error: expect.stringMatching(/^give numbers as/) });
    expect(readValues('0..100')).toEqual({ error: 'more than 25 values; at most 25 in one run (each plays every game again)' });
  });

  it('finds the card and its number attr, with "did you mean" — and refuses an attr that is not a number', () => {
    const dragon = planted.cards.findIndex((c) => c.name === 'Dragon');
    expect(tuneTarget(planted, 'Dragon', 'cost')).toEqual({ card: dragon, field: expect.any(Number), printed: 1 });
    expect(tuneTarget(planted, 'Dragon', 'power')).toMatchObject({ card: dragon, printed: 5 });
    expect(tuneTarget(planted, 'Dragn', 'cost')).toEqual({ error: "no card named 'Dragn' in planted; did you mean 'Dragon'?" });
    expect(tuneTarget(planted, 'Dragon', 'cots')).toEqual({ error: "Dragon has no number attr named 'cots'; did you mean 'cost'? (its number attrs: cost, power)" });
    expect(tuneTarget(planted, '', 'cost')).toEqual({ error: expect.stringMatching(/^no card/) });
    expect(tuneTarget(planted, 'Dragon', '')).toEqual({ error: expect.stringMatching(/^no attr/) });
    // trump's cards print a suit (an enum value): not a number to tune.
    const trump = compiledGame('trump');
    const card = trump.cards.find((c) => c.attrs.some((a) => trump.cardFields[a.field]!.name === 'suit'))!;
    expect(tuneTarget(trump, card.name, 'suit')).toEqual({ error: expect.stringMatching(new RegExp(`^'suit' is not a number on ${card.name} \\(it is "\\w+"\\).*\\(its number attrs: `)) });
  });
});

describe('the worker runner and the tune run (playground/src/worker)', () => {
  it('plays jobs in chunks exactly as one batch each, with progress over all of them', async () => {
    const seen: [string, number, number][] = [];
    const notes: string[] = [];
    const runner = chunkedRunner(planted, (label, done, total) => seen.push([label, done, total]), notes);
    const opts = { format: planted.game.defaultFormat };
    const [a, b] = await runner.play([{ from: 1, count: 30, opts }, { from: 100, count: 20, opts }], 'two jobs');
    expect(a).toEqual(playBatch(planted, 1, 30, opts));
    expect(b).toEqual(playBatch(planted, 100, 20, opts));
    expect(seen[0]).toEqual(['two jobs', 0, 50]);
    expect(seen.at(-1)).toEqual(['two jobs', 50, 50]);
    expect(seen.every(([, done], i) => i === 0 || done >= seen[i - 1]![1])).toBe(true);
    runner.note('a note');
    expect(notes).toEqual(['a note']);
  });

  it('gives the curve grimoire tune --json gives for the same games (the fingerprint apart), with progress', async () => {
    const posted: RunReply[] = [];
    const reply = await runTuneRequest(request(), planted, (r) => posted.push(r), 0);
    expect(reply.problem).toBeNull();
    const t = reply.result!;
    expect(t.kind).toBe('tune');
    expect(t.curves[0]!.points.map((p) => p.value)).toEqual([1, 2, 3, 4]);
    expect(reply.played).toBe(300 * 5); // the card's games, the baseline's and three values (its printed cost is the first)
    const progress = posted.filter((r) => r.type === 'tune-progress') as TuneProgress[];
    expect(progress.map((p) => p.label)).toContain('Dragon at 4 values (the deck)');
    expect(progress.at(-1)).toMatchObject({ done: 4 * 300, total: 4 * 300 });

    const project = mkdtempSync(join(tmpdir(), 'grim-tune-pg-'));
    mkdirSync(join(project, 'rules/planted'), { recursive: true });
    writeFileSync(join(project, 'rules/planted/game.grim'), plantedText);
    const cli = await grimoireInProcess(['tune', 'planted', '--card', 'Dragon', '--attr', 'cost', '--values', '1..4', '--games', '300', '--workers', '1', '--json'], { cwd: project, env: { ...process.env, GRIMOIRE_ROOT: project } });
    expect(cli.status, cli.stderr).toBe(0);
    const { timing: _, ...fromCli } = JSON.parse(cli.stdout) as TuneResult & { timing: unknown };
    expect({ ...t, settings: { ...t.settings, rules: '' } }).toEqual({ ...fromCli, settings: { ...fromCli.settings, rules: '' } });
  });

  it('says in words what is wrong: a card, an attr that is not a number, an empty range, too many games, an agent', async () => {
    const problem = async (fields: Partial<TuneRequest>, ir = planted) => (await runTuneRequest(request(fields), ir, () => {}, 0)).problem?.message;
    expect(await problem({ card: 'Dragn' })).toBe("Tune: no card named 'Dragn' in planted; did you mean 'Dragon'?");
    expect(await problem({ values: '4..1' })).toMatch(/^Tune: the values '4\.\.1': the range 4\.\.1 is empty/);
    expect(await problem({ values: '' })).toMatch(/^Tune: the values '': no values/);
    expect(await problem({ games: 0 })).toMatch(/games per value is a whole number from 1 to 20,000/);
    expect(await problem({ agents: { p1: 'mcts:x', p2: 'random' } })).toMatch(/unknown agent 'mcts:x'/);
    const trump = compiledGame('trump');
    const card = trump.cards.find((c) => c.attrs.some((a) => trump.cardFields[a.field]!.name === 'suit'))!;
    expect(await problem({ game: 'trump', card: card.name, attr: 'suit', values: '1..3' }, trump)).toMatch(/^Tune: 'suit' is not a number on /);
  });
});
