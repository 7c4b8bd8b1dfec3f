// A choice of several cards answered by count (a random player) makes only the list chosen:
// countCombinations and unrankCombination must give exactly the options `combinations` lists,
// in its order — or random games would change.
import { describe, expect, it } from 'vitest';
import { combinations, countCombinations, unrankCombination } from '../runtime/choices.ts';

describe('combinations by index', () => {
  it('count and unrank agree with the full listing, for every size range up to 9 items and at the cap', () => {
    for (let n = 0; n <= 9; n++) {
      const items = Array.from({ length: n }, (_, i) => `c${i}`);
      for (let min = 0; min <= n + 1; min++)
        for (let max = min; max <= n + 1; max++) {
          for (const cap of [4096, 7]) {
            const all = combinations(items, min, max, cap);
            expect(countCombinations(n, min, max, cap)).toBe(all.length);
            all.forEach((combo, i) => expect(unrankCombination(items, min, i)).toEqual(combo));
          }
        }
    }
  });

  it('large lists stop at the cap, and the last listed is the one made', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const all = combinations(items, 3, 5, 4096);
    expect(all.length).toBe(4096);
    expect(countCombinations(30, 3, 5, 4096)).toBe(4096);
    expect(unrankCombination(items, 3, 4095)).toEqual(all[4095]);
    expect(unrankCombination(items, 3, 1234)).toEqual(all[1234]);
  });
});
