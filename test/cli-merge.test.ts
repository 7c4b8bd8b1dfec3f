// grimoire merge folds the batches of ONE run: other settings, gaps, batches cut short and
// files without a header are refused with the files and the difference named.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

// In this process (grimoire-in-process.ts); the gap's refusal also through cli/bin.js, the exit code a shell sees.
const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });
const grimoireProcess = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'grim-merge-'));
const file = (name: string) => join(dir, `${name}.jsonl`);
const batch = async (name: string, ...args: string[]) => {
  const r = await grimoire('play', 'trump', '--workers', '1', '--json', '--summaries', file(name), ...args);
  expect(r.status, r.stderr).toBe(0);
};

describe('grimoire merge refuses what is not one run', () => {
  beforeAll(async () => {
    await batch('a', '--seed', '5', '--games', '4');
    await batch('b', '--seed', '9', '--games', '3');
    await batch('later', '--seed', '14', '--games', '2');
    await batch('hand7', '--seed', '9', '--games', '3', '--param', 'opening_hand=7');
    await batch('hand5', '--seed', '9', '--games', '3', '--param', 'opening_hand=5'); // the default, said aloud
    await batch('light', '--seed', '9', '--games', '3', '--format', 'light');
    await batch('listed', '--seed', '9', '--games', '3', '--draws', 'listed');
  });

  it('the summaries file starts with a header saying what was played', () => {
    const header = JSON.parse(readFileSync(file('hand7'), 'utf8').split('\n')[0]!);
    expect(header).toMatchObject({ grimoireSummaries: 1, game: 'trump', format: 'master', agents: 'random', draws: 'sampled', seeds: [9, 11] });
    expect(header.params.opening_hand).toBe(7);
    expect(header.params.first_player).toBe('random'); // defaults are recorded too
    expect(header.rules).toMatch(/^[0-9a-f]{16}$/);
  });

  it('different parameters or formats: refused, naming both files and the difference; a parameter given at its default is the same setting', async () => {
    const whole = JSON.parse((await grimoire('play', 'trump', '--workers', '1', '--json', '--seed', '5', '--games', '7')).stdout);
    const same = await grimoire('merge', file('hand5'), file('a'));
    expect(same.status, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ games: 7, seed: 5, hash: whole.hash, results: whole.results, params: { opening_hand: 5 } });
    const params = await grimoire('merge', file('a'), file('hand7'));
    expect(params.status).toBe(2);
    expect(params.stderr).toContain(`${file('a')} and ${file('hand7')} were played with different rule parameters: opening_hand=5 and opening_hand=7`);
    const format = await grimoire('merge', file('a'), file('light'));
    expect(format.status).toBe(2);
    expect(format.stderr).toContain('different formats: master and light');
  });

  it('random players drawing differently (--draws): refused; a header from before sampled draws counts as listed', async () => {
    const mixed = await grimoire('merge', file('a'), file('listed'));
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toMatch(/different draws of the random players: sampled and listed/);
    // A listed batch from before the header named its draws merges with a listed one of now.
    await batch('listed-a', '--seed', '5', '--games', '4', '--draws', 'listed');
    const lines = readFileSync(file('listed-a'), 'utf8').split('\n');
    const { draws: _, ...old } = JSON.parse(lines[0]!);
    writeFileSync(file('listed-old'), [JSON.stringify(old), ...lines.slice(1)].join('\n'));
    const merged = await grimoire('merge', file('listed-old'), file('listed'));
    expect(merged.status, merged.stderr).toBe(0);
    const whole = JSON.parse((await grimoire('play', 'trump', '--workers', '1', '--json', '--seed', '5', '--games', '7', '--draws', 'listed')).stdout);
    expect(JSON.parse(merged.stdout)).toMatchObject({ games: 7, hash: whole.hash });
    const oldWithSampled = await grimoire('merge', file('listed-old'), file('b'));
    expect(oldWithSampled.status).toBe(2);
    expect(oldWithSampled.stderr).toMatch(/listed and sampled/);
  });

  it('a gap between batches: refused, naming the missing seeds and how to play them', () => {
    const gap = grimoireProcess('merge', file('a'), file('b'), file('later'));
    expect(gap.status).toBe(2);
    expect(gap.stderr).toContain(`seeds 12..13 in no file: ${file('b')} ends at seed 11 and ${file('later')} starts at 14`);
    expect(gap.stderr).toContain('--seed 12 --games 2');
  });

  it('a batch cut short, a hole in a file, an old file without a header, a folder: each refused clearly', async () => {
    const lines = readFileSync(file('a'), 'utf8').trimEnd().split('\n');
    writeFileSync(file('cut'), lines.slice(0, -1).join('\n') + '\n');
    writeFileSync(file('hole'), [...lines.slice(0, 2), ...lines.slice(3)].join('\n') + '\n');
    writeFileSync(file('old'), lines.slice(1).join('\n') + '\n');
    const expectations: [string, string][] = [
      [file('cut'), `${file('cut')}: seed 8 of its range 5..8 missing (was the batch cut short?)`],
      [file('hole'), `${file('hole')}:3: seed 6 missing from the file's range 5..8`],
      [file('old'), `${file('old')}: no header line`],
      [dir, `cannot read ${dir}: it is a folder`],
    ];
    for (const [f, message] of expectations) {
      const r = await grimoire('merge', f);
      expect(r.status, f).toBe(2);
      expect(r.stderr, f).toContain(message);
      expect(r.stderr, f).not.toMatch(/internal error|\n\s+at /);
    }
  });
});
