/**
 * The symbol index: every definition of a game — its name, kind, title, citation and place —
 * for editors: hover (what is this, which rule says so), go to definition, completion of the
 * names in scope. Built from parsed files (the AST), so it works while other files still have
 * errors; no name is resolved here beyond "which definitions carry this name".
 */
import { labelText } from './label-text.ts';
import type * as A from '../grammar/ast.ts';
import { tokenize } from '../grammar/lexer.ts';
import { keywordWords } from '../grammar/tokens.ts';

export type SymbolKind =
  | 'game' | 'format' | 'param' | 'enum' | 'enum value' | 'label' | 'zone' | 'card type' | 'card field'
  | 'card' | 'ability' | 'player state' | 'global state' | 'request state' | 'event' | 'limit' | 'ability template' | 'function' | 'procedure' | 'action' | 'trigger';

export interface SymbolInfo {
  name: string;
  kind: SymbolKind;
  /** One line: the signature or the essentials (`zone hand per player private`). */
  detail: string;
  title?: string;
  cite?: string;
  note?: string;
  /** The value's type, where it has one: a card field's, a state's, a param's, a function's result. */
  type?: string;
  /** Whose member it is: a card field's card type; `player` for a zone each player has. */
  owner?: string;
  loc: A.Loc;
}

export interface SymbolIndex {
  /** Definitions by name; a name may have several (a card field and a function, say). */
  byName: Map<string, SymbolInfo[]>;
  all: SymbolInfo[];
}

export function indexSymbols(files: readonly A.SourceFile[]): SymbolIndex {
  const all: SymbolInfo[] = [];
  const add = (s: SymbolInfo) => all.push(s);
  // What a template makes (action, trigger, instead), so a use's detail reads like the ability it is.
  const templateKinds = new Map<string, string>();
  for (const f of files) for (const d of f.decls) if (d?.kind === 'abilityTemplate') templateKinds.set(d.name.text, d.as);
  for (const f of files) {
    for (const d of f.decls) {
      if (!d) continue;
      switch (d.kind) {
        case 'game':
          add({ name: d.name.text, kind: 'game', detail: `game ${d.name.text}`, title: d.title, cite: d.cite, loc: d.name.loc });
          for (const fm of d.formats) add({ name: fm.name.text, kind: 'format', detail: `format ${fm.name.text} level ${fm.level}`, title: fm.title, loc: fm.name.loc });
          break;
        case 'revision':
          add({ name: d.name.text, kind: 'game', detail: `revision ${d.name.text} revises ${d.base.text}`, title: d.title, cite: d.cite, loc: d.name.loc });
          for (const fm of d.formats ?? []) add({ name: fm.name.text, kind: 'format', detail: `format ${fm.name.text} level ${fm.level} (added by revision ${d.name.text})`, title: fm.title, loc: fm.name.loc });
          break;
        case 'amend':
          // What an amend adds is defined there: a card's new abilities, a card type's new fields.
          for (const ab of d.abilities ?? []) {
            add({ name: `${d.name.text}.${ab.name.text}`, kind: 'ability', detail: `${ab.kind} ${ab.name.text} of ${d.name.text}`, title: ab.title, cite: ab.cite, loc: ab.name.loc });
          }
          for (const fl of d.fields) add({ name: fl.name.text, kind: 'card field', detail: `${fl.kind} ${fl.name.text}: ${fl.type.text} (${d.name.text})`, type: fl.type.text, owner: d.name.text, loc: fl.name.loc });
          break;
        case 'param':
          add({ name: d.name.text, kind: 'param', detail: `param ${d.name.text}: ${d.type.text}`, cite: d.cite, note: d.note, type: d.type.text, loc: d.name.loc });
          break;
        case 'enum':
          add({ name: d.name.text, kind: 'enum', detail: `enum ${d.name.text} { ${d.values.map((v) => v.name.text).join(', ')} }`, cite: d.cite, loc: d.name.loc });
          for (const v of d.values) add({ name: v.name.text, kind: 'enum value', detail: `${d.name.text}.${v.name.text}`, title: v.title, loc: v.name.loc });
          break;
        case 'label':
          // A numbered label is also a number of every card (`c.王`): typed, and a member of cards.
          if (d.value) add({ name: d.name.text, kind: 'label', detail: `label ${d.name.text} value ${d.value.type.text}${d.value.default ? ` = ${printedNumber(d.value.default) ?? '…'}` : ''}`, title: d.title, cite: d.cite, type: 'number', owner: 'card', loc: d.name.loc });
          else add({ name: d.name.text, kind: 'label', detail: `label ${d.name.text}`, title: d.title, cite: d.cite, loc: d.name.loc });
          break;
        case 'zone':
          add({
            name: d.name.text,
            kind: 'zone',
            detail: `zone ${d.name.text} ${d.shared ? 'shared' : 'per player'} ${d.visibility}${d.ordered ? ' ordered' : ''}${d.attachments ? ' attachments' : ''}`,
            title: d.title,
            cite: d.cite,
            type: 'zone',
            owner: d.shared ? undefined : 'player',
            loc: d.name.loc,
          });
          break;
        case 'cardType':
          add({ name: d.name.text, kind: 'card type', detail: `card type ${d.name.text}`, cite: d.cite, loc: d.name.loc });
          for (const fl of d.fields) add({ name: fl.name.text, kind: 'card field', detail: `${fl.kind} ${fl.name.text}: ${fl.type.text} (${d.name.text})`, type: fl.type.text, owner: d.name.text, loc: fl.name.loc });
          break;
        case 'card':
          add({ name: d.name.text, kind: 'card', detail: `card ${d.name.text}: ${d.type.text} { ${d.values.map((v) => `${v.name.text} = …`).join(' ')} }`, title: d.title, cite: d.cite, note: numberedLabelsNote(d), loc: d.name.loc });
          for (const ab of d.abilities ?? []) {
            add({ name: `${d.name.text}.${ab.name.text}`, kind: 'ability', detail: `${ab.kind} ${ab.name.text} of ${d.name.text}`, title: ab.title, cite: ab.cite, loc: ab.name.loc });
          }
          // An ability written with a template (`攻 短槍 "Short spear"`) is an ability of the card too.
          for (const u of d.uses ?? []) {
            add({ name: `${d.name.text}.${u.name.text}`, kind: 'ability', detail: `${templateKinds.get(u.template.text) ?? u.template.text} ${u.name.text} of ${d.name.text} (ability template ${u.template.text})`, title: u.title, cite: u.cite, loc: u.name.loc });
          }
          break;
        case 'playerState':
        case 'globalState':
        case 'requestState': {
          const word = d.kind === 'playerState' ? 'player' : d.kind === 'globalState' ? 'global' : 'request';
          add({ name: d.name.text, kind: `${word} state`, detail: `${word} state ${d.name.text}: ${d.type.text}`, cite: d.cite, type: d.type.text, loc: d.name.loc });
          break;
        }
        case 'event':
          add({ name: d.name.text, kind: 'event', detail: `event ${d.name.text}${d.params ? `(${d.params.map((p) => `${p.name.text}: ${p.type.text}`).join(', ')})` : ''}`, title: d.title, cite: d.cite, loc: d.name.loc });
          break;
        case 'abilityTemplate':
          add({ name: d.name.text, kind: 'ability template', detail: `ability ${d.as} ${d.name.text}(${d.params.map((p) => `${p.name.text}: ${p.type.text}`).join(', ')})`, title: d.title, cite: d.cite, loc: d.name.loc });
          break;
        case 'limit':
          add({ name: d.name.text, kind: 'limit', detail: `limit ${d.name.text} ${d.count} per turn per ${d.per} on ${d.cardsOnly ? 'card ' : ''}${d.what.text}${d.cardType ? ` of ${d.cardType.text}` : ''}${d.tags.length ? ` tagged ${d.tags.map((t) => t.text).join(', ')}` : ''}`, title: d.title, cite: d.cite, loc: d.name.loc });
          break;
        case 'function':
          add({ name: d.name.text, kind: 'function', detail: `function ${d.name.text}(${d.params.map((p) => `${p.name.text}: ${p.type.text}`).join(', ')}): ${d.returnType.text}`, cite: d.cite, type: d.returnType.text, loc: d.name.loc });
          break;
        case 'procedure':
          add({ name: d.name.text, kind: 'procedure', detail: `procedure ${d.name.text}(${d.params.map((p) => `${p.name.text}: ${p.type.text}`).join(', ')})`, cite: d.cite, loc: d.name.loc });
          break;
        case 'action':
        case 'trigger':
          add({ name: d.name.text, kind: d.kind, detail: `${d.kind} ${d.name.text}${d.since ? ` since ${d.since.text}` : ''}`, title: d.title, cite: d.cite, loc: d.name.loc });
          break;
        default:
          break;
      }
    }
  }
  const byName = new Map<string, SymbolInfo[]>();
  for (const s of all) {
    const list = byName.get(s.name);
    if (list) list.push(s);
    else byName.set(s.name, [s]);
  }
  return { byName, all };
}

/** A whole number written out (`3`, `-1`); undefined for anything else. */
function printedNumber(e: A.Expr): number | undefined {
  if (e.kind === 'number') return e.value;
  if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number') return -e.operand.value;
  return undefined;
}

/**
 * The labels a card prints with a number, as a card shows them (`王（3）`), for its hover; undefined
 * when it prints none. A call with one whole number in a card's printed values can only be one.
 */
function numberedLabelsNote(d: A.CardDecl): string | undefined {
  const out: string[] = [];
  const item = (e: A.Expr) => {
    const n = e.kind === 'call' && e.args.length === 1 ? printedNumber(e.args[0]!) : undefined;
    if (e.kind === 'call' && n !== undefined) out.push(labelText(e.callee.text, n));
  };
  for (const v of d.values) {
    if (v.value.kind === 'list') v.value.items.forEach(item);
    else item(v.value);
  }
  return out.length ? `prints ${out.join(' · ')}` : undefined;
}

/** The word at a position (1-based line and column) of a file's text, with its range. */
export function wordAt(text: string, line: number, col: number): { word: string; loc: Omit<A.Loc, 'file'> } | null {
  for (const t of tokenize(text).tokens) {
    if (t.startLine === line && (t.startColumn ?? 0) <= col && (t.endColumn ?? 0) >= col) {
      if (!/Identifier|^Kw_/.test(t.tokenType.name)) return null;
      const word = t.tokenType.name === 'QuotedIdentifier' ? t.image.slice(1, -1) : t.image;
      return { word, loc: { line, col: t.startColumn ?? 1, offset: t.startOffset, endLine: t.endLine ?? line, endCol: t.endColumn ?? col, endOffset: (t.endOffset ?? t.startOffset) + 1 } };
    }
    if ((t.startLine ?? 0) > line) break;
  }
  return null;
}

/** The definitions of the name at a position (go to definition). */
export function definitionsAt(index: SymbolIndex, text: string, line: number, col: number): SymbolInfo[] {
  const w = wordAt(text, line, col);
  return w ? (index.byName.get(w.word) ?? []) : [];
}

/** Markdown for a hover: each definition's kind and signature, its title, its citation, its note. */
export function hoverAt(index: SymbolIndex, text: string, line: number, col: number): string | null {
  const defs = definitionsAt(index, text, line, col);
  if (defs.length === 0) return null;
  return defs
    .map((s) => {
      const parts = [`**${s.kind}** \`${s.detail}\``];
      if (s.title) parts.push(s.title);
      if (s.cite) parts.push(`_cite:_ ${s.cite}`);
      if (s.note) parts.push(s.note);
      parts.push(`${s.loc.file}:${s.loc.line}:${s.loc.col}`);
      return parts.join('\n\n');
    })
    .join('\n\n---\n\n');
}

export interface Completion {
  label: string;
  kind: SymbolKind | 'keyword';
  detail: string;
}

/** What may be typed here: the language's keywords and every name the game defines. */
export function completions(index: SymbolIndex, prefix = ''): Completion[] {
  const out: Completion[] = [];
  for (const k of keywordWords) if (k.startsWith(prefix)) out.push({ label: k, kind: 'keyword', detail: 'keyword' });
  const seen = new Set<string>();
  for (const s of index.all) {
    if (!s.name.startsWith(prefix) || seen.has(`${s.kind}:${s.name}`)) continue;
    seen.add(`${s.kind}:${s.name}`);
    out.push({ label: s.name, kind: s.kind, detail: s.detail });
  }
  return out;
}
