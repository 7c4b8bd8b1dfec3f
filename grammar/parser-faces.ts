/**
 * Card faces (docs/cards.md): `face` declarations, their items, regions, parts and maps.
 *
 * One family of the parser's rules (see parser.ts for how the families make one parser).
 */
import { tokenMatcher, type IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { K, recordingName, unquote } from './parser-base.ts';
import { AbilityRules } from './parser-abilities.ts';

export abstract class FaceRules extends AbilityRules {
  /**
   * `face <CardType> [cite "…"] { item … }`. The words inside (`colour`, `show`, `frame`, the
   * region names) are plain names: the compiler checks them (compiler/faces.ts), so a misspelt
   * region gets a "did you mean".
   */
  protected faceDecl = this.RULE('faceDecl', (): A.FaceDecl => {
    this.CONSUME(K.face);
    const name = this.nameAt(101);
    const d: A.FaceDecl = { kind: 'face', name, items: [], loc: name.loc };
    d.cite = this.SUBRULE(this.citeOpt);
    this.CONSUME(T.LBrace);
    this.MANY(() => {
      const item = this.SUBRULE(this.faceItem);
      this.ACTION(() => item && d.items.push(item));
    });
    this.CONSUME(T.RBrace);
    return d;
  });

  protected faceItem = this.RULE('faceItem', (): A.FaceItem => {
    const start = this.LA(1);
    // Every item starts with a word and the gates choose by it: one token of lookahead. At the
    // parser's default of three, chevrotain enumerates every three-token path through these
    // alternatives (names, expressions after `when`) when the parser is built: 13 s and 1 GB.
    return this.OR<A.FaceItem>({ MAX_LOOKAHEAD: 1, DEF: [
      {
        // `colour by <field> { value "#hex", … }` or `colour "#hex"`.
        GATE: () => this.LA(1).image === 'colour' && (this.LA(2).tokenType === K.by || this.LA(2).tokenType === T.StringLiteral),
        ALT: () => {
          this.CONSUME(T.Identifier);
          return this.OR2<A.FaceItem>([
            {
              ALT: () => {
                this.CONSUME(K.by);
                const field = this.nameAt(102);
                const map = this.SUBRULE(this.faceMap);
                return { kind: 'colour', field, map, loc: this.loc(start) };
              },
            },
            {
              ALT: () => {
                const tok = this.CONSUME(T.StringLiteral);
                return { kind: 'colour', colour: { text: this.ACTION(() => unquote(tok.image)), loc: this.ACTION(() => this.loc(tok, tok)) }, map: [], loc: this.loc(start) };
              },
            },
          ]);
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        // `show <field> as { value "text", … }`.
        GATE: () => this.LA(1).image === 'show' && tokenMatcher(this.LA(2), T.Identifier) && this.LA(3).image === 'as',
        ALT: () => {
          this.CONSUME2(T.Identifier);
          const field = this.nameAt(103);
          this.CONSUME3(T.Identifier);
          const map = this.SUBRULE2(this.faceMap);
          return { kind: 'show', field, map, loc: this.loc(start) };
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        // `frame bordered | plain`.
        GATE: () => this.LA(1).image === 'frame' && tokenMatcher(this.LA(2), T.Identifier),
        ALT: () => {
          this.CONSUME4(T.Identifier);
          const style = this.CONSUME5(T.Identifier);
          return { kind: 'frame', style: this.ACTION(() => this.wordFrom(style)) ?? { word: '', loc: recordingName.loc }, loc: this.loc(start) };
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        ALT: () => this.SUBRULE(this.faceRegion),
      },
    ] });
  });

  /** A face's own word (a region, a frame style), as written. */
  protected wordFrom(tok: IToken): A.FaceWord {
    return { word: tok.image, loc: this.loc(tok, tok) };
  }

  /** `<region> ["caption"] [= part, …] [of <part>] [at x, y, w, h] [when <condition>]`. */
  protected faceRegion = this.RULE('faceRegion', (): A.FaceRegion => {
    const start = this.LA(1);
    const word = this.CONSUME(T.Identifier);
    const region = this.ACTION(() => this.wordFrom(word)) ?? { word: '', loc: recordingName.loc };
    const r: A.FaceRegion = { kind: 'region', region, parts: [], loc: region.loc };
    this.OPTION(() => (r.caption = this.SUBRULE(this.str)));
    this.OPTION2(() => {
      this.CONSUME(T.Equals);
      const first = this.SUBRULE(this.facePart);
      this.ACTION(() => r.parts.push(first));
      this.MANY(() => {
        this.CONSUME(T.Comma);
        const p = this.SUBRULE2(this.facePart);
        this.ACTION(() => r.parts.push(p));
      });
    });
    this.OPTION3(() => {
      this.CONSUME(K.of);
      r.of = this.SUBRULE3(this.facePart);
    });
    this.OPTION4({
      GATE: () => this.LA(1).image === 'at' && (this.LA(2).tokenType === T.NumberLiteral || this.LA(2).tokenType === T.Minus),
      DEF: () => {
        const at = this.CONSUME2(T.Identifier);
        const values: number[] = [this.SUBRULE(this.decimal)];
        this.MANY2(() => {
          this.CONSUME2(T.Comma);
          const v = this.SUBRULE2(this.decimal);
          this.ACTION(() => values.push(v));
        });
        this.ACTION(() => (r.at = { values, loc: this.loc(at) }));
      },
    });
    this.OPTION5(() => {
      this.CONSUME(K.when);
      r.when = this.SUBRULE(this.expression);
    });
    return this.ACTION(() => ({ ...r, loc: this.loc(start) }));
  });

  protected facePart = this.RULE('facePart', (): A.FacePart =>
    this.OR([
      {
        ALT: () => {
          const tok = this.CONSUME(T.StringLiteral);
          return this.ACTION(() => ({ kind: 'string' as const, value: unquote(tok.image), loc: this.loc(tok, tok) }));
        },
      },
      { ALT: () => ({ kind: 'name' as const, name: this.nameAt(106) }) },
    ]),
  );

  /** `{ key "text", … }`: a printed value (a number, a name, a string) and its text or colour. */
  protected faceMap = this.RULE('faceMap', (): A.FaceMapEntry[] => {
    const map: A.FaceMapEntry[] = [];
    this.CONSUME(T.LBrace);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const start = this.LA(1);
        const key = this.SUBRULE(this.unary);
        const tok = this.CONSUME(T.StringLiteral);
        this.ACTION(() => map.push({ key, text: unquote(tok.image), textLoc: this.loc(tok, tok), loc: this.loc(start) }));
      },
    });
    this.CONSUME(T.RBrace);
    return map;
  });

  /** A number with an optional sign and decimal part: `3`, `3.5`, `-1` (millimetres; the compiler says where a place is outside the card). */
  protected decimal = this.RULE('decimal', (): number => {
    let sign = '';
    this.OPTION2(() => {
      this.CONSUME(T.Minus);
      sign = '-';
    });
    const whole = this.CONSUME(T.NumberLiteral);
    let text = whole.image;
    this.OPTION(() => {
      this.CONSUME(T.Dot);
      const frac = this.CONSUME2(T.NumberLiteral);
      text = `${whole.image}.${frac.image}`;
    });
    return this.ACTION(() => Number(sign + text));
  });
}
