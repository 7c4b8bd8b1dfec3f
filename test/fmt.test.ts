// grimoire fmt (grammar/format.ts): one layout, idempotent, comments kept, meaning unchanged.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileGame, type SourceText } from '../compiler/compile.ts';
import { gameSources, grimFiles, listGames } from '../compiler/project.ts';
import { formatGrim } from '../grammar/format.ts';
import { tokenize } from '../grammar/lexer.ts';
import { formatFile } from '../playground/src/worker/format-file.ts';
import { root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

// The repo's check through cli/bin.js (as `npm test` and a shell run it); the rest in this process (grimoire-in-process.ts).
const grimoireProcess = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8' });
const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });

const allFiles = ['rules', 'cards', 'test/fixtures'].flatMap((d) => grimFiles(join(root, d)));

function format(text: string, file = 'input.grim'): string {
  const r = formatGrim(text, file);
  if (!r.ok) throw new Error(`${file}: ${r.diagnostics.map((d) => `${d.loc.line}:${d.loc.col} ${d.message}`).join('; ')}`);
  return r.text;
}

/** The IR without its source ranges (`loc`), which a change of indentation moves. */
function withoutLocs(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (k, v) => (k === 'loc' ? undefined : v)));
}

function compileWith(game: string, edit: (s: SourceText) => SourceText) {
  const sources = gameSources(root, game)!.map(edit);
  const r = compileGame({ sources, loadBase: (n) => gameSources(root, n)?.map(edit) });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.loc.file}:${d.loc.line}:${d.loc.col} ${d.message}`).join('\n'));
  return withoutLocs(r.ir);
}

describe('grimoire fmt', () => {
  it(`every .grim file of the repo (${allFiles.length}): formatting twice gives what formatting once gives, and keeps its lines`, () => {
    expect(allFiles.length).toBeGreaterThan(40);
    for (const f of allFiles) {
      const text = readFileSync(f, 'utf8');
      const once = format(text, f);
      expect(format(once, f), relative(root, f)).toBe(once);
      // Tokens never move to another line: only blank lines come and go.
      const lines = (s: string) => s.split('\n').filter((l) => l.trim() !== '').map((l) => l.trim().split(/\s+/)[0]);
      expect(lines(once), relative(root, f)).toEqual(lines(text));
    }
  });

  it('whitespace scattered between the tokens of every file (fixed seed): formats, keeps every token and line, is idempotent', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const f of allFiles) {
      const text = readFileSync(f, 'utf8');
      const lexed = tokenize(text);
      const tokens = [...lexed.tokens, ...(lexed.groups['comments'] ?? [])].sort((a, b) => a.startOffset - b.startOffset);
      // Insert spaces (never line breaks) at token boundaries: the tokens stay the same.
      let noisy = '';
      let at = 0;
      for (const t of tokens) {
        noisy += text.slice(at, t.startOffset) + ' '.repeat(random() < 0.3 ? Math.floor(random() * 4) : 0);
        noisy += text.slice(t.startOffset, t.endOffset! + 1);
        at = t.endOffset! + 1;
      }
      noisy += text.slice(at);
      const r = formatGrim(noisy, f);
      expect(r.ok, relative(root, f)).toBe(true);
      const out = (r as { text: string }).text;
      expect(format(out, f), relative(root, f)).toBe(out);
      const words = (s: string) => s.split('\n').filter((l) => l.trim() !== '').map((l) => l.trim().split(/\s+/)[0]);
      expect(words(out), relative(root, f)).toEqual(words(text));
    }
  });

  for (const game of listGames(root)) {
    it(`${game}: the formatted game compiles to the same IR (source ranges aside)`, () => {
      expect(compileWith(game, (s) => ({ ...s, text: format(s.text, s.path) }))).toEqual(compileWith(game, (s) => s));
    });
  }

  it('the repo is formatted: grimoire fmt --check rules cards exits 0', () => {
    const r = grimoireProcess('fmt', '--check', 'rules', 'cards');
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('canonical spacing, indentation and blank lines; every comment kept', () => {
    const messy = [
      '',
      '',
      '// a comment at the top',
      'game g "G" cite "x"   {',
      'players   2 /* two */',
      '      max turns 10 // why',
      '}',
      'enum E {a "A",b "B"}',
      '',
      '',
      '',
      'function f( p : player ) : number=p.life+ -1 * ( 2-3 )   // aligned',
      '    cite "long"',
      'turn {',
      '',
      '    if f(p)>=1 {',
      '  set x = [1,2]  set y = 2',
      '        } else { log "y" }',
      '  /* block',
      '     comment */ let z = 1',
      '',
      '}',
      '// the end',
    ].join('\n');
    const expected = [
      '// a comment at the top',
      'game g "G" cite "x" {',
      '  players 2 /* two */',
      '  max turns 10 // why',
      '}',
      '',
      'enum E { a "A", b "B" }',
      '',
      'function f(p: player): number = p.life + -1 * (2 - 3)   // aligned',
      '  cite "long"',
      'turn {',
      '  if f(p) >= 1 {',
      '    set x = [1, 2]  set y = 2',
      '  } else { log "y" }',
      '  /* block',
      '     comment */ let z = 1',
      '}',
      '',
      '// the end',
      '',
    ].join('\n');
    const out = format(messy);
    expect(out).toBe(expected);
    const comments = (s: string) => (tokenize(s).groups['comments'] ?? []).map((t) => t.image.trimEnd());
    expect(comments(out)).toEqual(comments(messy));
    expect(comments(out)).toHaveLength(6);
    expect(format(out)).toBe(out);
  });

  it('a file with a syntax error is left untouched, with its file:line:col diagnostic and exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grim-fmt-'));
    const bad = 'game g "G" {\n    players 2 +\n}\n';
    const good = 'zone   hand per player private "Hand"\n';
    writeFileSync(join(dir, 'bad.grim'), bad);
    writeFileSync(join(dir, 'good.grim'), good);
    expect(formatGrim(bad, 'bad.grim')).toMatchObject({ ok: false, text: bad });
    const checked = await grimoire('fmt', '--check', dir);
    expect(checked.status).toBe(1);
    expect(checked.stdout).toMatch(/good\.grim: not formatted/);
    expect(readFileSync(join(dir, 'good.grim'), 'utf8')).toBe(good);
    const r = await grimoire('fmt', dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bad\.grim:2:15: error: .*not formatted/);
    expect(r.stdout).toMatch(/formatted .*good\.grim/);
    expect(readFileSync(join(dir, 'bad.grim'), 'utf8')).toBe(bad);
    expect(readFileSync(join(dir, 'good.grim'), 'utf8')).toBe('zone hand per player private "Hand"\n');
    expect((await grimoire('fmt', join(root, 'README.md'))).status).toBe(2);
    expect((await grimoire('fmt')).status).toBe(2);
  });

  it("the playground's Format Document (the compile worker's answer): the same text as grimoire fmt, or the file's first syntax error", () => {
    const files = [
      { path: 'rules/g/game.grim', text: 'zone   hand per player private "Hand"\n' },
      { path: 'rules/g/bad.grim', text: 'game g "G" {\n  players 2 +\n}\n' },
    ];
    expect(formatFile(files, 'rules/g/game.grim')).toEqual({ text: 'zone hand per player private "Hand"\n' });
    expect(formatFile(files, 'rules/g/bad.grim')).toEqual({ refused: expect.stringMatching(/^rules\/g\/bad\.grim:2:13: /) });
    expect(formatFile(files, 'rules/g/none.grim')).toHaveProperty('refused');
  });
});
