/**
 * Expressions: `or`/`and`/`not`, comparisons, arithmetic (read flat, then grouped by precedence
 * with `groupBinary`), unary minus, member access and calls, and the primaries (literals, names,
 * lists, `where` filters, lambdas…).
 *
 * One family of the parser's rules (see parser.ts for how the families make one parser).
 */
import { type IToken } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { ParserBase, K, groupBinary, span, unquote } from './parser-base.ts';

export abstract class ExpressionRules extends ParserBase {
  protected args = this.RULE('args', (): A.Expr[] => {
    const list: A.Expr[] = [];
    this.CONSUME(T.LParen);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const e = this.SUBRULE(this.expression);
        this.ACTION(() => list.push(e));
      },
    });
    this.CONSUME(T.RParen);
    return list;
  });

  /** The full expression: `<or-expression> [where <expression>]` — `where` binds loosest. */
  public expression = this.RULE('expression', (): A.Expr => {
    // A lone number, string or name (most card values: `cost = 3`) read in place (loneOperand).
    const lone = this.ACTION(() => this.loneOperand());
    if (lone) return lone;
    return this.SUBRULE(this.orExprWhere);
  });

  /**
   * What `expression` reads past where the expression is one number, string or plain name that
   * the next token cannot continue: the node the ten rules from `orExprWhere` down to `primary`
   * would give (each hands a lone operand up unchanged), without calling them. Which tokens can
   * continue an expression after such an operand is asked of the grammar itself, when the parser
   * is made (parser.ts `continuesOperand`); null where any could, or where the parse reads every
   * expression the long way (`shortcuts` off: tests compare the two).
   */
  protected loneOperand(): A.Expr | null {
    if (!this.shortcuts) return null;
    const t = this.LA(1);
    const kind = t.tokenType === T.NumberLiteral ? 0 : t.tokenType === T.StringLiteral ? 1 : t.tokenType === T.Identifier ? 2 : -1;
    if (kind < 0 || this.continuesOperand[kind]![this.LA(2).tokenTypeIdx]) return null;
    this.tokenIndex = this.tokenIndex + 1;
    if (kind === 0) return { kind: 'number', value: Number(t.image), loc: this.loc(t, t) };
    if (kind === 1) return { kind: 'string', value: unquote(t.image), loc: this.loc(t, t) };
    const name = this.nameFrom(t);
    return { kind: 'name', name: name.text, loc: name.loc };
  }

  protected orExprWhere = this.RULE('orExprWhere', (): A.Expr => {
    const start = this.LA(1);
    let e = this.SUBRULE(this.orExpr);
    this.OPTION(() => {
      this.CONSUME(K.where);
      const predicate = this.SUBRULE(this.orExprWhere);
      e = { kind: 'where', list: e, predicate, loc: this.loc(start) };
    });
    return e;
  });

  /**
   * `a or b and c …`: operands and operators are read flat, then grouped by precedence (`and`
   * binds tighter than `or`, both left-associative). One rule instead of one per level keeps
   * every expression a few rule calls shallower — parsing is the compiler's hottest phase.
   */
  protected orExpr = this.RULE('orExpr', (): A.Expr => {
    const first = this.SUBRULE(this.notExpr);
    const ops: A.BinaryOp[] = [];
    const rest: A.Expr[] = [];
    this.MANY(() => {
      const op = this.OR([{ ALT: () => this.CONSUME(K.or) }, { ALT: () => this.CONSUME(K.and) }]);
      const right = this.SUBRULE2(this.notExpr);
      this.ACTION(() => {
        ops.push(op.image as A.BinaryOp);
        rest.push(right);
      });
    });
    return this.ACTION(() => (ops.length ? groupBinary(first, ops, rest) : first));
  });

  protected notExpr = this.RULE('notExpr', (): A.Expr => {
    const start = this.LA(1);
    return this.OR([
      {
        ALT: () => {
          this.CONSUME(K.not);
          const operand = this.SUBRULE(this.notExpr);
          return { kind: 'unary', op: 'not', operand, loc: this.loc(start) } as A.Expr;
        },
        IGNORE_AMBIGUITIES: true,
      },
      { ALT: () => this.SUBRULE(this.comparison) },
    ]);
  });

  protected comparison = this.RULE('comparison', (): A.Expr => {
    const start = this.LA(1);
    let e = this.SUBRULE(this.additive);
    this.OPTION(() =>
      this.OR([
        {
          ALT: () => {
            const op = this.OR2([
              { ALT: () => this.CONSUME(T.EqEq) },
              { ALT: () => this.CONSUME(T.NotEq) },
              { ALT: () => this.CONSUME(T.LessEq) },
              { ALT: () => this.CONSUME(T.GreaterEq) },
              { ALT: () => this.CONSUME(T.Less) },
              { ALT: () => this.CONSUME(T.Greater) },
            ]);
            const right = this.SUBRULE2(this.additive);
            e = { kind: 'binary', op: op.image as A.BinaryOp, left: e, right, loc: this.loc(start) };
          },
        },
        {
          ALT: () => {
            this.CONSUME(K.in);
            const first = this.SUBRULE3(this.additive);
            let high: A.Expr | undefined;
            this.OPTION2(() => {
              this.CONSUME(T.DotDot);
              high = this.SUBRULE4(this.additive);
            });
            e = high ? { kind: 'in', item: e, low: first, high, loc: this.loc(start) } : { kind: 'in', item: e, list: first, loc: this.loc(start) };
          },
        },
        {
          ALT: () => {
            this.CONSUME(K.has);
            const label = this.SUBRULE5(this.additive);
            e = { kind: 'has', subject: e, label, loc: this.loc(start) };
          },
        },
      ]),
    );
    return e;
  });

  /** `a + b * c - d`: read flat, grouped by precedence (`* / %` over `+ -`), like orExpr. */
  protected additive = this.RULE('additive', (): A.Expr => {
    const first = this.SUBRULE(this.unary);
    const ops: A.BinaryOp[] = [];
    const rest: A.Expr[] = [];
    this.MANY(() => {
      const op = this.OR([
        { ALT: () => this.CONSUME(T.Plus) },
        { ALT: () => this.CONSUME(T.Minus) },
        { ALT: () => this.CONSUME(T.Star) },
        { ALT: () => this.CONSUME(T.Slash) },
        { ALT: () => this.CONSUME(T.Percent) },
      ]);
      const right = this.SUBRULE2(this.unary);
      this.ACTION(() => {
        ops.push(op.image as A.BinaryOp);
        rest.push(right);
      });
    });
    return this.ACTION(() => (ops.length ? groupBinary(first, ops, rest) : first));
  });

  /** `-x`, `--x`, …: the minus signs first, then the operand (no alternatives to try). */
  protected unary = this.RULE('unary', (): A.Expr => {
    const signs: IToken[] = [];
    this.MANY(() => {
      const t = this.CONSUME(T.Minus);
      this.ACTION(() => signs.push(t));
    });
    let e = this.SUBRULE(this.postfix);
    return this.ACTION(() => {
      for (let i = signs.length - 1; i >= 0; i--) e = { kind: 'unary', op: '-', operand: e, loc: span(this.loc(signs[i]!, signs[i]!), e.loc) };
      return e;
    });
  });

  protected postfix = this.RULE('postfix', (): A.Expr => {
    const start = this.LA(1);
    let e = this.SUBRULE(this.primary);
    this.MANY(() => {
      this.CONSUME(T.Dot);
      const name = this.nameAt(101);
      e = { kind: 'member', object: e, name, loc: this.loc(start) };
    });
    return e;
  });

  protected primary = this.RULE('primary', (): A.Expr => {
    const start = this.LA(1);
    return this.OR<A.Expr>([
      { ALT: () => { const t = this.CONSUME(T.NumberLiteral); return { kind: 'number', value: Number(t.image), loc: this.loc(t, t) }; } },
      { ALT: () => { const t = this.CONSUME(T.StringLiteral); return { kind: 'string', value: unquote(t.image), loc: this.loc(t, t) }; } },
      { ALT: () => { const t = this.CONSUME(K.true); return { kind: 'bool', value: true, loc: this.loc(t, t) }; }, IGNORE_AMBIGUITIES: true },
      { ALT: () => { const t = this.CONSUME(K.false); return { kind: 'bool', value: false, loc: this.loc(t, t) }; }, IGNORE_AMBIGUITIES: true },
      { ALT: () => { const t = this.CONSUME(K.none); return { kind: 'none', loc: this.loc(t, t) }; }, IGNORE_AMBIGUITIES: true },
      {
        ALT: () => {
          this.CONSUME(K.if);
          const test = this.SUBRULE(this.expression);
          this.CONSUME(K.then);
          const then = this.SUBRULE2(this.expression);
          this.CONSUME(K.else);
          const otherwise = this.SUBRULE3(this.expression);
          return { kind: 'cond', test, then, else: otherwise, loc: this.loc(start) };
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        ALT: () => {
          this.CONSUME(T.LParen);
          const e = this.SUBRULE4(this.expression);
          this.CONSUME(T.RParen);
          return e;
        },
      },
      {
        ALT: () => {
          this.CONSUME(T.LBracket);
          const items: A.Expr[] = [];
          this.MANY_SEP({ SEP: T.Comma, DEF: () => { const e = this.SUBRULE5(this.expression); this.ACTION(() => items.push(e)); } });
          this.CONSUME(T.RBracket);
          return { kind: 'list', items, loc: this.loc(start) };
        },
      },
      {
        ALT: () => {
          const callee = this.nameAt(101);
          let args: A.Expr[] | undefined;
          this.OPTION(() => (args = this.SUBRULE(this.args)));
          return args ? { kind: 'call', callee, args, loc: this.loc(start) } : { kind: 'name', name: callee.text, loc: callee.loc };
        },
      },
    ]);
  });
}
