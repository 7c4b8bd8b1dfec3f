/**
 * A file and its declarations: `sourceFile`, the `declaration` that chooses among every kind (the
 * one place that lists them), `game` and its items, `param`, `enum`, `label`, `zone`, `state`,
 * `function`, `procedure`, parameter lists and `flow`.
 *
 * One family of the parser's rules (see parser.ts for how the families make one parser).
 */
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { K, zoneModifiers } from './parser-base.ts';
import { RevisionRules } from './parser-revisions.ts';

export abstract class DeclarationRules extends RevisionRules {
  /**
   * The declarations of the file being read, as they are read: parse.ts keeps them when recovery
   * gives up on a declaration cut short by the end of the file (typing at the end of a file),
   * so the declarations before it still reach the editor's symbol index.
   */
  declsSoFar: A.Decl[] = [];

  public sourceFile = this.RULE('sourceFile', (): A.SourceFile => {
    const decls: A.Decl[] = [];
    this.declsSoFar = decls;
    this.MANY(() => {
      // Most of a card pool: a plain card, read without the rules (plain-card.ts).
      const card = this.ACTION(() => this.plainCard());
      if (card) {
        decls.push(card);
        return;
      }
      const d = this.SUBRULE(this.declaration);
      this.ACTION(() => d && decls.push(d));
    });
    return { file: this.file, decls };
  });

  protected declaration = this.RULE('declaration', (): A.Decl => {
    const start = this.LA(1);
    let override = false;
    this.OPTION(() => {
      this.CONSUME(K.override);
      override = true;
    });
    const d = this.OR<A.Decl>([
      { ALT: () => this.SUBRULE(this.limitDecl) },
      { ALT: () => this.SUBRULE(this.abilityTemplateDecl) },
      { ALT: () => this.SUBRULE(this.gameDecl) },
      { ALT: () => this.SUBRULE(this.revisionDecl) },
      { ALT: () => this.SUBRULE(this.paramDecl) },
      { ALT: () => this.SUBRULE(this.enumDecl) },
      { ALT: () => this.SUBRULE(this.labelDecl) },
      { ALT: () => this.SUBRULE(this.zoneDecl) },
      { ALT: () => this.SUBRULE(this.cardDecl) },
      { ALT: () => this.SUBRULE(this.stateDecl) },
      { ALT: () => this.SUBRULE(this.functionDecl) },
      { ALT: () => this.SUBRULE(this.procedureDecl) },
      { ALT: () => this.SUBRULE(this.actionDecl) },
      { ALT: () => this.SUBRULE(this.eventDecl) },
      { ALT: () => this.SUBRULE(this.checkDecl) },
      { ALT: () => this.SUBRULE(this.evaluateDecl) },
      { ALT: () => this.SUBRULE(this.flowDecl) },
      { ALT: () => this.SUBRULE(this.removeDecl) },
      { ALT: () => this.SUBRULE(this.amendDecl) },
      { ALT: () => this.SUBRULE(this.faceDecl) },
      { ALT: () => this.SUBRULE(this.deckCheckDecl) },
      { ALT: () => this.SUBRULE(this.matchDecl) },
      { ALT: () => this.SUBRULE(this.teamsDecl) },
    ]);
    return this.ACTION(() => {
      if (d) {
        d.override = override || undefined;
        d.loc = this.loc(start);
      }
      return d;
    });
  });

  protected gameDecl = this.RULE('gameDecl', (): A.GameDecl => {
    this.CONSUME(K.game);
    const name = this.nameAt(101);
    const d: A.GameDecl = { kind: 'game', name, formats: [], loc: name.loc };
    this.OPTION(() => (d.title = this.SUBRULE(this.str)));
    this.OPTION2(() => {
      this.CONSUME(K.cite);
      d.cite = this.SUBRULE2(this.str);
    });
    this.CONSUME(T.LBrace);
    this.MANY(() => this.SUBRULE(this.gameItem, { ARGS: [d] }));
    this.CONSUME(T.RBrace);
    return d;
  });

  protected gameItem = this.RULE('gameItem', (d: A.GameDecl) => {
    this.OR([
      { ALT: () => { this.CONSUME(K.version); const v = this.SUBRULE(this.str); this.ACTION(() => (d.version = v)); } },
      {
        ALT: () => {
          this.CONSUME(K.players);
          this.OR2([
            { ALT: () => { const n = this.SUBRULE(this.num); this.ACTION(() => (d.players = n)); } },
            {
              // `players param <name>`: the number of players is a rule parameter (its default and alternatives).
              ALT: () => {
                const word = this.nameAt(107);
                const p = this.nameAt(108);
                this.ACTION(() => {
                  d.playersParam = p;
                  d.playersParamWord = word;
                });
              },
            },
          ]);
        },
      },
      {
        ALT: () => {
          const start = this.CONSUME(K.format);
          const name = this.nameAt(101);
          let title: string | undefined;
          this.OPTION(() => (title = this.SUBRULE2(this.str)));
          this.CONSUME(K.level);
          const level = this.SUBRULE2(this.num);
          this.ACTION(() => d.formats.push({ name, title, level, loc: this.loc(start) }));
        },
      },
      { ALT: () => { this.CONSUME(K.default); this.CONSUME2(K.format); const n = this.nameAt(102); this.ACTION(() => (d.defaultFormat = n)); } },
      { ALT: () => { this.CONSUME(K.stack); const n = this.nameAt(103); this.ACTION(() => (d.stack = n)); } },
      { ALT: () => { this.CONSUME(K.leftover); const n = this.nameAt(105); this.ACTION(() => (d.leftover = n)); } },
      {
        ALT: () => {
          this.CONSUME(K.first);
          this.CONSUME(K.responder);
          const n = this.nameAt(104);
          // `first responder param <name>`: the choice is a rule parameter.
          this.OPTION9({
            GATE: () => this.LA(0).image === 'param',
            DEF: () => {
              const p = this.nameAt(106);
              this.ACTION(() => (d.firstResponderParam = p));
            },
          });
          this.ACTION(() => (d.firstResponder = n));
        },
      },
      { ALT: () => { this.CONSUME(K.max); this.CONSUME(K.turns); const n = this.SUBRULE3(this.num); this.ACTION(() => (d.maxTurns = n)); } },
      {
        // `agent <name> "<agent>"`: an agent the game names (its strong player's settings, docs/agents.md).
        ALT: () => {
          const start = this.CONSUME(K.agent);
          const n = this.nameAt(109);
          const spec = this.SUBRULE4(this.str);
          this.ACTION(() => (d.agents ??= []).push({ name: n, spec, loc: this.loc(start) }));
        },
      },
      { ALT: () => { this.CONSUME(K.cite); const c = this.SUBRULE3(this.str); this.ACTION(() => (d.cite = c)); } },
    ]);
  });

  protected paramDecl = this.RULE('paramDecl', (): A.ParamDecl => {
    this.CONSUME(K.param);
    const name = this.nameAt(101);
    this.CONSUME(T.Colon);
    const type = this.nameAt(102);
    this.CONSUME(T.Equals);
    const value = this.SUBRULE(this.expression);
    const d: A.ParamDecl = { kind: 'param', name, type, value, alternatives: [], loc: name.loc };
    this.OPTION(() => {
      this.CONSUME(K.alternatives);
      this.AT_LEAST_ONE_SEP({
        SEP: T.Comma,
        DEF: () => {
          const e = this.SUBRULE2(this.expression);
          this.ACTION(() => d.alternatives.push(e));
        },
      });
    });
    this.MANY(() =>
      this.OR([
        { ALT: () => { this.CONSUME(K.cite); const c = this.SUBRULE(this.str); this.ACTION(() => (d.cite = c)); } },
        { ALT: () => { this.CONSUME(K.note); const n = this.SUBRULE2(this.str); this.ACTION(() => (d.note = n)); } },
      ]),
    );
    return d;
  });

  protected enumDecl = this.RULE('enumDecl', (): A.EnumDecl => {
    this.CONSUME(K.enum);
    const name = this.nameAt(101);
    const d: A.EnumDecl = { kind: 'enum', name, values: [], loc: name.loc };
    d.cite = this.SUBRULE(this.citeOpt);
    this.CONSUME(T.LBrace);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const v = this.nameAt(102);
        let title: string | undefined;
        this.OPTION(() => (title = this.SUBRULE(this.str)));
        this.ACTION(() => d.values.push({ name: v, title }));
      },
    });
    this.CONSUME(T.RBrace);
    return d;
  });

  protected labelDecl = this.RULE('labelDecl', (): A.LabelDecl => {
    this.CONSUME(K.label);
    const name = this.nameAt(101);
    const d: A.LabelDecl = { kind: 'label', name, loc: name.loc };
    this.OPTION(() => (d.title = this.SUBRULE(this.str)));
    // `value number = 1`: a numbered label (王（3）, Ward 2), with the number a card that prints
    // the label bare has.
    this.OPTION2(() => {
      const start = this.CONSUME(K.value);
      const type = this.nameAt(102);
      const loc = this.ACTION(() => this.loc(start));
      let dflt: A.Expr | undefined;
      this.OPTION3(() => {
        this.CONSUME(T.Equals);
        dflt = this.SUBRULE(this.expression);
      });
      this.ACTION(() => (d.value = { type, default: dflt, loc: loc! }));
    });
    d.cite = this.SUBRULE(this.citeOpt);
    return d;
  });

  protected zoneDecl = this.RULE('zoneDecl', (): A.ZoneDecl => {
    this.CONSUME(K.zone);
    const name = this.nameAt(101);
    const d: A.ZoneDecl = { kind: 'zone', name, shared: false, visibility: 'public', ordered: false, attachments: false, loc: name.loc };
    this.OR([
      { ALT: () => { this.CONSUME(K.per); this.CONSUME(K.player); } },
      { ALT: () => { this.CONSUME(K.shared); this.ACTION(() => (d.shared = true)); } },
    ]);
    this.MANY({
      // A plain word could begin the next declaration (keywords are soft): stop there.
      GATE: () => !this.declarationStarts.has(this.LA(1).tokenType),
      DEF: () =>
      this.OR2([
        { ALT: () => { this.CONSUME(K.public); this.ACTION(() => (d.visibility = 'public')); } },
        { ALT: () => { this.CONSUME(K.private); this.ACTION(() => (d.visibility = 'private')); } },
        { ALT: () => { this.CONSUME(K.hidden); this.ACTION(() => (d.visibility = 'hidden')); } },
        { ALT: () => { this.CONSUME(K.ordered); this.ACTION(() => (d.ordered = true)); } },
        { ALT: () => { this.CONSUME(K.attachments); this.ACTION(() => (d.attachments = true)); } },
        { ALT: () => { this.CONSUME(K.capacity); const n = this.SUBRULE(this.num); this.ACTION(() => (d.capacity = n)); } },
        // `overflow <zone>` (after `capacity N`): where a card goes that would enter the zone when it is full.
        { ALT: () => { this.CONSUME(K.overflow); const z = this.nameAt(102); this.ACTION(() => (d.overflow = z)); } },
        // `displaced <zone>` (after `capacity N`): the new card enters and the one there longest goes to <zone> ("a new land replaces the old").
        { ALT: () => { this.CONSUME(K.displaced); const z = this.nameAt(103); this.ACTION(() => (d.displaced = z)); } },
        // `for match`: the zone keeps its cards from one game of a match to the next.
        { ALT: () => { this.CONSUME(K.for); this.CONSUME(K.match); this.ACTION(() => (d.keptForMatch = true)); } },
        { GATE: () => this.strayWordAhead(), ALT: () => { const t = this.CONSUME(T.Identifier); this.ACTION(() => this.strayWord(t, 'zone-modifier', zoneModifiers)); } },
      ]),
    });
    this.OPTION(() => (d.title = this.SUBRULE(this.str)));
    d.cite = this.SUBRULE(this.citeOpt);
    return d;
  });

  protected stateDecl = this.RULE('stateDecl', (): A.StateDecl => {
    const kind = this.OR([
      { ALT: () => { this.CONSUME(K.player); return 'playerState' as const; } },
      { ALT: () => { this.CONSUME(K.global); return 'globalState' as const; } },
      { ALT: () => { this.CONSUME(K.request); return 'requestState' as const; } },
    ]);
    this.CONSUME(K.state);
    const name = this.nameAt(101);
    this.CONSUME(T.Colon);
    const type = this.nameAt(102);
    this.CONSUME(T.Equals);
    const init = this.SUBRULE(this.expression);
    const cite = this.SUBRULE(this.citeOpt);
    return { kind, name, type, init, cite, loc: name.loc };
  });

  protected override params = this.RULE('params', (): A.ParamDef[] => {
    const list: A.ParamDef[] = [];
    this.CONSUME(T.LParen);
    this.MANY_SEP({
      SEP: T.Comma,
      DEF: () => {
        const name = this.nameAt(101);
        this.CONSUME(T.Colon);
        const type = this.nameAt(102);
        this.ACTION(() => list.push({ name, type }));
      },
    });
    this.CONSUME(T.RParen);
    return list;
  });

  protected functionDecl = this.RULE('functionDecl', (): A.FunctionDecl => {
    this.CONSUME(K.function);
    const name = this.nameAt(101);
    const params = this.SUBRULE(this.params);
    this.CONSUME(T.Colon);
    const returnType = this.nameAt(102);
    let cite = this.SUBRULE(this.citeOpt);
    this.CONSUME(T.Equals);
    const body = this.SUBRULE(this.expression);
    const cite2 = this.SUBRULE2(this.citeOpt);
    return { kind: 'function', name, params, returnType, body, cite: cite ?? cite2, loc: name.loc };
  });

  protected procedureDecl = this.RULE('procedureDecl', (): A.ProcedureDecl => {
    this.CONSUME(K.procedure);
    const name = this.nameAt(101);
    const params = this.SUBRULE(this.params);
    const cite = this.SUBRULE(this.citeOpt);
    const body = this.SUBRULE(this.block);
    return { kind: 'procedure', name, params, body, cite, loc: name.loc };
  });

  protected flowDecl = this.RULE('flowDecl', (): A.FlowDecl => {
    const start = this.LA(1);
    const kind = this.OR([
      { ALT: () => { this.CONSUME(K.setup); return 'setup' as const; } },
      { ALT: () => { this.CONSUME(K.turn); return 'turn' as const; } },
    ]);
    const cite = this.SUBRULE(this.citeOpt);
    const body = this.SUBRULE(this.block);
    return { kind, cite, body, loc: this.loc(start) };
  });
}
