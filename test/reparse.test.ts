// Re-parsing by declaration (grammar/reparse.ts): after any edit it gives exactly the AST and
// the diagnostics a parse of the whole text gives — checked on every rules and cards file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile } from '../grammar/parse.ts';
import { declarationCuts, newReparseMemory, reparseFile, type ReparseMemory } from '../grammar/reparse.ts';
import { generatePool } from '../bench/gen-pool.ts';
import { root } from './helpers.ts';

function grimFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? grimFiles(p) : p.endsWith('.grim') ? [p] : [];
  });
}

const files = [...grimFiles(join(root, 'rules')), ...grimFiles(join(root, 'cards'))].map((p) => ({ path: relative(root, p), text: readFileSync(p, 'utf8') }));

/** Re-parses with `memory` and checks the result against a parse of the whole text. */
function sameAsWhole(path: string, text: string, memory: ReparseMemory): void {
  const whole = parseFile(path, text);
  const again = reparseFile(path, text, memory);
  expect(again.diagnostics).toEqual(whole.diagnostics);
  expect(again.ast).toEqual(whole.ast);
}

describe('re-parsing by declaration', () => {
  it('reads every rules and cards file exactly as a whole parse does, cut into many pieces', () => {
    expect(files.length).toBeGreaterThan(20);
    let pieces = 0;
    for (const f of files) {
      pieces += declarationCuts(f.text).length;
      sameAsWhole(f.path, f.text, newReparseMemory());
    }
    // The cut is not a no-op: the files are read as hundreds of separate declarations.
    expect(pieces).toBeGreaterThan(files.length * 5);
  });

  it('after edits above, inside and below a declaration, reused pieces stand at their new lines and offsets', () => {
    const path = 'cards.grim';
    let text = generatePool(40, 3);
    const memory = newReparseMemory();
    sameAsWhole(path, text, memory);
    const edits: ((t: string) => string)[] = [
      (t) => `// a new first line\n${t}`, // everything moves down one line
      (t) => t.replace('C00001', 'C00001x'), // one name longer: later offsets move, lines do not
      (t) => t.replace(/\n\n/, '\n\n\n\n'), // blank lines in the middle
      (t) => t.slice(0, t.indexOf('\ncard ', 2000) + 1) + t.slice(t.indexOf('\ncard ', t.indexOf('\ncard ', 2000) + 1) + 1), // a card deleted
      (t) => t + t.slice(t.indexOf('\ncard ') + 1), // every card twice: equal texts at two places
      (t) => t.replace('C00002', 'C00002 {{'), // a syntax error: the whole-file messages
      (t) => t.replace('C00002 {{', 'C00002'), // fixed again
    ];
    for (const edit of edits) {
      text = edit(text);
      sameAsWhole(path, text, memory);
    }
  });

  it('cuts where declarations begin, not inside comments, strings, quoted names or brackets', () => {
    const text = [
      'enum suit { a, b }',
      '/* a comment',
      'card "in a comment" { }',
      '*/',
      'procedure p() {',
      'card "in braces"',
      '}',
      'label l "a { in a string" // and } card in a comment',
      'zone `a { name` per player "Deck"',
      'zone hand per player "Hand"',
    ].join('\n');
    const lines = declarationCuts(text).map((c) => c.line);
    expect(lines).toEqual([1, 5, 8, 9, 10]);
    sameAsWhole('x.grim', text, newReparseMemory());
  });
});
