/**
 * Seats — the room of the players as seats of a game of more than two: a player who loses with
 * more than two players still in the game goes out of it and the game goes on; turn order, the
 * players' lists and priority skip them (GameState.nextPlayer, playersFrom); the last one in wins.
 * Turn order may be reversed by a rule (`reverse turn order`).
 * What becomes of a defeated player's cards is a rule of the game, not of this room.
 */
/* room-allowances of SeatsRoom (checked by test/room-allowances.test.ts; docs/architecture.md)
 * below: GameState
 * above: none
 * fields: GameState (active direction journal logging playerCount playerOrders playersIn stack
 *   trial varChanges)
 */
import type { SrcLoc } from '../compiler/ir.ts';
import type { Ctx } from './context.ts';
import { TrialEndsGame } from './engine-types.ts';
import type { Player } from './model.ts';
import { CopiableState } from './state-copies.ts';
import { optional, phrase } from './log-entry.ts';

export abstract class SeatsRoom extends CopiableState {
  /** The players still in the game other than `p`, in turn order after it (`opponents`). */
  opponentsOf(p: Player): Player[] {
    const all = this.playersFrom(p);
    return all[0] === p ? all.slice(1) : all.slice();
  }

  /** `reverse turn order`: turns, and every list of players in turn order, go the other way round from now on. */
  reverseTurnOrder(ctx: Ctx, loc: SrcLoc | null): void {
    const was = this.direction;
    this.direction = was === 1 ? -1 : 1;
    this.playerOrders = [];
    if (this.journal.depth > 0) {
      this.journal.record(() => {
        this.direction = was;
        this.playerOrders = [];
      });
    }
    this.varChanges++;
    this.mix(this.direction === 1 ? 41 : 43);
    if (this.logging) this.emitLog('turn-order', phrase('turn-order', { order: this.playersFrom(this.active).map((p) => p.name).join(' → ') }), ctx.me, ctx.cite, loc, false);
  }

  /**
   * `lose p`: with more than two players still in the game, `p` goes out of it (eliminate) and
   * the game goes on — false; else the game ends with `p`'s loss — true (`returns`: the turn's or
   * setup's generated body returns on it, see end; else finish throws). A player already out
   * loses nothing more.
   */
  defeat(p: Player, reason: string, ctx: Ctx | null, loc: SrcLoc | null, returns: boolean): boolean {
    if (p.out) return false;
    if (this.playersIn > 2) {
      this.eliminate(p, reason, ctx, loc);
      return false;
    }
    if (!returns) this.finish('lose', p, reason, ctx, loc);
    this.end('lose', p, reason, ctx, loc);
    return true;
  }

  /**
   * A player goes out of the game: never asked again, skipped in turn order and by `players`,
   * their requests on the stack cancelled; their cards stay where they are (the rules move them:
   * what happens to a player's cards when they lose is a rule of the game). Their place is the
   * number of players who were still in. The turn goes on (an active player out of the game is
   * simply never asked).
   */
  protected eliminate(p: Player, reason: string, ctx: Ctx | null, loc: SrcLoc | null): void {
    if (this.trial > 0) throw new TrialEndsGame();
    const place = this.playersIn;
    p.out = true;
    p.place = place;
    this.playersIn--;
    this.playerOrders = [];
    const cancelled = this.stack.filter((r) => r.controller === p && !r.cancelled);
    for (const r of cancelled) r.cancelled = true;
    if (this.journal.depth > 0) {
      this.journal.record(() => {
        p.out = false;
        p.place = 0;
        this.playersIn++;
        this.playerOrders = [];
        for (const r of cancelled) r.cancelled = false;
      });
    }
    this.varChanges++;
    this.mix(p.index + 31);
    if (this.logging) this.emitLog('out', phrase('out', { player: p.name, reason: optional(!!reason, 'paren', { text: reason }), place, count: this.playerCount }), p, ctx?.cite ?? '', loc, true);
  }
}
