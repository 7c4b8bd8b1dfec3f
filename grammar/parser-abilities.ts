/**
 * Actions and abilities: `action` declarations and their clauses (`speed`, `when`, `cost`, `target`,
 * `effect`, …), the events triggers wait for, `event` declarations, auras, ability templates and
 * their uses, `limit`, and the changes and durations that statements share (`+ 1 until end of turn`).
 *
 * One family of the parser's rules (see parser.ts for how the families make one parser).
 */
import { type ParserMethod } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { K } from './parser-base.ts';
import { StatementRules } from './parser-statements.ts';

export abstract class AbilityRules extends StatementRules {
  // Rules of a later family that these rules use (defined there; chevrotain looks them up when it records the grammar).
  declare protected params: ParserMethod<[], A.ParamDef[]>;

  protected actionDecl = this.RULE('actionDecl', (): A.ActionDecl => {
    const kind = this.OR([
      { ALT: () => { this.CONSUME(K.action); return 'action' as const; } },
      { ALT: () => { this.CONSUME(K.trigger); return 'trigger' as const; } },
      { ALT: () => { this.CONSUME(K.instead); return 'instead' as const; } },
    ]);
    const name = this.nameAt(101);
    const d: A.ActionDecl = { kind, name, clauses: [], loc: name.loc };
    this.OPTION(() => (d.title = this.SUBRULE(this.str)));
    this.SUBRULE(this.actionBody, { ARGS: [d] });
    return d;
  });

  /** An action's `since`, `cite` and `{ clauses }`, into `d` (an action, or the clauses an `amend` gives). */
  protected actionBody = this.RULE('actionBody', (d: A.ActionDecl): void => {
    this.MANY(() =>
      this.OR([
        { ALT: () => { this.CONSUME(K.since); const n = this.nameAt(102); this.ACTION(() => (d.since = n)); } },
        { ALT: () => { this.CONSUME(K.cite); const c = this.SUBRULE(this.str); this.ACTION(() => (d.cite = c)); } },
      ]),
    );
    this.CONSUME(T.LBrace);
    this.MANY2(() => {
      const c = this.SUBRULE(this.clause, { ARGS: [d] });
      this.ACTION(() => c && d.clauses.push(c));
    });
    this.CONSUME(T.RBrace);
  });

  /**
   * `aura <name> ["title"] [cite "…"] { [while in <zone> | while attached] to <cards> <value> by <number> }`:
   * while the card is where it works, every card of the list has that value changed.
   */
  protected auraDecl = this.RULE('auraDecl', (): A.AuraDecl => {
    this.CONSUME(K.aura);
    const name = this.nameAt(101);
    const d: A.AuraDecl = { name, zone: undefined, to: name as unknown as A.Expr, changes: [], loc: name.loc };
    this.OPTION(() => (d.title = this.SUBRULE(this.str)));
    d.cite = this.SUBRULE(this.citeOpt);
    this.CONSUME(T.LBrace);
    this.OPTION2(() => {
      this.CONSUME(K.while);
      this.OR([
        {
          ALT: () => {
            this.CONSUME(K.in);
            this.AT_LEAST_ONE_SEP({
              SEP: T.Comma,
              DEF: () => {
                const z = this.nameAt(102);
                this.ACTION(() => {
                  if (d.zone) (d.moreZones ??= []).push(z);
                  else d.zone = z;
                });
              },
            });
          },
        },
        { ALT: () => { this.CONSUME(K.attached); this.ACTION(() => (d.zone = null)); } },
      ]);
    });
    this.CONSUME(K.to);
    const to = this.SUBRULE(this.expression);
    // One change or several, each `<value> by|times|divided by|becomes|gains|loses <expr>`.
    this.AT_LEAST_ONE(() => {
      const field = this.nameAt(103);
      const op = this.SUBRULE(this.changeOp);
      const value = this.SUBRULE2(this.orExpr);
      this.ACTION(() => d.changes.push({ field, op, value }));
    });
    this.CONSUME(T.RBrace);
    return this.ACTION(() => ({ ...d, to }));
  });

  /** How a `modify` or an aura changes a value (A.ChangeOp). */
  protected override changeOp = this.RULE('changeOp', (): A.ChangeOp =>
    this.OR([
      { ALT: () => { this.CONSUME(K.by); return 'add' as const; } },
      { ALT: () => { this.CONSUME(K.times); return 'mul' as const; } },
      { ALT: () => { this.CONSUME(K.divided); this.CONSUME2(K.by); return 'div' as const; } },
      { ALT: () => { this.CONSUME(K.becomes); return 'set' as const; } },
      { ALT: () => { this.CONSUME(K.gains); return 'gain' as const; } },
      { ALT: () => { this.CONSUME(K.loses); return 'lose' as const; } },
    ]),
  );

  /** How long a `modify` lasts (A.Duration). */
  protected override duration = this.RULE('duration', (): A.Duration => {
    const start = this.LA(1);
    return this.OR<A.Duration>({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          GATE: () => this.LA(2).tokenType === K.end && this.LA(3).tokenType === K.of,
          ALT: () => {
            this.CONSUME(K.until);
            this.CONSUME(K.end);
            this.CONSUME(K.of);
            return this.OR2<A.Duration>([
              { ALT: () => { this.CONSUME(K.turn); return { kind: 'endOfTurn', loc: this.loc(start) }; } },
              {
                ALT: () => {
                  this.CONSUME(K.next);
                  this.CONSUME2(K.turn);
                  this.CONSUME2(K.of);
                  const player = this.SUBRULE(this.additive);
                  return { kind: 'endOfNextTurn', player, loc: this.loc(start) };
                },
              },
            ]);
          },
        },
        {
          // `until next turn of <player>`: it ends as that player's next turn begins ("until your next turn").
          GATE: () => this.LA(2).tokenType === K.next,
          ALT: () => {
            this.CONSUME3(K.until);
            this.CONSUME4(K.next);
            this.CONSUME4(K.turn);
            this.CONSUME4(K.of);
            const player = this.SUBRULE4(this.additive);
            return { kind: 'untilNextTurn', player, loc: this.loc(start) };
          },
        },
        {
          ALT: () => {
            this.CONSUME2(K.until);
            const card = this.SUBRULE(this.postfix);
            this.CONSUME(K.leaves);
            const zone = this.nameAt(101);
            return { kind: 'leaves', card, zone, loc: this.loc(start) };
          },
        },
        {
          ALT: () => {
            this.CONSUME(K.during);
            this.CONSUME2(K.next);
            this.CONSUME3(K.turn);
            this.CONSUME3(K.of);
            const player = this.SUBRULE2(this.additive);
            return { kind: 'duringNextTurn', player, loc: this.loc(start) };
          },
        },
        {
          ALT: () => {
            this.CONSUME(K.for);
            const count = this.SUBRULE3(this.additive);
            this.CONSUME(K.turns);
            return { kind: 'turns', count, loc: this.loc(start) };
          },
        },
      ],
    });
  });

  protected override countSpec = this.RULE('countSpec', (): A.CountSpec => {
    const min = this.SUBRULE(this.additive);
    let max: A.Expr | undefined;
    this.OPTION(() => {
      this.CONSUME(T.DotDot);
      max = this.SUBRULE2(this.additive);
    });
    return { min, max };
  });

  protected clause = this.RULE('clause', (d: A.ActionDecl): A.Clause | undefined => {
    const start = this.LA(1);
    return this.OR<A.Clause | undefined>([
      {
        ALT: () => {
          this.CONSUME(K.speed);
          const value = this.OR2([
            { ALT: () => { this.CONSUME(K.normal); return 'normal' as const; } },
            { ALT: () => { this.CONSUME(K.immediate); return 'immediate' as const; } },
            { ALT: () => { this.CONSUME(K.instant); return 'instant' as const; } },
          ]);
          return { kind: 'speed', value, loc: this.loc(start) };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.tags);
          const labels: A.Name[] = [];
          this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { const n = this.nameAt(101); this.ACTION(() => labels.push(n)); } });
          return { kind: 'tags', labels, loc: this.loc(start) };
        },
      },
      { ALT: () => { this.CONSUME(K.when); const expr = this.SUBRULE(this.expression); return { kind: 'when', expr, loc: this.loc(start) }; } },
      { ALT: () => { this.CONSUME(K.optional); return { kind: 'optional', loc: this.loc(start) } as A.Clause; } },
      { ALT: () => { this.CONSUME(K.last); return { kind: 'last', loc: this.loc(start) } as A.Clause; } },
      {
        // `group <name> one | ordered`: triggers of a group waiting together — the controller
        // runs just one of them, or chooses the order.
        ALT: () => {
          this.CONSUME(K.group);
          const name = this.nameAt(112);
          const mode = this.or(50, [
            { ALT: () => { this.CONSUME(K.one); return 'one' as const; } },
            { ALT: () => { this.CONSUME(K.ordered); return 'ordered' as const; } },
          ]);
          return { kind: 'group', name, mode, loc: this.loc(start) } as A.Clause;
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.while);
          // `while in <zone>`, or `while attached` (under another card: equipment).
          return this.OR9([
            {
              ALT: () => {
                this.CONSUME(K.in);
                // `while in field, bench`: the ability works while its card is in any of them.
                const zones: A.Name[] = [];
                this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => { const n = this.nameAt(110); this.ACTION(() => zones.push(n)); } });
                return this.ACTION(() => ({ kind: 'whileIn', zone: zones[0]!, more: zones.slice(1), loc: this.loc(start) }) as A.Clause);
              },
            },
            { ALT: () => { this.CONSUME(K.attached); return { kind: 'whileIn', zone: null, loc: this.loc(start) } as A.Clause; } },
          ]);
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.limit);
          const count = this.SUBRULE(this.num);
          this.CONSUME(K.per);
          this.CONSUME(K.turn);
          return { kind: 'limit', count, loc: this.loc(start) };
        },
      },
      {
        ALT: () => {
          const kind = this.OR3([
            { ALT: () => { this.CONSUME(K.using); return 'using' as const; } },
            { ALT: () => { this.CONSUME(K.target); return 'target' as const; } },
          ]);
          const name = this.nameAt(102);
          this.CONSUME(T.Colon);
          const count = this.SUBRULE(this.countSpec);
          this.CONSUME(K.from);
          const from = this.SUBRULE2(this.expression);
          let suchThat: A.Expr | undefined;
          this.OPTION(() => {
            this.CONSUME(K.such);
            this.CONSUME(K.that);
            suchThat = this.SUBRULE3(this.expression);
          });
          return { kind, name, count, from, suchThat, loc: this.loc(start) };
        },
      },
      {
        ALT: () => {
          const kind = this.OR4([
            { ALT: () => { this.CONSUME(K.cost); return 'cost' as const; } },
            { ALT: () => { this.CONSUME(K.effect); return 'effect' as const; } },
          ]);
          const body = this.SUBRULE(this.block);
          return { kind, body, loc: this.loc(start) };
        },
      },
      { ALT: () => { this.CONSUME(K.on); const event = this.SUBRULE(this.event); return { kind: 'on', event, loc: this.loc(start) }; } },
      { ALT: () => { this.CONSUME(K.if); const expr = this.SUBRULE4(this.expression); return { kind: 'if', expr, loc: this.loc(start) }; } },
      { ALT: () => { this.CONSUME(K.controller); const expr = this.SUBRULE5(this.expression); return { kind: 'controller', expr, loc: this.loc(start) }; } },
      { ALT: () => { this.CONSUME(K.since); const n = this.nameAt(103); this.ACTION(() => (d.since = n)); return undefined; } },
      { ALT: () => { this.CONSUME(K.cite); const c = this.SUBRULE(this.str); this.ACTION(() => (d.cite = c)); return undefined; } },
    ]);
  });

  protected event = this.RULE('event', (): A.EventSpec => {
    const start = this.LA(1);
    return this.OR<A.EventSpec>([
      { ALT: () => { this.CONSUME(K.resolved); const action = this.nameAt(101); return { kind: 'resolved', action, loc: this.loc(start) }; } },
      { ALT: () => { this.CONSUME(K.declared); const action = this.nameAt(102); return { kind: 'declared', action, loc: this.loc(start) }; } },
      {
        ALT: () => {
          this.CONSUME(K.signal);
          const event = this.nameAt(106);
          const card = this.nameAt(107);
          const more: A.Name[] = [];
          this.MANY5(() => {
            this.CONSUME3(T.Comma);
            const n = this.nameAt(108);
            this.ACTION(() => more.push(n));
          });
          return { kind: 'signal', event, card, more, loc: this.loc(start) };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.moved);
          const card = this.nameAt(103);
          this.CONSUME(K.from);
          const from = this.nameAt(104);
          this.CONSUME(K.to);
          const to = this.nameAt(105);
          return { kind: 'moved', card, from, to, loc: this.loc(start) };
        },
      },
      {
        ALT: () => {
          this.CONSUME(K.turn);
          return this.OR2([
            { ALT: () => { this.CONSUME(K.start); return { kind: 'turnStart' as const, loc: this.loc(start) }; } },
            { ALT: () => { this.CONSUME(K.end); return { kind: 'turnEnd' as const, loc: this.loc(start) }; } },
          ]);
        },
      },
    ]);
  });

  protected eventDecl = this.RULE('eventDecl', (): A.EventDecl => {
    this.CONSUME(K.event);
    const name = this.nameAt(101);
    const d: A.EventDecl = { kind: 'event', name, loc: name.loc };
    this.OPTION(() => (d.title = this.SUBRULE(this.str)));
    this.OPTION2({ GATE: () => this.LA(1).tokenType === T.LParen, DEF: () => (d.params = this.SUBRULE(this.params)) });
    d.cite = this.SUBRULE(this.citeOpt);
    this.OPTION3({ GATE: () => this.LA(1).tokenType === T.LBrace, DEF: () => (d.body = this.SUBRULE(this.block)) });
    return d;
  });

  /** `ability action|trigger|instead <name> ["title"] (p: T [= default], …) [since F] [cite "…"] { clauses }` */
  protected abilityTemplateDecl = this.RULE('abilityTemplateDecl', (): A.AbilityTemplateDecl => {
    this.CONSUME(K.ability);
    const as = this.OR([
      { ALT: () => { this.CONSUME(K.action); return 'action' as const; } },
      { ALT: () => { this.CONSUME(K.trigger); return 'trigger' as const; } },
      { ALT: () => { this.CONSUME(K.instead); return 'instead' as const; } },
    ]);
    const name = this.nameAt(101);
    const body: A.ActionDecl = { kind: as, name, clauses: [], loc: name.loc };
    const d: A.AbilityTemplateDecl = { kind: 'abilityTemplate', as, name, params: [], body, loc: name.loc };
    this.OPTION(() => (d.title = this.SUBRULE(this.str)));
    this.OPTION2(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({
        SEP: T.Comma,
        DEF: () => {
          const p = this.nameAt(102);
          this.CONSUME(T.Colon);
          const type = this.nameAt(103);
          let def: A.Expr | undefined;
          this.OPTION3(() => {
            this.CONSUME(T.Equals);
            def = this.SUBRULE(this.orExpr);
          });
          this.ACTION(() => d.params.push({ name: p, type, default: def }));
        },
      });
      this.CONSUME(T.RParen);
    });
    this.SUBRULE(this.actionBody, { ARGS: [body] });
    return this.ACTION(() => {
      body.title = d.title;
      d.cite = body.cite;
      return d;
    });
  });

  /** A template's use on a card: `<template> <name> ["title"] [(args)] [cite "…"]`. */
  protected templateUse = this.RULE('templateUse', (): A.TemplateUse => {
    const template = this.nameAt(101);
    const name = this.nameAt(102);
    const u: A.TemplateUse = { template, name, args: [], loc: name.loc };
    this.OPTION(() => (u.title = this.SUBRULE(this.str)));
    this.OPTION2(() => {
      this.CONSUME(T.LParen);
      this.MANY_SEP({
        SEP: T.Comma,
        DEF: () => {
          let argName: A.Name | undefined;
          this.OPTION3({
            GATE: () => this.LA(2).tokenType === T.Equals,
            DEF: () => {
              argName = this.nameAt(103);
              this.CONSUME(T.Equals);
            },
          });
          const value = this.SUBRULE(this.orExpr);
          this.ACTION(() => u.args.push({ name: argName, value }));
        },
      });
      this.CONSUME(T.RParen);
    });
    this.OPTION4(() => {
      this.CONSUME(K.cite);
      u.cite = this.SUBRULE2(this.str);
    });
    return u;
  });

  /** `limit <name> ["title"] <n> per turn [per player | per card] on [card] actions|triggers|abilities [of <CardType>] [tagged L, …] [cite "…"]` */
  protected limitDecl = this.RULE('limitDecl', (): A.LimitDecl => {
    this.CONSUME(K.limit);
    const name = this.nameAt(101);
    const d: A.LimitDecl = { kind: 'limit', name, count: 1, per: 'player', cardsOnly: false, what: name, tags: [], loc: name.loc };
    this.OPTION(() => (d.title = this.SUBRULE(this.str)));
    d.count = this.SUBRULE(this.num);
    this.CONSUME(K.per);
    this.CONSUME(K.turn);
    this.OPTION2(() => {
      this.CONSUME2(K.per);
      this.OR([
        { ALT: () => { this.CONSUME(K.player); d.per = 'player'; } },
        { ALT: () => { this.CONSUME(K.card); d.per = 'card'; } },
      ]);
    });
    this.CONSUME(K.on);
    this.OPTION3(() => {
      this.CONSUME2(K.card);
      d.cardsOnly = true;
    });
    d.what = this.nameAt(102);
    this.OPTION4(() => {
      this.CONSUME(K.of);
      d.cardType = this.nameAt(103);
    });
    this.OPTION5({
      GATE: () => this.LA(1).image === 'tagged',
      DEF: () => {
        this.CONSUME(T.Identifier);
        this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { const n = this.nameAt(104); this.ACTION(() => d.tags.push(n)); } });
      },
    });
    d.cite = this.SUBRULE(this.citeOpt);
    return d;
  });
}
