/**
 * How a revision changes its base, part by part (docs/language.md "Revisions"): the `amend`s of
 * every kind (an action's clauses, a procedure's, function's, check's, setup's or turn's body, a
 * card's values, abilities and auras, a card type's fields, a face's items), formats added and
 * removed, the warning for a whole `override` that drops what the base's definition has, and the
 * one error that says a removed thing is still used, at the `remove`, naming every use.
 *
 * Pure functions over ASTs: each returns a new node and never changes the base's (an editor
 * keeps the base's parses between checks).
 */
import type * as A from '../grammar/ast.ts';
import { clausesOf } from '../grammar/repeats.ts';
import { diag, didYouMeanNote, suggest, type Diagnostic, type DiagnosticText } from './diagnostics.ts';
import { msg } from '../i18n/format.ts';

const didYouMean = (name: string, candidates: Iterable<string>): DiagnosticText[] => {
  const s = suggest(name, candidates);
  return s.length ? [didYouMeanNote(s)] : [];
};

const at = (loc: A.Loc) => `${loc.file}:${loc.line}:${loc.col}`;
const article = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

/** Something a revision removed, for `revision/removed-still-used`: the name its uses are written with. */
export interface Removal {
  /** What the language calls it: `procedure`, `format`, `field`, `ability`, … */
  what: string;
  /** The name as a use writes it (a field: its name after the `.`). */
  name: string;
  /** The `remove` (or the amend that removed it). */
  loc: A.Loc;
  /** The card type, for a field: only uses of a field are folded. */
  of?: string;
  /** Other names that go with it (an enum's values): their uses are uses of it. */
  with?: string[];
}

// ------------------------------------------------------------------ actions and bodies

/**
 * An action with an `amend`'s clauses in place of its clauses of the same kinds: all the base's
 * clauses of a kind the amend writes (every `when`, every `using`…) give way, at the place of the
 * first of them, to the amend's; kinds the base lacks are added at the end. Its place becomes the
 * amend's (logs and diffs point there); its cite and format gate too when the amend gives them.
 */
export function amendedAction(base: A.ActionDecl, a: A.AmendDecl): A.ActionDecl {
  const kinds = new Set(a.clauses.map((c) => c.kind));
  const placed = new Set<string>();
  const clauses: A.Clause[] = [];
  for (const c of clausesOf(base)) {
    if (!kinds.has(c.kind)) clauses.push(c);
    else if (!placed.has(c.kind)) {
      placed.add(c.kind);
      clauses.push(...a.clauses.filter((x) => x.kind === c.kind));
    }
  }
  for (const c of a.clauses) if (!placed.has(c.kind)) clauses.push(c);
  // No longer a copy of a repeated ability (grammar/repeats.ts): its clauses are its own, and new.
  const { moved: _moved, ...own } = base;
  return { ...own, name: { text: base.name.text, loc: a.name.loc }, clauses, cite: a.cite ?? base.cite, since: a.since ?? base.since, loc: a.loc, override: true, amended: true };
}

/**
 * A procedure, function, check, setup or turn with an amend's body: the parameters (and a
 * function's type) and the citation stay the base's unless the amend restates them. An amend that
 * restates the parameters differently must agree with every call: the checker sees the calls.
 */
export function amendedBody<D extends A.ProcedureDecl | A.FunctionDecl | A.CheckDecl | A.FlowDecl>(base: D, a: A.AmendDecl): D {
  const out = { ...base, cite: a.cite ?? base.cite, loc: a.loc, override: true, amended: true } as D;
  // A named definition's place (logs, why-not, go to definition) becomes the amend's, as an amended action's.
  if ('name' in out) (out as { name: A.Name }).name = { text: (base as { name: A.Name }).name.text, loc: a.name.loc };
  if (base.kind === 'function') {
    const f = out as A.FunctionDecl;
    f.body = a.expr!;
    f.params = a.params ?? base.params;
    f.returnType = a.returnType ?? base.returnType;
  } else {
    (out as A.ProcedureDecl | A.CheckDecl | A.FlowDecl).body = a.body!;
    if (base.kind === 'procedure') (out as A.ProcedureDecl).params = a.params ?? base.params;
  }
  return out;
}

// ------------------------------------------------------------------ cards

/** The names a card's abilities go by: its own, and those of its template uses. */
function abilityNames(card: A.CardDecl): string[] {
  return [...card.abilities.map((x) => x.name.text), ...(card.uses ?? []).map((u) => u.name.text)];
}

/**
 * A card after an `amend card`: its values of the amend's names replaced (others kept, new ones
 * added), abilities and auras removed, amended, replaced (`override`) or added, its printed text
 * replaced. Mistakes (a name the card does not have) are reported at the amend, with the names it has.
 */
export function amendedCard(base: A.CardDecl, a: A.AmendDecl, diagnostics: Diagnostic[], removals: Removal[]): A.CardDecl {
  const names = new Set(a.values.map((v) => v.name.text));
  let abilities = [...base.abilities];
  let uses = [...(base.uses ?? [])];
  let auras = [...base.auras];
  const card = `card '${base.name.text}'`;
  for (const r of a.removes ?? []) {
    if (r.what === 'ability') {
      const i = abilities.findIndex((x) => x.name.text === r.name.text);
      const j = uses.findIndex((u) => u.name.text === r.name.text);
      if (i >= 0) abilities = abilities.filter((_, k) => k !== i);
      else if (j >= 0) uses = uses.filter((_, k) => k !== j);
      else {
        diagnostics.push(diag('revision/nothing-to-remove', r.name.loc, msg('revision/nothing-to-remove.has-no-ability-to-remove', { card, name: r.name.text }), [...didYouMean(r.name.text, abilityNames(base)), msg('revision/nothing-to-remove.note.its-abilities', { p: abilityNames(base).join(', ') || 'none' })]));
        continue;
      }
      removals.push({ what: 'ability', name: `${base.name.text}.${r.name.text}`, loc: r.loc });
    } else if (r.what === 'aura') {
      const i = auras.findIndex((x) => x.name.text === r.name.text);
      if (i < 0) diagnostics.push(diag('revision/nothing-to-remove', r.name.loc, msg('revision/nothing-to-remove.has-no-aura-to-remove', { card, name: r.name.text }), [...didYouMean(r.name.text, base.auras.map((x) => x.name.text)), msg('revision/nothing-to-remove.note.its-auras', { p: base.auras.map((x) => x.name.text).join(', ') || 'none' })]));
      else auras = auras.filter((_, k) => k !== i);
    }
  }
  for (const m of a.amendAbilities ?? []) {
    const i = abilities.findIndex((x) => x.name.text === m.name.text);
    const use = uses.find((u) => u.name.text === m.name.text);
    if (i >= 0) abilities[i] = amendedAction(abilities[i]!, m);
    else if (use) diagnostics.push(diag('revision/nothing-to-amend', m.name.loc, msg('revision/nothing-to-amend.s-ability-is-written-with', { card, name: m.name.text, template: use.template.text }), [msg('revision/nothing-to-amend.note.remove-ability-and-write-the', { name: m.name.text })]));
    else diagnostics.push(diag('revision/nothing-to-amend', m.name.loc, msg('revision/nothing-to-amend.has-no-ability-to-amend', { card, name: m.name.text }), [...didYouMean(m.name.text, abilityNames(base)), msg('revision/nothing-to-amend.note.its-abilities-write-a-whole', { p: abilityNames(base).join(', ') || 'none' })]));
  }
  for (const m of a.amendAuras ?? []) {
    const i = auras.findIndex((x) => x.name.text === m.name.text);
    if (i < 0) diagnostics.push(diag('revision/nothing-to-amend', m.name.loc, msg('revision/nothing-to-amend.has-no-aura-to-amend', { card, name: m.name.text }), [...didYouMean(m.name.text, base.auras.map((x) => x.name.text)), msg('revision/nothing-to-amend.note.its-auras-write-a-whole', { p: base.auras.map((x) => x.name.text).join(', ') || 'none' })]));
    else auras[i] = amendedAura(auras[i]!, m);
  }
  for (const ab of a.abilities ?? []) {
    const i = abilities.findIndex((x) => x.name.text === ab.name.text);
    const taken = i >= 0 || uses.some((u) => u.name.text === ab.name.text);
    if (ab.override) {
      if (i < 0) {
        diagnostics.push(diag('revision/nothing-to-override', ab.name.loc, msg('revision/nothing-to-override.has-no-ability-to-override', { card, name: ab.name.text }), [...didYouMean(ab.name.text, abilityNames(base)), msg('revision/nothing-to-override.note.without-override-the-ability-is')]));
        continue;
      }
      diagnostics.push(...overrideDrops(abilities[i]!, ab, `${base.name.text}'s ability`));
      abilities[i] = ab;
    } else if (taken) {
      diagnostics.push(diag('name/duplicate', ab.name.loc, msg('name/duplicate.already-has-an-ability', { card, name: ab.name.text }), [msg('name/duplicate.note.write-amend-ability-to-change', { name: ab.name.text, kind: ab.kind })]));
    } else abilities.push(ab);
  }
  for (const au of a.auras ?? []) {
    const i = auras.findIndex((x) => x.name.text === au.name.text);
    if (au.override) {
      if (i < 0) diagnostics.push(diag('revision/nothing-to-override', au.name.loc, msg('revision/nothing-to-override.has-no-aura-to-override', { card, name: au.name.text }), [...didYouMean(au.name.text, base.auras.map((x) => x.name.text)), msg('revision/nothing-to-override.note.without-override-the-aura-is')]));
      else auras[i] = au;
    } else if (i >= 0) {
      diagnostics.push(diag('name/duplicate', au.name.loc, msg('name/duplicate.already-has-an-aura', { card, name: au.name.text }), [msg('name/duplicate.note.write-override-aura-to-replace', { name: au.name.text })]));
    } else auras.push(au);
  }
  return {
    ...base,
    name: { text: base.name.text, loc: a.name.loc },
    values: [...base.values.filter((v) => !names.has(v.name.text)), ...a.values],
    abilities,
    auras,
    uses: base.uses ? uses : undefined,
    printed: a.printed ?? base.printed,
    // A value the amend prints is read (or, if its attr is gone, an error): it is no longer an unread one.
    unread: base.unread?.filter((n) => !names.has(n)),
    cite: a.cite ?? base.cite,
    loc: a.loc,
    override: true,
    amended: true,
  };
}

/**
 * An aura with an `amend aura`'s parts: where it works and the cards it changes when written, and
 * each change of a value in place of the aura's changes of that value (at the first's place; a
 * value it did not change is added). Its place becomes the amend's.
 */
export function amendedAura(base: A.AuraDecl, a: A.AuraAmend): A.AuraDecl {
  const fields = new Set(a.changes.map((c) => c.field.text));
  const placed = new Set<string>();
  const changes: A.ValueChange[] = [];
  for (const c of base.changes) {
    if (!fields.has(c.field.text)) changes.push(c);
    else if (!placed.has(c.field.text)) {
      placed.add(c.field.text);
      changes.push(...a.changes.filter((x) => x.field.text === c.field.text));
    }
  }
  for (const c of a.changes) if (!placed.has(c.field.text)) changes.push(c);
  const out: A.AuraDecl = { ...base, name: { text: base.name.text, loc: a.name.loc }, changes, title: a.title ?? base.title, cite: a.cite ?? base.cite, to: a.to ?? base.to, loc: a.loc, amended: true };
  if (a.where) {
    out.zone = a.where.zone;
    out.moreZones = a.where.moreZones;
  }
  return out;
}

/**
 * A card type after an `amend card type`: its fields of the amend's names replaced (an attr may
 * become a `value`, derived), new ones added, `remove attr|state|value x` ones gone. The names of
 * the attrs that cards no longer print (removed, or no longer attrs) are returned: the printed
 * values of them on the cards of the type are kept unread (resolve.ts, CardDecl.unread).
 */
export function amendedCardType(base: A.CardTypeDecl, a: A.AmendDecl, diagnostics: Diagnostic[], removals: Removal[]): { decl: A.CardTypeDecl; unprinted: string[] } {
  const byName = new Map(a.fields.map((f) => [f.name.text, f]));
  let fields = base.fields.map((f) => byName.get(f.name.text) ?? f);
  for (const f of a.fields) if (!base.fields.some((x) => x.name.text === f.name.text)) fields.push(f);
  const unprinted = base.fields.filter((f) => f.kind === 'attr' && byName.get(f.name.text) && byName.get(f.name.text)!.kind !== 'attr').map((f) => f.name.text);
  for (const r of a.removes ?? []) {
    const f = fields.find((x) => x.name.text === r.name.text);
    if (!f) {
      diagnostics.push(diag('revision/nothing-to-remove', r.name.loc, msg('revision/nothing-to-remove.card-type-has-no-field', { name: base.name.text, name2: r.name.text }), didYouMean(r.name.text, fields.map((x) => x.name.text))));
      continue;
    }
    if (f.kind !== r.what) {
      diagnostics.push(diag('revision/nothing-to-remove', r.name.loc, msg('revision/nothing-to-remove.is-of-card-type-not', { name: r.name.text, p: article(f.kind), name2: base.name.text, p2: article(r.what) }), [msg('revision/nothing-to-remove.note.write-remove', { kind: f.kind, name: r.name.text })]));
      continue;
    }
    fields = fields.filter((x) => x !== f);
    if (f.kind === 'attr') unprinted.push(f.name.text);
    removals.push({ what: 'field', name: r.name.text, loc: r.loc, of: base.name.text });
  }
  return { decl: { ...base, name: { text: base.name.text, loc: a.name.loc }, fields, cite: a.cite ?? base.cite, loc: a.loc, override: true, amended: true }, unprinted };
}

// ------------------------------------------------------------------ faces

/** What an item of a face is matched by: a region by its word, `colour`, `show <field>`, `frame`. */
export function faceKey(item: A.FaceItem): string {
  switch (item.kind) {
    case 'region':
      return item.region.word;
    case 'show':
      return `show ${item.field.text}`;
    default:
      return item.kind;
  }
}

/** A face with an amend's items in place of its items of the same keys (all of a key give way, at the first's place); new keys added. */
export function amendedFace(base: A.FaceDecl, a: A.AmendDecl): A.FaceDecl {
  const given = a.items ?? [];
  const keys = new Set(given.map(faceKey));
  const placed = new Set<string>();
  const items: A.FaceItem[] = [];
  for (const item of base.items) {
    const k = faceKey(item);
    if (!keys.has(k)) items.push(item);
    else if (!placed.has(k)) {
      placed.add(k);
      items.push(...given.filter((x) => faceKey(x) === k));
    }
  }
  for (const item of given) if (!placed.has(faceKey(item))) items.push(item);
  return { ...base, name: { text: base.name.text, loc: a.name.loc }, items, cite: a.cite ?? base.cite, loc: a.loc, override: true, amended: true };
}

// ------------------------------------------------------------------ formats

/** The base game with a revision's formats added and its default replaced. */
export function withRevisionFormats(game: A.GameDecl, r: A.RevisionDecl, diagnostics: Diagnostic[]): A.GameDecl {
  const formats = [...game.formats];
  for (const f of r.formats ?? []) {
    const same = formats.find((x) => x.name.text === f.name.text);
    if (same) {
      diagnostics.push(diag('name/duplicate', f.name.loc, msg('name/duplicate.the-game-already-has-a', { name: f.name.text }), [msg('name/duplicate.note.it-is-at', { p: at(same.loc) }), msg('name/duplicate.note.a-revision-adds-formats-of')]));
      continue;
    }
    formats.push(f);
  }
  return { ...game, formats, defaultFormat: r.defaultFormat ?? game.defaultFormat };
}

/**
 * The game without the format `remove format NAME` names (an error with the formats it has if
 * there is none). A removed format is a way to play that is gone, not the rules it gates: a
 * definition gated `since NAME` keeps the removed format's level (lower.ts), so nothing changes in
 * the formats that remain; only the game's `default format` may not name it.
 */
export function withoutFormat(game: A.GameDecl, d: A.RemoveDecl, diagnostics: Diagnostic[], removals: Removal[]): A.GameDecl {
  if (!game.formats.some((f) => f.name.text === d.name.text)) {
    const names = game.formats.map((f) => f.name.text);
    diagnostics.push(diag('revision/nothing-to-remove', d.name.loc, msg('revision/nothing-to-remove.there-is-no-format-to', { name: d.name.text }), [...didYouMean(d.name.text, names), names.length ? msg('revision/nothing-to-remove.note.the-formats', { p: names.join(', ') }) : msg('revision/nothing-to-remove.note.the-game-declares-no-format')]));
    return game;
  }
  removals.push({ what: 'format', name: d.name.text, loc: d.loc });
  return { ...game, formats: game.formats.filter((f) => f.name.text !== d.name.text), removedFormats: [...(game.removedFormats ?? []), game.formats.find((f) => f.name.text === d.name.text)!] };
}

// ------------------------------------------------------------------ whole overrides

/**
 * `revision/override-drops`: a whole `override` that lacks something its base's definition has —
 * a clause kind of an action (its limit, its tags), a value, ability, aura or printed text of a
 * card, a field of a card type, an item of a face. There is no history at compile time, so this
 * is the check that stands for "the base changed after the revision was written": an override
 * restates a copy of the base, and whatever the base has that the copy lacks is dropped, silently,
 * whether the author meant it or the base gained it later. The note suggests `amend`.
 */
export function overrideDrops(base: A.Decl | A.ActionDecl, over: A.Decl | A.ActionDecl, label?: string): Diagnostic[] {
  const lost: string[] = [];
  const missing = (kind: string, have: string[], keep: string[]) => {
    for (const x of have) if (!keep.includes(x)) lost.push(`${kind} ${x}`);
  };
  if ((base.kind === 'action' || base.kind === 'trigger' || base.kind === 'instead') && base.kind === over.kind) {
    const o = over as A.ActionDecl;
    const kinds = (d: A.ActionDecl) => [...new Set(clausesOf(d).map((c) => clauseWord[c.kind] ?? c.kind))];
    missing('its', kinds(base).map((k) => `\`${k}\``), kinds(o).map((k) => `\`${k}\``));
    if (base.since && !o.since) lost.push(`its format gate \`since ${base.since.text}\``);
  } else if (base.kind === 'card' && over.kind === 'card') {
    missing('the value', base.values.map((v) => v.name.text), over.values.map((v) => v.name.text));
    missing('the ability', abilityNames(base), abilityNames(over));
    missing('the aura', base.auras.map((x) => x.name.text), over.auras.map((x) => x.name.text));
    missing('the state', (base.states ?? []).map((x) => x.name.text), (over.states ?? []).map((x) => x.name.text));
    if (base.printed?.length && !over.printed?.length) lost.push('its printed text');
  } else if (base.kind === 'cardType' && over.kind === 'cardType') {
    missing('the field', base.fields.map((f) => f.name.text), over.fields.map((f) => f.name.text));
  } else if (base.kind === 'face' && over.kind === 'face') {
    missing('the item', [...new Set(base.items.map(faceKey))], over.items.map(faceKey));
  } else if (base.kind === 'zone' && over.kind === 'zone') {
    if (base.capacity !== undefined && over.capacity === undefined) lost.push(`its capacity ${base.capacity}`);
  }
  if (!lost.length) return [];
  const name = (over as { name: A.Name }).name;
  const kind = label ?? (over.kind === 'cardType' ? 'card type' : over.kind);
  const amendable = ['action', 'trigger', 'card', 'cardType', 'face'].includes(over.kind) || label !== undefined;
  return [
    diag(
      'revision/override-drops',
      name.loc,
      msg('revision/override-drops.this-override-of-drops-what', { kind, name: name.text, p: lost.join(', ') }),
      [
        msg('revision/override-drops.note.the-base-s-definition-is', { p: at((base as { loc: A.Loc }).loc) }),
        amendable
          ? msg('revision/override-drops.note.to-change-only-part-of', { p: label ? 'ability' : kind, name: name.text })
          : msg('revision/override-drops.note.restate-what-it-drops-if'),
      ],
      'warning',
    ),
  ];
}

const clauseWord: Record<string, string> = { whileIn: 'while in', using: 'using', target: 'target' };

// ------------------------------------------------------------------ removed, and still used

/** The diagnostic codes by which a use of a removed thing is reported where it is written: a name, a member (a field). */
const NAME_CODES = new Set(['name/unknown', 'format/unknown']);
const MEMBER_CODES = new Set(['type/not-a-member', 'type/not-assignable', 'card/unknown-attr']);

/**
 * `revision/removed-still-used`: the errors at the uses of something a revision removed (an
 * unknown procedure, format, field …, at the base's text) become one error at the `remove`, in
 * the revision, naming every use (the first 12, then how many more).
 */
export function foldRemovedUses(diagnostics: Diagnostic[], removals: Removal[], sources: readonly { path: string; text: string }[]): Diagnostic[] {
  if (!removals.length) return diagnostics;
  // The name a diagnostic stands on, as written (a quoted name without its backticks: `` `power` = 3 ``).
  const text = (d: Diagnostic) => {
    const t = sources.find((s) => s.path === d.loc.file)?.text.slice(d.loc.offset, d.loc.endOffset);
    return t !== undefined && t.length > 2 && t.startsWith('`') && t.endsWith('`') ? t.slice(1, -1) : t;
  };
  const uses = new Map<Removal, Diagnostic[]>();
  const rest: Diagnostic[] = [];
  for (const d of diagnostics) {
    // A field is used as a member (`c.ready`), a zone as a name or a member (`stage`, `p.hand`), the rest as names.
    const codes = (what: string) => (code: string) => (what === 'field' ? MEMBER_CODES.has(code) : what === 'zone' ? MEMBER_CODES.has(code) || NAME_CODES.has(code) : NAME_CODES.has(code));
    const name = d.severity === 'error' ? text(d) : undefined;
    const r = name !== undefined ? removals.find((x) => codes(x.what)(d.code) && (x.name === name || !!x.with?.includes(name))) : undefined;
    if (r) uses.set(r, [...(uses.get(r) ?? []), d]);
    else rest.push(d);
  }
  const folded: Diagnostic[] = [];
  for (const [r, all] of uses) {
    const list = [...all].sort((x, y) => x.loc.file.localeCompare(y.loc.file) || x.loc.offset - y.loc.offset);
    const what = r.of ? `field '${r.name}' of card type '${r.of}'` : `${r.what} '${r.name}'`;
    const shown: DiagnosticText[] = list.slice(0, 12).map((d) => msg('revision/removed-still-used.note.still-used-at', { where: at(d.loc) }));
    if (list.length > 12) shown.push(msg('revision/removed-still-used.note.and-more', { count: list.length - 12 }));
    folded.push(diag('revision/removed-still-used', r.loc, msg('revision/removed-still-used.the-is-removed-but-it', { what, count: list.length }), [...shown, r.what === 'format' ? msg('revision/removed-still-used.note.a-definition-gated-since-keeps', { name: r.name }) : msg('revision/removed-still-used.note.change-or-remove-each-use')]));
  }
  return [...folded, ...rest];
}
