/**
 * The game's checks and its play as a whole: `evaluate` (pure: checkPure), `deck check` and `match`.
 *
 * One part of lowering (see lower.ts for how the parts make one lowering).
 */
import type * as A from '../grammar/ast.ts';
import { msg } from '../i18n/format.ts';
import { maxPlayerCount, type DeckCheckIR, type MatchIR, type TeamsIR, type Expr, type GameIR } from './ir.ts';
import { elementOf, isList, describeType } from './lower-base.ts';
import { DeclarationLowering } from './lower-declarations.ts';

/** Whether an IR expression draws at random: `random(…)`, or a call of a function for which `fnDraws` says so. */
function irDraws(e: unknown, fnDraws: (fn: number) => boolean): boolean {
  if (!e || typeof e !== 'object') return false;
  if (Array.isArray(e)) return e.some((x) => irDraws(x, fnDraws));
  const node = e as Record<string, unknown>;
  if (node['kind'] === 'builtinCall' && node['fn'] === 'random') return true;
  if (node['kind'] === 'call' && typeof node['fn'] === 'number' && fnDraws(node['fn'])) return true;
  return Object.values(node).some((v) => irDraws(v, fnDraws));
}

export abstract class MatchLowering extends DeclarationLowering {
  /**
   * `evaluate = <number>`: checked as a function body with no parameters (`me` is the player
   * evaluated, `opponent` the other); it must be a number and pure — no statements, no draw at
   * random, here or in a function it calls (functions are lowered before it).
   */
  protected lowerEvaluate(d: A.EvaluateDecl, ir: GameIR): GameIR['evaluate'] {
    if (!d.body) {
      this.error('evaluate/impure', d.blockLoc ?? d.keyword, msg('evaluate/impure.an-evaluation-is-one-expression'), [
        msg('evaluate/impure.note.write-evaluate-a-number-e'),
      ]);
      return null;
    }
    const scope = this.newScope({});
    const typed = this.expr(d.body, scope);
    if (typed.type !== 'number' && typed.type !== 'any' && typed.type !== 'error') {
      this.error('evaluate/not-a-number', d.body.loc, msg('evaluate/not-a-number.an-evaluation-is-a-number', { p: describeType(typed.type) }), [
        typed.type === 'bool' ? msg('evaluate/not-a-number.note.turn-it-into-a-number') : msg('evaluate/not-a-number.note.count-it-e-g-count'),
      ]);
    }
    this.checkPure(d.body, ir);
    return { expr: typed.ir, slots: scope.frame.slots, cite: d.cite ?? '', loc: this.src(d.keyword) };
  }

  /**
   * `match { best of N | first to N wins  between games { … } }`: the match's length (a number,
   * or a number parameter whose every reading is 1 or more) and the statements before each game
   * after the first.
   */
  protected lowerMatch(d: A.MatchDecl): MatchIR {
    const length = d.length;
    if (!length) this.error('match/length', d.keyword, msg('match/length.a-match-says-how-many'));
    if (d.extraLength) this.error('match/length', d.extraLength.loc, msg('match/length.a-second-length-in-the'), [msg('match/length.note.the-first-is-at', { file: length!.loc.file, line: length!.loc.line, col: length!.loc.col })]);
    if (d.extraBetween) this.error('match/between', d.extraBetween.loc, msg('match/between.a-second-between-games-in'), [msg('match/between.note.the-first-is-at', { file: d.between!.loc.file, line: d.between!.loc.line, col: d.between!.loc.col })]);
    let games = 1;
    let gamesParam = -1;
    if (length?.param) {
      gamesParam = this.indexOfName(this.params, length.param!.text);
      const p = this.params[gamesParam];
      if (!p) this.error('match/length', length.param.loc, msg('match/length.the-game-has-no-parameter', { name: length.param.text }), this.didYouMean(length.param.text, this.params.map((x) => x.name.text)));
      else {
        const readings = [p.value, ...p.alternatives].map((e) => (e.kind === 'number' ? e.value : NaN));
        if (p.type.text !== 'number' || readings.some((n) => !Number.isInteger(n) || n < 1)) {
          this.error('match/length', length.param.loc, msg('match/length.gives-the-match-s-number', { name: length.param.text }), [msg('match/length.note.e-g-param-match-games')]);
        } else games = readings[0]!;
      }
    } else if (length) {
      games = length.games ?? 0;
      if (!Number.isInteger(games) || games < 1) this.error('match/length', length.loc, msg('match/length.a-match-of-games', { games }));
    }
    const between = d.between ? this.lowerBody('between games', d.between.body, d.between.cite ?? d.cite, d.between.loc) : null;
    return { length: length?.kind ?? 'bestOf', games, gamesParam, betweenGames: between, cite: d.cite ?? '', loc: this.src(d.keyword) };
  }

  /**
   * `deck check { main … side … build … require … }`: the zones (of each player), the building
   * procedure (one player parameter), and each requirement — a truth value and a text reason,
   * with `me` the player whose deck is checked and, after `for each c in <list>`, `c` each card
   * of the list.
   */
  protected lowerDeckCheck(d: A.DeckCheckDecl): DeckCheckIR | undefined {
    const zone = (n: A.Name | undefined, what: 'main' | 'side'): number => {
      if (!n) {
        if (what === 'main') this.error('deck/zone', d.keyword, msg('deck/zone.a-deck-check-says-which'));
        return -1;
      }
      const i = this.indexOfName(this.zones, n.text);
      if (i < 0) this.error('deck/zone', n.loc, msg('deck/zone.the-game-has-no-zone', { what, n: n.text }), this.didYouMean(n.text, this.zones.map((z) => z.name.text)));
      else if (this.zones[i]!.shared) this.error('deck/zone', n.loc, msg('deck/zone.is-a-shared-zone-and', { what, n: n.text }));
      return i;
    };
    const main = zone(d.main, 'main');
    const side = zone(d.side, 'side');
    let build = -1;
    if (d.build) {
      build = this.indexOfName(this.procedures, d.build!.text);
      if (build < 0) this.error('deck/build', d.build.loc, msg('deck/build.build-the-game-has-no', { build: d.build.text }), this.didYouMean(d.build.text, this.procedures.map((p) => p.name.text)));
      else {
        const params = this.procedures[build]!.params;
        if (params.length !== 1 || this.typeName(params[0]!.type) !== 'player') {
          this.error('deck/build', d.build.loc, msg('deck/build.build-the-procedure-that-builds', { build: d.build.text, p: params.map((p) => `${p.name.text}: ${p.type.text}`).join(', ') }));
        }
      }
    }
    const scope = this.newScope({});
    const requirements = d.requirements.map((r) => {
      scope.vars.push(new Map());
      let each: { slot: number; list: Expr } | null = null;
      if (r.each) {
        const list = this.expr(r.each.list, scope);
        if (!isList(list.type) && list.type !== 'error') this.error('type/bad-arguments', r.each.list.loc, msg('type/bad-arguments.for-each-in-needs-a', { name: r.each.name.text, p: describeType(list.type) }));
        each = { slot: this.bind(scope, r.each.name, elementOf(list.type)), list: list.ir };
      }
      const cond = this.expect(r.cond, 'bool', scope);
      const reason = this.expect(r.reason, 'text', scope);
      scope.vars.pop();
      return { each, cond, reason, cite: r.cite ?? '', loc: this.src(r.loc) };
    });
    if (d.main && main < 0) return undefined;
    return { main, side, build, slots: scope.frame.slots, requirements, cite: d.cite ?? '', loc: this.src(d.keyword) };
  }

  /** Reports every draw at random in an evaluation: `random(…)`, or a call of a function that draws (at any depth). */
  protected checkPure(body: A.Expr, ir: GameIR): void {
    const draws = new Map<number, boolean>();
    const fnDraws = (i: number): boolean => {
      const known = draws.get(i);
      if (known !== undefined) return known;
      draws.set(i, false); // a recursive function is reported elsewhere; here it does not loop
      const found = irDraws(ir.functions[i]?.body, fnDraws);
      draws.set(i, found);
      return found;
    };
    const visit = (n: unknown): void => {
      if (!n || typeof n !== 'object') return;
      if (Array.isArray(n)) {
        for (const x of n) visit(x);
        return;
      }
      const node = n as Record<string, unknown>;
      if (node['kind'] === 'call') {
        const call = node as unknown as Extract<A.Expr, { kind: 'call' }>;
        const fn = this.functionIndex.get(call.callee.text);
        if (fn !== undefined && fnDraws(fn)) {
          this.error('evaluate/impure', call.callee.loc, msg('evaluate/impure.an-evaluation-may-not-draw', { callee: call.callee.text }), [msg('evaluate/impure.note.an-evaluation-scores-the-state')]);
        } else if (fn === undefined && call.callee.text === 'random') {
          this.error('evaluate/impure', call.callee.loc, msg('evaluate/impure.an-evaluation-may-not-draw-2'), [msg('evaluate/impure.note.an-evaluation-scores-the-state')]);
        }
      }
      for (const [k, v] of Object.entries(node)) if (k !== 'loc') visit(v);
    };
    visit(body);
  }

  /**
   * `teams { north: p1, p3  south: p2, p4  shared life }`: each seat (p1 … pN, N the most players
   * of any reading) in exactly one team, two teams or more, and `shared` naming player states.
   */
  protected lowerTeams(d: A.TeamsDecl, ir: GameIR): TeamsIR {
    const max = maxPlayerCount(ir);
    const teamOf = new Map<number, string>();
    const seats = d.teams.map((t) =>
      t.seats.flatMap((n) => {
        const m = /^p([1-9][0-9]*)$/.exec(n.text);
        const i = m ? Number(m[1]) - 1 : -1;
        if (i < 0 || i >= max) {
          this.error('teams/seat', n.loc, msg('teams/seat.unknown-seat', { seat: n.text, max }));
          return [];
        }
        const first = teamOf.get(i);
        if (first !== undefined) {
          this.error('teams/seat', n.loc, msg('teams/seat.in-two-teams', { seat: n.text, first, second: t.name.text }));
          return [];
        }
        teamOf.set(i, t.name.text);
        return [i];
      }),
    );
    if (d.teams.length < 2) this.error('teams/seat', d.keyword, msg('teams/seat.one-team'));
    else for (let i = 0; i < max; i++) if (!teamOf.has(i)) this.error('teams/seat', d.keyword, msg('teams/seat.in-no-team', { seat: `p${i + 1}`, max }));
    const shared = d.shared.flatMap((n) => {
      const s = this.indexOfName(this.playerStates, n.text);
      if (s < 0) this.error('teams/shared', n.loc, msg('teams/shared.not-a-player-state', { name: n.text }), this.didYouMean(n.text, this.playerStates.map((x) => x.name.text)));
      return s < 0 ? [] : [s];
    });
    return { names: d.teams.map((t) => t.name.text), seats, shared, cite: d.cite ?? '', loc: this.src(d.keyword) };
  }
}
