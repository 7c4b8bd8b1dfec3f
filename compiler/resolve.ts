/**
 * Phase 2 — resolve: the parsed files of a game (and of the game it revises) → one table of
 * declarations by kind and name. Applies `override` and `remove`, reports duplicates.
 * It looks inside no body: names used in expressions are resolved by the checker (lower.ts).
 */
import type * as A from '../grammar/ast.ts';
import { diag, type Diagnostic } from './diagnostics.ts';

export type DeclKind = A.Decl['kind'];

export interface Declarations {
  game?: A.GameDecl;
  revision?: A.RevisionDecl;
  byKind: Map<string, Map<string, A.Decl>>;
  setup?: A.FlowDecl;
  turn?: A.FlowDecl;
  /** The game's heuristic score for agents (`evaluate = …`), if it declares one. */
  evaluate?: A.EvaluateDecl;
  /** What a legal deck is (`deck check { … }`), if the game declares it. */
  deckCheck?: A.DeckCheckDecl;
}

/** Which namespace a declaration lives in (a card type and a card are different namespaces). */
function namespaceOf(d: A.Decl): string {
  switch (d.kind) {
    case 'playerState':
    case 'globalState':
    case 'requestState':
      return d.kind;
    default:
      return d.kind;
  }
}

function nameOf(d: A.Decl): A.Name | undefined {
  return 'name' in d ? (d.name as A.Name) : undefined;
}

const removeKinds: Record<string, string> = {
  action: 'action', trigger: 'trigger', procedure: 'procedure', function: 'function',
  card: 'card', param: 'param', check: 'check', label: 'label',
};

/**
 * `base` holds the files of the revised game (empty for a plain game); `own` the files of the
 * folder being compiled.
 */
export function resolveDeclarations(base: A.SourceFile[], own: A.SourceFile[]): { decls: Declarations; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const decls: Declarations = { byKind: new Map() };
  const table = (kind: string) => {
    let m = decls.byKind.get(kind);
    if (!m) decls.byKind.set(kind, (m = new Map()));
    return m;
  };

  const add = (d: A.Decl, layer: 'base' | 'own') => {
    if (d.kind === 'game') {
      if (layer === 'base' || !decls.game) {
        if (decls.game && layer === 'base') diagnostics.push(diag('game/duplicate', d.name.loc, `a second game declaration: '${d.name.text}' (the game is already '${decls.game.name.text}')`));
        decls.game = d;
      } else diagnostics.push(diag('game/duplicate', d.name.loc, `a second game declaration: '${d.name.text}' (the game is already '${decls.game.name.text}')`));
      return;
    }
    if (d.kind === 'revision') {
      decls.revision = d;
      return;
    }
    if (d.kind === 'setup' || d.kind === 'turn') {
      if (decls[d.kind] && layer === 'own' && decls[d.kind]!.loc.file === d.loc.file && !d.override && base.length === 0) {
        diagnostics.push(diag('name/duplicate', d.loc, `a second '${d.kind}' block; a game has one`));
      }
      decls[d.kind] = d;
      return;
    }
    if (d.kind === 'evaluate') {
      const existing = decls.evaluate;
      const where = existing ? `${existing.loc.file}:${existing.keyword.line}:${existing.keyword.col}` : '';
      if (d.override) {
        if (!existing) diagnostics.push(diag('revision/nothing-to-override', d.keyword, "'override evaluate' needs an evaluation in the base game, and it has none: write 'evaluate = …'"));
        decls.evaluate = d;
      } else if (existing) {
        const fromBase = layer === 'own' && baseFiles.has(existing.loc.file);
        diagnostics.push(
          diag('evaluate/duplicate', d.keyword, 'a second evaluate: a game has at most one', [
            `the other is at ${where}`,
            fromBase ? "in a revision, write 'override evaluate = …' to replace the base game's" : 'merge them into one expression',
          ]),
        );
      } else decls.evaluate = d;
      return;
    }
    if (d.kind === 'deckCheck') {
      const existing = decls.deckCheck;
      if (d.override) {
        if (!existing) diagnostics.push(diag('revision/nothing-to-override', d.keyword, "'override deck check' needs a deck check in the base game, and it has none: write 'deck check { … }'"));
        decls.deckCheck = d;
      } else if (existing) {
        const fromBase = layer === 'own' && baseFiles.has(existing.loc.file);
        diagnostics.push(
          diag('deck/duplicate', d.keyword, 'a second deck check: a game has at most one', [
            `the other is at ${existing.loc.file}:${existing.keyword.line}:${existing.keyword.col}`,
            fromBase ? "in a revision, write 'override deck check { … }' to replace the base game's" : 'merge their requirements into one',
          ]),
        );
      } else decls.deckCheck = d;
      return;
    }
    if (d.kind === 'amend') {
      const m = table(d.what);
      const existing = m.get(d.name.text);
      const what = d.what === 'cardType' ? 'card type' : d.what;
      if (!existing) diagnostics.push(diag('revision/nothing-to-amend', d.name.loc, `there is no ${what} '${d.name.text}' to amend (amend changes a definition the base game has; write a whole '${what}' to add one)`));
      else if (existing.kind === 'card') m.set(d.name.text, amendedCard(existing, d));
      else if (existing.kind === 'cardType') m.set(d.name.text, amendedCardType(existing, d));
      else m.set(d.name.text, amended(existing as A.ActionDecl, d));
      return;
    }
    if (d.kind === 'remove') {
      const kind = removeKinds[d.what] ?? d.what;
      const m = table(kind);
      if (!m.delete(d.name.text)) diagnostics.push(diag('revision/nothing-to-remove', d.name.loc, `there is no ${d.what} '${d.name.text}' to remove`));
      return;
    }
    const name = nameOf(d);
    if (!name) return;
    const m = table(namespaceOf(d));
    const existing = m.get(name.text);
    if (d.override) {
      if (!existing) diagnostics.push(diag('revision/nothing-to-override', name.loc, `'override' needs an existing ${d.kind} named '${name.text}', and there is none`));
      m.set(name.text, d);
      return;
    }
    if (existing) {
      diagnostics.push(
        diag('name/duplicate', name.loc, d.kind === 'face' ? `card type '${name.text}' has two faces` : `${d.kind} '${name.text}' is defined twice`, [
          `the other definition is at ${existing.loc.file}:${existing.loc.line}:${existing.loc.col}`,
          layer === 'own' && base.length > 0
            ? `in a revision, write 'override ${d.kind === 'cardType' ? 'card type' : d.kind} …' to replace it`
            : d.kind === 'face' ? 'a card type has one face: merge the two, or remove one' : 'rename one of them',
        ]),
      );
      return;
    }
    m.set(name.text, d);
  };

  const baseFiles = new Set(base.map((f) => f.file));
  for (const f of base) for (const d of f.decls) add(d, 'base');
  for (const f of own) for (const d of f.decls) add(d, 'own');
  return { decls, diagnostics };
}

export function declsOf<K extends DeclKind>(decls: Declarations, kind: K): Extract<A.Decl, { kind: K }>[] {
  return [...(decls.byKind.get(kind)?.values() ?? [])] as Extract<A.Decl, { kind: K }>[];
}

/**
 * An action with an `amend`'s clauses in place of its clauses of the same kinds: all the base's
 * clauses of a kind the amend writes (every `when`, every `using`…) give way, at the place of the
 * first of them, to the amend's; kinds the base lacks are added at the end. Its place becomes the
 * amend's (logs and diffs point there); its cite and format gate too when the amend gives them.
 */
function amended(base: A.ActionDecl, a: A.AmendDecl): A.ActionDecl {
  const kinds = new Set(a.clauses.map((c) => c.kind));
  const placed = new Set<string>();
  const clauses: A.Clause[] = [];
  for (const c of base.clauses) {
    if (!kinds.has(c.kind)) clauses.push(c);
    else if (!placed.has(c.kind)) {
      placed.add(c.kind);
      clauses.push(...a.clauses.filter((x) => x.kind === c.kind));
    }
  }
  for (const c of a.clauses) if (!placed.has(c.kind)) clauses.push(c);
  return { ...base, name: a.name, clauses, cite: a.cite ?? base.cite, since: a.since ?? base.since, loc: a.loc, override: true };
}

/** A card with an `amend card`'s values in place of its values of the same names (others kept, new ones added). */
function amendedCard(base: A.CardDecl, a: A.AmendDecl): A.CardDecl {
  const names = new Set(a.values.map((v) => v.name.text));
  return { ...base, name: a.name, values: [...base.values.filter((v) => !names.has(v.name.text)), ...a.values], cite: a.cite ?? base.cite, loc: a.loc, override: true };
}

/** A card type with an `amend card type`'s fields in place of its fields of the same names (others kept, new ones added). */
function amendedCardType(base: A.CardTypeDecl, a: A.AmendDecl): A.CardTypeDecl {
  const byName = new Map(a.fields.map((f) => [f.name.text, f]));
  const fields = base.fields.map((f) => byName.get(f.name.text) ?? f);
  for (const f of a.fields) if (!base.fields.some((x) => x.name.text === f.name.text)) fields.push(f);
  return { ...base, name: a.name, fields, cite: a.cite ?? base.cite, loc: a.loc, override: true };
}
