/** The Grimoire lexer: text → tokens. One instance, built once. */
import { Lexer, type ILexingResult } from 'chevrotain';
import { allTokens } from './tokens.ts';

const lexer = new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: false, skipValidations: true });

export function tokenize(text: string): ILexingResult {
  return lexer.tokenize(text);
}
