/**
 * Vanilla as the DSL's rules (rules/vanilla) would run if the compiler lowered them perfectly
 * onto the data layout issue 14 names — cards as ids, their states in typed columns by id, zones
 * as lists of ids — with every engine call written out in place: the ceiling of that layout.
 *
 * It is not a third Vanilla. It plays the DSL's games exactly: the same seed gives the same
 * random draws (the engine's generator for the setup's shuffles and the first player, one random
 * agent per player as `playOn` makes them), the same card ids, the same moves in the same order,
 * every decision asked and counted as with `askForced`, and the same game hash (test/
 * vanilla-agreement.test.ts checks the hashes against the engine's). What it leaves out is only
 * what those games never use: triggers, checks, a journal for trials, logging, views.
 *
 * Why keep it: `npm run bench` prints its speed beside the DSL's and the hand-written one's, so
 * the gap between the DSL and hand-written code is measured in two parts — what a perfect
 * lowering onto this layout would win (DSL → here), and what no faithful lowering can (here →
 * hand-written, whose hand is six counters and whose board has no zones, ids or hash).
 */
import { Rng } from '../../runtime/rng.ts';

const CARDS = 60;
const DECK = 0;
const HAND = 1;
const BOARD = 2;
const GRAVEYARD = 3;
const ZONES = 4;
const NONE = -1;

// Card columns, by id − 1 (ids 1…30 are p1's, 31…60 p2's: made in that order, C1…C6 five times).
const cost = new Int32Array(CARDS);
const sick = new Uint8Array(CARDS);
const tapped = new Uint8Array(CARDS);
const damage = new Int32Array(CARDS);
const attacking = new Uint8Array(CARDS);
const attackOrder = new Int32Array(CARDS);
const blocking = new Int32Array(CARDS);
const blockedBy = new Int32Array(CARDS);
// Zones: player p's zone z is list p * ZONES + z; the first element is the top.
const zoneList: Int32Array[] = Array.from({ length: 2 * ZONES }, () => new Int32Array(CARDS));
const zoneLength = new Int32Array(2 * ZONES);
const zoneOf = new Int32Array(CARDS);
// Players' states.
const life = new Int32Array(2);
const turnsStarted = new Int32Array(2);
const mana = new Int32Array(2);
// Scratch lists.
const options = new Int32Array(CARDS);
const attackers = new Int32Array(CARDS);
const dying = new Int32Array(CARDS);

let hash = 0;
let decisions = 0;
let agents: Rng[] = [];

/** The engine's hash step (runtime/state.ts `mix`). */
function mix(n: number): void {
  let h = hash ^ (n & 0xffff);
  h = Math.imul(h, 0x01000193);
  h ^= n >>> 16;
  hash = Math.imul(h, 0x01000193) >>> 0;
}

/** A decision of `count` options by player p's random agent, counted and hashed as the engine does. */
function ask(p: number, count: number): number {
  decisions++;
  const i = agents[p]!.below(count);
  mix(i + 1);
  return i;
}

/** Card `c`'s states as a new card has them (and as a zone change resets them). */
function newStates(c: number): void {
  sick[c] = 0;
  tapped[c] = 0;
  damage[c] = 0;
  attacking[c] = 0;
  attackOrder[c] = 0;
  blocking[c] = NONE;
  blockedBy[c] = NONE;
}

/** Moves card `c` (an id − 1) to the bottom of player p's zone z: a zone change resets its states. */
function move(c: number, p: number, z: number): void {
  const to = p * ZONES + z;
  const from = zoneOf[c]!;
  const list = zoneList[from]!;
  const n = zoneLength[from]!;
  let i = 0;
  while (list[i] !== c) i++;
  for (let j = i + 1; j < n; j++) list[j - 1] = list[j]!;
  zoneLength[from] = n - 1;
  zoneOf[c] = to;
  if (from !== to) newStates(c);
  zoneList[to]![zoneLength[to]!++] = c;
  mix((c + 1) * 31 + z);
}

export interface ColumnsResult {
  winner: 0 | 1 | null;
  turns: number;
  decisions: number;
  hash: number;
}

export function playColumns(seed: number): ColumnsResult {
  const rng = new Rng(seed);
  agents = [new Rng((seed * 31) ^ 0x5bd1e995), new Rng((seed * 31 + 1) ^ 0x5bd1e995)];
  hash = 0x811c9dc5;
  decisions = 0;
  zoneLength.fill(0);
  // Setup: each player's 30 cards made in the deck (C1…C6, five times), then shuffled.
  for (let p = 0; p < 2; p++) {
    const deck = p * ZONES + DECK;
    for (let copy = 0; copy < 5; copy++)
      for (let k = 1; k <= 6; k++) {
        const c = p * 30 + copy * 6 + k - 1;
        cost[c] = k;
        newStates(c);
        zoneOf[c] = deck;
        zoneList[deck]![zoneLength[deck]!++] = c;
      }
    life[p] = 20;
    turnsStarted[p] = 0;
    mana[p] = 0;
    const list = zoneList[deck]!;
    for (let i = zoneLength[deck]! - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = list[i]!;
      list[i] = list[j]!;
      list[j] = t;
    }
  }
  let me = rng.below(2);
  // (`players` lists the players in turn order from the active one.)
  for (let q = 0; q < 2; q++) {
    const p = q === 0 ? me : 1 - me;
    for (let k = 0; k < 5; k++) move(zoneList[p * ZONES + DECK]![0]!, p, HAND);
  }

  let turn = 0;
  for (;;) {
    if (turn >= 200) {
      mix(7);
      return { winner: null, turns: turn, decisions, hash };
    }
    turn++;
    const foe = 1 - me;
    const board = zoneList[me * ZONES + BOARD]!;
    const boardAt = me * ZONES + BOARD;
    // 1. Untap.
    for (let i = 0; i < zoneLength[boardAt]!; i++) {
      const c = board[i]!;
      tapped[c] = 0;
      sick[c] = 0;
    }
    // 2. Draw.
    if (turn > 1) {
      if (zoneLength[me * ZONES + DECK] === 0) {
        mix(me + 11);
        return { winner: foe as 0 | 1, turns: turn, decisions, hash };
      }
      move(zoneList[me * ZONES + DECK]![0]!, me, HAND);
    }
    // 3. Mana.
    turnsStarted[me]++;
    mana[me] = turnsStarted[me]! < 6 ? turnsStarted[me]! : 6;
    // 4. Main: "none", then one hand card per distinct cost ≤ mana (while fewer than 6 creatures).
    for (;;) {
      let n = 0;
      if (zoneLength[boardAt]! < 6) {
        const hand = zoneList[me * ZONES + HAND]!;
        const handLength = zoneLength[me * ZONES + HAND]!;
        for (let i = 0; i < handLength; i++) {
          const c = hand[i]!;
          const k = cost[c]!;
          if (k > mana[me]!) continue;
          let seen = false;
          for (let j = 0; j < n; j++)
            if (cost[options[j]!] === k) {
              seen = true;
              break;
            }
          if (!seen) options[n++] = c;
        }
      }
      const i = ask(me, n + 1);
      if (i === 0) break;
      const c = options[i - 1]!;
      move(c, me, BOARD);
      sick[c] = 1;
      mana[me] = mana[me]! - cost[c]!;
    }
    // 5. Attack: each creature neither tapped nor sick, in board order.
    let mayAttack = 0;
    for (let i = 0; i < zoneLength[boardAt]!; i++) {
      const c = board[i]!;
      if (!tapped[c] && !sick[c]) attackers[mayAttack++] = c;
    }
    let declared = 0;
    for (let i = 0; i < mayAttack; i++) {
      const c = attackers[i]!;
      if (ask(me, 2) === 0) {
        declared++;
        attacking[c] = 1;
        attackOrder[c] = declared;
        tapped[c] = 1;
      }
    }
    // 6. Block: per attacker by declaration order, "none" or one of the opponent's untapped creatures not blocking.
    let na = 0;
    for (let i = 0; i < zoneLength[boardAt]!; i++) if (attacking[board[i]!]) attackers[na++] = board[i]!;
    for (let i = 1; i < na; i++) {
      const x = attackers[i]!;
      let j = i - 1;
      while (j >= 0 && attackOrder[attackers[j]!]! > attackOrder[x]!) {
        attackers[j + 1] = attackers[j]!;
        j--;
      }
      attackers[j + 1] = x;
    }
    const foeBoard = zoneList[foe * ZONES + BOARD]!;
    const foeBoardAt = foe * ZONES + BOARD;
    for (let i = 0; i < na; i++) {
      const a = attackers[i]!;
      let n = 0;
      for (let j = 0; j < zoneLength[foeBoardAt]!; j++) {
        const c = foeBoard[j]!;
        if (!tapped[c] && blocking[c] === NONE) options[n++] = c;
      }
      const k = ask(foe, n + 1);
      if (k > 0) {
        const b = options[k - 1]!;
        blocking[b] = a;
        blockedBy[a] = b;
      }
    }
    // 7. Damage, then each player's creatures with damage ≥ toughness (= cost) to the graveyard.
    for (let i = 0; i < na; i++) {
      const a = attackers[i]!;
      const b = blockedBy[a]!;
      if (b === NONE) life[foe] = life[foe]! - cost[a]!;
      else {
        damage[b] = damage[b]! + cost[a]!;
        damage[a] = damage[a]! + cost[b]!;
      }
    }
    for (let q = 0; q < 2; q++) {
      const p = q === 0 ? me : foe;
      const at = p * ZONES + BOARD;
      const list = zoneList[at]!;
      let n = 0;
      for (let j = 0; j < zoneLength[at]!; j++) if (damage[list[j]!]! >= cost[list[j]!]!) dying[n++] = list[j]!;
      for (let j = 0; j < n; j++) move(dying[j]!, p, GRAVEYARD);
    }
    // 8. The end, or damage wears off.
    if (life[foe]! <= 0) {
      mix(me + 11);
      return { winner: me as 0 | 1, turns: turn, decisions, hash };
    }
    for (let p = 0; p < 2; p++) {
      const at = p * ZONES + BOARD;
      const list = zoneList[at]!;
      for (let j = 0; j < zoneLength[at]!; j++) {
        const c = list[j]!;
        damage[c] = 0;
        attacking[c] = 0;
        attackOrder[c] = 0;
        blocking[c] = NONE;
        blockedBy[c] = NONE;
      }
    }
    me = foe;
  }
}
