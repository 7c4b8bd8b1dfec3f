/**
 * Random players (grimoire play's default, `draws: 'sampled'`) and a search's random playouts
 * draw a choice of action without listing every offer (OffersRoom.sampleOffer): a drawn
 * candidate is tried and dropped if it fails, until one holds or the pass is drawn. It must only
 * ever take an action the engine would offer, and give every option — each offer and the pass —
 * the chance a random player's choice over the listed offers gives it. A random player's draw
 * also keeps the game's bookkeeping as the listing did: a decision is counted exactly when the
 * listed offers would have asked one, and the chain of triggers ends exactly when something
 * was offered — checked against a listing at every choice of action of whole games.
 */
import { describe, expect, it } from 'vitest';
import { Engine, StopRun, type Decision } from '../runtime/engine.ts';
import { ActionsRoom } from '../runtime/actions.ts';
import { FlowRoom } from '../runtime/flow.ts';
import { newEngine, playOn } from '../runtime/play.ts';
import { Rng } from '../runtime/rng.ts';
import { compiledGame } from './helpers.ts';
import { compileGame } from '../compiler/compile.ts';
import { logText } from '../scenario/log-words.ts';
import type { CountDecider } from '../runtime/engine-types.ts';
import type { Player } from '../runtime/model.ts';

interface Sampling {
  availableActions(p: Player, window: string): { action: { ir: { name: string } }; source: { id: number } | null }[];
  sampleOffer(p: Player, canPass: boolean, byCount: CountDecider): unknown;
}

/** The engine stopped at the first choice of action with at least `min` offers, from the seeds 1, 2, …. */
function atActionChoice(game: string, format: string | undefined, min: number): { engine: Engine; player: Player; labels: string[] } {
  for (let seed = 1; seed < 50; seed++) {
    const engine = new Engine(compiledGame(game), { seed, format });
    let found: Player | null = null;
    const rng = new Rng(seed);
    engine.run((d: Decision) => {
      if (d.kind === 'action' && d.count - 1 >= min && d.canPass) {
        found = d.player;
        throw new StopRun(d);
      }
      return rng.below(d.count);
    });
    if (found) {
      const offers = (engine as unknown as Sampling).availableActions(found, '');
      return { engine, player: found, labels: offers.map(label) };
    }
  }
  throw new Error(`no choice of ${min} actions in ${game}`);
}

const label = (o: { action: { ir: { name: string } }; source: { id: number } | null }) => `${o.action.ir.name}#${o.source?.id ?? ''}`;

describe('actions drawn without listing them (search playouts)', () => {
  for (const [game, format, min] of [
    ['trump', 'master', 3],
    ['summon-magic', undefined, 2],
    ['t-magic', undefined, 2],
    ['spimate', undefined, 2],
  ] as const) {
    it(`${game}: only offered actions are drawn, each option about as often as the others`, () => {
      const { engine, player, labels } = atActionChoice(game, format, min);
      const sampling = engine as unknown as Sampling;
      const rng = new Rng(7);
      const byCount: CountDecider = (_p, count) => rng.below(count);
      const counts = new Map<string, number>();
      const draws = 3000;
      for (let i = 0; i < draws; i++) {
        const v = sampling.sampleOffer(player, true, byCount);
        const key = typeof v === 'symbol' ? 'pass' : label(v as Parameters<typeof label>[0]);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      // Nothing but the offers and the pass, and every one of them drawn.
      expect([...counts.keys()].sort()).toEqual([...labels, 'pass'].sort());
      // Uniform: each of k options expected draws/k times; a binomial's 5 standard deviations.
      const k = labels.length + 1;
      const expected = draws / k;
      const sd = Math.sqrt(draws * (1 / k) * (1 - 1 / k));
      for (const [, n] of counts) expect(Math.abs(n - expected)).toBeLessThan(5 * sd);
      // Sampling leaves the state as it was: the same offers are listed after it.
      expect(sampling.availableActions(player, '').map(label)).toEqual(labels);
    });
  }

  it('with no pass allowed and nothing offered, says so; with nothing offered it may only pass', () => {
    const { engine, player } = atActionChoice('trump', 'master', 3);
    const sampling = engine as unknown as Sampling;
    // The opponent of the player choosing may answer nothing here (trump's actions are the active player's or answers to a request).
    const other = engine.players.find((p) => p !== player)!;
    const offers = sampling.availableActions(other, '');
    const rng = new Rng(3);
    for (let i = 0; i < 50; i++) {
      const v = sampling.sampleOffer(other, offers.length === 0, (_p, count) => rng.below(count));
      if (offers.length === 0) expect(typeof v).toBe('symbol');
      else expect(offers.map(label)).toContain(label(v as Parameters<typeof label>[0]));
    }
    if (offers.length === 0) expect(String(sampling.sampleOffer(other, false, (_p, count) => rng.below(count)))).toBe('Symbol(no offer)');
  });
});

/** The engine's parts the bookkeeping check reads (private to the runtime). */
interface Drawing extends Sampling {
  actionDraws: string;
  trial: number;
  decisions: number;
  triggerChain: number;
  askForced: boolean;
  askSingleActions: boolean;
  decideByCount: CountDecider | null;
  unobserved<T>(f: () => T): T;
}

describe('random players draw their actions (sampled), counting decisions as a listing does', () => {
  for (const [game, format, seeds] of [
    ['trump', 'master', 12],
    ['summon-magic', undefined, 25],
    ['t-magic', undefined, 25],
    ['spimate', undefined, 25],
    // (The tutorial's game: the most windows that ask even when nothing is offered.)
    ['skirmish', undefined, 40],
  ] as const) {
    // (Vanilla has no choice of action: its turn is a procedure of `choose`s.)
    it(`${game}: at every choice of action, an offered action or an allowed pass; a decision and the chain of triggers as listed`, () => {
      const proto = FlowRoom.prototype as unknown as { chooseAction: (this: Drawing, ...args: unknown[]) => unknown };
      const original = proto.chooseAction;
      let checked = 0;
      let withOffers = 0;
      let passed = 0;
      const problems: string[] = [];
      proto.chooseAction = function (this: Drawing, ...args: unknown[]) {
        const [p, canPass, askWhenNone, , windowName] = args as [Player, boolean, boolean, unknown, string];
        if (this.actionDraws !== 'sampled' || this.trial > 0 || this.decideByCount === null) return original.apply(this, args);
        // What a listing offers now (its trials undone, the hash and the first-step cache kept as they were).
        const listed = this.unobserved(() => this.availableActions(p, windowName)).map(label);
        const decisions = this.decisions;
        const chain = this.triggerChain;
        const v = original.apply(this, args);
        const count = listed.length + (canPass ? 1 : 0);
        const asked = (listed.length > 0 || askWhenNone) && !(count === 1 && !canPass && !this.askForced && !this.askSingleActions);
        const where = `${p.name} at ${windowName} (offers: ${listed.join(', ') || 'none'})`;
        if (this.decisions - decisions !== (asked ? 1 : 0)) problems.push(`${where}: ${this.decisions - decisions} decisions counted, the listing ${asked ? 1 : 0}`);
        if (this.triggerChain !== (listed.length > 0 ? 0 : chain)) problems.push(`${where}: the chain of triggers ${this.triggerChain}, the listing ${listed.length > 0 ? 0 : chain}`);
        if (typeof v === 'symbol') {
          if (!canPass && listed.length > 0) problems.push(`${where}: passed where it may not`);
          passed++;
        } else if (!listed.includes(label(v as Parameters<typeof label>[0]))) problems.push(`${where}: drew ${label(v as Parameters<typeof label>[0])}, not offered`);
        checked++;
        if (listed.length > 0) withOffers++;
        return v;
      };
      try {
        const opts = { format };
        const engine = newEngine(compiledGame(game), 1, opts);
        for (let seed = 1; seed <= seeds; seed++) playOn(engine, seed, opts);
      } finally {
        proto.chooseAction = original;
      }
      expect(problems.slice(0, 5)).toEqual([]);
      // Whole games went through it: choices with offers and passes among them.
      expect(checked).toBeGreaterThan(seeds * 10);
      expect(withOffers).toBeGreaterThan(seeds);
      expect(passed).toBeGreaterThan(seeds);
    });
  }

  it('draws differently from a listing for the same seed, and plays games of the same kind', () => {
    // Spimate: the same seeds give other games (other draws), whose mean length agrees with the listed games' within 4 standard errors.
    const ir = compiledGame('spimate');
    const mean = (draws: 'sampled' | 'listed') => {
      const engine = newEngine(ir, 1, { draws });
      const turns: number[] = [];
      const hashes: number[] = [];
      for (let seed = 1; seed <= 300; seed++) {
        const g = playOn(engine, seed, { draws });
        turns.push(g.turns);
        hashes.push(g.hash);
      }
      const m = turns.reduce((a, b) => a + b, 0) / turns.length;
      const variance = turns.reduce((a, b) => a + (b - m) ** 2, 0) / (turns.length - 1);
      return { m, se: Math.sqrt(variance / turns.length), hashes };
    };
    const sampled = mean('sampled');
    const listed = mean('listed');
    expect(sampled.hashes.filter((h, i) => h === listed.hashes[i]).length).toBeLessThan(30);
    expect(Math.abs(sampled.m - listed.m)).toBeLessThan(4 * Math.hypot(sampled.se, listed.se));
  });
});

describe('a choice of action asked inside a trial takes its first option, for a random player too', () => {
  // Echo's cost performs Ping (a request the opponent may answer) and its target then needs the
  // card Ping puts on the pile. Whether Echo can be declared is found by a trial, in which every
  // choice takes its first option and no one is asked: the opponent's first option is Counter,
  // which cancels Ping — so Echo is never possible while Counter can answer, whoever the players
  // are. A random player drawing its actions (sampled) must not draw inside that trial.
  const game = `
game g "G" { players 2 max turns 8 stack stage leftover pile }
zone deck per player hidden ordered
zone hand per player private
zone pile per player public
zone stage shared public ordered
card type C { attr rank: number }
card A: C { rank = 1 }
card B: C { rank = 2 }
card D: C { rank = 3 }
card E: C { rank = 4 }
setup { for each p in players { create every C in p.deck } }
turn { window main passable }
action Ping "Put the top card of the deck on the pile" {
  when false
  effect { move top(me.deck, 1) to me.pile }
}
action Counter "Cancel a Ping" {
  when me != active and not any(stack, it.action == Counter)
  target r: 1 from stack where it.action == Ping
  effect { cancel r }
}
action Echo "Ping, then take the card it put on the pile" {
  speed immediate
  when me == active and is_empty(stack)
  cost { perform Ping }
  target t: 1 from me.pile
  effect { move t to me.hand }
}
`;
  const compiled = (text: string) => {
    const r = compileGame({ sources: [{ path: 'g.grim', text }] });
    if (!r.ir) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    return r.ir;
  };
  /** Random games with sampled draws: how often Echo was declared, and the cards that reached a hand. */
  const play = (text: string) => {
    let declared = 0;
    let inHands = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const e = new Engine(compiled(text), { seed, log: true });
      const rng = new Rng(seed);
      e.run(() => 0, (_p, count) => rng.below(count), 'sampled');
      declared += e.log.filter((l) => l.kind === 'declare' && logText(l).includes('Echo')).length;
      inHands += e.players.reduce((n, p) => n + p.zones.find((z) => z?.name === 'hand')!.cards.length, 0);
    }
    return { declared, inHands };
  };
  it('Echo is never declared while Counter can answer its Ping; without Counter it is', () => {
    expect(play(game)).toEqual({ declared: 0, inHands: 0 });
    // (The control: with nothing to answer Ping, the trial finds Echo possible and random players take it.)
    const alone = play(game.replace(/action Counter[^]*?\n}\n/, ''));
    expect(alone.declared).toBeGreaterThan(0);
    expect(alone.inHands).toBeGreaterThan(0);
  });
});

describe('an action whose only step is a choice is declarable exactly when its trial says so', () => {
  // canDeclare counts the step's candidates for these actions (first-step.ts onlyCounts) instead
  // of a trial: at every such call of whole random games, the trial (undone, unobserved) agrees.
  for (const game of ['spimate', 't-magic', 'summon-magic'] as const) {
    it(`${game}: counting and the trial give the same answer, both ways`, () => {
      interface Trying {
        unobserved<T>(f: () => T): T;
        trialDeclare(a: unknown, p: Player, s: unknown, failedAt: null): boolean;
      }
      const proto = ActionsRoom.prototype as unknown as { canDeclare: (this: Trying, a: { onlyPick: unknown; ir: { name: string } }, p: Player, s: unknown) => boolean };
      const original = proto.canDeclare;
      const seen = { yes: 0, no: 0 };
      const problems: string[] = [];
      proto.canDeclare = function (this: Trying, a, p, s) {
        const v = original.call(this, a, p, s);
        if (a.onlyPick !== null) {
          // (Only where canDeclare got as far as counting: the first-step cache and `when` come first.)
          const trial = this.unobserved(() => this.trialDeclare(a, p, s, null));
          if (v && !trial) problems.push(`${a.ir.name} for ${p.name}: counted yes, the trial no`);
          if (!v && trial && this.unobserved(() => original.call(this, { ...a, onlyPick: null } as typeof a, p, s))) problems.push(`${a.ir.name} for ${p.name}: counted no, the trial yes`);
          seen[v ? 'yes' : 'no']++;
        }
        return v;
      };
      try {
        const engine = newEngine(compiledGame(game), 1);
        for (let seed = 1; seed <= 20; seed++) playOn(engine, seed);
      } finally {
        proto.canDeclare = original;
      }
      expect(problems.slice(0, 5)).toEqual([]);
      expect(seen.yes).toBeGreaterThan(20);
      expect(seen.no).toBeGreaterThan(20);
    });
  }
});
