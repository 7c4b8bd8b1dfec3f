// Re-parsing by declaration (grammar/reparse.ts): after any edit it gives exactly the AST and
// the diagnostics a parse of the whole text gives — checked on every rules and cards file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFile } from '../grammar/parse.ts';
import { keywordWords } from '../grammar/tokens.ts';
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
      // As saved on Windows: CRLF line ends, and a byte-order mark.
      const crlf = '\uFEFF' + f.text.replace(/\n/g, '\r\n');
      expect(declarationCuts(crlf).length).toBe(declarationCuts(f.text).length);
      sameAsWhole(f.path, crlf, newReparseMemory());
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

  it('stays equal to a whole parse through 200 random edits, valid and broken', () => {
    const f = files.find((x) => x.path.endsWith('basic.grim'))!;
    let text = f.text;
    const memory = newReparseMemory();
    // A fixed sequence (seeded), so a failure is reproducible.
    let seed = 12345;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const lineStart = () => {
      const starts = [0];
      for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
      return starts[rand(starts.length)]!;
    };
    let valid = 0;
    for (let k = 0; k < 200; k++) {
      const op = rand(5);
      if (op === 0) text = ((at) => text.slice(0, at) + '\n' + text.slice(at))(lineStart());
      else if (op === 1) text = ((at) => text.slice(0, at) + '// a note { "\n' + text.slice(at))(lineStart());
      else if (op === 2) {
        // A letter typed at the end of a name (not a keyword): the syntax stays valid.
        let end = rand(text.length);
        if (/[a-z_]/.test(text[end] ?? '')) {
          let start = end;
          while (/[a-z_0-9]/.test(text[start - 1] ?? '')) start--;
          while (/[a-z_0-9]/.test(text[end] ?? '')) end++;
          if (!(keywordWords as readonly string[]).includes(text.slice(start, end))) text = text.slice(0, end) + 'q' + text.slice(end);
        }
      } else if (op === 3) {
        // A declaration copied below itself (two pieces with the same text).
        const cuts = declarationCuts(text);
        const i = rand(cuts.length - 1) + 1;
        const piece = text.slice(cuts[i]!.offset, cuts[i + 1]?.offset ?? text.length);
        text = text.slice(0, cuts[i]!.offset) + piece + (piece.endsWith('\n') ? '' : '\n') + text.slice(cuts[i]!.offset);
      } else {
        // Broken for a moment (an open brace or quote), then fixed again.
        const before = text;
        const at = rand(text.length);
        text = text.slice(0, at) + ['{', '"', '/*', '('][rand(4)] + text.slice(at);
        sameAsWhole(f.path, text, memory);
        text = before;
      }
      if (parseFile(f.path, text).diagnostics.length === 0) valid++;
      sameAsWhole(f.path, text, memory);
    }
    // Most states are valid: the reuse path, not the fallback, is what was checked.
    expect(valid).toBeGreaterThan(150);
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
