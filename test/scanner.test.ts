// The hand-written scanner (grammar/scanner.ts) reads exactly the tokens chevrotain's lexer reads,
// and gives up exactly where chevrotain reports a lexical error; repeated abilities copied from an
// earlier parse (grammar/repeats.ts) give the tree a fresh parse gives.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ILexingResult, IToken } from 'chevrotain';
import { scan } from '../grammar/scanner.ts';
import { tokenize, tokenizeWithChevrotain } from '../grammar/lexer.ts';
import { parseFile } from '../grammar/parse.ts';
import { newReparseMemory, reparseFile } from '../grammar/reparse.ts';
import { generatePool } from '../bench/gen-pool.ts';
import { Rng } from '../runtime/rng.ts';
import { root } from './helpers.ts';

function grimFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? grimFiles(p) : p.endsWith('.grim') ? [p] : [];
  });
}

const texts = [...grimFiles(join(root, 'rules')), ...grimFiles(join(root, 'cards'))].map((p) => readFileSync(p, 'utf8'));

const plain = (t: IToken) => ({ image: t.image, startOffset: t.startOffset, endOffset: t.endOffset, startLine: t.startLine, endLine: t.endLine, startColumn: t.startColumn, endColumn: t.endColumn, type: t.tokenType.name, typeIdx: t.tokenTypeIdx });
const shape = (r: ILexingResult) => ({ tokens: r.tokens.map(plain), comments: (r.groups.comments ?? []).map(plain) });

/** The scanner agrees with chevrotain on `text`: the same tokens, or both see an error. */
function agrees(text: string): void {
  const reference = tokenizeWithChevrotain(text);
  const fast = scan(text);
  expect(fast === undefined, JSON.stringify(text.slice(0, 200))).toBe(reference.errors.length > 0);
  if (fast) expect(shape(tokenize(text))).toEqual(shape(reference));
}

describe('the scanner', () => {
  it('reads every rules and cards file as chevrotain does, also with CRLF, lone CR and a byte-order mark', () => {
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) {
      agrees(text);
      agrees('\uFEFF' + text.replace(/\n/g, '\r\n'));
      agrees(text.replace(/\n/g, '\r'));
    }
    agrees(generatePool(300));
  });

  it('reads a piece of a file where it stands: the lines and offsets of the file', () => {
    // Whole lines (a string cut in two would be a lexical error: chevrotain's tokens, unshifted).
    const piece = texts[0]!.slice(0, texts[0]!.lastIndexOf('\n', 2000) + 1);
    expect(scan(piece)).toBeDefined();
    const shifted = (t: ReturnType<typeof plain>) => ({ ...t, startOffset: t.startOffset + 100, endOffset: t.endOffset! + 100, startLine: t.startLine! + 4, endLine: t.endLine! + 4 });
    const reference = shape(tokenizeWithChevrotain(piece));
    expect(shape(tokenize(piece, { line: 5, offset: 100 }))).toEqual({ tokens: reference.tokens.map(shifted), comments: reference.comments.map(shifted) });
  });

  it('agrees on random texts made of the characters where tokens begin, end and go wrong', () => {
    const pieces = ['a', 'ab', '_x', 'カード', '・', 'ー', '★', '♠', '𝒜', '\ud835', '1', '23', ' ', '\t', '\n', '\r', '\r\n', '\u3000', '\uFEFF', '"', '"s"', '"a\\"b"', '\\', '`', '`q`', '/', '//', '/*', '*/', '*', '.', '..', ',', ':', '{', '}', '(', ')', '[', ']', '=', '==', '!', '!=', '<', '<=', '>', '>=', '+', '-', '%', '#', '@', 'deck', 'check', 'card', '\u2028', 'é', 'e\u0301'];
    const rng = new Rng(29);
    for (let k = 0; k < 3000; k++) {
      let text = '';
      const n = 1 + rng.below(30);
      for (let i = 0; i < n; i++) text += pieces[rng.below(pieces.length)]!;
      agrees(text);
    }
  });
});

describe('repeated abilities', () => {
  const ability = (n: number) => `trigger 登場 "On entry, draw ${n}" {\n    on moved this from hand to board\n    effect { do draw(me, ${n}) }\n  }`;
  const card = (i: number, body: string) => `card C${i} "c": Creature { cost = ${i} ${body} }\n`;
  // The same ability on many cards: in other columns, before other tokens, once with an error.
  const text = [
    card(1, ability(1)),
    card(2, ability(1)),
    card(3, `\n  ${ability(1)}\n`),
    card(4, `   ${ability(1)} cost = 2`),
    card(5, ability(1)),
    card(6, `\n  ${ability(1)}\n`),
    card(7, ability(2)),
    card(8, `${ability(1)} ${ability(1)}`),
    card(9, ability(1).replace('draw(me, 1)', 'draw(me, 1')),
    card(10, ability(1)),
  ].join('');

  it('are the trees a parse of every ability gives, in a whole file and piece by piece', () => {
    const fresh = parseFile('pool.grim', text, null);
    expect(parseFile('pool.grim', text)).toEqual(fresh);
    const good = text.replace('draw(me, 1 }', 'draw(me, 1) }');
    const freshGood = parseFile('pool.grim', good, null);
    expect(freshGood.diagnostics).toEqual([]);
    expect(parseFile('pool.grim', good)).toEqual(freshGood);
    expect(reparseFile('pool.grim', good, newReparseMemory())).toEqual(freshGood);
    const pool = generatePool(400);
    expect(reparseFile('pool.grim', pool, newReparseMemory())).toEqual(parseFile('pool.grim', pool, null));
  });
});
