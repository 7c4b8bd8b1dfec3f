/**
 * Time, injectable: the server asks a clock for its timers (a seat's timeout), so a test moves a
 * manual clock forward instead of waiting.
 */
export interface Clock {
  now(): number;
  /** Calls `fn` after `ms`; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return () => clearTimeout(t);
  },
};

/** A clock that moves only when told (tests). */
export class ManualClock implements Clock {
  private time = 0;
  private timers: { at: number; fn: () => void; live: boolean }[] = [];

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): () => void {
    const timer = { at: this.time + ms, fn, live: true };
    this.timers.push(timer);
    return () => {
      timer.live = false;
    };
  }

  /** Moves time forward, firing the timers due, in order. */
  advance(ms: number): void {
    this.time += ms;
    const due = this.timers.filter((t) => t.live && t.at <= this.time).sort((a, b) => a.at - b.at);
    this.timers = this.timers.filter((t) => t.live && t.at > this.time);
    for (const t of due) {
      t.live = false;
      t.fn();
    }
  }

  /** How many timers wait (a test checks one was set). */
  get pending(): number {
    return this.timers.filter((t) => t.live).length;
  }
}
