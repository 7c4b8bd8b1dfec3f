// The editor's syntax colouring is generated from the token definitions; this checks it agrees
// with the lexer on every rules file: each keyword the lexer sees is coloured as a keyword, every
// string as a string, and nothing is left "invalid".
import { describe, expect, it } from 'vitest';
import { monarchLanguage } from '../grammar/highlight.ts';
import { tokenize } from '../grammar/lexer.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import { root } from './helpers.ts';

/** A tiny Monarch interpreter — line by line, as Monaco runs it — enough for this grammar. */
function colour(text: string): { offset: number; token: string }[] {
  const lang = monarchLanguage();
  const compiled = Object.fromEntries(Object.entries(lang.tokenizer).map(([state, rules]) => [state, rules.map(([re, action, next]) => ({ re: new RegExp(re, 'uy'), action, next }))]));
  const out: { offset: number; token: string }[] = [];
  const stack = ['root'];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    let at = 0;
    while (at < line.length) {
      const rules = compiled[stack[stack.length - 1]!]!;
      let matched = false;
      for (const r of rules) {
        r.re.lastIndex = at;
        const m = r.re.exec(line);
        if (!m || m[0].length === 0) continue;
        let token: string;
        if (typeof r.action === 'string') token = r.action === '@brackets' ? 'delimiter' : r.action;
        else token = lang.keywords.includes(m[0]) ? 'keyword' : lang.builtins.includes(m[0]) ? 'predefined' : 'identifier';
        out.push({ offset: lineStart + at, token });
        if (r.next === '@pop') stack.pop();
        else if (r.next?.startsWith('@')) stack.push(r.next.slice(1));
        at += m[0].length;
        matched = true;
        break;
      }
      if (!matched) {
        out.push({ offset: lineStart + at, token: 'invalid' });
        at++;
      }
    }
    lineStart += line.length + 1;
  }
  return out;
}

describe('syntax colouring', () => {
  it('agrees with the lexer on every rules and cards file', () => {
    let checked = 0;
    for (const game of listGames(root)) {
      for (const src of gameSources(root, game)!) {
        const colours = new Map(colour(src.text).map((c) => [c.offset, c.token]));
        expect([...colours.values()], src.path).not.toContain('invalid');
        for (const t of tokenize(src.text).tokens) {
          const c = colours.get(t.startOffset);
          if (t.tokenType.name.startsWith('Kw_')) expect(c, `${src.path}: '${t.image}'`).toBe('keyword');
          else if (t.tokenType.name === 'StringLiteral') expect(c, `${src.path}: ${t.image}`).toBe('string');
          else if (t.tokenType.name === 'NumberLiteral') expect(c).toBe('number');
          else if (t.tokenType.name === 'Identifier') expect(['identifier', 'predefined']).toContain(c);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});
