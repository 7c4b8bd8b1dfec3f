/**
 * What one version of a game changes against another (`grimoire diff`): definitions added,
 * removed and changed — compared as parsed, so a new comment or a moved line is no change — each
 * with its source text and its citation, and the rule parameters whose default reading changed.
 * Works on two resolved games (compile.ts `resolveGame`): a revision against its base, a chain's
 * two ends, or two unrelated versions.
 */
import type * as A from '../grammar/ast.ts';
import { clausesOf } from '../grammar/repeats.ts';
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
  /** What the change does besides its text (e.g. the cards whose printed values of a removed attr are no longer read). */
  notes?: string[];
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
const KIND_WORDS: Record<string, string> = { cardType: 'card type', playerState: 'player state', globalState: 'global state', requestState: 'request state', deckCheck: 'deck check', match: 'match', teams: 'teams' };
const kindWord = (kind: string) => KIND_WORDS[kind] ?? kind;

/** Keys of the AST that say where, not what: two definitions equal but for them are the same. */
const PLACE_KEYS = new Set(['loc', 'keyword', 'override', 'amended', 'unread', 'file', 'line', 'col', 'offset', 'endLine', 'endCol', 'endOffset']);

function shape(d: A.Decl): string {
  return JSON.stringify(d, (k, v) => (PLACE_KEYS.has(k) ? undefined : v));
}

const sliceOf = (loc: A.Loc, sources: SourceText[]) => sources.find((s) => s.path === loc.file)?.text.slice(loc.offset, loc.endOffset) ?? '';

/** A part of a definition as written, its lines after the first moved to `indent` (their depth under the first kept). */
function indented(loc: A.Loc, sources: SourceText[], indent: string): string {
  const lines = sliceOf(loc, sources).split('\n');
  const strip = loc.col - 1;
  return lines.map((l, i) => (i === 0 ? l : indent + l.replace(new RegExp(`^ {0,${strip}}`), ''))).join('\n');
}

/**
 * An action or trigger rebuilt from its header and each clause's own text: after an `amend`, its
 * clauses come from two files (the base's and the revision's), and the text a reader compares is
 * the action as it now is, not the amend alone.
 */
function actionText(d: A.ActionDecl, sources: SourceText[]): string {
  const header = `${d.kind} ${d.name.text}${d.title !== undefined ? ` ${JSON.stringify(d.title)}` : ''}${d.since ? ` since ${d.since.text}` : ''}`;
  const cite = d.cite !== undefined ? `\n  cite ${JSON.stringify(d.cite)}` : '';
  const clauses = clausesOf(d).map((c) => `  ${sliceOf(c.loc, sources).replace(/\n[ \t]*/g, (m) => `\n${m.length > 1 ? '  ' + m.slice(1).replace(/^ {2}/, '') : '  '}`)}`);
  return `${header}${cite}\n{\n${clauses.join('\n')}\n}`;
}

const OP_WORDS: Record<A.ChangeOp, string> = { add: 'by', mul: 'times', div: 'divided by', set: 'becomes', gain: 'gains', lose: 'loses' };

/** An aura rebuilt part by part (where it works, the cards it changes, each change), as an amended action is clause by clause. */
function auraText(a: A.AuraDecl, sources: SourceText[]): string {
  const lines: string[] = [];
  if (a.zone === null) lines.push('while attached');
  else if (a.zone) lines.push(`while in ${[a.zone, ...(a.moreZones ?? [])].map((z) => z.text).join(', ')}`);
  lines.push(`to ${sliceOf(a.to.loc, sources)}`);
  for (const c of a.changes) lines.push(`${c.field.text} ${OP_WORDS[c.op]} ${sliceOf(c.value.loc, sources)}`);
  return `aura ${a.name.text}${a.title !== undefined ? ` ${JSON.stringify(a.title)}` : ''}${citeText(a.cite)}\n{\n${lines.map((l) => `  ${l}`).join('\n')}\n}`;
}

const citeText = (cite: string | undefined) => (cite !== undefined ? ` cite ${JSON.stringify(cite)}` : '');
const paramsText = (params: A.ParamDef[]) => `(${params.map((p) => `${p.name.text}: ${p.type.text}`).join(', ')})`;

/**
 * A procedure, function, check, setup or turn rebuilt from its head and each statement's own text
 * (a function: its expression): after an `amend` its head is the base's and its body the
 * revision's, so both sides are written this way and a changelog shows the statements that changed.
 */
function bodyText(d: A.ProcedureDecl | A.FunctionDecl | A.CheckDecl | A.FlowDecl, sources: SourceText[]): string {
  if (d.kind === 'function') return `function ${d.name.text}${paramsText(d.params)}: ${d.returnType.text}${citeText(d.cite)}\n  = ${indented(d.body.loc, sources, '    ')}`;
  const head = d.kind === 'procedure' ? `procedure ${d.name.text}${paramsText(d.params)}` : d.kind === 'check' ? `check ${d.name.text}` : d.kind;
  return `${head}${citeText(d.cite)} {\n${d.body.map((st) => `  ${indented(st.loc, sources, '  ')}`).join('\n')}\n}`;
}

function sideOf(d: A.Decl, sources: SourceText[]): DefinitionSide {
  const loc = (d as { loc: A.Loc }).loc;
  let text = sliceOf(loc, sources);
  if (d.kind === 'action' || d.kind === 'trigger') text = actionText(d, sources);
  else if (d.amended && (d.kind === 'procedure' || d.kind === 'function' || d.kind === 'check' || d.kind === 'setup' || d.kind === 'turn')) text = bodyText(d, sources);
  const cite = d.cite ?? /\bcite\s+"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? null;
  return { text, file: loc.file, line: loc.line, cite };
}

/**
 * A card, card type or face after an `amend`: its parts come from two files, so it is written out
 * part by part (values and fields one a line, then its text, states, template uses, abilities and
 * auras; a face's items), as its base is when the two are compared — then a changelog shows
 * `rank = 1` → `rank = 14`, not the whole card gone and the amend added. An ability amended on
 * either side is rebuilt clause by clause on both (`rebuilt`), as an amended action is; an
 * amended aura part by part (`rebuilt` holds `aura NAME`).
 */
function partsText(d: A.CardDecl | A.CardTypeDecl | A.FaceDecl, sources: SourceText[], rebuilt: Set<string> = new Set()): string {
  const slice = (loc: A.Loc) => sliceOf(loc, sources).replace(/\n[ \t]*/g, '\n    ');
  const cite = citeText(d.cite);
  if (d.kind === 'cardType') return `card type ${d.name.text}${cite} {\n${d.fields.map((f) => `  ${slice(f.loc)}`).join('\n')}\n}`;
  if (d.kind === 'face') return `face ${d.name.text}${cite} {\n${d.items.map((i) => `  ${slice(i.loc)}`).join('\n')}\n}`;
  const lines = [
    ...d.values.map((v) => `${v.name.text} = ${slice(v.value.loc)}`),
    ...(d.printed ?? []).map((p) => `text ${slice(p.loc)}`),
    ...(d.states ?? []).map((s) => slice(s.loc)),
    // A template's use, whole (its own range is its name's): `攻 短槍 "Short spear" (ap = 2) cite "…"`.
    ...(d.uses ?? []).map((u) => `${u.template.text} ${u.name.text}${u.title !== undefined ? ` ${JSON.stringify(u.title)}` : ''}${u.args.length ? ` (${u.args.map((x) => `${x.name ? `${x.name.text} = ` : ''}${slice(x.value.loc)}`).join(', ')})` : ''}${citeText(u.cite)}`),
    ...d.abilities.map((a) => (rebuilt.has(a.name.text) ? actionText(a, sources).replace(/\n/g, '\n  ') : slice(a.loc))),
    ...d.auras.map((a) => (rebuilt.has(`aura ${a.name.text}`) ? auraText(a, sources).replace(/\n/g, '\n  ') : slice(a.loc))),
  ];
  return `card ${d.name.text}${d.title !== undefined ? ` ${JSON.stringify(d.title)}` : ''}: ${d.type.text}${cite} {\n${lines.map((l) => `  ${l}`).join('\n')}\n}`;
}

/** Both sides of a changed definition: an amended definition is written part by part on both. */
function sidesOf(x: A.Decl, from: SourceText[], y: A.Decl, to: SourceText[]): [DefinitionSide, DefinitionSide] {
  const before = sideOf(x, from);
  const after = sideOf(y, to);
  if (x.kind !== y.kind || !(x.amended || y.amended)) return [before, after];
  if (x.kind === 'card' || x.kind === 'cardType' || x.kind === 'face') {
    const amendedAbilities = (d: A.Decl) => (d.kind === 'card' ? [...d.abilities.filter((a) => a.amended).map((a) => a.name.text), ...d.auras.filter((a) => a.amended).map((a) => `aura ${a.name.text}`)] : []);
    const rebuilt = new Set([...amendedAbilities(x), ...amendedAbilities(y)]);
    before.text = partsText(x as A.CardDecl, from, rebuilt);
    after.text = partsText(y as A.CardDecl, to, rebuilt);
  } else if (x.kind === 'procedure' || x.kind === 'function' || x.kind === 'check' || x.kind === 'setup' || x.kind === 'turn') {
    before.text = bodyText(x, from);
    after.text = bodyText(y as typeof x, to);
  }
  return [before, after];
}

/** Every named definition of a version, keyed `kind name`, and its unnamed blocks (setup, turn, evaluate, deck check, match, teams). */
function definitionsOf(v: ResolvedVersion): Map<string, { kind: string; name: string; decl: A.Decl }> {
  const out = new Map<string, { kind: string; name: string; decl: A.Decl }>();
  for (const [kind, table] of v.decls.byKind) for (const [name, decl] of table) out.set(`${kind} ${name}`, { kind, name, decl });
  for (const block of ['setup', 'turn', 'evaluate', 'deckCheck', 'match', 'teams'] as const) {
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

/** A version's formats, as definitions (`format blitz "Blitz" level 2`), and its default format. */
function formatsOf(v: ResolvedVersion): Map<string, { name: string; side: DefinitionSide; shape: string }> {
  const out = new Map<string, { name: string; side: DefinitionSide; shape: string }>();
  const game = v.decls.game;
  if (!game) return out;
  for (const f of game.formats) {
    const text = `format ${f.name.text}${f.title !== undefined ? ` ${JSON.stringify(f.title)}` : ''} level ${f.level}`;
    out.set(`format ${f.name.text}`, { name: f.name.text, side: { text, file: f.loc.file, line: f.loc.line, cite: null }, shape: text });
  }
  const dflt = game.defaultFormat ?? game.formats[game.formats.length - 1]?.name;
  if (dflt) out.set('default format', { name: '', side: { text: `default format ${dflt.text}`, file: dflt.loc.file, line: dflt.loc.line, cite: null }, shape: dflt.text });
  return out;
}

/** A changed card type's attrs that cards no longer print (removed, or now a state or value): how many cards printed each. */
function unprintedNotes(x: A.Decl, y: A.Decl, from: ResolvedVersion): string[] | undefined {
  if (x.kind !== 'cardType' || y.kind !== 'cardType') return undefined;
  const notes: string[] = [];
  for (const f of x.fields) {
    if (f.kind !== 'attr') continue;
    const now = y.fields.find((g) => g.name.text === f.name.text);
    if (now?.kind === 'attr') continue;
    const cards = [...(from.decls.byKind.get('card')?.values() ?? [])].filter((c) => c.kind === 'card' && c.type.text === x.name.text && c.values.some((v) => v.name.text === f.name.text)) as A.CardDecl[];
    const how = now ? `is now ${now.kind === 'value' ? 'a derived value' : 'a state'}` : 'is removed';
    const which = cards.length ? `: the ${cards.length === 1 ? 'value' : 'values'} printed by ${cards.slice(0, 5).map((c) => c.name.text).join(', ')}${cards.length > 5 ? ` and ${cards.length - 5} more cards` : ''} ${cards.length === 1 ? 'is' : 'are'} no longer read` : '';
    notes.push(`the attr ${f.name.text} ${how}${which}`);
  }
  return notes.length ? notes : undefined;
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
      const notes = unprintedNotes(x.decl, y.decl, from);
      definitions.push({ kind: kindWord(x.kind), name: x.name, change: 'changed', before, after, ...(notes ? { notes } : {}) });
    }
  }
  for (const [key, y] of b) if (!a.has(key)) definitions.push({ kind: kindWord(y.kind), name: y.name, change: 'added', before: null, after: sideOf(y.decl, to.sources) });
  const fa = formatsOf(from);
  const fb = formatsOf(to);
  const formatKind = (key: string) => (key === 'default format' ? 'default format' : 'format');
  for (const [key, x] of fa) {
    const y = fb.get(key);
    if (!y) definitions.push({ kind: formatKind(key), name: x.name, change: 'removed', before: x.side, after: null });
    else if (x.shape !== y.shape) definitions.push({ kind: formatKind(key), name: x.name, change: 'changed', before: x.side, after: y.side });
  }
  for (const [key, y] of fb) if (!fa.has(key)) definitions.push({ kind: formatKind(key), name: y.name, change: 'added', before: null, after: y.side });
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
