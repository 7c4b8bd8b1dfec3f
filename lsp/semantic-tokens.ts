/**
 * Semantic colouring: the file read with the language's own lexer (grammar/lexer.ts), each name
 * coloured by what the game defines it as (a zone, a card, a function…: the symbol index), and
 * keywords, numbers, strings and comments as the lexer sees them. The TextMate grammar
 * (editors/vscode) colours before the server answers and where it does not know a name.
 */
import type { IToken } from 'chevrotain';
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver';
import type { SymbolKind } from '../compiler/symbols.ts';
import { tokenize } from '../grammar/lexer.ts';
import type { NameTable } from '../services/names.ts';

const types = ['namespace', 'class', 'enum', 'interface', 'struct', 'parameter', 'variable', 'property', 'enumMember', 'event', 'function', 'method', 'keyword', 'comment', 'string', 'number'] as const;
type TokenType = (typeof types)[number];
export const legend: SemanticTokensLegend = { tokenTypes: [...types], tokenModifiers: [] };

const byKind: Record<SymbolKind, TokenType> = {
  game: 'namespace',
  format: 'namespace',
  param: 'variable',
  enum: 'enum',
  'enum value': 'enumMember',
  label: 'interface',
  zone: 'variable',
  'card type': 'class',
  'card field': 'property',
  card: 'struct',
  ability: 'method',
  'player state': 'property',
  'global state': 'variable',
  'request state': 'property',
  event: 'event',
  limit: 'variable',
  'ability template': 'function',
  function: 'function',
  procedure: 'function',
  action: 'method',
  trigger: 'event',
};

export function semanticTokens(text: string, names: NameTable): SemanticTokens {
  const r = tokenize(text);
  const found: { line: number; char: number; length: number; type: number }[] = [];
  const push = (t: IToken, type: TokenType) => {
    const lines = t.image.split('\n');
    // A token over several lines (a block comment) is one token per line.
    lines.forEach((part, i) => {
      const length = part.replace(/\r$/, '').length;
      if (length > 0) found.push({ line: (t.startLine ?? 1) - 1 + i, char: i === 0 ? (t.startColumn ?? 1) - 1 : 0, length, type: types.indexOf(type) });
    });
  };
  for (const t of r.tokens) {
    const name = t.tokenType.name;
    if (name === 'Identifier' || name === 'QuotedIdentifier') {
      const def = names.get(name === 'QuotedIdentifier' ? t.image.slice(1, -1) : t.image)[0];
      if (def) push(t, byKind[def.kind]);
    } else if (name.startsWith('Kw_')) push(t, 'keyword');
    else if (name === 'NumberLiteral') push(t, 'number');
    else if (name === 'StringLiteral') push(t, 'string');
  }
  for (const c of r.groups['comments'] ?? []) push(c, 'comment');
  found.sort((a, b) => a.line - b.line || a.char - b.char);
  const data: number[] = [];
  let line = 0;
  let char = 0;
  for (const f of found) {
    data.push(f.line - line, f.line === line ? f.char - char : f.char, f.length, f.type, 0);
    line = f.line;
    char = f.char;
  }
  return { data };
}
