/**
 * Chevrotain's LL(k) lookahead, each decision's function built the first time the parser comes
 * to that decision instead of all of them while the parser is constructed.
 *
 * Why: building every lookahead function was most of a short command's time — about 0.7 s of
 * CPU at every start (`grimoire check` of a small game, each editor, each test file), for 374
 * decisions (ORs, OPTIONs, MANYs) of which parsing a seed game reaches about 70 and every seed
 * game together about 150. The function built is the very one chevrotain would have built at
 * start-up (same decision, same rule, same depth), so what is parsed, and every error and
 * recovery, is unchanged (test/ir-unchanged.test.ts pins every game's parse).
 */
import { LLkLookaheadStrategy } from 'chevrotain';

type Strategy = InstanceType<typeof LLkLookaheadStrategy>;
type AlternationOptions = Parameters<Strategy['buildLookaheadForAlternation']>[0];
type OptionalOptions = Parameters<Strategy['buildLookaheadForOptional']>[0];
type Alternation = ReturnType<Strategy['buildLookaheadForAlternation']>;
type Optional = ReturnType<Strategy['buildLookaheadForOptional']>;

export class LazyLookahead extends LLkLookaheadStrategy {
  override buildLookaheadForAlternation(options: AlternationOptions): Alternation {
    let built: Alternation | undefined;
    const build = () => super.buildLookaheadForAlternation(options);
    // chevrotain calls it with the parser as `this`.
    return function (this: unknown, alts) {
      return (built ??= build()).call(this, alts);
    };
  }

  override buildLookaheadForOptional(options: OptionalOptions): Optional {
    let built: Optional | undefined;
    const build = () => super.buildLookaheadForOptional(options);
    return function (this: unknown) {
      return (built ??= build()).call(this);
    };
  }
}
