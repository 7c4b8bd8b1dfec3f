/**
 * The outline of a file (document symbols): the game's names defined in it, from the same
 * symbol index the playground's completion and hover use (compiler/symbols.ts). A card's
 * abilities and a card type's fields are nested under it.
 */
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type { SymbolInfo, SymbolKind as GrimKind } from '../compiler/symbols.ts';
import type { NameTable } from '../services/names.ts';
import { rangeOfLoc } from './positions.ts';

const kinds: Record<GrimKind, SymbolKind> = {
  game: SymbolKind.Module,
  format: SymbolKind.Namespace,
  param: SymbolKind.Constant,
  enum: SymbolKind.Enum,
  'enum value': SymbolKind.EnumMember,
  label: SymbolKind.Interface,
  zone: SymbolKind.Array,
  'card type': SymbolKind.Class,
  'card field': SymbolKind.Field,
  card: SymbolKind.Object,
  ability: SymbolKind.Method,
  'player state': SymbolKind.Property,
  'global state': SymbolKind.Variable,
  'request state': SymbolKind.Property,
  event: SymbolKind.Event,
  limit: SymbolKind.Constant,
  'ability template': SymbolKind.Function,
  function: SymbolKind.Function,
  procedure: SymbolKind.Function,
  action: SymbolKind.Method,
  trigger: SymbolKind.Event,
};

const symbolOf = (s: SymbolInfo, name = s.name): DocumentSymbol => ({
  name,
  detail: s.detail,
  kind: kinds[s.kind],
  range: rangeOfLoc(s.loc),
  selectionRange: rangeOfLoc(s.loc),
});

export function documentSymbols(names: NameTable, file: string): DocumentSymbol[] {
  const own = names.all.filter((s) => s.loc.file === file).sort((a, b) => a.loc.offset - b.loc.offset);
  const parents = new Map<string, DocumentSymbol>();
  const out: DocumentSymbol[] = [];
  for (const s of own) {
    const dot = s.kind === 'ability' ? s.name.indexOf('.') : -1;
    const parentName = dot > 0 ? `card\u0000${s.name.slice(0, dot)}` : s.kind === 'card field' && s.owner ? `card type\u0000${s.owner}` : undefined;
    const parent = parentName ? parents.get(parentName) : undefined;
    if (parent) {
      const child = symbolOf(s, dot > 0 ? s.name.slice(dot + 1) : s.name);
      (parent.children ??= []).push(child);
      // The parent's range covers its children.
      if (child.range.end.line > parent.range.end.line || (child.range.end.line === parent.range.end.line && child.range.end.character > parent.range.end.character)) {
        parent.range = { start: parent.range.start, end: child.range.end };
      }
      continue;
    }
    const sym = symbolOf(s);
    if (s.kind === 'card' || s.kind === 'card type') parents.set(`${s.kind}\u0000${s.name}`, sym);
    out.push(sym);
  }
  return out;
}
