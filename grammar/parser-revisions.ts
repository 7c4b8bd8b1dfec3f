/**
 * Revisions: `revision` declarations and the `amend` and `remove` declarations that change a base
 * game part by part (compiler/revise.ts says what each does).
 *
 * One family of the parser's rules (see parser.ts for how the families make one parser).
 */
import { tokenMatcher, type IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { K, touches, recordingName, unquote } from './parser-base.ts';
import { MatchRules } from './parser-match.ts';

export abstract class RevisionRules extends MatchRules {
  protected revisionDecl = this.RULE('revisionDecl', (): A.RevisionDecl => {
    this.CONSUME(K.revision);
    const name = this.nameAt(101);
    let title: string | undefined;
    this.OPTION(() => (title = this.SUBRULE(this.str)));
    this.CONSUME(K.revises);
    const base = this.nameAt(102);
    // The base is a folder under rules/, and game folders are often named with hyphens
    // (grimoire new my-game): `revises my-game` reads `my`, `-`, `game` as one name when they
    // touch — no space between — as a folder name is written. `a - b` stays three tokens.
    const more: IToken[] = [];
    this.MANY2({
      GATE: () => touches(this.LA(0), this.LA(1)) && tokenMatcher(this.LA(1), T.Minus) && touches(this.LA(1), this.LA(2)) && (tokenMatcher(this.LA(2), T.Identifier) || tokenMatcher(this.LA(2), T.NumberLiteral)),
      DEF: () => {
        more.push(this.CONSUME(T.Minus));
        more.push(this.OR2([{ ALT: () => this.CONSUME(T.Identifier) }, { ALT: () => this.CONSUME2(T.NumberLiteral) }]));
      },
    });
    this.ACTION(() => {
      if (!more.length) return;
      base.text += more.map((t) => t.image).join('');
      const end = this.loc(more[more.length - 1]!, more[more.length - 1]!);
      base.loc = { ...base.loc, endLine: end.endLine, endCol: end.endCol, endOffset: end.endOffset };
    });
    const d: A.RevisionDecl = { kind: 'revision', name, title, base, loc: name.loc };
    this.OPTION2(() => {
      this.CONSUME(K.cite);
      d.cite = this.SUBRULE2(this.str);
    });
    this.CONSUME(T.LBrace);
    this.MANY(() =>
      this.OR([
        { ALT: () => { this.CONSUME(K.version); const v = this.SUBRULE3(this.str); this.ACTION(() => (d.version = v)); } },
        { ALT: () => { this.CONSUME2(K.cite); const c = this.SUBRULE4(this.str); this.ACTION(() => (d.cite = c)); } },
        {
          // `format NAME ["title"] level N`: a format the revision adds to the base game's.
          ALT: () => {
            const start = this.CONSUME(K.format);
            const fname = this.nameAt(103);
            let ftitle: string | undefined;
            this.OPTION3(() => (ftitle = this.SUBRULE5(this.str)));
            this.CONSUME(K.level);
            const level = this.SUBRULE(this.num);
            this.ACTION(() => (d.formats ??= []).push({ name: fname, title: ftitle, level, loc: this.loc(start) }));
          },
        },
        { ALT: () => { this.CONSUME(K.default); this.CONSUME2(K.format); const n = this.nameAt(104); this.ACTION(() => (d.defaultFormat = n)); } },
      ]),
    );
    this.CONSUME(T.RBrace);
    return d;
  });

  /** `amend <what> NAME … { … }`: see A.AmendDecl. */
  protected amendDecl = this.RULE('amendDecl', (): A.AmendDecl => {
    this.CONSUME(K.amend);
    const amend = (what: A.AmendDecl['what'], name: A.Name, rest: Partial<A.AmendDecl>): A.AmendDecl => ({ kind: 'amend', what, name, clauses: [], values: [], fields: [], ...rest, loc: name.loc });
    return this.OR<A.AmendDecl>([
      {
        ALT: () => {
          const what = this.OR2([
            { ALT: () => { this.CONSUME(K.action); return 'action' as const; } },
            { ALT: () => { this.CONSUME(K.trigger); return 'trigger' as const; } },
          ]);
          const name = this.nameAt(101);
          // The clauses are read as an action's are (the `clause` rule fills `since` and `cite` in too).
          const d: A.ActionDecl = { kind: what, name, clauses: [], loc: name.loc };
          this.SUBRULE(this.actionBody, { ARGS: [d] });
          return amend(what, name, { since: d.since, cite: d.cite, clauses: d.clauses });
        },
      },
      {
        // `amend procedure NAME [(params)] [cite "…"] { statements }`: the body replaced.
        ALT: () => {
          this.CONSUME(K.procedure);
          const name = this.nameAt(106);
          let params: A.ParamDef[] | undefined;
          this.OPTION(() => (params = this.SUBRULE(this.params)));
          const cite = this.SUBRULE3(this.citeOpt);
          const body = this.SUBRULE(this.block);
          return amend('procedure', name, { params, cite, body });
        },
      },
      {
        // `amend function NAME [(params) [: T]] [cite "…"] = expr [cite "…"]`: the expression replaced.
        ALT: () => {
          this.CONSUME(K.function);
          const name = this.nameAt(107);
          let params: A.ParamDef[] | undefined;
          let returnType: A.Name | undefined;
          this.OPTION2(() => {
            params = this.SUBRULE2(this.params);
            this.OPTION3(() => {
              this.CONSUME(T.Colon);
              returnType = this.nameAt(108);
            });
          });
          const cite = this.SUBRULE4(this.citeOpt);
          this.CONSUME(T.Equals);
          const expr = this.SUBRULE(this.expression);
          const cite2 = this.SUBRULE5(this.citeOpt);
          return amend('function', name, { params, returnType, cite: cite ?? cite2, expr });
        },
      },
      {
        // `amend check NAME [cite "…"] { statements }`.
        ALT: () => {
          this.CONSUME(K.check);
          const name = this.nameAt(109);
          const cite = this.SUBRULE6(this.citeOpt);
          const body = this.SUBRULE2(this.block);
          return amend('check', name, { cite, body });
        },
      },
      {
        // `amend setup|turn [cite "…"] { statements }`.
        ALT: () => {
          const tok = this.OR3([
            { ALT: () => this.CONSUME(K.setup) },
            { ALT: () => this.CONSUME(K.turn) },
          ]);
          const name = this.ACTION(() => this.nameFrom(tok)) ?? recordingName;
          const cite = this.SUBRULE7(this.citeOpt);
          const body = this.SUBRULE3(this.block);
          return amend(tok.image === 'turn' ? 'turn' : 'setup', name, { cite, body });
        },
      },
      {
        // `amend face T [cite "…"] { items }`: each item in place of the face's items of its key.
        ALT: () => {
          this.CONSUME(K.face);
          const name = this.nameAt(110);
          const cite = this.SUBRULE8(this.citeOpt);
          const items: A.FaceItem[] = [];
          this.CONSUME4(T.LBrace);
          this.MANY5(() => {
            const item = this.SUBRULE(this.faceItem);
            this.ACTION(() => item && items.push(item));
          });
          this.CONSUME4(T.RBrace);
          return amend('face', name, { cite, items });
        },
      },
      {
        // `amend card type NAME { fields, remove attr|state|value NAME }` (as in cardDecl: `type` followed by a name, not `:` or a title).
        GATE: () => this.LA(1).tokenType === K.card && this.LA(2).tokenType === K.type && this.LA(3).tokenType !== T.Colon && this.LA(3).tokenType !== T.StringLiteral,
        ALT: () => {
          this.CONSUME2(K.card);
          this.CONSUME(K.type);
          const name = this.nameAt(105);
          const cite = this.SUBRULE2(this.citeOpt);
          const fields: A.CardField[] = [];
          const removes: NonNullable<A.AmendDecl['removes']> = [];
          this.CONSUME3(T.LBrace);
          this.MANY4(() =>
            this.OR4([
              {
                ALT: () => {
                  const start = this.CONSUME(K.remove);
                  const what = this.OR5([
                    { ALT: () => { this.CONSUME(K.attr); return 'attr' as const; } },
                    { ALT: () => { this.CONSUME(K.state); return 'state' as const; } },
                    { ALT: () => { this.CONSUME(K.value); return 'value' as const; } },
                  ]);
                  const field = this.nameAt(111);
                  this.ACTION(() => removes.push({ what, name: field, loc: this.loc(start) }));
                },
              },
              {
                ALT: () => {
                  const f = this.SUBRULE(this.cardField);
                  this.ACTION(() => fields.push(f));
                },
              },
            ]),
          );
          this.CONSUME3(T.RBrace);
          return amend('cardType', name, { cite, fields, removes: removes.length ? removes : undefined });
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        // `amend card NAME [cite "…"] { … }`: printed values, abilities and auras (A.AmendDecl).
        ALT: () => {
          this.CONSUME(K.card);
          const name = this.nameAt(103);
          const cite = this.SUBRULE(this.citeOpt);
          const d = amend('card', name, { cite });
          this.CONSUME2(T.LBrace);
          this.MANY3(() =>
            this.OR6([
              {
                // `remove ability|aura NAME` (not a value `remove = …`).
                GATE: () => this.LA(1).tokenType === K.remove && this.LA(2).tokenType !== T.Equals,
                ALT: () => {
                  const start = this.CONSUME2(K.remove);
                  const what = this.OR7([
                    { ALT: () => { this.CONSUME(K.ability); return 'ability' as const; } },
                    { ALT: () => { this.CONSUME(K.aura); return 'aura' as const; } },
                  ]);
                  const item = this.nameAt(112);
                  this.ACTION(() => (d.removes ??= []).push({ what, name: item, loc: this.loc(start) }));
                },
              },
              {
                // `amend ability NAME [since F] [cite "…"] { clauses }`.
                GATE: () => this.LA(1).tokenType === K.amend && this.LA(2).tokenType === K.ability,
                ALT: () => {
                  const start = this.CONSUME2(K.amend);
                  this.CONSUME2(K.ability);
                  const ability = this.nameAt(113);
                  const a: A.ActionDecl = { kind: 'action', name: ability, clauses: [], loc: ability.loc };
                  this.SUBRULE2(this.actionBody, { ARGS: [a] });
                  this.ACTION(() => (d.amendAbilities ??= []).push({ ...amend('action', ability, { since: a.since, cite: a.cite, clauses: a.clauses }), loc: this.loc(start) }));
                },
              },
              {
                // `amend aura NAME { … }`: parts of one of the card's auras.
                GATE: () => this.LA(1).tokenType === K.amend && this.LA(2).tokenType === K.aura,
                ALT: () => {
                  const au = this.SUBRULE(this.auraAmend);
                  this.ACTION(() => (d.amendAuras ??= []).push(au));
                },
              },
              {
                // A whole ability or aura, `override` to replace the card's of that name.
                GATE: () => {
                  const t = this.LA(1).tokenType;
                  return (t === K.override || t === K.action || t === K.trigger || t === K.instead || t === K.aura) && this.LA(2).tokenType !== T.Equals;
                },
                ALT: () => {
                  let override = false;
                  this.OPTION4({
                    GATE: () => this.LA(1).tokenType === K.override,
                    DEF: () => {
                      this.CONSUME(K.override);
                      override = true;
                    },
                  });
                  this.OR8([
                    {
                      GATE: () => (this.LA(1).tokenType === K.action || this.LA(1).tokenType === K.trigger || this.LA(1).tokenType === K.instead) && this.LA(2).tokenType !== T.Equals,
                      ALT: () => {
                        const ability = this.SUBRULE(this.actionDecl);
                        this.ACTION(() => (d.abilities ??= []).push(override ? { ...ability, override: true } : ability));
                      },
                    },
                    {
                      GATE: () => this.LA(1).tokenType === K.aura && this.LA(2).tokenType !== T.Equals,
                      ALT: () => {
                        const aura = this.SUBRULE(this.auraDecl);
                        this.ACTION(() => (d.auras ??= []).push(override ? { ...aura, override: true } : aura));
                      },
                    },
                  ]);
                },
              },
              {
                // The printed text: `text "…"` (replaces the card's).
                GATE: () => this.LA(1).image === 'text' && this.LA(2).tokenType === T.StringLiteral,
                ALT: () => {
                  this.CONSUME(T.Identifier);
                  const tok = this.CONSUME(T.StringLiteral);
                  this.ACTION(() => (d.printed ??= []).push({ text: unquote(tok.image), loc: this.loc(tok, tok) }));
                },
              },
              {
                ALT: () => {
                  const field = this.nameAt(104);
                  this.CONSUME2(T.Equals);
                  const value = this.SUBRULE2(this.expression);
                  this.ACTION(() => d.values.push({ name: field, value }));
                },
              },
            ]),
          );
          this.CONSUME2(T.RBrace);
          return d;
        },
      },
    ]);
  });

  /** `amend aura NAME ["title"] [cite "…"] { [while …] [to <cards>] [changes] }` inside an `amend card` (A.AuraAmend). */
  protected auraAmend = this.RULE('auraAmend', (): A.AuraAmend => {
    const start = this.CONSUME(K.amend);
    this.CONSUME(K.aura);
    const name = this.nameAt(101);
    const d: A.AuraAmend = { name, changes: [], loc: name.loc };
    this.OPTION(() => (d.title = this.SUBRULE(this.str)));
    d.cite = this.SUBRULE(this.citeOpt);
    this.CONSUME(T.LBrace);
    this.OPTION2(() => {
      this.CONSUME(K.while);
      const where: NonNullable<A.AuraAmend['where']> = { zone: null };
      this.OR([
        {
          ALT: () => {
            this.CONSUME(K.in);
            this.AT_LEAST_ONE_SEP({
              SEP: T.Comma,
              DEF: () => {
                const z = this.nameAt(102);
                this.ACTION(() => {
                  if (where.zone) (where.moreZones ??= []).push(z);
                  else where.zone = z;
                });
              },
            });
          },
        },
        { ALT: () => this.CONSUME(K.attached) },
      ]);
      this.ACTION(() => (d.where = where));
    });
    this.OPTION3(() => {
      this.CONSUME(K.to);
      d.to = this.SUBRULE(this.expression);
    });
    this.MANY(() => {
      const field = this.nameAt(103);
      const op = this.SUBRULE(this.changeOp);
      const value = this.SUBRULE2(this.orExpr);
      this.ACTION(() => d.changes.push({ field, op, value }));
    });
    this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ ...d, loc: this.loc(start) })) ?? d;
  });

  protected removeDecl = this.RULE('removeDecl', (): A.RemoveDecl => {
    this.CONSUME(K.remove);
    const whatTok = this.OR([
      { ALT: () => this.CONSUME(K.action) },
      { ALT: () => this.CONSUME(K.trigger) },
      { ALT: () => this.CONSUME(K.procedure) },
      { ALT: () => this.CONSUME(K.function) },
      { ALT: () => this.CONSUME(K.card) },
      { ALT: () => this.CONSUME(K.param) },
      { ALT: () => this.CONSUME(K.check) },
      { ALT: () => this.CONSUME(K.label) },
      { ALT: () => this.CONSUME(K.format) },
      { ALT: () => this.CONSUME(K.zone) },
      { ALT: () => this.CONSUME(K.event) },
      { ALT: () => this.CONSUME(K.enum) },
      { ALT: () => this.CONSUME(K.limit) },
    ]);
    const name = this.nameAt(101);
    return { kind: 'remove', what: whatTok.image, name, loc: name.loc };
  });
}
