/** The Grimoire lexer: text → tokens. One instance, built once. */
import { Lexer, type ILexingResult, type IToken } from 'chevrotain';
import { DeckWord, Identifier, keywordOf, lexerTokens } from './tokens.ts';
import { scan } from './scanner.ts';

const lexer = new Lexer(lexerTokens, { positionTracking: 'full', ensureOptimizations: true, skipValidations: true });

/**
 * The tokens of `text`: the hand-written scanner's (scanner.ts), or chevrotain's where the text
 * has a lexical error. `at`: where a piece of a file starts in it (scanner.ts); chevrotain's
 * tokens, for a text with an error, stand as if it started the file.
 */
export function tokenize(text: string, at?: { line: number; offset: number }): ILexingResult {
  return keywordsTyped(scan(text, at) ?? lexer.tokenize(text));
}

/** Chevrotain's lexer alone (test/scanner.test.ts compares the scanner with it). */
export function tokenizeWithChevrotain(text: string): ILexingResult {
  return keywordsTyped(lexer.tokenize(text));
}

function keywordsTyped(result: ILexingResult): ILexingResult {
  // A word that is a keyword gets the keyword's token type (it stays an Identifier by category).
  const tokens: IToken[] = result.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.tokenType !== Identifier) continue;
    // `deck check`: the word `deck` begins a declaration (tokens.ts DeckWord).
    const kw = t.image === 'deck' && tokens[i + 1]?.image === 'check' ? DeckWord : keywordOf.get(t.image);
    if (kw) {
      t.tokenType = kw;
      t.tokenTypeIdx = kw.tokenTypeIdx!;
    }
  }
  return result;
}
