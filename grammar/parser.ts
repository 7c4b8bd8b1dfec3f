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
import { tokenMatcher, type IToken, type TokenType } from 'chevrotain';
import * as T from './tokens.ts';
import { messages } from './parser-messages.ts';
import { DeclarationRules } from './parser-declarations.ts';
import { LazyLookahead } from './lazy-lookahead.ts';

export { parserMessages } from './parser-messages.ts';

/** A token of `type` standing alone, to ask the grammar what may follow it. */
function probe(type: TokenType): IToken {
  return { image: '', startOffset: 0, tokenType: type, tokenTypeIdx: type.tokenTypeIdx! } as IToken;
}

export class GrimoireParser extends DeclarationRules {
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
}
