/**
 * The compile cache the tests share (compile-cache.ts) never serves a stale result: what it
 * returns is what compileGame returns now, and a change of a game's files, of the files of the
 * game a revision revises, or of the compiler is another entry.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import { compileCached, compilerFingerprintOf } from './compile-cache.ts';
import { root } from './helpers.ts';

const load = (n: string) => gameSources(root, n);

describe('the compile cache of the tests', () => {
  it('returns what compileGame returns, for every game, from the cache the second time', () => {
    for (const game of listGames(root)) {
      const input = { sources: gameSources(root, game)!, loadBase: load };
      const fresh = compileGame(input);
      compileCached(input);
      const hit = { hit: false };
      const cached = compileCached(input, hit);
      expect(hit.hit, game).toBe(true);
      // Strictly equal: the same fields (none lost or added as undefined), numbers and order.
      expect(isDeepStrictEqual(cached, fresh), game).toBe(true);
    }
  });

  it('compiles again when one character of a game changes', () => {
    const sources = gameSources(root, 'skirmish')!;
    compileCached({ sources });
    // A comment no run wrote before: this file's own earlier runs left their entries.
    const changed = sources.map((s, i) => (i === 0 ? { ...s, text: `${s.text}\n// ${randomUUID()}\n` } : s));
    const hit = { hit: true };
    const r = compileCached({ sources: changed }, hit);
    expect(hit.hit).toBe(false);
    expect(isDeepStrictEqual(r, compileGame({ sources: changed }))).toBe(true);
  });

  it('compiles a revision again when the game it revises changed, though its own files did not', () => {
    const sources = gameSources(root, 'trump-82')!;
    compileCached({ sources, loadBase: load });
    // The base's files with a comment added (one no run wrote before): another text, so the entry recorded with the old
    // base is refused and the revision compiled again.
    const comment = `\n// ${randomUUID()}\n`;
    const edited = load('trump')!.map((s) => ({ ...s, text: s.text + comment }));
    const hit = { hit: true };
    const r = compileCached({ sources, loadBase: (n) => (n === 'trump' ? edited : load(n)) }, hit);
    expect(hit.hit).toBe(false);
    expect(r.ir).toBeDefined();
    expect(isDeepStrictEqual(r, compileGame({ sources, loadBase: (n) => (n === 'trump' ? edited : load(n)) }))).toBe(true);
    // Back to the base as it is: the entry (now of the edited base) is refused again.
    const back = { hit: true };
    expect(isDeepStrictEqual(compileCached({ sources, loadBase: load }, back), compileGame({ sources, loadBase: load }))).toBe(true);
    expect(back.hit).toBe(false);
  });

  it('keys on the compiler: a change of any file of grammar/, compiler/ or i18n/ is another fingerprint', () => {
    const copy = mkdtempSync(join(tmpdir(), 'grimoire-fingerprint-'));
    for (const d of ['grammar', 'compiler', 'i18n']) cpSync(join(root, d), join(copy, d), { recursive: true });
    cpSync(join(root, 'package-lock.json'), join(copy, 'package-lock.json'));
    const before = compilerFingerprintOf(copy);
    expect(compilerFingerprintOf(copy)).toBe(before);
    for (const file of ['grammar/lexer.ts', 'compiler/lower.ts', 'i18n/ja/diagnostics.ts', 'package-lock.json']) {
      const path = join(copy, file);
      const text = readFileSync(path, 'utf8');
      writeFileSync(path, text + ' ');
      expect(compilerFingerprintOf(copy), file).not.toBe(before);
      writeFileSync(path, text);
    }
    expect(compilerFingerprintOf(copy)).toBe(before);
  });
});
