/**
 * Cards: `card` and `card type` declarations and their fields (values, labels, states, abilities,
 * auras, printed text).
 *
 * One family of the parser's rules (see parser.ts for how the families make one parser).
 */
import { tokenMatcher, type IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { format, msg } from '../i18n/format.ts';
import { K, unquote } from './parser-base.ts';
import { FaceRules } from './parser-faces.ts';
import { keepRepeat, repeatSite, type RepeatMemory } from './repeats.ts';
import { readPlainCard } from './plain-card.ts';

export abstract class CardRules extends FaceRules {
  /** Read plain cards by hand (off: chevrotain reads them too; tests compare the two). */
  plainCards = true;

  /**
   * A plain card at the next token, read by hand (plain-card.ts), the parser moved past it; null
   * (nothing read) where it is not one, or with the shortcuts off.
   */
  protected plainCard(): A.CardDecl | null {
    if (!this.shortcuts || this.repeats === null) return null;
    const r = this.plainCardAt(this.input, this.tokenIndex + 1, this.file, this.text, this.repeats, this.textOffset);
    if (!r) return null;
    this.tokenIndex = r.end;
    return r.decl;
  }

  /** The plain card whose first token is `tokens[start]`, and the index of its closing brace. */
  private plainCardAt(tokens: IToken[], start: number, file: string, text: string, repeats: RepeatMemory, textOffset: number): { decl: A.CardDecl; end: number } | null {
    const t = tokens[start];
    if (!this.plainCards || t === undefined || (t.tokenType !== K.card && t.tokenType !== K.override)) return null;
    return readPlainCard({ tokens, start, file, text, textOffset, repeats, continuesOperand: this.continuesOperand });
  }

  /**
   * A piece of a file (reparse.ts) that is one plain card and nothing else, read by hand without
   * entering the rules: what `sourceFile` gives for it (its loop's first turn reads the card with
   * `plainCard`, the second finds the end), without chevrotain's rule calls, which are most of a
   * plain card's parse. Null when the tokens are anything else; the parser is left as it was.
   */
  wholePlainCard(file: string, tokens: IToken[], text: string, repeats: RepeatMemory, textOffset: number): A.CardDecl | null {
    const r = this.plainCardAt(tokens, 0, file, text, repeats, textOffset);
    return r && r.end === tokens.length - 1 ? r.decl : null;
  }

  protected cardDecl = this.RULE('cardDecl', (): A.CardTypeDecl | A.CardDecl => {
    this.CONSUME(K.card);
    return this.OR<A.CardTypeDecl | A.CardDecl>([
      {
        GATE: () => this.LA(1).tokenType === K.type && this.LA(2).tokenType !== T.Colon && this.LA(2).tokenType !== T.StringLiteral,
        ALT: () => {
          this.CONSUME(K.type);
          const name = this.nameAt(101);
          const d: A.CardTypeDecl = { kind: 'cardType', name, fields: [], loc: name.loc };
          d.cite = this.SUBRULE(this.citeOpt);
          this.CONSUME(T.LBrace);
          this.MANY(() => {
            const f = this.SUBRULE(this.cardField);
            this.ACTION(() => d.fields.push(f));
          });
          this.CONSUME(T.RBrace);
          return d;
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        ALT: () => {
          const name = this.nameAt(102);
          const d: A.CardDecl = { kind: 'card', name, type: name, values: [], abilities: [], auras: [], loc: name.loc };
          this.OPTION(() => (d.title = this.SUBRULE(this.str)));
          this.CONSUME(T.Colon);
          d.type = this.nameAt(103);
          d.cite = this.SUBRULE2(this.citeOpt);
          this.CONSUME2(T.LBrace);
          this.MANY2(() =>
            this.OR2([
              {
                // A continuous effect: `aura …` inside the card (not `aura = …`).
                GATE: () => this.LA(1).tokenType === K.aura && this.LA(2).tokenType !== T.Equals,
                ALT: () => {
                  const aura = this.SUBRULE(this.auraDecl);
                  this.ACTION(() => d.auras.push(aura));
                },
              },
              {
                // A template's use: two names in a row (`攻 短槍 …`); a value has `=`, printed text a string.
                GATE: () => tokenMatcher(this.LA(1), T.Identifier) && tokenMatcher(this.LA(2), T.Identifier) && this.LA(1).tokenType !== K.state && this.LA(1).tokenType !== K.aura && this.LA(1).tokenType !== K.action && this.LA(1).tokenType !== K.trigger && this.LA(1).tokenType !== K.instead,
                ALT: () => {
                  const use = this.SUBRULE(this.templateUse);
                  this.ACTION(() => (d.uses ??= []).push(use));
                },
              },
              {
                // A state of this card alone: `state uses: number = 0` (not a value `state = …`).
                GATE: () => this.LA(1).tokenType === K.state && this.LA(2).tokenType !== T.Equals,
                ALT: () => {
                  const field = this.SUBRULE3(this.cardField);
                  this.ACTION(() => (d.states ??= []).push(field));
                },
              },
              {
                // An ability: `action …` or `trigger …` inside the card (not `action = …`).
                GATE: () => (this.LA(1).tokenType === K.action || this.LA(1).tokenType === K.trigger || this.LA(1).tokenType === K.instead) && this.LA(2).tokenType !== T.Equals,
                ALT: () => {
                  // The same ability text met before in this file: a copy of its tree (repeats.ts).
                  const site = this.ACTION(() => this.repeats && repeatSite<A.ActionDecl>(this.repeats, this.text, this.textOffset, this.input, this.tokenIndex + 1));
                  if (site?.reused) {
                    this.tokenIndex = site.end;
                    d.abilities.push(site.reused);
                    return;
                  }
                  const first = this.LA(1);
                  const errors = this.errorCount;
                  const stray = this.strayWords.length;
                  const ability = this.SUBRULE(this.actionDecl);
                  this.ACTION(() => {
                    d.abilities.push(ability);
                    const clean = this.errorCount === errors && this.strayWords.length === stray && this.tokenIndex === site?.end;
                    if (site?.keep && clean) keepRepeat(this.repeats!, site.key, ability, first);
                  });
                },
              },
              {
                // The printed text: `text "…"` — a word and a string, where a value has `=` (two
                // tokens tell them apart, no gate: a gate here would slow every card's parse).
                ALT: () => {
                  const word = this.CONSUME2(T.Identifier);
                  const tok = this.CONSUME(T.StringLiteral);
                  this.ACTION(() => {
                    if (word.image !== 'text') { const text = msg('syntax/unknown-word.followed-by-a-text', { word: word.image }); this.strayWords.push({ token: word, message: format('en', text.key, text.values), text }); }
                    else (d.printed ??= []).push({ text: unquote(tok.image), loc: this.loc(tok, tok) });
                  });
                },
              },
              {
                ALT: () => {
                  const field = this.nameAt(104);
                  this.CONSUME(T.Equals);
                  const value = this.SUBRULE(this.expression);
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

  protected cardField = this.RULE('cardField', (): A.CardField => {
    const start = this.LA(1);
    const kind = this.OR([
      { ALT: () => { this.CONSUME(K.attr); return 'attr' as const; } },
      { ALT: () => { this.CONSUME(K.state); return 'state' as const; } },
      { ALT: () => { this.CONSUME(K.value); return 'value' as const; } },
    ]);
    const name = this.nameAt(101);
    this.CONSUME(T.Colon);
    const type = this.nameAt(102);
    let init: A.Expr | undefined;
    let keep = false;
    this.OPTION(() => {
      this.CONSUME(T.Equals);
      init = this.SUBRULE(this.expression);
    });
    this.OPTION2(() => {
      this.CONSUME(K.keep);
      keep = true;
    });
    return { kind, name, type, init, keep, loc: this.loc(start) };
  });
}
