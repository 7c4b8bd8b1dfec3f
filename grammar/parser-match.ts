/**
 * The game's checks and its play as a whole: `check`, `deck check`, `match` (`best of N` /
 * `first to N wins`, `between games`) and `evaluate`.
 *
 * One family of the parser's rules (see parser.ts for how the families make one parser).
 */
import { tokenMatcher } from 'chevrotain';
import * as T from './tokens.ts';
import type * as A from './ast.ts';
import { K } from './parser-base.ts';
import { CardRules } from './parser-cards.ts';

export abstract class MatchRules extends CardRules {
  protected checkDecl = this.RULE('checkDecl', (): A.CheckDecl => {
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
  protected deckCheckDecl = this.RULE('deckCheckDecl', (): A.DeckCheckDecl => {
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
  protected matchDecl = this.RULE('matchDecl', (): A.MatchDecl => {
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
  protected matchCount = this.RULE('matchCount', (): { games?: number; param?: A.Name } => {
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
  protected evaluateDecl = this.RULE('evaluateDecl', (): A.EvaluateDecl => {
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

  /**
   * `teams [cite "…"] { <team>: <seat>, <seat>…   shared <player state>, … }`: each team and its
   * seats (p1 … pN), and the player states the teammates share. The words inside are names.
   */
  protected teamsDecl = this.RULE('teamsDecl', (): A.TeamsDecl => {
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
