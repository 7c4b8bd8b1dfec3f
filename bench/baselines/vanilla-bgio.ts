/**
 * "Vanilla" (rules/vanilla/SPEC.md) written with boardgame.io 0.50, as a TypeScript developer
 * would write it with that framework, and played headless from Node by a random bot through a
 * single local `Client` (no multiplayer server, no transport).
 *
 * Structure:
 *   - setup: builds and shuffles both decks, picks the first player and deals 5 each, with our
 *     seeded Rng (passed in by closure, so results are comparable with vanilla-hand.ts).
 *   - turn.order: starts with G.first, then alternates.
 *   - turn.onBegin: untap, draw (an empty deck loses), mana.
 *   - stages of the active player: "main" (playCard(cost), endMain) -> "attack" (attack, hold:
 *     one move per eligible creature, in board order); then the opponent alone is active in
 *     "block" (block(blockerId), noBlock: one move per attacker, in declaration order). The last
 *     block decision resolves damage, then either sets the winner or ends the turn.
 *   - turn.onEnd: after the 200th turn with no winner, flags a draw.
 *   - endIf: the winner or the draw.
 *   - ai.enumerate: the legal moves of the acting player, in the same order as the hand-written
 *     version (main: distinct affordable costs ascending, then endMain; attack: [attack, hold];
 *     block: [noBlock, then each eligible blocker in board order]).
 *
 * The Rng stream (setup, then one below(options.length) per move) is the same as in
 * vanilla-hand.ts, so both implementations play the identical game for a given seed.
 */
import './bgio-env.ts'; // must come before boardgame.io: sets NODE_ENV=production unless set
import { Client } from 'boardgame.io/client';
import { INVALID_MOVE } from 'boardgame.io/core';
import type { Ctx, FnContext, Game, PlayerID } from 'boardgame.io';

type Events = FnContext<VanillaG>['events'];
import { Rng } from '../../runtime/rng.ts';
import type { VanillaResult } from './vanilla-hand.ts';

export type { VanillaResult } from './vanilla-hand.ts';

interface Creature {
  id: number;
  /** A Ci: cost, power and toughness are all i. */
  cost: number;
  sick: boolean;
  tapped: boolean;
}

interface PlayerState {
  /** Top of the deck is the last element. */
  deck: number[];
  /** Costs of the cards in hand. */
  hand: number[];
  /** Creatures in order of entry. */
  board: Creature[];
  life: number;
  turnsStarted: number;
}

export interface VanillaG {
  players: Record<PlayerID, PlayerState>;
  first: number;
  nextCreatureId: number;
  mana: number;
  /** Ids of my creatures still to decide attack or hold, in board order. */
  attackQueue: number[];
  /** Ids of the declared attackers, in declaration order. */
  attackers: number[];
  /** Blocker id (or null) for each attacker decided so far. */
  blocks: (number | null)[];
  winner: PlayerID | null;
  draw: boolean;
}

type Choice = { move: 'playCard'; args: [number] } | { move: 'endMain' | 'attack' | 'hold' | 'noBlock'; args: [] } | { move: 'block'; args: [number] };

const MAX_BOARD = 6;
const MAX_TURNS = 200;

const other = (p: PlayerID): PlayerID => (p === '0' ? '1' : '0');

function shuffle<T>(rng: Rng, a: T[]): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

function draw(p: PlayerState): void {
  p.hand.push(p.deck.pop()!);
}

function playableCosts(G: VanillaG, me: PlayerState): number[] {
  if (me.board.length >= MAX_BOARD) return [];
  const costs: number[] = [];
  for (let c = 1; c <= 6; c++) if (c <= G.mana && me.hand.includes(c)) costs.push(c);
  return costs;
}

function availableBlockers(G: VanillaG, defender: PlayerState): Creature[] {
  return defender.board.filter((c) => !c.tapped && !G.blocks.includes(c.id));
}

function enumerate(G: VanillaG, ctx: Ctx, playerID: PlayerID): Choice[] {
  const stage = ctx.activePlayers?.[playerID];
  const me = G.players[playerID];
  switch (stage) {
    case 'main':
      return [
        ...playableCosts(G, me).map((c): Choice => ({ move: 'playCard', args: [c] })),
        { move: 'endMain', args: [] },
      ];
    case 'attack':
      return [
        { move: 'attack', args: [] },
        { move: 'hold', args: [] },
      ];
    case 'block':
      return [
        { move: 'noBlock', args: [] },
        ...availableBlockers(G, me).map((c): Choice => ({ move: 'block', args: [c.id] })),
      ];
    default:
      return [];
  }
}

export function makeVanillaGame(rng: Rng, seed: number): Game<VanillaG> {
  /** After the last attack/hold decision: block stage for the opponent, or the end of the turn. */
  const afterAttacks = (G: VanillaG, ctx: Ctx, events: Events) => {
    if (G.attackers.length === 0) events.endTurn();
    else events.setActivePlayers({ value: { [other(ctx.currentPlayer)]: 'block' } });
  };

  /** Simultaneous damage; dead creatures go to the graveyard (leave the board). */
  const resolveCombat = (G: VanillaG, ctx: Ctx): void => {
    const me = G.players[ctx.currentPlayer];
    const opp = G.players[other(ctx.currentPlayer)];
    const dead = new Set<number>();
    G.attackers.forEach((attackerId, i) => {
      const attacker = me.board.find((c) => c.id === attackerId)!;
      const blockerId = G.blocks[i];
      if (blockerId === null) {
        opp.life -= attacker.cost;
      } else {
        const blocker = opp.board.find((c) => c.id === blockerId)!;
        if (blocker.cost >= attacker.cost) dead.add(attacker.id);
        if (attacker.cost >= blocker.cost) dead.add(blocker.id);
      }
    });
    me.board = me.board.filter((c) => !dead.has(c.id));
    opp.board = opp.board.filter((c) => !dead.has(c.id));
  };

  return {
    name: 'vanilla',
    seed, // the framework's own PRNG is unused; seeding it keeps it off Math.random
    minPlayers: 2,
    maxPlayers: 2,

    setup: () => {
      const newDeck = () => [1, 2, 3, 4, 5, 6].flatMap((c) => [c, c, c, c, c]);
      const players: Record<PlayerID, PlayerState> = {
        '0': { deck: newDeck(), hand: [], board: [], life: 20, turnsStarted: 0 },
        '1': { deck: newDeck(), hand: [], board: [], life: 20, turnsStarted: 0 },
      };
      shuffle(rng, players['0'].deck);
      shuffle(rng, players['1'].deck);
      const first = rng.below(2);
      for (const p of Object.values(players)) for (let i = 0; i < 5; i++) draw(p);
      return {
        players,
        first,
        nextCreatureId: 0,
        mana: 0,
        attackQueue: [],
        attackers: [],
        blocks: [],
        winner: null,
        draw: false,
      };
    },

    turn: {
      order: {
        first: ({ G }) => G.first,
        next: ({ ctx }) => (ctx.playOrderPos + 1) % ctx.numPlayers,
      },
      activePlayers: { currentPlayer: 'main' },

      onBegin: ({ G, ctx }) => {
        const me = G.players[ctx.currentPlayer];
        me.turnsStarted++;
        G.attackQueue = [];
        G.attackers = [];
        G.blocks = [];
        // 1. Untap.
        for (const c of me.board) {
          c.tapped = false;
          c.sick = false;
        }
        // 2. Draw, not on the game's first turn; an empty deck loses.
        if (ctx.turn > 1) {
          if (me.deck.length === 0) {
            G.winner = other(ctx.currentPlayer);
            return;
          }
          draw(me);
        }
        // 3. Mana.
        G.mana = Math.min(6, me.turnsStarted);
      },

      onEnd: ({ G, ctx }) => {
        // Damage wears off: nothing is kept between turns. After 200 turns in total: a draw.
        if (G.winner === null && ctx.turn >= MAX_TURNS) G.draw = true;
      },

      stages: {
        main: {
          moves: {
            playCard: ({ G, ctx }, cost: number) => {
              const me = G.players[ctx.currentPlayer];
              if (!playableCosts(G, me).includes(cost)) return INVALID_MOVE;
              me.hand.splice(me.hand.indexOf(cost), 1);
              G.mana -= cost;
              me.board.push({ id: G.nextCreatureId++, cost, sick: true, tapped: false });
            },
            endMain: ({ G, ctx, events }) => {
              const me = G.players[ctx.currentPlayer];
              G.attackQueue = me.board.filter((c) => !c.sick && !c.tapped).map((c) => c.id);
              if (G.attackQueue.length === 0) afterAttacks(G, ctx, events);
              else events.setStage('attack');
            },
          },
        },

        attack: {
          moves: {
            attack: ({ G, ctx, events }) => {
              const id = G.attackQueue.shift()!;
              G.players[ctx.currentPlayer].board.find((c) => c.id === id)!.tapped = true;
              G.attackers.push(id);
              if (G.attackQueue.length === 0) afterAttacks(G, ctx, events);
            },
            hold: ({ G, ctx, events }) => {
              G.attackQueue.shift();
              if (G.attackQueue.length === 0) afterAttacks(G, ctx, events);
            },
          },
        },

        block: {
          moves: {
            block: ({ G, ctx, events, playerID }, blockerId: number) => {
              if (!availableBlockers(G, G.players[playerID]).some((c) => c.id === blockerId)) return INVALID_MOVE;
              G.blocks.push(blockerId);
              if (G.blocks.length === G.attackers.length) endCombat(G, ctx, events);
            },
            noBlock: ({ G, ctx, events }) => {
              G.blocks.push(null);
              if (G.blocks.length === G.attackers.length) endCombat(G, ctx, events);
            },
          },
        },
      },
    },

    endIf: ({ G }) => {
      if (G.winner !== null) return { winner: G.winner };
      if (G.draw) return { draw: true };
    },

    ai: { enumerate },
  };

  function endCombat(G: VanillaG, ctx: Ctx, events: Events): void {
    resolveCombat(G, ctx);
    if (G.players[other(ctx.currentPlayer)].life <= 0) G.winner = ctx.currentPlayer; // endIf ends the game
    else events.endTurn();
  }
}

export function playBoardgameIO(seed: number): VanillaResult {
  const rng = new Rng(seed);
  const game = makeVanillaGame(rng, seed);
  const client = Client({ game, numPlayers: 2, debug: false });
  client.start();
  let decisions = 0;
  let lastStateID = -1;
  try {
    for (;;) {
      const state = client.getState()!;
      if (state._stateID === lastStateID) throw new Error(`vanilla-bgio: move rejected at turn ${state.ctx.turn}`);
      lastStateID = state._stateID;
      const { G, ctx } = state;
      if (ctx.gameover) {
        const winner = ctx.gameover.draw ? null : ctx.gameover.winner === '0' ? 0 : 1;
        return { winner, turns: ctx.turn, decisions };
      }
      // The acting player: the one player in a stage (the opponent while blocking).
      const actor = Object.keys(ctx.activePlayers ?? {})[0] ?? ctx.currentPlayer;
      if (client.playerID !== actor) client.updatePlayerID(actor);
      const options = game.ai!.enumerate(G, ctx, actor) as Choice[];
      const choice = options[rng.below(options.length)];
      decisions++;
      client.moves[choice.move](...choice.args);
    }
  } finally {
    client.stop();
  }
}
