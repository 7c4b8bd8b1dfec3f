// `grimoire play --workers N`: the same games, report and hash as one thread.
import { describe, expect, it } from 'vitest';
import { compiledGame } from './helpers.ts';
import { foldBatch, playBatch } from '../runtime/batch.ts';
import { playOnWorkers } from '../cli/workers.ts';

describe('worker threads', () => {
  it('give the same per-game results, in seed order, and the same hash as one thread', async () => {
    const ir = compiledGame('trump');
    const opts = { format: 'pro' };
    const one = playBatch(ir, 100, 24, opts);
    let progress = 0;
    const many = await playOnWorkers(ir, 100, 24, opts, 2, (done) => (progress = done));
    expect(progress).toBe(24);
    expect(many.map((g) => g.seed)).toEqual(one.map((g) => g.seed));
    expect(many).toEqual(one);
    const report = foldBatch(many);
    expect(report).toEqual(foldBatch(one));
    expect(report.errors).toBe(0);
    expect(report.results.p1 + report.results.p2 + report.results.draw).toBe(24);
  });
});
