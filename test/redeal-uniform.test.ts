/**
 * The re-deal is uniform (runtime/determinize.ts): from one player's point of view, every
 * unknown identity of a group (one owner's cards of one origin) is as likely in each unknown
 * place of the group — its own place included. The no-peeking tests check that the re-deal moves
 * nothing the player knows; this checks how it deals what the player does not: a shuffle off by
 * one (Sattolo's cycle instead of Fisher–Yates never leaves an identity where the canonical order
 * put it) or a biased draw passes every whole-game test, and fails here.
 *
 * The oracle is independent of the engine: which identities are unknown is read before the
 * re-deals (the places whose identity changes in some re-deal), and the counts are tested against
 * the uniform distribution with a chi-square statistic.
 */
import { describe, expect, it } from 'vitest';
import { Engine, StopRun } from '../runtime/engine.ts';
import { Rng } from '../runtime/rng.ts';
import type { Card } from '../runtime/model.ts';
import { compiledGame } from './helpers.ts';

/** A game's engine paused at its `k`-th decision of more than one option, random answers before. */
function paused(game: string, format: string | undefined, seed: number, k: number): Engine {
  const e = new Engine(compiledGame(game), { seed, format });
  e.trackKnowledge = true;
  const rng = new Rng(seed * 7 + 1);
  let seen = 0;
  e.run((d) => {
    if (d.count > 1 && ++seen === k) throw new StopRun(d);
    return rng.below(d.count);
  });
  return e;
}

/** Every card place of the state, zone by zone, top first (cards under others after their host). */
function placesOf(e: Engine): Card[] {
  const out: Card[] = [];
  const add = (c: Card) => {
    out.push(c);
    for (const a of c.attached) add(a);
  };
  for (const z of [...e.players.flatMap((p) => p.zones), ...e.sharedZones]) if (z) for (const c of z.cards) add(c);
  return out;
}

/**
 * Chi-square's upper critical value for `df` degrees of freedom at a one-sided z (Wilson and
 * Hilferty's cube-root approximation, good for df ≥ 3).
 */
function chiSquareCritical(df: number, z: number): number {
  const a = 2 / (9 * df);
  return df * Math.pow(1 - a + z * Math.sqrt(a), 3);
}

describe('the re-deal is uniform', () => {
  const cases: [string, string | undefined, number, number][] = [
    ['trump', 'master', 3, 4],
    ['spimate', undefined, 5, 6],
  ];
  for (const [game, format, seed, k] of cases) {
    it(`${game}: each unknown identity lands in each unknown place of its group as often as any other, its own place included`, () => {
      const e = paused(game, format, seed, k);
      const viewer = e.players[0]!;
      const places = placesOf(e);
      // The groups' unknown places: those a re-deal ever changes, by owner and origin (read from a few trial re-deals).
      const rng = new Rng(99);
      const moved = new Set<number>();
      const before = places.map((c) => c.id);
      for (let t = 0; t < 50; t++) {
        e.redealFor(viewer, rng);
        places.forEach((c, i) => {
          if (c.id !== before[i]) moved.add(i);
        });
      }
      const byGroup = new Map<string, number[]>();
      for (const i of moved) {
        const c = places[i]!;
        const key = `${c.owner.index}/${c.origin}`;
        byGroup.set(key, [...(byGroup.get(key) ?? []), i]);
      }
      // The largest group: its identities (by id) and places.
      const group = [...byGroup.values()].sort((a, b) => b.length - a.length)[0]!;
      const n = group.length;
      expect(n).toBeGreaterThanOrEqual(5);
      const ids = group.map((i) => places[i]!.id).sort((a, b) => a - b);
      const rank = new Map(ids.map((id, r) => [id, r]));
      // counts[p][r]: how often the identity of rank r (by id) lay in the group's p-th place.
      const deals = 200 * n;
      const counts = group.map(() => new Array<number>(n).fill(0));
      let strays = 0;
      for (let t = 0; t < deals; t++) {
        e.redealFor(viewer, rng);
        for (let p = 0; p < n; p++) {
          const r = rank.get(places[group[p]!]!.id);
          if (r === undefined) strays++;
          else counts[p]![r]!++;
        }
      }
      // Only the group's own identities come to its places.
      expect(strays).toBe(0);
      // One chi-square per place, over the identities (df = n − 1), at a family-wise level of about 1e-6.
      const expected = deals / n;
      const critical = chiSquareCritical(n - 1, 5.3);
      for (const row of counts) {
        const chi = row.reduce((s, c) => s + ((c - expected) * (c - expected)) / expected, 0);
        expect(chi).toBeLessThan(critical);
        // An identity never dealt to a place (the off-by-one shuffle's mark) would be far out.
        expect(Math.min(...row)).toBeGreaterThan(0);
      }
    });
  }
});
