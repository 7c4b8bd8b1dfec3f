/**
 * The Grimoire parser: tokens → AST (grammar/ast.ts).
 *
 * One chevrotain parser instance, built once and reused for every file (building one costs
 * milliseconds). Error recovery is on, so a file with several mistakes reports all of them.
 * The parser builds AST nodes directly (embedded actions); it resolves no names and checks no
 * types — that is the compiler's job.
 *
 * How the rules are split across files. A chevrotain parser is one object: its rules are
 * `this.RULE(…)` calls made while it is constructed, and `performSelfAnalysis()` must come after
 * the last of them. The grammar is split by construct family, one file each, as a chain of
 * classes (chevrotain's own way to split a grammar: examples/parser/inheritance in its
 * repository, where a base grammar uses rules its subclasses define and only the last class
 * calls `performSelfAnalysis`):
 *
 *   parser-base.ts          ParserBase: parse state, source ranges, names, str/num/citeOpt
 *   parser-expressions.ts   ExpressionRules extends ParserBase
 *   parser-statements.ts    StatementRules extends ExpressionRules
 *   parser-abilities.ts     AbilityRules extends StatementRules (actions, clauses, events, auras, templates, limits, durations)
 *   parser-faces.ts         FaceRules extends AbilityRules
 *   parser-cards.ts         CardRules extends FaceRules
 *   parser-match.ts         MatchRules extends CardRules (check, deck check, match, evaluate)
 *   parser-revisions.ts     RevisionRules extends MatchRules (revision, amend, remove)
 *   parser-declarations.ts  DeclarationRules extends RevisionRules (the file, `declaration`, game, zones, params…)
 *   parser.ts               GrimoireParser extends DeclarationRules: the options and performSelfAnalysis
 *
 * Why a chain of classes rather than the alternatives: each rule stays exactly as it was written
 * (`this.SUBRULE(this.block)`, typed by TypeScript), so the split moved text and changed no rule;
 * the object is still one parser with one instance. Functions that take the parser and define its
 * rules would need chevrotain's protected DSL (RULE, CONSUME, SUBRULE…) made public and every
 * `this.` rewritten; mixins (copying the prototypes of several classes onto one) lose the
 * TypeScript types of the rules each family uses from another. A family that uses a rule of a
 * later family names it with `declare protected` at its top (and that family marks the rule `override`):
 * a type only, no code — chevrotain looks the
 * rule up when it records the grammar, after every family's rules exist. The order of the chain
 * is the order of dependence (expressions use nothing above them; `declaration` uses everything),
 * and each rule's behaviour does not depend on the order its RULE call runs in
 * (test/ir-unchanged.test.ts pins every game's IR and every file's parse).
 */
import { getLookaheadPaths, NoViableAltException, tokenMatcher, type IParserErrorMessageProvider, type IRecognitionException, type IToken, type LookaheadSequence, type TokenType } from 'chevrotain';
import * as T from './tokens.ts';
import { messages } from './parser-messages.ts';
import { DeclarationRules } from './parser-declarations.ts';
import { LazyLookahead } from './lazy-lookahead.ts';

export { parserMessages } from './parser-messages.ts';

/** A token of `type` standing alone, to ask the grammar what may follow it. */
function probe(type: TokenType): IToken {
  return { image: '', startOffset: 0, tokenType: type, tokenTypeIdx: type.tokenTypeIdx! } as IToken;
}

/** The members of chevrotain's parser that its own raiseNoAltException uses (error_handler.js), untyped in its API. */
interface RaiseInternals {
  maxLookahead: number;
  errorMessageProvider: IParserErrorMessageProvider;
  getCurrRuleFullName(): string;
  SAVE_ERROR(error: IRecognitionException): IRecognitionException;
}

export class GrimoireParser extends DeclarationRules {
  /** Each decision's expected paths, for its "cannot start" message (raiseNoAltException), by rule and occurrence. */
  private readonly noAltPaths = new Map<string, LookaheadSequence[]>();

  /**
   * `validate`: run chevrotain's checks of the grammar itself (ambiguous alternatives, left
   * recursion, …) while analysing it. They hold for the grammar as written and take about a
   * second at every start-up (the CLI's, each editor's, each test file's), so only
   * test/grammar.test.ts asks for them — a grammar change that breaks one fails there.
   */
  constructor(opts: { validate?: boolean } = {}) {
    // Each decision's lookahead is built when first reached (lazy-lookahead.ts): a short command
    // does not pay for the whole grammar's.
    super(T.allTokens, { recoveryEnabled: true, errorMessageProvider: messages, maxLookahead: 3, lookaheadStrategy: new LazyLookahead({ maxLookahead: 3 }), skipValidations: !opts.validate });
    this.performSelfAnalysis();
    // The tokens that can begin a declaration, from the grammar itself.
    for (const path of this.computeContentAssist('declaration', [])) this.declarationStarts.add(path.nextTokenType);
    // The tokens that can continue an expression begun with a lone operand (loneOperand), from the grammar.
    [T.NumberLiteral, T.StringLiteral, T.Identifier].forEach((type, kind) => {
      const next = this.computeContentAssist('expression', [probe(type)]).map((p) => p.nextTokenType);
      for (const t of T.allTokens) this.continuesOperand[kind]![t.tokenTypeIdx!] = next.some((n) => tokenMatcher(probe(t), n));
    });
  }

  /**
   * chevrotain's own raiseNoAltException (chevrotain 11.2, parse/parser/traits/error_handler.js:
   * the same paths, tokens, message and exception), but each decision's expected paths computed
   * once per parser instead of at every error. chevrotain computes them afresh each time (its
   * code says "TODO: … can be slow … consider caching"), and for a card's body — an alternative
   * that holds every ability, statement and expression, three tokens deep — that took about a
   * second of CPU per error: a card with one stray token took seconds to parse, in the editor at
   * each keystroke. The paths depend only on the grammar (the rule, the decision's occurrence,
   * maxLookahead), which is fixed once the parser is built, and the message provider only reads
   * them (parser-messages.ts), so every message is unchanged (test/plain-card.test.ts and
   * test/grammar.test.ts compare diagnostics; test/ir-unchanged.test.ts pins the parses).
   */
  raiseNoAltException(occurrence: number, errMsgTypes: string | undefined): never {
    const self = this as unknown as RaiseInternals;
    const ruleName = self.getCurrRuleFullName();
    const key = `${ruleName}#${occurrence}`;
    let paths = this.noAltPaths.get(key);
    if (!paths) {
      paths = getLookaheadPaths({ occurrence, rule: this.getGAstProductions()[ruleName]!, prodType: 'Alternation', maxLookahead: self.maxLookahead });
      this.noAltPaths.set(key, paths);
    }
    const actual: IToken[] = [];
    for (let i = 1; i <= self.maxLookahead; i++) actual.push(this.LA(i));
    const previous = this.LA(0);
    const message = self.errorMessageProvider.buildNoViableAltMessage({ expectedPathsPerAlt: paths, actual, previous, customUserDescription: errMsgTypes, ruleName });
    throw self.SAVE_ERROR(new NoViableAltException(message, this.LA(1), previous));
  }
}
