// Plain cards read by hand (grammar/plain-card.ts) give the very nodes chevrotain's rules give —
// the same fields in the same order, the same source ranges — and anything else is read by the
// rules, with their diagnostics: checked on every rules and cards file, a generated pool, and
// cards altered token by token.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFile, readPlainCards, type ParseResult } from '../grammar/parse.ts';
import { newReparseMemory, reparseFile } from '../grammar/reparse.ts';
import { tokenize } from '../grammar/lexer.ts';
import { GrimoireParser } from '../grammar/parser.ts';
import { newRepeatMemory, repeatKey } from '../grammar/repeats.ts';
import { EOF } from 'chevrotain';
import { generatePool } from '../bench/gen-pool.ts';
import { Rng } from '../runtime/rng.ts';
import { root } from './helpers.ts';

function grimFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? grimFiles(p) : p.endsWith('.grim') ? [p] : [];
  });
}

/** Both ways: plain cards by hand, and every card by the rules (the other shortcuts on in both). */
function bothWays(parse: () => ParseResult): [ParseResult, ParseResult] {
  readPlainCards(false);
  const byRules = parse();
  readPlainCards(true);
  return [parse(), byRules];
}

/** The same tree: the same JSON (keys in the same order, as the IR hashes read it) and the same fields, undefined ones too. */
function same(a: ParseResult, b: ParseResult, what: string): void {
  expect(JSON.stringify(a), what).toBe(JSON.stringify(b));
  expect(a, what).toStrictEqual(b);
}

afterEach(() => readPlainCards(true));

const files = [...grimFiles(join(root, 'rules')), ...grimFiles(join(root, 'cards'))].map((p) => ({ path: p, text: readFileSync(p, 'utf8') }));

describe('plain cards read by hand', () => {
  it('give the trees the rules give, on every rules and cards file and on a generated pool', () => {
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      same(...bothWays(() => parseFile(f.path, f.text)), f.path);
      same(...bothWays(() => reparseFile(f.path, f.text, null)), f.path);
    }
    const pool = generatePool(400);
    same(...bothWays(() => reparseFile('pool.grim', pool, newReparseMemory())), 'pool');
    same(...bothWays(() => parseFile('pool.grim', pool)), 'pool, whole');
  });

  it('with repeated abilities copied (repeats.ts), give what a parse without any shortcut gives', () => {
    const pool = generatePool(400);
    const fresh = parseFile('pool.grim', pool, null);
    same(reparseFile('pool.grim', pool, newReparseMemory()), fresh, 'pool, piece by piece');
    same(parseFile('pool.grim', pool), fresh, 'pool, whole');
  });

  it('read a piece that is one card with a repeated ability without the rules, whether or not chevrotain pads the tokens', () => {
    const piece = (n: number) => `card C${n}: T { cost = ${n} kw = []\n  trigger 炎 "2 damage" {\n    on moved this from hand to board\n    effect { do hurt(other(me), 2) }\n  }\n}\n`;
    const tokens = tokenize(piece(3)).tokens;
    const start = tokens.findIndex((t) => t.image === 'trigger');
    // While it parses, chevrotain pads the tokens with end-of-input sentinels: the key is the same.
    const padded = [...tokens, ...[1, 2, 3, 4].map(() => ({ image: '', startOffset: NaN, tokenTypeIdx: EOF.tokenTypeIdx! }))];
    expect(repeatKey(piece(3), 0, padded, start)!.key).toBe(repeatKey(piece(3), 0, tokens, start)!.key);
    // Two sightings parsed by the rules (the second kept), then the third read by hand, whole.
    const repeats = newRepeatMemory();
    let line = 1;
    let offset = 0;
    for (const n of [1, 2]) {
      expect(parseFile('f.grim', piece(n), repeats, { line, offset }).diagnostics).toEqual([]);
      line += 6;
      offset += piece(n).length;
    }
    const third = tokenize(piece(3), { line, offset }).tokens;
    const card = new GrimoireParser().wholePlainCard('f.grim', third, piece(3), repeats, offset);
    expect(card?.abilities.map((a) => a.name.text)).toEqual(['炎']);
    expect(card?.abilities[0]!.name.loc.line).toBe(line + 1);
  });

  it('read the plain forms: values, lists, printed text, a title, cite, override, repeated abilities', () => {
    const ability = 'action 強化 "+1" {\n    when me == active\n    effect { modify this.attack by 1 until end of turn }\n  }';
    const text = [
      'card A "A": T { cost = 3 name2 = "x" flag = true gone = none el = fire kw = [速攻, 飛行] empty = [] nums = [1, 2] }',
      `card B: T cite "§1" { text "Printed." ${ability} }`,
      `card C: T { ${ability} text "Again." }`,
      `override card D "D": T { ${ability} cost = 1 }`,
      'card `end`: T { cost = 1 }',
    ].join('\n');
    const [fast, rules] = bothWays(() => parseFile('f.grim', text));
    same(fast, rules, 'plain forms');
    expect(fast.diagnostics).toEqual([]);
    expect(fast.ast.decls.map((d) => d.kind)).toEqual(['card', 'card', 'card', 'card', 'card']);
  });

  it('leave everything else to the rules, whose trees and diagnostics are the same both ways, on cards altered token by token', () => {
    const ability = (n: number) => `trigger 登場 "On entry" {\n    on moved this from hand to board\n    effect { do draw(me, ${n}) }\n  }`;
    const base = [1, 2, 3, 4, 5].map((i) => `card C${i} "c${i}": Creature { cost = ${i} element = fire keywords = [速攻, 飛行] ${i % 2 ? ability(1) : 'text "t"'} }`).join('\n') + '\n';
    const words = ['=', '[', ']', ',', '{', '}', ':', '.', '(', ')', '-', '+', 'where', 'and', 'action', 'trigger', 'state', 'aura', 'text', 'cite', 'override', 'card', 'type', 'true', 'none', 'x', 'keywords', '3', '"s"', '`q`', '==', 'uses:', '// c\n', '\n'];
    const rng = new Rng(29);
    const tokens = tokenize(base).tokens;
    let checked = 0;
    // (A parse with errors takes chevrotain's recovery: tens of milliseconds each.)
    for (let k = 0; k < 40; k++) {
      let text = base;
      // One to three edits at token boundaries, from the end so that earlier offsets hold.
      const at = [...Array(1 + rng.below(3))].map(() => tokens[rng.below(tokens.length)]!).sort((a, b) => b.startOffset - a.startOffset);
      for (const t of at) {
        const what = rng.below(3);
        const end = t.endOffset! + 1;
        const word = words[rng.below(words.length)]!;
        if (what === 0) text = text.slice(0, t.startOffset) + text.slice(end);
        else if (what === 1) text = text.slice(0, t.startOffset) + word + ' ' + text.slice(t.startOffset);
        else text = text.slice(0, t.startOffset) + word + text.slice(end);
      }
      same(...bothWays(() => parseFile('m.grim', text)), text);
      checked++;
    }
    expect(checked).toBe(40);
  });
});
