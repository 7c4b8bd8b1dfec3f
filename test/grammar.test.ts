import { describe, expect, it } from 'vitest';
import { parseFile } from '../grammar/parse.ts';
import { GrimoireParser } from '../grammar/parser.ts';
import { compileGame } from '../compiler/compile.ts';

describe('parser', () => {
  it("passes chevrotain's own checks of the grammar (skipped at start-up elsewhere)", () => {
    // Throws "Parser Definition Errors detected" on an ambiguity or left recursion.
    expect(() => new GrimoireParser({ validate: true })).not.toThrow();
  });

  it('parses Japanese names, symbols and every declaration kind', () => {
    const r = parseFile('a.grim', `
      game g "G" { players 2 format light "ライト" level 1 stack stage leftover graveyard }
      zone 手札 per player private "hand"
      label 速攻 "haste"
      card ♠A "スペードのA": T { rank = 1 }
      action B・J since light cite "TR-14 「合計点を 0 とし」" { when true effect { log "x" } }`);
    expect(r.diagnostics).toEqual([]);
    expect(r.ast.decls.map((d) => d.kind)).toEqual(['game', 'zone', 'label', 'card', 'action']);
    const action = r.ast.decls[4]!;
    expect(action.kind === 'action' && action.name.text).toBe('B・J');
    expect(action.cite).toContain('合計点');
  });

  it('reports several mistakes in one file, each with line and column', () => {
    const r = parseFile('bad.grim', 'action X {\n  when 1 +\n}\nzone y per player\naction Z { effect { move x to } }\n');
    expect(r.diagnostics.length).toBeGreaterThanOrEqual(2);
    expect(r.diagnostics[0]!.loc.line).toBe(3);
    expect(r.diagnostics.some((d) => d.loc.line === 5)).toBe(true);
    for (const d of r.diagnostics) expect(d.message).not.toMatch(/Error:|at .*\.ts/);
  });

  it("words a decision none of whose alternatives fits as chevrotain itself does, its expected paths computed once (parser.ts raiseNoAltException)", () => {
    // Two decisions of one rule: a card's body (every ability, statement and expression, three tokens deep;
    // about a second of CPU for chevrotain's paths) and its name; and an expression's, twice.
    const texts = ['card C2 "c2": Creature { cost = 2 keywords [ [速攻] }\ncard 3: T { }', 'action X { when 1 + }\ncard D: T { } }', 'action Z { effect { move x to } }'];
    const ours = texts.map((t) => parseFile('n.grim', t));
    expect(ours.map((r) => r.diagnostics.filter((d) => d.text?.key === 'syntax/unexpected-token.cannot-start-expected-one-of').length)).toEqual([2, 1, 1]);
    // chevrotain's own method (error_handler.js), which computes the paths at every error, in place of ours for a moment.
    const proto = GrimoireParser.prototype as unknown as Record<string, unknown>;
    let base = Object.getPrototypeOf(GrimoireParser.prototype) as Record<string, unknown>;
    while (!Object.hasOwn(base, 'raiseNoAltException')) base = Object.getPrototypeOf(base) as Record<string, unknown>;
    const cached = proto.raiseNoAltException;
    expect(cached).not.toBe(base.raiseNoAltException);
    proto.raiseNoAltException = base.raiseNoAltException;
    try {
      texts.forEach((t, i) => expect(parseFile('n.grim', t), t).toStrictEqual(ours[i]));
    } finally {
      proto.raiseNoAltException = cached;
    }
  });

  it('names the allowed words and the nearest one for a misspelt zone modifier', () => {
    const r = parseFile('z.grim', 'zone hand per player privat "手札"\nzone deck per player hidden\nzone x shared ordred');
    expect(r.diagnostics.map((d) => [d.code, d.loc.line, d.loc.col])).toEqual([
      ['syntax/unknown-word', 1, 22],
      ['syntax/unknown-word', 3, 15],
    ]);
    expect(r.diagnostics[0]!.message).toMatch(/'privat' is not a zone modifier; did you mean 'private'\?.*public, private, hidden/);
    // The declarations are still read, so later checks see them.
    expect(r.ast.decls.map((d) => d.kind)).toEqual(['zone', 'zone', 'zone']);
  });

  it('keeps source ranges on nodes', () => {
    const r = parseFile('loc.grim', '\n\n  zone life per player hidden ordered');
    const z = r.ast.decls[0]!;
    expect(z.kind === 'zone' && [z.name.loc.line, z.name.loc.col]).toEqual([3, 8]);
  });

  it('never throws or hangs on hostile input', () => {
    const inputs = [
      '\u0000\u0001\u0002binary\uFFFF junk',
      'action X { effect { if ',
      '('.repeat(10_000) + ')'.repeat(10_000),
      '{'.repeat(10_000),
      'card ♠A: T { a = 1 }\n'.repeat(250_000).slice(0, 5_000_000),
      '"unterminated string',
      '/* unterminated comment',
    ];
    for (const text of inputs) {
      const r = compileGame({ sources: [{ path: 'junk.grim', text }] });
      expect(r.diagnostics.length).toBeGreaterThan(0);
      for (const d of r.diagnostics) {
        expect(d.loc.line).toBeGreaterThanOrEqual(1);
        expect(d.message.length).toBeGreaterThan(5);
      }
    }
  });
});
