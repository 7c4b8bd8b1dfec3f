// The VS Code extension's TextMate grammar is generated from the token definitions
// (grammar/textmate.ts): the committed file must be what the generator makes now, and its
// keyword and string rules must agree with the lexer on the seed games' files.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textmateGrammar, textmateGrammarText } from '../grammar/textmate.ts';
import { tokenize } from '../grammar/lexer.ts';
import { gameSources } from '../compiler/project.ts';
import { root } from './helpers.ts';

describe('editors/vscode TextMate grammar', () => {
  it('is fresh: the committed file is what grammar/textmate.ts generates (npm run build:vscode-grammar)', () => {
    expect(readFileSync(join(root, 'editors/vscode/syntaxes/grimoire.tmLanguage.json'), 'utf8')).toBe(textmateGrammarText());
  });

  it('colours as keywords the words the lexer reads as keywords, and only those (trump)', () => {
    const repo = textmateGrammar().repository as Record<string, { match: string }>;
    const keyword = new RegExp(repo['keywords']!.match, 'uy');
    const string = new RegExp(repo['strings']!.match, 'uy');
    for (const f of gameSources(root, 'trump')!) {
      for (const t of tokenize(f.text).tokens) {
        const type = t.tokenType.name;
        if (type.startsWith('Kw_')) {
          keyword.lastIndex = t.startOffset;
          expect(keyword.exec(f.text)?.[0], `${f.path}:${t.startLine}:${t.startColumn}`).toBe(t.image);
        } else if (type === 'Identifier') {
          keyword.lastIndex = t.startOffset;
          expect(keyword.exec(f.text), `${f.path}:${t.startLine}:${t.startColumn} ${t.image}`).toBeNull();
        } else if (type === 'StringLiteral') {
          string.lastIndex = t.startOffset;
          expect(string.exec(f.text)?.[0]).toBe(t.image);
        }
      }
    }
  });
});
