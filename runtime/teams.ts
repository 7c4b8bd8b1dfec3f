/**
 * Teams — the seats grouped as the rules' `teams { … }` declares (ir.teams): a player's
 * opponents are the players of the other teams; a team is in the game while one of its seats is;
 * a `lose` that leaves one team in ends the game with that team the winner, and every seat is
 * placed by its team's place. A player state the teams share (`shared <player state>`) lives on the team's
 * first seat (teamSeatOf), so each teammate reads and writes the same value. Without `teams`
 * every method is the seats' own (seats.ts), and a game plays exactly as before.
 */
/* room-allowances of TeamsRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState SeatsRoom
 * above: none
 * fields: GameState (ir players result trial)
 */
import type { SrcLoc } from '../compiler/ir.ts';
import type { Ctx } from './context.ts';
import { TrialEndsGame, type GameResult } from './engine-types.ts';
import type { Player } from './model.ts';
import { SeatsRoom } from './seats.ts';
import { optional, phrase, type LogPhrase } from './log-entry.ts';

export abstract class TeamsRoom extends SeatsRoom {
  /** By seat: its team's index in ir.teams (worked out on first use: the seats are fixed for an engine). */
  private seatTeams: number[] | null = null;
  /** By team: its first seat in the game, where its shared states live. */
  private teamSeats: Player[] = [];

  /** The team index of `p` (its seat's own index without teams). */
  teamIndexOf(p: Player): number {
    const t = this.ir.teams;
    if (!t) return p.index;
    if (this.seatTeams === null) {
      const seatTeams: number[] = [];
      t.seats.forEach((seats, team) => {
        for (const s of seats) if (s < this.players.length) seatTeams[s] = team;
      });
      this.teamSeats = t.seats.map((seats) => this.players[Math.min(...seats.filter((s) => s < this.players.length))]!);
      this.seatTeams = seatTeams;
    }
    return this.seatTeams[p.index] ?? p.index;
  }

  /** The seat that holds `p`'s team's shared states (`p` itself without teams); none for none. */
  teamSeatOf(p: Player | null): Player | null {
    if (p === null || !this.ir.teams) return p;
    return this.teamSeats[this.teamIndexOf(p)] ?? p;
  }

  /** `opponents`: the players still in other than `p` and not of `p`'s team, in turn order after `p`. */
  override opponentsOf(p: Player): Player[] {
    const all = super.opponentsOf(p);
    if (!this.ir.teams) return all;
    const team = this.teamIndexOf(p);
    return all.filter((q) => this.teamIndexOf(q) !== team);
  }

  /** `teammates`: the players still in of `p`'s team other than `p`, in turn order after `p` (none without teams). */
  teammatesOf(p: Player): Player[] {
    if (!this.ir.teams) return [];
    const team = this.teamIndexOf(p);
    return super.opponentsOf(p).filter((q) => this.teamIndexOf(q) === team);
  }

  /** `opponent`, `other(p)` with teams: the next player still in of another team (`p` itself when none is). */
  nextOpponentOf(p: Player): Player {
    return this.opponentsOf(p)[0] ?? p;
  }

  /** The teams with a seat still in, `p` counted as out. */
  private teamsInWithout(p: Player): number[] {
    const teams: number[] = [];
    for (const q of this.players) {
      if (q.out || q === p) continue;
      const t = this.teamIndexOf(q);
      if (!teams.includes(t)) teams.push(t);
    }
    return teams;
  }

  /**
   * `lose p` with teams: `p` goes out while two teams or more are still in without them (a
   * teammate still in keeps their team in); else the game ends, the team left the winner.
   */
  override defeat(p: Player, reason: string, ctx: Ctx | null, loc: SrcLoc | null, returns: boolean): boolean {
    if (!this.ir.teams) return super.defeat(p, reason, ctx, loc, returns);
    if (p.out) return false;
    if (this.teamsInWithout(p).length >= 2) {
      this.eliminate(p, reason, ctx, loc);
      return false;
    }
    if (!returns) this.finish('lose', p, reason, ctx, loc);
    this.end('lose', p, reason, ctx, loc);
    return true;
  }

  /**
   * The game's end with teams: `win p` is `p`'s team's win; `lose p` the win of the one team left
   * without `p` (none if several are); the result names the winning team (its first seat still
   * in as `winner`), and places each team — and each seat by its team — best first.
   */
  override end(kind: 'win' | 'lose' | 'draw', p: Player | null, reason: string, ctx: Ctx | null, loc: SrcLoc | null, stopped?: GameResult['stopped'], because?: LogPhrase): void {
    const t = this.ir.teams;
    if (!t) return super.end(kind, p, reason, ctx, loc, stopped, because);
    if (this.trial > 0) throw new TrialEndsGame();
    let winTeam = -1;
    if (kind === 'win' && p) winTeam = this.teamIndexOf(p);
    else if (kind === 'lose' && p) {
      const left = this.teamsInWithout(p).filter((x) => x !== this.teamIndexOf(p));
      if (left.length === 1) winTeam = left[0]!;
    }
    const seatsOf = (team: number) => this.players.filter((q) => this.teamIndexOf(q) === team);
    const winnerSeat = kind === 'win' ? p : (seatsOf(winTeam).find((q) => !q.out) ?? null);
    const winner = winTeam >= 0 ? (winnerSeat?.name ?? null) : null;
    const loser = kind === 'lose' && p ? p.name : null;
    const cite = ctx?.cite ?? '';
    const why = because ?? reason;
    const team = (i: number) => phrase('team', { team: t.names[i]!, seats: seatsOf(i).map((q) => q.name) });
    const entry = kind === 'draw' || winTeam < 0 ? phrase('result-draw', { reason: why }) : phrase(loser ? 'result-loses' : 'result-others', { winner: team(winTeam), loser: loser ?? '', reason: optional(!!reason, 'paren', { text: why }) });
    const result: GameResult = { winner, loser, reason: reason || kind, cite };
    if (stopped) result.stopped = stopped;
    if (because) result.because = because;
    // Team places: the winner 1; the teams still in share the next; then the teams out, the one
    // whose last seat went out last first (a seat's place when out: smaller is later).
    const teams = t.names.map((_, i) => i).filter((i) => seatsOf(i).length > 0);
    const stillIn = teams.filter((i) => i !== winTeam && seatsOf(i).some((q) => !q.out && q !== p));
    const lastOut = (i: number) => Math.min(...seatsOf(i).map((q) => (q === p ? 0 : q.place)));
    const out = teams.filter((i) => i !== winTeam && !stillIn.includes(i)).sort((a, b) => lastOut(a) - lastOut(b));
    const place = new Map<number, number>();
    let next = 1;
    if (winTeam >= 0) place.set(winTeam, next++);
    for (const i of stillIn) place.set(i, next);
    if (stillIn.length) next++;
    for (const i of out) place.set(i, next++);
    const ranked = teams.slice().sort((a, b) => place.get(a)! - place.get(b)! || a - b);
    result.teams = ranked.map((i) => ({ team: t.names[i]!, seats: seatsOf(i).map((q) => q.name), place: place.get(i)! }));
    result.team = winTeam >= 0 ? t.names[winTeam]! : null;
    result.places = ranked.flatMap((i) => seatsOf(i).map((q) => ({ player: q.name, place: place.get(i)! })));
    this.result = result;
    this.mix(kind === 'draw' ? 7 : (p?.index ?? 0) + 11);
    this.emitLog('result', entry, p, cite, loc, true);
  }
}
