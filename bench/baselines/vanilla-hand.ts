/**
 * "Vanilla" (rules/vanilla/SPEC.md) written by hand in plain, fast TypeScript:
 * the reference point for Grimoire's random-playout speed.
 *
 * All state lives in module-level typed arrays that are reset at the start of each game, so the
 * hot loop allocates nothing (the only allocation per game is the Rng and the result object).
 *
 * Randomness, in this order (vanilla-bgio.ts consumes the same stream in the same order, so the
 * two implementations play the identical game for a given seed):
 *   shuffle deck of player 0, shuffle deck of player 1 (Fisher–Yates, i from 29 down to 1,
 *   j = below(i + 1)), first player = below(2); then one below(options.length) per decision.
 * Option order in every decision:
 *   main:   the distinct affordable costs ascending, then "end main";
 *   attack: [attack, hold];
 *   block:  [no block, then each eligible blocker in board order].
 */
import { Rng } from '../../runtime/rng.ts';

export interface VanillaResult {
  winner: 0 | 1 | null;
  turns: number;
  decisions: number;
}

const DECK = 30;
const MAX_BOARD = 6;
const MAX_TURNS = 200;
const START_LIFE = 20;
const HAND_START = 5;

// Decks: player p's cards at [p*30, p*30 + deckLen[p]); the top of the deck is the last card.
const deck = new Uint8Array(2 * DECK);
const deckLen = new Int32Array(2);
// Hands: count of cards of cost c held by player p at [p*7 + c].
const hand = new Int32Array(14);
// Boards: creature k of player p at p*6 + k, in order of entry. A creature is a Ci: its cost,
// power and toughness are all `cost`.
const bCost = new Uint8Array(2 * MAX_BOARD);
const bSick = new Uint8Array(2 * MAX_BOARD);
const bTapped = new Uint8Array(2 * MAX_BOARD);
const bDead = new Uint8Array(2 * MAX_BOARD);
const bBlocking = new Uint8Array(2 * MAX_BOARD);
const boardLen = new Int32Array(2);
const life = new Int32Array(2);
const started = new Int32Array(2);
// Combat scratch: attackers (board slots of the active player) in declaration order, and the
// blocker slot (of the opponent) for each, or -1.
const attackers = new Int32Array(MAX_BOARD);
const blockerOf = new Int32Array(MAX_BOARD);
// Options scratch (main: costs; block: blocker slots).
const opts = new Int32Array(8);

function shuffleDeck(rng: Rng, base: number): void {
  for (let i = DECK - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = deck[base + i];
    deck[base + i] = deck[base + j];
    deck[base + j] = t;
  }
}

function drawCard(p: number): void {
  const c = deck[p * DECK + --deckLen[p]];
  hand[p * 7 + c]++;
}

/** Removes the dead creatures of player p's board, keeping the order of the others. */
function compact(p: number): void {
  const base = p * MAX_BOARD;
  const n = boardLen[p];
  let w = 0;
  for (let r = 0; r < n; r++) {
    const s = base + r;
    if (bDead[s]) {
      bDead[s] = 0;
      continue;
    }
    if (w !== r) {
      const d = base + w;
      bCost[d] = bCost[s];
      bSick[d] = bSick[s];
      bTapped[d] = bTapped[s];
    }
    w++;
  }
  boardLen[p] = w;
}

export function playHandWritten(seed: number): VanillaResult {
  const rng = new Rng(seed);

  // Setup.
  for (let p = 0; p < 2; p++) {
    const base = p * DECK;
    for (let i = 0; i < DECK; i++) deck[base + i] = 1 + ((i / 5) | 0); // C1..C6, five of each
    deckLen[p] = DECK;
    boardLen[p] = 0;
    life[p] = START_LIFE;
    started[p] = 0;
  }
  hand.fill(0);
  bDead.fill(0);
  shuffleDeck(rng, 0);
  shuffleDeck(rng, DECK);
  const first = rng.below(2);
  for (let p = 0; p < 2; p++) for (let k = 0; k < HAND_START; k++) drawCard(p);

  let decisions = 0;
  let turn = 0;
  let me = first;
  for (;;) {
    if (turn === MAX_TURNS) return { winner: null, turns: turn, decisions };
    turn++;
    const opp = 1 - me;
    started[me]++;
    const myBase = me * MAX_BOARD;
    const oppBase = opp * MAX_BOARD;

    // 1. Untap.
    for (let k = 0; k < boardLen[me]; k++) {
      bTapped[myBase + k] = 0;
      bSick[myBase + k] = 0;
    }

    // 2. Draw (not on the game's first turn); an empty deck loses.
    if (turn > 1) {
      if (deckLen[me] === 0) return { winner: opp as 0 | 1, turns: turn, decisions };
      drawCard(me);
    }

    // 3. Mana.
    let mana = started[me] < 6 ? started[me] : 6;

    // 4. Main: one option per distinct affordable cost in hand (while < 6 creatures), + end main.
    const hBase = me * 7;
    for (;;) {
      let n = 0;
      if (boardLen[me] < MAX_BOARD) {
        for (let c = 1; c <= mana; c++) if (hand[hBase + c] > 0) opts[n++] = c;
      }
      const k = rng.below(n + 1);
      decisions++;
      if (k === n) break; // end main
      const c = opts[k];
      hand[hBase + c]--;
      mana -= c;
      const s = myBase + boardLen[me]++;
      bCost[s] = c;
      bSick[s] = 1;
      bTapped[s] = 0;
    }

    // 5. Attack: one decision per creature, in board order, that is neither sick nor tapped.
    let na = 0;
    const nb = boardLen[me];
    for (let k = 0; k < nb; k++) {
      const s = myBase + k;
      if (bSick[s] || bTapped[s]) continue;
      decisions++;
      if (rng.below(2) === 0) {
        bTapped[s] = 1;
        attackers[na++] = k;
      }
    }

    if (na > 0) {
      // 6. Block: per attacker in declaration order, no block or an untapped, not-yet-blocking
      //    creature of the opponent.
      const no = boardLen[opp];
      for (let k = 0; k < no; k++) bBlocking[oppBase + k] = 0;
      for (let a = 0; a < na; a++) {
        let n = 0;
        for (let k = 0; k < no; k++) {
          const s = oppBase + k;
          if (!bTapped[s] && !bBlocking[s]) opts[n++] = k;
        }
        const k = rng.below(n + 1);
        decisions++;
        if (k === 0) {
          blockerOf[a] = -1;
        } else {
          const b = opts[k - 1];
          blockerOf[a] = b;
          bBlocking[oppBase + b] = 1;
        }
      }

      // 7. Damage, simultaneous. Power = toughness = cost, and damage wears off at end of turn,
      //    so a creature dies iff the power dealt to it this combat is >= its toughness.
      let dmg = 0;
      let anyDead = false;
      for (let a = 0; a < na; a++) {
        const as = myBase + attackers[a];
        const b = blockerOf[a];
        if (b < 0) {
          dmg += bCost[as];
        } else {
          const bs = oppBase + b;
          if (bCost[bs] >= bCost[as]) {
            bDead[as] = 1;
            anyDead = true;
          }
          if (bCost[as] >= bCost[bs]) {
            bDead[bs] = 1;
            anyDead = true;
          }
        }
      }
      if (anyDead) {
        compact(me);
        compact(opp);
      }
      life[opp] -= dmg;

      // 8. Win check.
      if (life[opp] <= 0) return { winner: me as 0 | 1, turns: turn, decisions };
    }
    me = opp;
  }
}
