/**
 * The Grimoire parser: tokens → AST (grammar/ast.ts).
 *
 * One chevrotain parser instance, built once and reused for every file (building one costs
 * milliseconds). Error recovery is on, so a file with several mistakes reports all of them.
 * The parser builds AST nodes directly (embedded actions); it resolves no names and checks no
 * types — that is the compiler's job.
 */
import { EmbeddedActionsParser, EOF, tokenMatcher, type IToken, type TokenType, type IParserErrorMessageProvider } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { suggest } from './spelling.ts';
import { format, msg, type Message } from '../i18n/format.ts';

/**
 * Chevrotain asks for a message as a string: it gets the English, and the message as a catalog
 * entry is kept here under that English for parse.ts to attach (cleared at each parse).
 */
export const parserMessages = new Map<string, Message>();
function keep(m: Message): string {
  const english = format('en', m.key, m.values);
  parserMessages.set(english, m);
  return english;
}

const K = T.Keyword;

/** The words that may follow `zone <name> per player|shared`. */
const zoneModifiers = ['public', 'private', 'hidden', 'ordered', 'attachments', 'capacity', 'overflow', 'displaced', 'for match'];

/** Turns chevrotain's mismatch reports into sentences a card designer can act on. */
const messages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    return keep(msg('syntax/unexpected-token.expected-but-found', { expected: describe(expected), found: show(actual) }));
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return keep(msg('syntax/unexpected-token.unexpected-a-declaration-was-expected', { found: show(firstRedundant) }));
  },
  buildNoViableAltMessage({ expectedPathsPerAlt, actual, ruleName }) {
    const starts = new Map<string, string | Message>();
    for (const alt of expectedPathsPerAlt) for (const path of alt) if (path[0]) { const d = describe(path[0]); starts.set(typeof d === 'string' ? d : d.key, d); }
    const what = ruleDescriptions[ruleName] ?? ruleName;
    const list = [...starts.values()].slice(0, 8);
    return keep(list.length ? msg('syntax/unexpected-token.cannot-start-expected-one-of', { found: show(actual[0]!), what, list }) : msg('syntax/unexpected-token.cannot-start', { found: show(actual[0]!), what }));
  },
  buildEarlyExitMessage({ expectedIterationPaths, actual, ruleName }) {
    const first = expectedIterationPaths[0]?.[0];
    return keep(msg('syntax/unexpected-token.needs-at-least-one-found', { what: ruleDescriptions[ruleName] ?? ruleName, first: first ? describe(first) : msg('syntax.word.item'), found: show(actual[0]!) }));
  },
};

const expression = msg('syntax.rule.expression');
const ruleDescriptions: Record<string, Message> = {
  declaration: msg('syntax.rule.declaration'),
  statement: msg('syntax.rule.statement'),
  primary: expression,
  clause: msg('syntax.rule.clause'),
  event: msg('syntax.rule.event'),
  gameItem: msg('syntax.rule.game-item'),
  notExpr: expression,
  unary: expression,
  comparison: expression,
  additive: expression,
  orExpr: expression,
  orExprWhere: expression,
  expression,
  postfix: expression,
  name: msg('syntax.word.name'),
};

function describe(t: TokenType): string | Message {
  if (t === EOF) return msg('syntax.word.end-of-file');
  if (t === T.Identifier) return msg('syntax.word.name');
  if (t === T.StringLiteral) return msg('syntax.word.string');
  if (t === T.NumberLiteral) return msg('syntax.word.number');
  const name = t.name;
  if (name.startsWith('Kw_')) return `'${name.slice(3)}'`;
  const src = (t.PATTERN as RegExp).source?.replace(/\\/g, '');
  return `'${src ?? name}'`;
}

function show(tok: IToken): string | Message {
  if (tok.tokenType === EOF) return msg('syntax.word.end-of-file');
  return `'${tok.image}'`;
}

/** Two tokens written with nothing between them. */
function touches(a: IToken, b: IToken): boolean {
  return Number.isFinite(a.endOffset) && a.endOffset! + 1 === b.startOffset;
}

/** What `nameAt` returns while the grammar is being recorded (its value is never used). */
const recordingName: A.Name = { text: '', loc: { file: '', line: 1, col: 1, offset: 0, endLine: 1, endCol: 1, endOffset: 0 } };

/** Binding strength of the flat-read binary operators; higher binds tighter. */
const precedence: Partial<Record<A.BinaryOp, number>> = { or: 1, and: 2, '+': 5, '-': 5, '*': 6, '/': 6, '%': 6 };

/**
 * Groups `first op1 e1 op2 e2 …` by precedence, left-associative (precedence climbing).
 * Each node's range runs from its left operand's start to its right operand's end.
 */
function groupBinary(first: A.Expr, ops: A.BinaryOp[], operands: A.Expr[]): A.Expr {
  let i = 0;
  const climb = (left: A.Expr, min: number): A.Expr => {
    while (i < ops.length && precedence[ops[i]!]! >= min) {
      const op = ops[i]!;
      const p = precedence[op]!;
      let right = operands[i]!;
      i++;
      while (i < ops.length && precedence[ops[i]!]! > p) right = climb(right, precedence[ops[i]!]!);
      left = { kind: 'binary', op, left, right, loc: span(left.loc, right.loc) };
    }
    return left;
  };
  return climb(first, 0);
}

function span(a: A.Loc, b: A.Loc): A.Loc {
  return { file: a.file, line: a.line, col: a.col, offset: a.offset, endLine: b.endLine, endCol: b.endCol, endOffset: b.endOffset };
}

function unquote(image: string): string {
  return image.slice(1, -1).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

export class GrimoireParser extends EmbeddedActionsParser {
  private file = '';

  /**
   * `validate`: run chevrotain's checks of the grammar itself (ambiguous alternatives, left
   * recursion, …) while analysing it. They hold for the grammar as written and take about a
   * second at every start-up (the CLI's, each editor's, each test file's), so only
   * test/grammar.test.ts asks for them — a grammar change that breaks one fails there.
   */
  constructor(opts: { validate?: boolean } = {}) {
    super(T.allTokens, { recoveryEnabled: true, errorMessageProvider: messages, maxLookahead: 3, skipValidations: !opts.validate });
    this.performSelfAnalysis();
    // The tokens that can begin a declaration, from the grammar itself.
    for (const path of this.computeContentAssist('declaration', [])) this.declarationStarts.add(path.nextTokenType);
  }

  private declarationStarts = new Set<TokenType>();

  /** The words that can begin a declaration (`override`, `card`, `zone`, …): see reparse.ts. */
  declarationStartWords(): string[] {
    return [...this.declarationStarts].flatMap((t) => (t.name.startsWith('Kw_') ? [t.name.slice(3)] : []));
  }

  /** Words met where only a fixed set of words may stand (e.g. `privat` for `private`). */
  strayWords: { token: IToken; message: string; text: Message }[] = [];

  load(file: string, tokens: IToken[]): void {
    this.file = file;
    this.strayWords = [];
    this.input = tokens;
  }

  /**
   * True when the next token is a plain word on the same line as the last one and does not
   * begin a declaration: a misspelt modifier rather than the next declaration.
   */
  private strayWordAhead(): boolean {
    const next = this.LA(1);
    const prev = this.LA(0);
    return tokenMatcher(next, T.Identifier) && !this.declarationStarts.has(next.tokenType) && next.startLine === prev.endLine;
  }

  private strayWord(token: IToken, what: 'zone-modifier' | 'deck-check-word' | 'match-word' | 'first-to-word' | 'between-word', words: string[]): void {
    const near = suggest(token.image, words);
    const text = near.length
      ? msg(`syntax/unknown-word.not-a-${what}-did-you-mean`, { word: token.image, near: near[0]!, words })
      : msg(`syntax/unknown-word.not-a-${what}`, { word: token.image, words });
    this.strayWords.push({ token, message: format('en', text.key, text.values), text });
  }

  // ------------------------------------------------------------ helpers

  private loc(start: IToken, end: IToken = this.LA(0)): A.Loc {
    const s = Number.isFinite(start.startOffset) ? start : end;
    const e = Number.isFinite(end.endOffset ?? NaN) ? end : s;
    return {
      file: this.file,
      line: s.startLine ?? 1,
      col: s.startColumn ?? 1,
      offset: s.startOffset,
      endLine: e.endLine ?? s.startLine ?? 1,
      endCol: e.endColumn ?? s.startColumn ?? 1,
      endOffset: (e.endOffset ?? s.startOffset) + 1,
    };
  }

  private nameFrom(tok: IToken): A.Name {
    const text = tok.tokenType === T.QuotedIdentifier ? tok.image.slice(1, -1) : tok.image;
    return { text, loc: this.loc(tok, tok) };
  }

  /**
   * A name, read in place rather than through a sub-rule (names are a third of all tokens).
   * A quoted name (`end`) is in the Identifier category too. The occurrence index keeps each call
   * site distinct, as chevrotain requires; 100 and up never clash with the CONSUME(Identifier)
   * calls written out in rules.
   */
  private nameAt(idx: number): A.Name {
    const tok = this.consume(idx, T.Identifier);
    // While chevrotain records the grammar, ACTION runs nothing: hand back a stand-in.
    return this.ACTION(() => this.nameFrom(tok)) ?? recordingName;
  }

  private str = this.RULE('str', (): string => {
    const tok = this.CONSUME(T.StringLiteral);
    return this.ACTION(() => unquote(tok.image));
  });

  private num = this.RULE('num', (): number => {
    const tok = this.CONSUME(T.NumberLiteral);
    return this.ACTION(() => Number(tok.image));
  });

  private citeOpt = this.RULE('citeOpt', (): string | undefined => {
    let text: string | undefined;
    this.OPTION(() => {
      this.CONSUME(K.cite);
      text = this.SUBRULE(this.str);
    });
    return text;
  });

  // ------------------------------------------------------------ file and declarations

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
      const d = this.SUBRULE(this.declaration);
      this.ACTION(() => d && decls.push(d));
    });
    return { file: this.file, decls };
  });

  private declaration = this.RULE('declaration', (): A.Decl => {
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

  private gameDecl = this.RULE('gameDecl', (): A.GameDecl => {
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

  private gameItem = this.RULE('gameItem', (d: A.GameDecl) => {
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
      { ALT: () => { this.CONSUME(K.cite); const c = this.SUBRULE3(this.str); this.ACTION(() => (d.cite = c)); } },
    ]);
  });

  private revisionDecl = this.RULE('revisionDecl', (): A.RevisionDecl => {
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

  private paramDecl = this.RULE('paramDecl', (): A.ParamDecl => {
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

  private enumDecl = this.RULE('enumDecl', (): A.EnumDecl => {
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

  private labelDecl = this.RULE('labelDecl', (): A.LabelDecl => {
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

  private zoneDecl = this.RULE('zoneDecl', (): A.ZoneDecl => {
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

  private cardDecl = this.RULE('cardDecl', (): A.CardTypeDecl | A.CardDecl => {
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
                  const ability = this.SUBRULE(this.actionDecl);
                  this.ACTION(() => d.abilities.push(ability));
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

  private cardField = this.RULE('cardField', (): A.CardField => {
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

  private stateDecl = this.RULE('stateDecl', (): A.StateDecl => {
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

  private params = this.RULE('params', (): A.ParamDef[] => {
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

  private functionDecl = this.RULE('functionDecl', (): A.FunctionDecl => {
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

  private procedureDecl = this.RULE('procedureDecl', (): A.ProcedureDecl => {
    this.CONSUME(K.procedure);
    const name = this.nameAt(101);
    const params = this.SUBRULE(this.params);
    const cite = this.SUBRULE(this.citeOpt);
    const body = this.SUBRULE(this.block);
    return { kind: 'procedure', name, params, body, cite, loc: name.loc };
  });

  private actionDecl = this.RULE('actionDecl', (): A.ActionDecl => {
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
  private actionBody = this.RULE('actionBody', (d: A.ActionDecl): void => {
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
  private auraDecl = this.RULE('auraDecl', (): A.AuraDecl => {
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
  private changeOp = this.RULE('changeOp', (): A.ChangeOp =>
    this.OR([
      { ALT: () => { this.CONSUME(K.by); return 'add' as const; } },
      { ALT: () => { this.CONSUME(K.times); return 'mul' as const; } },
      { ALT: () => { this.CONSUME(K.divided); this.CONSUME2(K.by); return 'div' as const; } },
      { ALT: () => { this.CONSUME(K.becomes); return 'set' as const; } },
      { ALT: () => { this.CONSUME(K.gains); return 'gain' as const; } },
      { ALT: () => { this.CONSUME(K.loses); return 'lose' as const; } },
    ]),
  );

  /** Does a duration start here (after a `modify`'s value)? `for` only as `for <n> turns`, never `for each`. */
  private durationAhead(): boolean {
    const t = this.LA(1).tokenType;
    return t === K.until || t === K.during || (t === K.for && this.LA(2).tokenType !== K.each);
  }

  /** How long a `modify` lasts (A.Duration). */
  private duration = this.RULE('duration', (): A.Duration => {
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

  private countSpec = this.RULE('countSpec', (): A.CountSpec => {
    const min = this.SUBRULE(this.additive);
    let max: A.Expr | undefined;
    this.OPTION(() => {
      this.CONSUME(T.DotDot);
      max = this.SUBRULE2(this.additive);
    });
    return { min, max };
  });

  private clause = this.RULE('clause', (d: A.ActionDecl): A.Clause | undefined => {
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

  private event = this.RULE('event', (): A.EventSpec => {
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

  private eventDecl = this.RULE('eventDecl', (): A.EventDecl => {
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
  private abilityTemplateDecl = this.RULE('abilityTemplateDecl', (): A.AbilityTemplateDecl => {
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
  private templateUse = this.RULE('templateUse', (): A.TemplateUse => {
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
  private limitDecl = this.RULE('limitDecl', (): A.LimitDecl => {
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

  private checkDecl = this.RULE('checkDecl', (): A.CheckDecl => {
    this.CONSUME(K.check);
    const name = this.nameAt(101);
    const cite = this.SUBRULE(this.citeOpt);
    const body = this.SUBRULE(this.block);
    return { kind: 'check', name, cite, body, loc: name.loc };
  });

  /**
   * `deck check [cite "…"] { … }`: the zones a deck list fills (`main`, `side`), the procedure
   * that builds the rules' own decks (`build`), and the requirements (`[for each c in <list>]
   * require <bool> [cite "…"] reason <text>`), in order. The item words are plain names.
   */
  private deckCheckDecl = this.RULE('deckCheckDecl', (): A.DeckCheckDecl => {
    const first = this.CONSUME(T.DeckWord);
    const kw = this.CONSUME(K.check);
    const keyword = this.loc(first, kw);
    const d: A.DeckCheckDecl = { kind: 'deckCheck', keyword, requirements: [], loc: keyword };
    d.cite = this.SUBRULE(this.citeOpt);
    this.CONSUME(T.LBrace);
    // One token of lookahead throughout (the words choose): at three, building the parser costs
    // seconds more, for the expressions each item holds.
    this.MANY({ MAX_LOOKAHEAD: 1, GATE: () => this.LA(1).tokenType !== T.RBrace, DEF: () => {
      this.OR({ MAX_LOOKAHEAD: 1, DEF: [
        {
          GATE: () => ['main', 'side', 'build'].includes(this.LA(1).image) && tokenMatcher(this.LA(2), T.Identifier),
          ALT: () => {
            const word = this.CONSUME2(T.Identifier);
            const n = this.nameAt(101);
            this.ACTION(() => {
              if (word.image === 'main') d.main = n;
              else if (word.image === 'side') d.side = n;
              else d.build = n;
            });
          },
        },
        {
          // Any other word stands for `require` (a misspelt one is said, with the item words).
          GATE: () => this.LA(1).tokenType === K.for || (tokenMatcher(this.LA(1), T.Identifier) && !['main', 'side', 'build'].includes(this.LA(1).image)),
          ALT: () => {
            const start = this.LA(1);
            let each: A.DeckRequirement['each'];
            this.OPTION({ MAX_LOOKAHEAD: 1, GATE: () => this.LA(1).tokenType === K.for, DEF: () => {
              this.CONSUME(K.for);
              this.CONSUME(K.each);
              const name = this.nameAt(102);
              this.CONSUME(K.in);
              const list = this.SUBRULE(this.orExprWhere);
              each = { name, list };
            } });
            const req = this.CONSUME3(T.Identifier);
            const cond = this.SUBRULE2(this.orExprWhere);
            const cite = this.SUBRULE2(this.citeOpt);
            this.CONSUME(K.reason);
            const reason = this.SUBRULE3(this.orExprWhere);
            this.ACTION(() => {
              if (req.image !== 'require') this.strayWord(req, 'deck-check-word', ['main', 'side', 'build', 'require']);
              d.requirements.push({ each, cond, cite, reason, loc: this.loc(start) });
            });
          },
        },
      ] });
    } });
    this.CONSUME(T.RBrace);
    return d;
  });

  /**
   * `match [cite "…"] { best of <n | param NAME> | first to <n | param NAME> wins   between games
   * [cite "…"] { statements } }`: how many games a match is, and what happens before each game
   * after the first. The item words are plain names; one token of lookahead (as deck check).
   */
  private matchDecl = this.RULE('matchDecl', (): A.MatchDecl => {
    const kw = this.CONSUME(K.match);
    const keyword = this.loc(kw, kw);
    const d: A.MatchDecl = { kind: 'match', keyword, loc: keyword };
    d.cite = this.SUBRULE(this.citeOpt);
    this.CONSUME(T.LBrace);
    this.MANY({ MAX_LOOKAHEAD: 1, GATE: () => this.LA(1).tokenType !== T.RBrace, DEF: () => {
      this.OR({ MAX_LOOKAHEAD: 1, DEF: [
        {
          // `first to N wins`
          GATE: () => this.LA(1).tokenType === K.first,
          ALT: () => {
            const start = this.CONSUME(K.first);
            this.CONSUME(K.to);
            const n = this.SUBRULE(this.matchCount);
            const wins = this.CONSUME(T.Identifier);
            this.ACTION(() => {
              if (wins.image !== 'wins') this.strayWord(wins, 'first-to-word', ['wins']);
              const length = { kind: 'firstTo' as const, ...n, loc: this.loc(start) };
              if (d.length) d.extraLength = length;
              else d.length = length;
            });
          },
        },
        {
          GATE: () => tokenMatcher(this.LA(1), T.Identifier) && this.LA(1).tokenType !== K.first,
          ALT: () => {
            const word = this.CONSUME2(T.Identifier);
            this.OR2({ MAX_LOOKAHEAD: 1, DEF: [
              {
                // `best of N`
                GATE: () => this.LA(1).tokenType === K.of,
                ALT: () => {
                  this.CONSUME(K.of);
                  const n = this.SUBRULE2(this.matchCount);
                  this.ACTION(() => {
                    if (word.image !== 'best') this.strayWord(word, 'match-word', ['best', 'first', 'between']);
                    const length = { kind: 'bestOf' as const, ...n, loc: this.loc(word) };
                    if (d.length) d.extraLength = length;
                    else d.length = length;
                  });
                },
              },
              {
                // `between games [cite "…"] { statements }`
                ALT: () => {
                  const games = this.CONSUME3(T.Identifier);
                  const cite = this.SUBRULE3(this.citeOpt);
                  const body = this.SUBRULE(this.block);
                  this.ACTION(() => {
                    if (word.image !== 'between') this.strayWord(word, 'match-word', ['best', 'first', 'between']);
                    else if (games.image !== 'games') this.strayWord(games, 'between-word', ['games']);
                    const between = { body, cite, loc: this.loc(word, games) };
                    if (d.between) d.extraBetween = between;
                    else d.between = between;
                  });
                },
              },
            ] });
          },
        },
      ] });
    } });
    this.CONSUME(T.RBrace);
    return d;
  });

  /** A match's number of games: a number, or `param NAME` (a number parameter). */
  private matchCount = this.RULE('matchCount', (): { games?: number; param?: A.Name } => {
    return this.OR([
      { ALT: () => ({ games: this.SUBRULE(this.num) }) },
      { ALT: () => { this.CONSUME(K.param); return { param: this.nameAt(101) }; } },
    ]);
  });

  /**
   * `evaluate [cite "…"] = <expression> [cite "…"]`: the game's heuristic score of a state for
   * `me`, for agents. Statements in braces are read too, so that the compiler can say why an
   * evaluation may not have any (rather than a bare syntax error).
   */
  private evaluateDecl = this.RULE('evaluateDecl', (): A.EvaluateDecl => {
    const kw = this.CONSUME(K.evaluate);
    const keyword = this.loc(kw, kw);
    const d: A.EvaluateDecl = { kind: 'evaluate', keyword, loc: keyword };
    d.cite = this.SUBRULE(this.citeOpt);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(T.Equals);
          const body = this.SUBRULE(this.expression);
          const cite2 = this.SUBRULE2(this.citeOpt);
          this.ACTION(() => {
            d.body = body;
            d.cite ??= cite2;
          });
        },
      },
      {
        ALT: () => {
          const start = this.LA(1);
          const block = this.SUBRULE(this.block);
          this.ACTION(() => {
            d.block = block;
            d.blockLoc = this.loc(start);
          });
        },
      },
    ]);
    return d;
  });

  private flowDecl = this.RULE('flowDecl', (): A.FlowDecl => {
    const start = this.LA(1);
    const kind = this.OR([
      { ALT: () => { this.CONSUME(K.setup); return 'setup' as const; } },
      { ALT: () => { this.CONSUME(K.turn); return 'turn' as const; } },
    ]);
    const cite = this.SUBRULE(this.citeOpt);
    const body = this.SUBRULE(this.block);
    return { kind, cite, body, loc: this.loc(start) };
  });

  /** `amend <what> NAME … { … }`: see A.AmendDecl. */
  private amendDecl = this.RULE('amendDecl', (): A.AmendDecl => {
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
  private auraAmend = this.RULE('auraAmend', (): A.AuraAmend => {
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

  private removeDecl = this.RULE('removeDecl', (): A.RemoveDecl => {
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

  // ------------------------------------------------------------ card faces (docs/cards.md)

  /**
   * `face <CardType> [cite "…"] { item … }`. The words inside (`colour`, `show`, `frame`, the
   * region names) are plain names: the compiler checks them (compiler/faces.ts), so a misspelt
   * region gets a "did you mean".
   */
  private faceDecl = this.RULE('faceDecl', (): A.FaceDecl => {
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

  private faceItem = this.RULE('faceItem', (): A.FaceItem => {
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
  private wordFrom(tok: IToken): A.FaceWord {
    return { word: tok.image, loc: this.loc(tok, tok) };
  }

  /** `<region> ["caption"] [= part, …] [of <part>] [at x, y, w, h] [when <condition>]`. */
  private faceRegion = this.RULE('faceRegion', (): A.FaceRegion => {
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

  private facePart = this.RULE('facePart', (): A.FacePart =>
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
  private faceMap = this.RULE('faceMap', (): A.FaceMapEntry[] => {
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
  private decimal = this.RULE('decimal', (): number => {
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

  // ------------------------------------------------------------ statements

  private block = this.RULE('block', (): A.Stmt[] => {
    const list: A.Stmt[] = [];
    this.CONSUME(T.LBrace);
    this.MANY(() => {
      const s = this.SUBRULE(this.statement);
      this.ACTION(() => s && list.push(s));
    });
    this.CONSUME(T.RBrace);
    return list;
  });

  private positionOpt = this.RULE('positionOpt', (): 'top' | 'bottom' | undefined => {
    let p: 'top' | 'bottom' | undefined;
    this.OPTION(() =>
      this.OR([
        { ALT: () => { this.CONSUME(K.top); p = 'top'; } },
        { ALT: () => { this.CONSUME(K.bottom); p = 'bottom'; } },
      ]),
    );
    return p;
  });

  private statement = this.RULE('statement', (): A.Stmt => {
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

  private chooseStmt = this.RULE('chooseStmt', (): A.Stmt => {
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

  private ifStmt = this.RULE('ifStmt', (): A.Stmt => {
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

  private args = this.RULE('args', (): A.Expr[] => {
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

  // ------------------------------------------------------------ expressions

  /** The full expression: `<or-expression> [where <expression>]` — `where` binds loosest. */
  public expression = this.RULE('expression', (): A.Expr => this.SUBRULE(this.orExprWhere));

  private orExprWhere = this.RULE('orExprWhere', (): A.Expr => {
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
  private orExpr = this.RULE('orExpr', (): A.Expr => {
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

  private notExpr = this.RULE('notExpr', (): A.Expr => {
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

  private comparison = this.RULE('comparison', (): A.Expr => {
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
  private additive = this.RULE('additive', (): A.Expr => {
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
  private unary = this.RULE('unary', (): A.Expr => {
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

  private postfix = this.RULE('postfix', (): A.Expr => {
    const start = this.LA(1);
    let e = this.SUBRULE(this.primary);
    this.MANY(() => {
      this.CONSUME(T.Dot);
      const name = this.nameAt(101);
      e = { kind: 'member', object: e, name, loc: this.loc(start) };
    });
    return e;
  });

  private primary = this.RULE('primary', (): A.Expr => {
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

  /**
   * `teams [cite "…"] { <team>: <seat>, <seat>…   shared <player state>, … }`: each team and its
   * seats (p1 … pN), and the player states the teammates share. The words inside are names.
   */
  private teamsDecl = this.RULE('teamsDecl', (): A.TeamsDecl => {
    const kw = this.CONSUME(K.teams);
    const keyword = this.loc(kw, kw);
    const d: A.TeamsDecl = { kind: 'teams', keyword, teams: [], shared: [], loc: keyword };
    d.cite = this.SUBRULE(this.citeOpt);
    this.CONSUME(T.LBrace);
    this.MANY({ GATE: () => this.LA(1).tokenType !== T.RBrace, DEF: () => {
      this.OR([
        {
          // `shared life, poison`: player states kept once per team.
          GATE: () => this.LA(1).tokenType === K.shared,
          ALT: () => {
            this.CONSUME(K.shared);
            this.AT_LEAST_ONE_SEP({ SEP: T.Comma, DEF: () => { const n = this.nameAt(101); this.ACTION(() => d.shared.push(n)); } });
          },
        },
        {
          // `north: p1, p3`
          ALT: () => {
            const name = this.nameAt(102);
            this.CONSUME(T.Colon);
            const seats: A.Name[] = [];
            this.AT_LEAST_ONE_SEP2({ SEP: T.Comma, DEF: () => { const n = this.nameAt(103); this.ACTION(() => seats.push(n)); } });
            this.ACTION(() => d.teams.push({ name, seats }));
          },
        },
      ]);
    } });
    this.CONSUME(T.RBrace);
    return d;
  });
}
