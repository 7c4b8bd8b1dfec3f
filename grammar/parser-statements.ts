/**
 * Statements: a `{ … }` block and every statement that may stand in one (`move`, `draw`, `set`,
 * `modify … until`, `for each`, `choose`, `if`, …). `modify`'s change and duration are the ability
 * rules' (parser-abilities.ts).
 *
 * One family of the parser's rules (see parser.ts for how the families make one parser).
 */
import { type ParserMethod } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { K } from './parser-base.ts';
import { ExpressionRules } from './parser-expressions.ts';

export abstract class StatementRules extends ExpressionRules {
  // Rules of a later family that these rules use (defined there; chevrotain looks them up when it records the grammar).
  declare protected changeOp: ParserMethod<[], A.ChangeOp>;
  declare protected duration: ParserMethod<[], A.Duration>;
  declare protected countSpec: ParserMethod<[], A.CountSpec>;

  protected block = this.RULE('block', (): A.Stmt[] => {
    const list: A.Stmt[] = [];
    this.CONSUME(T.LBrace);
    this.MANY(() => {
      const s = this.SUBRULE(this.statement);
      this.ACTION(() => s && list.push(s));
    });
    this.CONSUME(T.RBrace);
    return list;
  });

  protected positionOpt = this.RULE('positionOpt', (): 'top' | 'bottom' | undefined => {
    let p: 'top' | 'bottom' | undefined;
    this.OPTION(() =>
      this.OR([
        { ALT: () => { this.CONSUME(K.top); p = 'top'; } },
        { ALT: () => { this.CONSUME(K.bottom); p = 'bottom'; } },
      ]),
    );
    return p;
  });

  /** Does a duration start here (after a `modify`'s value)? `for` only as `for <n> turns`, never `for each`. */
  protected durationAhead(): boolean {
    const t = this.LA(1).tokenType;
    return t === K.until || t === K.during || (t === K.for && this.LA(2).tokenType !== K.each);
  }

  protected statement = this.RULE('statement', (): A.Stmt => {
    const start = this.LA(1);
    const s = this.OR<A.Stmt>([
      {
        ALT: () => {
          this.CONSUME(K.let);
          const name = this.nameAt(101);
          this.CONSUME(T.Equals);
          const value = this.SUBRULE(this.expression);
          return { kind: 'let', name, value, loc: name.loc };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.set);
          const target = this.SUBRULE(this.postfix);
          this.CONSUME2(T.Equals);
          const value = this.SUBRULE2(this.expression);
          return { kind: 'set', target, value, loc: target.loc };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.move);
          const cards = this.SUBRULE3(this.expression);
          this.CONSUME(K.to);
          const to = this.SUBRULE4(this.expression);
          const position = this.SUBRULE(this.positionOpt);
          let face: 'facedown' | 'faceup' | undefined;
          this.OPTION(() =>
            this.OR2([
              { ALT: () => { this.CONSUME(K.facedown); face = 'facedown'; } },
              { ALT: () => { this.CONSUME(K.faceup); face = 'faceup'; } },
            ]),
          );
          return { kind: 'move', cards, to, position, face, loc: cards.loc };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.attach);
          const cards = this.SUBRULE5(this.expression);
          this.CONSUME2(K.to);
          const to = this.SUBRULE6(this.expression);
          const position = this.SUBRULE2(this.positionOpt);
          let face: 'facedown' | 'faceup' | undefined;
          this.option(30, () =>
            this.or(31, [
              { ALT: () => { this.consume(32, K.facedown); face = 'facedown'; } },
              { ALT: () => { this.consume(33, K.faceup); face = 'faceup'; } },
            ]),
          );
          return { kind: 'attach', cards, to, position, face, loc: cards.loc };
        },
      },
      { ALT: () => { this.CONSUME(K.detach); const cards = this.SUBRULE7(this.expression); return { kind: 'detach', cards, loc: cards.loc }; } },
      {
        ALT: () => {
          this.CONSUME(K.create);
          const s: A.Stmt = this.OR3<A.Stmt>([
            {
              ALT: () => {
                this.CONSUME(K.every);
                const every = this.nameAt(102);
                this.CONSUME(K.in);
                const zone = this.subrule(11, this.orExpr);
                let filter: A.Expr | undefined;
                this.option(12, () => {
                  this.CONSUME(K.where);
                  filter = this.subrule(10, this.expression);
                });
                return { kind: 'create', every, zone, filter, loc: every.loc };
              },
            },
            {
              ALT: () => {
                const count = this.SUBRULE(this.additive);
                this.CONSUME(K.of);
                const card = this.nameAt(103);
                this.CONSUME2(K.in);
                const zone = this.SUBRULE9(this.expression);
                return { kind: 'create', count, card, zone, loc: count.loc };
              },
            },
          ]);
          return s;
        },
      },
      { ALT: () => { this.CONSUME(K.shuffle); const zone = this.SUBRULE3(this.postfix); return { kind: 'shuffle', zone, loc: zone.loc }; } },
      {
        ALT: () => {
          this.CONSUME(K.reveal);
          const cards = this.SUBRULE(this.orExpr);
          let to: A.Expr | undefined;
          this.OPTION2(() => {
            this.CONSUME3(K.to);
            to = this.SUBRULE2(this.orExpr);
          });
          return { kind: 'reveal', cards, to, loc: cards.loc };
        },
      },
      { ALT: () => this.SUBRULE(this.chooseStmt) },
      { ALT: () => this.SUBRULE(this.ifStmt) },
      {
        ALT: () => {
          this.CONSUME(K.for);
          this.CONSUME(K.each);
          const name = this.nameAt(104);
          this.CONSUME3(K.in);
          const list = this.SUBRULE3(this.orExprWhere);
          const body = this.SUBRULE(this.block);
          return { kind: 'forEach', name, list, body, loc: name.loc };
        },
      },
      { ALT: () => { this.CONSUME(K.repeat); const count = this.SUBRULE4(this.orExprWhere); const body = this.SUBRULE2(this.block); return { kind: 'repeat', count, body, loc: count.loc }; } },
      { ALT: () => { this.CONSUME(K.while); const cond = this.SUBRULE5(this.orExprWhere); const body = this.SUBRULE3(this.block); return { kind: 'while', cond, body, loc: cond.loc }; } },
      {
        ALT: () => {
          this.CONSUME(K.do);
          const proc = this.nameAt(105);
          const args = this.SUBRULE(this.args);
          return { kind: 'do', proc, args, loc: proc.loc };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.perform);
          let action = this.nameAt(106);
          // A card's ability by its full name: `perform ファイアドラゴン.火炎`.
          this.option(66, () => {
            this.consume(67, T.Dot);
            const part = this.nameAt(112);
            this.ACTION(() => (action = { text: `${action.text}.${part.text}`, loc: { ...action.loc, endOffset: part.loc.endOffset, endLine: part.loc.endLine, endCol: part.loc.endCol } }));
          });
          let as: A.Expr | undefined;
          let by: A.Expr | undefined;
          // `as <card>`: the card the ability is used as (its `this`): another card's ability as this card's own.
          this.option(63, () => {
            this.consume(64, K.as);
            as = this.subrule(65, this.orExpr);
          });
          this.OPTION3(() => {
            this.CONSUME(K.by);
            by = this.SUBRULE3(this.orExpr);
          });
          return { kind: 'perform', action, as, by, loc: action.loc };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.window);
          const name = this.nameAt(107);
          let passable = false;
          let open = false;
          // `passable`: the active player may close it; `open`: every player may act in it.
          this.MANY3(() =>
            this.OR8([
              { ALT: () => { this.CONSUME(K.passable); passable = true; } },
              { ALT: () => { this.CONSUME(K.open); open = true; } },
            ]),
          );
          return { kind: 'window', name, passable, open, loc: name.loc };
        },
      },
      {
        ALT: () => {
          const kw = this.CONSUME(K.modify);
          const path = this.SUBRULE2(this.postfix);
          // `by n` adds; `times n` / `divided by n` scale the total; `becomes v` sets; `gains L` / `loses L` (labels).
          const op = this.subrule(40, this.changeOp);
          let by: A.Expr | undefined;
          let from: A.Expr | undefined;
          this.or(71, [
            // `modify c gains abilities of x`: c has x's abilities as its own (abilities is not a keyword: `abilities(c)` is a builtin).
            {
              GATE: () => this.LA(1).image === 'abilities' && this.LA(2).tokenType === K.of,
              ALT: () => {
                this.consume(72, T.Identifier);
                this.consume(73, K.of);
                from = this.subrule(74, this.orExpr);
              },
            },
            { ALT: () => (by = this.SUBRULE4(this.orExpr)) },
          ]);
          let duration: A.Duration | undefined;
          this.OPTION5({ GATE: () => this.durationAhead(), DEF: () => (duration = this.subrule(41, this.duration)) });
          return this.ACTION((): A.Stmt => {
            if (from) return { kind: 'gainAbilities', target: path, op, from, duration, loc: path.loc };
            by = by!;
            if (path.kind === 'member') return { kind: 'modify', target: path.object, field: path.name, op, by, duration, loc: path.loc };
            // Reported by the compiler: `modify` needs `<card>.<value>`.
            return { kind: 'modify', target: path, field: { text: '', loc: this.loc(kw, kw) }, op, by, duration, loc: path.loc };
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.unmodify);
          const path = this.subrule(13, this.postfix);
          return this.ACTION(() => {
            if (path.kind === 'member') return { kind: 'unmodify', target: path.object, field: path.name, loc: path.loc };
            return { kind: 'unmodify', target: path, loc: path.loc };
          });
        },
      },
      { ALT: () => { this.CONSUME(K.cancel); const request = this.SUBRULE5(this.orExpr); return { kind: 'cancel', request, loc: request.loc }; } },
      {
        ALT: () => {
          this.CONSUME(K.retarget);
          const request = this.SUBRULE6(this.orExpr);
          let by: A.Expr | undefined;
          this.OPTION6(() => {
            this.CONSUME3(K.by);
            by = this.SUBRULE7(this.orExpr);
          });
          return { kind: 'retarget', request, by, loc: request.loc };
        },
      },
      { ALT: () => { const t = this.CONSUME2(K.end); this.CONSUME2(K.turn); return { kind: 'endTurn', loc: this.loc(t) }; } },
      { ALT: () => { const t = this.CONSUME(K.reverse); this.CONSUME3(K.turn); this.CONSUME(K.order); return { kind: 'reverseTurnOrder', loc: this.loc(t) }; } },
      {
        ALT: () => {
          const kind = this.OR4([
            { ALT: () => { this.CONSUME(K.win); return 'win' as const; } },
            { ALT: () => { this.CONSUME(K.lose); return 'lose' as const; } },
          ]);
          const player = this.SUBRULE8(this.orExpr);
          let reason: A.Expr | undefined;
          this.OPTION7(() => {
            this.CONSUME(K.reason);
            reason = this.subrule(20, this.orExpr);
          });
          return { kind, player, reason, loc: player.loc };
        },
      },
      {
        ALT: () => {
          const t = this.CONSUME(K.draw);
          let reason: A.Expr | undefined;
          this.OPTION8(() => {
            this.CONSUME2(K.reason);
            reason = this.subrule(21, this.orExpr);
          });
          return { kind: 'draw', reason, loc: this.loc(t) };
        },
      },
      { ALT: () => { const t = this.CONSUME(K.log); const text = this.SUBRULE3(this.str); return { kind: 'log', text, loc: this.loc(t) }; } },
      {
        ALT: () => {
          const t = this.CONSUME(K.signal);
          const event = this.nameAt(111);
          const card = this.subrule(22, this.orExpr);
          const more: A.Expr[] = [];
          this.many(60, () => {
            this.consume(61, T.Comma);
            const e = this.subrule(62, this.orExpr);
            this.ACTION(() => more.push(e));
          });
          return { kind: 'signal', event, card, more, loc: this.loc(t) };
        },
      },
      { ALT: () => { const t = this.CONSUME(K.proceed); return { kind: 'proceed', loc: this.loc(t) }; } },
      {
        ALT: () => {
          const t = this.CONSUME(K.cite);
          const text = this.SUBRULE4(this.str);
          const body = this.SUBRULE4(this.block);
          return { kind: 'cite', text, body, loc: this.loc(t, t) };
        },
      },
    ]);
    return this.ACTION(() => {
      if (s && s.kind !== 'cite') s.loc = this.loc(start);
      return s;
    });
  });

  protected chooseStmt = this.RULE('chooseStmt', (): A.Stmt => {
    const start = this.CONSUME(K.choose);
    return this.OR<A.Stmt>([
      {
        // choose order x from <list> [by p] ["prompt"]
        GATE: () => this.LA(1).tokenType === K.order && this.LA(3).tokenType === K.from,
        ALT: () => {
          this.CONSUME(K.order);
          const name = this.nameAt(103);
          this.CONSUME2(K.from);
          const from = this.SUBRULE4(this.expression);
          const s: Extract<A.Stmt, { kind: 'chooseOrder' }> = { kind: 'chooseOrder', name, from, loc: this.loc(start) };
          this.OPTION7(() => {
            this.CONSUME3(K.by);
            s.by = this.SUBRULE3(this.orExpr);
          });
          this.OPTION8(() => (s.prompt = this.SUBRULE4(this.str)));
          return s;
        },
      },
      {
        GATE: () => this.LA(2).tokenType === T.Colon,
        ALT: () => {
          const name = this.nameAt(101);
          this.CONSUME(T.Colon);
          const count = this.SUBRULE(this.countSpec);
          this.CONSUME(K.from);
          const from = this.SUBRULE(this.expression);
          const s: Extract<A.Stmt, { kind: 'choose' }> = { kind: 'choose', name, count, from, loc: this.loc(start) };
          this.OPTION(() => {
            this.CONSUME(K.such);
            this.CONSUME(K.that);
            s.suchThat = this.SUBRULE2(this.expression);
          });
          this.OPTION2(() => {
            this.CONSUME(K.by);
            s.by = this.SUBRULE(this.orExpr);
          });
          this.OPTION3(() => (s.prompt = this.SUBRULE(this.str)));
          return s;
        },
        IGNORE_AMBIGUITIES: true,
      },
      {
        ALT: () => {
          const s: Extract<A.Stmt, { kind: 'chooseMode' }> = { kind: 'chooseMode', options: [], loc: this.loc(start) };
          this.OPTION4(() => {
            this.CONSUME2(K.by);
            s.by = this.SUBRULE2(this.orExpr);
          });
          this.OPTION5(() => (s.prompt = this.SUBRULE2(this.str)));
          this.CONSUME(T.LBrace);
          this.AT_LEAST_ONE(() => {
            const o = this.CONSUME(K.option);
            const label = this.SUBRULE3(this.str);
            let when: A.Expr | undefined;
            this.OPTION6(() => {
              this.CONSUME(K.when);
              when = this.SUBRULE3(this.expression);
            });
            const body = this.SUBRULE(this.block);
            this.ACTION(() => s.options.push({ label, when, body, loc: this.loc(o) }));
          });
          this.CONSUME(T.RBrace);
          return s;
        },
      },
    ]);
  });

  protected ifStmt = this.RULE('ifStmt', (): A.Stmt => {
    const start = this.CONSUME(K.if);
    const cond = this.SUBRULE(this.orExprWhere);
    const then = this.SUBRULE(this.block);
    let otherwise: A.Stmt[] | undefined;
    this.OPTION(() => {
      this.CONSUME(K.else);
      otherwise = this.OR([
        { ALT: () => [this.SUBRULE(this.ifStmt)] },
        { ALT: () => this.SUBRULE2(this.block) },
      ]);
    });
    return { kind: 'if', cond, then, else: otherwise, loc: this.loc(start) };
  });
}
