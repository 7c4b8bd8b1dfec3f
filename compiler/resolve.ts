/**
 * Phase 2 — resolve: the parsed files of a game (and of the game it revises) → one table of
 * declarations by kind and name. Applies `override`, `amend` and `remove` (the parts of a
 * revision: compiler/revise.ts), reports duplicates.
 * It looks inside no body: names used in expressions are resolved by the checker (lower.ts).
 */
import type * as A from '../grammar/ast.ts';
import { diag, didYouMeanNote, suggest, type Diagnostic, type DiagnosticCode, type DiagnosticText } from './diagnostics.ts';
import { msg, type MessageKey } from '../i18n/format.ts';
import { amendedAction, amendedBody, amendedCard, amendedCardType, amendedFace, overrideDrops, withoutFormat, withRevisionFormats, type Removal } from './revise.ts';

export type DeclKind = A.Decl['kind'];

export interface Declarations {
  game?: A.GameDecl;
  revision?: A.RevisionDecl;
  byKind: Map<string, Map<string, A.Decl>>;
  setup?: A.FlowDecl;
  turn?: A.FlowDecl;
  /** The game's heuristic score for agents (`evaluate = …`), if it declares one. */
  evaluate?: A.EvaluateDecl;
  /** What revisions removed (for `revision/removed-still-used`, compiler/revise.ts). */
  removals?: Removal[];
  /** What a legal deck is (`deck check { … }`), if the game declares it. */
  deckCheck?: A.DeckCheckDecl;
  /** The game's matches (`match { … }`), if it declares them. */
  match?: A.MatchDecl;
  /** The game's teams (`teams { … }`), if it declares them. */
  teams?: A.TeamsDecl;
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
  card: 'card', param: 'param', check: 'check', label: 'label', zone: 'zone', event: 'event', enum: 'enum', limit: 'limit',
};

/** The language's words for a kind of definition. */
const kindWord = (kind: string) => (kind === 'cardType' ? 'card type' : kind);

const didYouMean = (name: string, candidates: Iterable<string>): DiagnosticText[] => {
  const s = suggest(name, candidates);
  return s.length ? [didYouMeanNote(s)] : [];
};

/** The words of `single`'s diagnostics, by kind of declaration. */
const singleWords = {
  deckCheck: {
    code: 'deck/duplicate',
    nothingToOverride: 'revision/nothing-to-override.override-deck-check-needs-a',
    second: 'deck/duplicate.a-second-deck-check-a',
    otherAt: 'deck/duplicate.note.the-other-is-at',
    inRevision: 'deck/duplicate.note.in-a-revision-write-override',
    merge: 'deck/duplicate.note.merge-their-requirements-into-one',
  },
  match: {
    code: 'match/duplicate',
    nothingToOverride: 'revision/nothing-to-override.override-match-needs-a',
    second: 'match/duplicate.a-second-match-a-game',
    otherAt: 'match/duplicate.note.the-other-is-at',
    inRevision: 'match/duplicate.note.in-a-revision-write-override',
    merge: 'match/duplicate.note.merge-them-into-one',
  },
  teams: {
    code: 'teams/duplicate',
    nothingToOverride: 'revision/nothing-to-override.override-teams-needs-a',
    second: 'teams/duplicate.a-second-teams',
    otherAt: 'teams/duplicate.note.the-other-is-at',
    inRevision: 'teams/duplicate.note.in-a-revision-write-override',
    merge: 'teams/duplicate.note.merge-them-into-one',
  },
} as const satisfies Record<'deckCheck' | 'match' | 'teams', { code: DiagnosticCode; nothingToOverride: MessageKey; second: MessageKey; otherAt: MessageKey; inRevision: MessageKey; merge: MessageKey }>;

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

  /**
   * A declaration a game has at most one of — `deck check`, `match`, `teams`: a second is
   * `<kind>/duplicate` (its note says where the other is, and how to mend it); `override` replaces
   * the base game's and needs one (`revision/nothing-to-override`).
   */
  const single = (d: A.DeckCheckDecl | A.MatchDecl | A.TeamsDecl, layer: 'base' | 'own') => {
    const words = singleWords[d.kind];
    const existing = decls[d.kind];
    if (d.override) {
      if (!existing) diagnostics.push(diag('revision/nothing-to-override', d.keyword, msg(words.nothingToOverride)));
    } else if (existing) {
      const fromBase = layer === 'own' && baseFiles.has(existing.loc.file);
      diagnostics.push(
        diag(words.code, d.keyword, msg(words.second), [
          msg(words.otherAt, { file: existing.loc.file, line: existing.keyword.line, col: existing.keyword.col }),
          msg(fromBase ? words.inRevision : words.merge),
        ]),
      );
      return;
    }
    if (d.kind === 'deckCheck') decls.deckCheck = d;
    else if (d.kind === 'match') decls.match = d;
    else decls.teams = d;
  };

  const add = (d: A.Decl, layer: 'base' | 'own') => {
    if (d.kind === 'game') {
      if (layer === 'base' || !decls.game) {
        if (decls.game && layer === 'base') diagnostics.push(diag('game/duplicate', d.name.loc, msg('game/duplicate.a-second-game-declaration-the', { name: d.name.text, name2: decls.game.name.text })));
        decls.game = d;
      } else diagnostics.push(diag('game/duplicate', d.name.loc, msg('game/duplicate.a-second-game-declaration-the', { name: d.name.text, name2: decls.game.name.text })));
      return;
    }
    if (d.kind === 'revision') {
      decls.revision = d;
      if (decls.game && (d.formats?.length || d.defaultFormat)) decls.game = withRevisionFormats(decls.game, d, diagnostics);
      return;
    }
    if (d.kind === 'setup' || d.kind === 'turn') {
      if (decls[d.kind] && layer === 'own' && decls[d.kind]!.loc.file === d.loc.file && !d.override && base.length === 0) {
        diagnostics.push(diag('name/duplicate', d.loc, msg('name/duplicate.a-second-block-a-game', { kind: d.kind })));
      }
      decls[d.kind] = d;
      return;
    }
    if (d.kind === 'evaluate') {
      const existing = decls.evaluate;
      const where = existing ? `${existing.loc.file}:${existing.keyword.line}:${existing.keyword.col}` : '';
      if (d.override) {
        if (!existing) diagnostics.push(diag('revision/nothing-to-override', d.keyword, msg('revision/nothing-to-override.override-evaluate-needs-an-evaluation')));
        decls.evaluate = d;
      } else if (existing) {
        const fromBase = layer === 'own' && baseFiles.has(existing.loc.file);
        diagnostics.push(
          diag('evaluate/duplicate', d.keyword, msg('evaluate/duplicate.a-second-evaluate-a-game'), [
            msg('evaluate/duplicate.note.the-other-is-at', { where }),
            fromBase ? msg('evaluate/duplicate.note.in-a-revision-write-override') : msg('evaluate/duplicate.note.merge-them-into-one-expression'),
          ]),
        );
      } else decls.evaluate = d;
      return;
    }
    if (d.kind === 'deckCheck' || d.kind === 'match' || d.kind === 'teams') {
      single(d, layer);
      return;
    }
    if (d.kind === 'amend') {
      amend(d);
      return;
    }
    if (d.kind === 'remove') {
      if (d.what === 'format') {
        if (decls.game) decls.game = withoutFormat(decls.game, d, diagnostics, removals);
        return;
      }
      const kind = removeKinds[d.what] ?? d.what;
      const m = table(kind);
      const gone = m.get(d.name.text);
      if (!m.delete(d.name.text)) diagnostics.push(diag('revision/nothing-to-remove', d.name.loc, msg('revision/nothing-to-remove.there-is-no-to-remove', { what: d.what, name: d.name.text }), didYouMean(d.name.text, m.keys())));
      else removals.push({ what: d.what, name: d.name.text, loc: d.loc, ...(gone?.kind === 'enum' ? { with: gone.values.map((v) => v.name.text) } : {}) });
      return;
    }
    const name = nameOf(d);
    if (!name) return;
    const m = table(namespaceOf(d));
    const existing = m.get(name.text);
    if (d.override) {
      if (!existing) diagnostics.push(diag('revision/nothing-to-override', name.loc, msg('revision/nothing-to-override.override-needs-an-existing-named', { p: kindWord(d.kind), name: name.text }), didYouMean(name.text, m.keys())));
      else diagnostics.push(...overrideDrops(existing, d));
      m.set(name.text, d);
      return;
    }
    if (existing) {
      diagnostics.push(
        diag('name/duplicate', name.loc, d.kind === 'face' ? msg('name/duplicate.card-type-has-two-faces', { name: name.text }) : msg('name/duplicate.is-defined-twice', { kind: d.kind, name: name.text }), [
          msg('name/duplicate.note.the-other-definition-is-at', { file: existing.loc.file, line: existing.loc.line, col: existing.loc.col }),
          layer === 'own' && base.length > 0
            ? msg('name/duplicate.note.in-a-revision-write-override', { p: d.kind === 'cardType' ? 'card type' : d.kind })
            : d.kind === 'face' ? msg('name/duplicate.note.a-card-type-has-one') : msg('name/duplicate.note.rename-one-of-them'),
        ]),
      );
      return;
    }
    m.set(name.text, d);
  };

  const removals: Removal[] = [];
  /** `amend <what> NAME …`: the base's definition with the amend's parts (compiler/revise.ts). */
  const amend = (d: A.AmendDecl) => {
    const what = kindWord(d.what);
    if (d.what === 'setup' || d.what === 'turn') {
      const existing = decls[d.what];
      if (!existing) diagnostics.push(diag('revision/nothing-to-amend', d.name.loc, msg('revision/nothing-to-amend.the-base-game-has-no', { what: d.what })));
      else decls[d.what] = amendedBody(existing, d);
      return;
    }
    const m = table(d.what);
    const existing = m.get(d.name.text);
    if (!existing) {
      diagnostics.push(diag('revision/nothing-to-amend', d.name.loc, msg('revision/nothing-to-amend.there-is-no-to-amend', { what, name: d.name.text }), didYouMean(d.name.text, m.keys())));
      return;
    }
    switch (existing.kind) {
      case 'card':
        m.set(d.name.text, amendedCard(existing, d, diagnostics, removals));
        return;
      case 'cardType': {
        const r = amendedCardType(existing, d, diagnostics, removals);
        m.set(d.name.text, r.decl);
        // The cards of the type so far print values of attrs that are no longer printed: they are
        // kept (a diff shows no card changed) but not read. A card written or amended afterwards
        // that gives one is an error, as for any field its type does not have.
        if (r.unprinted.length) {
          const cards = table('card');
          for (const [name, c] of cards) {
            if (c.kind !== 'card' || c.type.text !== d.name.text) continue;
            const unread = c.values.filter((v) => r.unprinted.includes(v.name.text)).map((v) => v.name.text);
            if (unread.length) cards.set(name, { ...c, unread: [...new Set([...(c.unread ?? []), ...unread])] });
          }
        }
        return;
      }
      case 'face':
        m.set(d.name.text, amendedFace(existing, d));
        return;
      case 'procedure':
      case 'function':
      case 'check':
        m.set(d.name.text, amendedBody(existing, d));
        return;
      default:
        m.set(d.name.text, amendedAction(existing as A.ActionDecl, d));
    }
  };

  const baseFiles = new Set(base.map((f) => f.file));
  for (const f of base) for (const d of f.decls) add(d, 'base');
  for (const f of own) for (const d of f.decls) add(d, 'own');
  if (removals.length) decls.removals = removals;
  return { decls, diagnostics };
}

export function declsOf<K extends DeclKind>(decls: Declarations, kind: K): Extract<A.Decl, { kind: K }>[] {
  return [...(decls.byKind.get(kind)?.values() ?? [])] as Extract<A.Decl, { kind: K }>[];
}

