/**
 * What one version of a game changes against another (`grimoire diff`): definitions added,
 * removed and changed — compared as parsed, so a new comment or a moved line is no change — each
 * with its source text and its citation, and the rule parameters whose default reading changed.
 * Works on two resolved games (compile.ts `resolveGame`): a revision against its base, a chain's
 * two ends, or two unrelated versions.
 */
import type * as A from '../grammar/ast.ts';
import type { SourceText } from './compile.ts';
import type { Declarations } from './resolve.ts';

export interface ResolvedVersion {
  name: string;
  decls: Declarations;
  sources: SourceText[];
}

export interface DefinitionSide {
  /** The definition as written, from its first word to its end. */
  text: string;
  file: string;
  line: number;
  /** Its citation (the first `cite "…"` of its text), or null. */
  cite: string | null;
}

export interface DefinitionChange {
  /** The kind as the language writes it: `action`, `card`, `param`, `card type`, `zone`, … */
  kind: string;
  name: string;
  change: 'added' | 'removed' | 'changed';
  before: DefinitionSide | null;
  after: DefinitionSide | null;
}

export interface ParamChange {
  name: string;
  before: string;
  after: string;
}

export interface GameDiff {
  from: string;
  to: string;
  definitions: DefinitionChange[];
  /** Parameters in both versions whose default reading differs. */
  params: ParamChange[];
}

/** The language's word for a declaration kind. */
const KIND_WORDS: Record<string, string> = { cardType: 'card type', playerState: 'player state', globalState: 'global state', requestState: 'request state', deckCheck: 'deck check' };
const kindWord = (kind: string) => KIND_WORDS[kind] ?? kind;

/** Keys of the AST that say where, not what: two definitions equal but for them are the same. */
const PLACE_KEYS = new Set(['loc', 'keyword', 'override', 'file', 'line', 'col', 'offset', 'endLine', 'endCol', 'endOffset']);

function shape(d: A.Decl): string {
  return JSON.stringify(d, (k, v) => (PLACE_KEYS.has(k) ? undefined : v));
}

const sliceOf = (loc: A.Loc, sources: SourceText[]) => sources.find((s) => s.path === loc.file)?.text.slice(loc.offset, loc.endOffset) ?? '';

/**
 * A definition's text as it stands. An action or trigger is rebuilt from its header and each
 * clause's own text: after an `amend`, its clauses come from two files (the base's and the
 * revision's), and the text a reader compares is the action as it now is, not the amend alone.
 */
function sideOf(d: A.Decl, sources: SourceText[]): DefinitionSide {
  const loc = (d as { loc: A.Loc }).loc;
  let text = sliceOf(loc, sources);
  if (d.kind === 'action' || d.kind === 'trigger') {
    const header = `${d.kind} ${d.name.text}${d.title !== undefined ? ` ${JSON.stringify(d.title)}` : ''}${d.since ? ` since ${d.since.text}` : ''}`;
    const cite = d.cite !== undefined ? `\n  cite ${JSON.stringify(d.cite)}` : '';
    const clauses = d.clauses.map((c) => `  ${sliceOf(c.loc, sources).replace(/\n[ \t]*/g, (m) => `\n${m.length > 1 ? '  ' + m.slice(1).replace(/^ {2}/, '') : '  '}`)}`);
    text = `${header}${cite}\n{\n${clauses.join('\n')}\n}`;
  }
  const cite = d.cite ?? /\bcite\s+"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? null;
  return { text, file: loc.file, line: loc.line, cite };
}

/**
 * A card or card type after an `amend card` / `amend card type`: its parts come from two files,
 * so it is written out part by part (values and fields one a line, then its text, states,
 * template uses, abilities and auras), as its base is when the two are compared — then a
 * changelog shows `rank = 1` → `rank = 14`, not the whole card gone and the amend added.
 */
function partsText(d: A.CardDecl | A.CardTypeDecl, sources: SourceText[]): string {
  const slice = (loc: A.Loc) => sliceOf(loc, sources).replace(/\n[ \t]*/g, '\n    ');
  const cite = d.cite !== undefined ? ` cite ${JSON.stringify(d.cite)}` : '';
  if (d.kind === 'cardType') return `card type ${d.name.text}${cite} {\n${d.fields.map((f) => `  ${slice(f.loc)}`).join('\n')}\n}`;
  const lines = [
    ...d.values.map((v) => `${v.name.text} = ${slice(v.value.loc)}`),
    ...(d.printed ?? []).map((p) => `text ${slice(p.loc)}`),
    ...(d.states ?? []).map((s) => slice(s.loc)),
    ...(d.uses ?? []).map((u) => slice(u.loc)),
    ...d.abilities.map((a) => slice(a.loc)),
    ...d.auras.map((a) => slice(a.loc)),
  ];
  return `card ${d.name.text}${d.title !== undefined ? ` ${JSON.stringify(d.title)}` : ''}: ${d.type.text}${cite} {\n${lines.map((l) => `  ${l}`).join('\n')}\n}`;
}

/** Whether a card or card type is an `amend`'s result (its place is the amend's text). */
function isAmended(d: A.Decl, sources: SourceText[]): d is A.CardDecl | A.CardTypeDecl {
  return (d.kind === 'card' || d.kind === 'cardType') && /^amend\b/.test(sliceOf((d as { loc: A.Loc }).loc, sources));
}

/** Both sides of a changed definition: an amended card or card type is written part by part on both. */
function sidesOf(x: A.Decl, from: SourceText[], y: A.Decl, to: SourceText[]): [DefinitionSide, DefinitionSide] {
  const before = sideOf(x, from);
  const after = sideOf(y, to);
  if ((x.kind === 'card' || x.kind === 'cardType') && x.kind === y.kind && (isAmended(x, from) || isAmended(y, to))) {
    before.text = partsText(x as A.CardDecl | A.CardTypeDecl, from);
    after.text = partsText(y as A.CardDecl | A.CardTypeDecl, to);
  }
  return [before, after];
}

/** Every named definition of a version, keyed `kind name`, and its unnamed blocks (setup, turn, evaluate, deck check). */
function definitionsOf(v: ResolvedVersion): Map<string, { kind: string; name: string; decl: A.Decl }> {
  const out = new Map<string, { kind: string; name: string; decl: A.Decl }>();
  for (const [kind, table] of v.decls.byKind) for (const [name, decl] of table) out.set(`${kind} ${name}`, { kind, name, decl });
  for (const block of ['setup', 'turn', 'evaluate', 'deckCheck'] as const) {
    const d = v.decls[block];
    if (d) out.set(`${block} `, { kind: block, name: '', decl: d });
  }
  return out;
}

/** The default of a `param` declaration, as written. */
function paramDefault(d: A.Decl, sources: SourceText[]): string {
  const text = sideOf(d, sources).text;
  return /=\s*("(?:[^"\\]|\\.)*"|[^\s]+)/.exec(text)?.[1] ?? '';
}

export function diffGames(from: ResolvedVersion, to: ResolvedVersion): GameDiff {
  const a = definitionsOf(from);
  const b = definitionsOf(to);
  const definitions: DefinitionChange[] = [];
  for (const [key, x] of a) {
    const y = b.get(key);
    if (!y) definitions.push({ kind: kindWord(x.kind), name: x.name, change: 'removed', before: sideOf(x.decl, from.sources), after: null });
    else if (shape(x.decl) !== shape(y.decl)) {
      const [before, after] = sidesOf(x.decl, from.sources, y.decl, to.sources);
      definitions.push({ kind: kindWord(x.kind), name: x.name, change: 'changed', before, after });
    }
  }
  for (const [key, y] of b) if (!a.has(key)) definitions.push({ kind: kindWord(y.kind), name: y.name, change: 'added', before: null, after: sideOf(y.decl, to.sources) });
  const order = { removed: 0, changed: 1, added: 2 };
  definitions.sort((p, q) => p.kind.localeCompare(q.kind) || order[p.change] - order[q.change] || p.name.localeCompare(q.name));
  const params: ParamChange[] = [];
  for (const [name, x] of from.decls.byKind.get('param') ?? []) {
    const y = to.decls.byKind.get('param')?.get(name);
    if (!y) continue;
    const before = paramDefault(x, from.sources);
    const after = paramDefault(y, to.sources);
    if (before !== after) params.push({ name, before, after });
  }
  return { from: from.name, to: to.name, definitions, params };
}
