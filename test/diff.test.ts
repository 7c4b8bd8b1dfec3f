/**
 * `grimoire diff` (compiler/diff.ts, cli/diff.ts): what a revision changes against its base —
 * definitions compared as parsed (a comment is no change), each with its citation; parameter
 * defaults; the rulings whose outcome changes; the changelog in Markdown.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveGame } from '../compiler/compile.ts';
import { diffGames } from '../compiler/diff.ts';
import { gameSources } from '../compiler/project.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

const draft = readFileSync(join(root, 'test/revision.test.ts'), 'utf8').match(/const revisionText = `([\s\S]*?)`;/)![1]!;
// The same draft with a comment more and a parameter's default changed.
const draft2 = `${draft.replace('revision trump_draft', 'revision trump_draft2')}
// a comment is not a change
override param opening_hand: number = 6 alternatives 5, 7
  cite "draft 2: six cards"
`;

function version(name: string, text: string | null) {
  const sources = text === null ? gameSources(root, name)! : [{ path: `rules/${name}/revision.grim`, text }];
  const r = resolveGame({ sources, loadBase: (n) => gameSources(root, n) });
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { name, decls: r.decls!, sources: r.sources };
}

describe('diffGames', () => {
  it('trump → the 8.2 draft: 兵士召喚 changed (with both citations), 剣の雨 removed, nothing else', () => {
    const d = diffGames(version('trump', null), version('trump_draft', draft));
    expect(d.definitions.map((c) => `${c.change} ${c.kind} ${c.name}`)).toEqual(['removed action 剣の雨', 'changed action 兵士召喚']);
    const summon = d.definitions.find((c) => c.name === '兵士召喚')!;
    expect(summon.before!.cite).toMatch(/^TR-8 \[1\] 兵士召喚/);
    expect(summon.after!.cite).toBe('8.2 draft: 兵士召喚 $ L');
    expect(summon.after!.file).toBe('rules/trump_draft/revision.grim');
    expect(d.params).toEqual([]);
  });

  it('a parameter default is reported; a comment and the override keyword are no change', () => {
    const d = diffGames(version('trump_draft', draft), version('trump_draft2', draft2));
    expect(d.params).toEqual([{ name: 'opening_hand', before: '5', after: '6' }]);
    expect(d.definitions.map((c) => `${c.change} ${c.kind} ${c.name}`)).toEqual(['changed param opening_hand']);
  });
});

describe('grimoire diff', () => {
  const project = mkdtempSync(join(tmpdir(), 'grimoire-diff-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));
  mkdirSync(join(project, 'rules', 'trump_82'), { recursive: true });
  mkdirSync(join(project, 'cards'));
  symlinkSync(join(root, 'rules', 'trump'), join(project, 'rules', 'trump'));
  symlinkSync(join(root, 'cards', 'trump'), join(project, 'cards', 'trump'));
  writeFileSync(join(project, 'rules', 'trump_82', 'revision.grim'), draft.replace('revision trump_draft', 'revision trump_82'));

  it('prints the changes and the rulings whose outcome changes, and writes the changelog', async () => {
    const md = join(project, 'changelog.md');
    const r = await grimoireInProcess(['diff', 'trump', 'trump_82', '--rulings', '--md', md], { cwd: root, env: { ...process.env, GRIMOIRE_ROOT: project } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^trump → trump_82: 1 definition changed, 0 added, 1 removed/);
    expect(r.stdout).toContain('-   when main_timing(me) and count(charged_barriers(me)) >= 1 and can_pay_l(me)');
    expect(r.stdout).toContain('+   when main_timing(me) and can_pay_l(me)');
    // R-TR-14 (a) — no summon without a barrier — no longer holds; R-TR-34 cannot even be asked (剣の雨 is gone).
    expect(r.stdout).toMatch(/r-tr-14a-summon-needs-barrier\.yaml — .*: pass → fail/);
    expect(r.stdout).toMatch(/r-tr-34-rain-of-swords\.yaml — .*: pass → error/);
    const text = readFileSync(md, 'utf8');
    expect(text).toMatch(/^# trump\\_82: changes against trump/);
    expect(text).toContain('```diff');
    expect(text).toContain('## Rulings whose outcome changes');
  });

  it('an amend is shown as the action now stands: the clauses it keeps are context, not deletions', async () => {
    const r = await grimoireInProcess(['diff', 'trump', 'trump-82'], { cwd: root });
    expect(r.status, r.stderr).toBe(0);
    const summon = r.stdout.slice(r.stdout.indexOf('changed action 兵士召喚'), r.stdout.indexOf('changed param'));
    expect(summon).toContain('+   when main_timing(me) and can_pay_l(me)');
    expect(summon).toContain('-     do drive_barriers(me, 1)');
    // Kept: the key card and the effect are not shown as removed.
    expect(summon).not.toMatch(/^\s*- .*using k/m);
    expect(summon).not.toMatch(/^\s*- .*place_soldier/m);
  });

  it('an amend card or card type is shown as the card now stands: the value it changes, rank = 1 → rank = 14, and nothing else', () => {
    const amend = `revision trump_ace "ace high" revises trump {
  version "ace"
}
amend card ♠A cite "the ace is high" { rank = 14 }
amend card type PlayingCard { attr rank: number = 0 }
`;
    const d = diffGames(version('trump', null), version('trump_ace', amend));
    const ace = d.definitions.find((x) => x.kind === 'card' && x.name === '♠A')!;
    expect(ace.change).toBe('changed');
    const lines = (t: string) => t.split('\n').map((l) => l.trim());
    expect(lines(ace.before!.text)).toContain('rank = 1');
    expect(lines(ace.after!.text)).toContain('rank = 14');
    // Every other line of the card is the same on both sides: only the value and the new cite differ.
    const only = (a: string[], b: string[]) => a.filter((l) => !b.includes(l));
    expect(only(lines(ace.before!.text), lines(ace.after!.text))).toEqual([expect.stringMatching(/^card ♠A/), 'rank = 1']);
    expect(only(lines(ace.after!.text), lines(ace.before!.text))).toEqual([expect.stringMatching(/^card ♠A .*cite "the ace is high"/), 'rank = 14']);
    const type = d.definitions.find((x) => x.kind === 'card type' && x.name === 'PlayingCard')!;
    expect(only(lines(type.after!.text), lines(type.before!.text))).toEqual(['attr rank: number = 0']);
  });

  it('refuses an unknown game and a changelog that is not Markdown (exit 2)', () => {
    const unknown = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'diff', 'trump', 'trump_99'], { cwd: root, encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown game 'trump_99'");
    const html = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'diff', 'trump', 'vanilla', '--md', 'x.html'], { cwd: root, encoding: 'utf8' });
    expect(html.status).toBe(2);
  });
});
