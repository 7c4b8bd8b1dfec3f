// Language constructs on a small game of their own (not trump): each test compiles a few lines
// and checks what the runtime does with them.
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { validateIR } from '../compiler/validate-ir.ts';
import { Engine } from '../runtime/engine.ts';
import { playScript } from './helpers.ts';
import { logText } from '../scenario/log-words.ts';

const base = `
game g "G" { players 2 format basic level 1 stack stage leftover grave }
enum Suit { red, black }
zone deck per player hidden ordered
zone hand per player private ordered
zone grave per player public
zone stage shared public ordered
card type C { attr suit: Suit attr rank: number value power: number = this.rank }
card R1: C { suit = red rank = 1 }
card R2: C { suit = red rank = 2 }
card B3: C { suit = black rank = 3 }
card B4: C { suit = black rank = 4 }
player state total: number = 0
player state other_total: number = 0
turn { window main }
`;

function compile(extra: string) {
  const r = compileGame({ sources: [{ path: 'g.grim', text: base + extra }] });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.loc.line}:${d.loc.col} ${d.message}`).join('\n'));
  expect(validateIR(r.ir)).toEqual({ ok: true });
  return r.ir;
}

/** Plays the little game with these answers; stops at the next decision. */
function played(extra: string, answers: string[] = []) {
  // askSingleActions: stop at the first free action even when it is the only one.
  const engine = new Engine(compile(extra), { seed: 1, askSingleActions: true });
  const { seen, stopped } = playScript(engine, answers);
  return { engine, seen, stopped };
}

const names = (engine: Engine, player: number, zone: string) => engine.players[player]!.zones.find((z) => z?.name === zone)!.cards.map((c) => c.name);
const state = (engine: Engine, player: number, name: string) => engine.players[player]!.vars[engine.ir.playerStates.findIndex((s) => s.name === name)];

describe('language constructs', () => {
  it('create every … where filters the cards made; set changes a let; sorted orders by a key; distinct keeps one per key', () => {
    const { engine } = played(`
      setup {
        for each p in players { create every C in p.deck where it.suit == black }
        let t = 0
        for each c in active.deck { set t = t + c.rank }
        set active.total = t
        move sorted(active.deck, -it.rank) to active.hand
        create every C in other(active).hand
        create 1 of R1 in other(active).hand
        set other(active).total = count(distinct(other(active).hand, it.suit))
      }`);
    const a = engine.active.index;
    expect(names(engine, 1 - a, 'deck').sort()).toEqual(['B3', 'B4']);
    expect(state(engine, a, 'total')).toBe(7);
    expect(names(engine, a, 'hand')).toEqual(['B4', 'B3']);
    expect(engine.allCards()).toHaveLength(9);
    expect(state(engine, 1 - a, 'total')).toBe(2);
  });

  it('unmodify removes the modifiers of one value, or of every value', () => {
    const { engine } = played(`
      setup {
        create 1 of R2 in active.hand
        let c = first(active.hand)
        modify c.power by 3
        modify c.power by 4 until end of turn
        set active.total = c.power
        unmodify c.power
        set active.other_total = c.power
        modify c.power by 1
        unmodify c
        set other(active).total = c.power
      }`);
    const a = engine.active.index;
    expect(state(engine, a, 'total')).toBe(9);
    expect(state(engine, a, 'other_total')).toBe(2);
    expect(state(engine, 1 - a, 'total')).toBe(2);
  });

  it('choose order binds the list in the order the player picks, one place at a time', () => {
    const { engine, seen } = played(
      `
      setup {
        create every C in active.hand
        choose order o from active.hand by active "put them under your deck"
        move o to active.deck bottom
      }`,
      ['B3', 'R1', 'B4'],
    );
    expect(seen[0]!.prompt).toMatch(/put them under your deck: place 1 of 4/);
    expect(seen[1]!.prompt).toMatch(/place 2 of 4/);
    expect(seen[1]!.options.map((o) => o.label)).not.toContain('B3');
    expect(seen[2]!.prompt).toMatch(/place 3 of 4/);
    expect(names(engine, engine.active.index, 'deck')).toEqual(['B3', 'R1', 'B4', 'R2']);
  });

  it('reveal makes cards known to a player until they move', () => {
    const { engine } = played(`
      setup {
        create 1 of R1 in active.hand
        create 1 of R2 in active.hand
        reveal [first(active.hand)] to other(active)
      }`);
    const [me, them] = [engine.active, engine.players[1 - engine.active.index]!];
    const hand = () => engine.view(them).players[me.index]!.zones.find((z) => z.zone === 'hand')!;
    expect(hand().cards!.map((c) => c.name ?? '?')).toEqual(['R1', '?']);
    expect(engine.view(me).players[me.index]!.zones.find((z) => z.zone === 'hand')!.cards!.map((c) => c.name)).toEqual(['R1', 'R2']);
    const r1 = engine.allCards().find((c) => c.name === 'R1')!;
    expect(r1.revealedTo).not.toBe(0);
  });

  it('card abilities: an action offered once per card where it works, with the card as `this`', () => {
    const cards = `
      zone board per player public ordered
      card Healer: C {
        suit = red rank = 2
        action Heal "Heal" cite "card text: once per turn, gain this card's rank" {
          speed immediate
          while in board
          limit 1 per turn
          effect { set me.total = me.total + this.rank }
        }
      }
      setup {
        create 1 of Healer in active.board
        create 1 of Healer in active.board
        create 1 of Healer in active.hand
      }`;
    const first = played(cards);
    // Two Healers on the board: two offers; the one in hand has no ability there.
    expect(first.stopped!.options.map((o) => o.label)).toEqual(['Healer.Heal', 'Healer.Heal (2)']);
    const { engine, stopped } = played(cards, ['Healer.Heal']);
    expect(state(engine, engine.active.index, 'total')).toBe(2);
    // The first Healer used its once-per-turn; the second still may.
    expect(stopped!.options.map((o) => o.label)).toEqual(['Healer.Heal']);
  });

  it('card abilities: triggers on the card itself moving, and once per card for other events', () => {
    const { engine } = played(`
      zone board per player public ordered
      card Phoenix: C {
        suit = red rank = 5
        trigger Rebirth { on moved this from board to grave  speed immediate  effect { move this to me.hand } }
      }
      card Grower: C {
        suit = black rank = 1
        trigger Grow { on turn start  while in board  speed immediate  effect { set me.total = me.total + 1 } }
      }
      action Wait "wait" { speed immediate when me == active effect { end turn } }
      setup {
        create 1 of Phoenix in active.board
        create 1 of R1 in active.board
        create 2 of Grower in active.board
        create 1 of Grower in active.hand
        move active.board where it.name != "Grower" to active.grave
      }`);
    const a = engine.active.index;
    expect(names(engine, a, 'hand').sort()).toEqual(['Grower', 'Phoenix']);
    expect(names(engine, a, 'grave')).toEqual(['R1']);
    // Two Growers on the board at the start of turn 1; the one in hand does nothing.
    expect(state(engine, a, 'total')).toBe(2);
  });

  it('refuses `while in` outside a card, and `this` outside a card or a value', () => {
    const r = compileGame({ sources: [{ path: 'g.grim', text: base + 'zone board per player public\naction X { while in board effect { move this to me.hand } }' }] });
    const codes = r.diagnostics.map((d) => d.code);
    expect(codes).toContain('action/while-in-outside-card');
    expect(codes).toContain('name/unknown');
  });

  it('list attrs are printed on the card; `has` reads them', () => {
    const { engine } = played(`
      label 飛行 "flying"
      label 対空 "anti-air"
      card type Flyer { attr skills: labels value labels: labels = this.skills }
      card Hawk: Flyer { skills = [飛行, 対空] }
      setup {
        create 1 of Hawk in active.hand
        set active.total = count(active.hand where it has 飛行)
      }`);
    expect(state(engine, engine.active.index, 'total')).toBe(1);
    const withDefault = compile(`
      card type D { attr rank: number = 7 attr suit: Suit attr bonus: number = 0 }
      card D1: D { suit = red bonus = -200 }
      setup { create 1 of D1 in active.hand  set active.total = first(active.hand).rank }`);
    expect(withDefault.cards.find((c) => c.name === 'D1')!.attrs.map((a) => a.value).sort()).toEqual([7, 'red', -200].sort());
    const bad = compileGame({ sources: [{ path: 'g.grim', text: base + 'param x: number = 1\ncard R9: C { suit = red rank = x }' }] });
    expect(bad.diagnostics.map((d) => d.code)).toContain('card/non-constant-attr');
  });

  it('while attached: an equipment card\'s ability works under its host, for the host\'s controller', () => {
    const { engine, stopped } = played(`
      zone board per player public ordered attachments
      card Bow: C {
        suit = black rank = 3
        action Shoot "Shoot" { speed immediate while attached effect { set me.total = me.total + host(this).rank } }
      }
      setup {
        create 1 of R2 in active.board
        create 1 of Bow in active.hand
        create 1 of Bow in active.board
        attach active.hand to first(active.board) facedown
      }`);
    // Only the Bow under the R2 works; the Bow lying on the board is not attached.
    expect(stopped!.options.map((o) => o.label)).toEqual(['Bow.Shoot']);
    // Attached face down: the opponent sees a face-down card under the R2, without its name.
    const host = engine.view(engine.players[1 - engine.active.index]!).players[engine.active.index]!.zones.find((z) => z.zone === 'board')!.cards![0]!;
    expect(host.name).toBe('R2');
    expect(host.attached[0]).toMatchObject({ facedown: true });
    expect(host.attached[0]!.name).toBeUndefined();
  });

  it('an ability whose `when` needs its card in one of its player\'s zones is not offered while the card lies under another (attached: in no zone)', () => {
    // Lamp's Glow works while attached, but asks `this in me.board`: an attached card has left
    // the board (attach), so it never holds. The Bow under the same host is offered.
    const lamp = `
      zone board per player public ordered attachments
      card Bow: C {
        suit = black rank = 5
        action Shoot "Shoot" { speed immediate while attached effect { set me.total = me.total + 1 } }
      }
      card Lamp: C {
        suit = red rank = 1
        action Glow "Glow" { speed immediate while attached when this in me.board effect { set me.other_total = me.other_total + 1 } }
      }
      card Torch: C {
        suit = red rank = 7
        action Flare "Flare" { speed immediate when this in me.board effect { set me.total = me.total + 10 } }
      }`;
    const own = played(`${lamp}
      setup {
        create 1 of R2 in active.board
        create 1 of Lamp in active.hand
        create 1 of Bow in active.hand
        attach active.hand to first(active.board)
      }`);
    expect(names(own.engine, own.engine.active.index, 'board')).toEqual(['R2']);
    expect(own.engine.players[own.engine.active.index]!.zones.find((z) => z?.name === 'board')!.cards[0]!.attached.map((c) => c.name).sort()).toEqual(['Bow', 'Lamp']);
    expect(own.stopped!.options.map((o) => o.label)).toEqual(['Bow.Shoot']);
    // The same for a card that gained Lamp's abilities (\`modify … gains abilities of\`) under the
    // host; while a card on the board that gained Torch's (\`when this in me.board\`) is offered it.
    const gained = played(`${lamp}
      setup {
        create 1 of R2 in active.board
        create 1 of B3 in active.hand
        create 1 of Bow in active.hand
        create 1 of Lamp in active.grave
        create 1 of Torch in active.grave
        let h = first(active.board)
        let m = first(active.hand where it.rank == 3)
        attach active.hand to h
        modify m gains abilities of first(active.grave where it.rank == 1)
        create 1 of B4 in active.board
        modify first(active.board where it.rank == 4) gains abilities of first(active.grave where it.rank == 7)
      }`);
    const board = gained.engine.players[gained.engine.active.index]!.zones.find((z) => z?.name === 'board')!.cards;
    expect(gained.engine.abilitiesOf(board[0]!.attached.find((c) => c.name === 'B3'))).toEqual(['Lamp.Glow']);
    expect(gained.engine.abilitiesOf(board[1])).toEqual(['Torch.Flare']);
    expect(gained.stopped!.options.map((o) => o.label)).toEqual(['Bow.Shoot', 'Torch.Flare']);
  });

  it('a result\'s reason may be computed; all_units flattens cards and what is attached', () => {
    const { engine } = played(`
      zone board per player public ordered attachments
      procedure end_with(why: text) { lose active reason why }
      setup {
        create 1 of R2 in active.board
        create 1 of B3 in active.hand
        attach active.hand to first(active.board)
        set active.total = count(all_units(active.board))
        do end_with("computed: " + "reason")
      }`);
    expect(engine.result!.reason).toBe('computed: reason');
    expect(state(engine, engine.active.index, 'total')).toBe(2);
  });

  it('a scenario started in a window runs the rest of the turn after it', () => {
    const game = base.replace('turn { window main }', 'turn {\n  let bonus = 5\n  window main passable\n  set active.total = active.total + bonus\n}');
    const r = compileGame({ sources: [{ path: 'g.grim', text: game }] });
    const engine = new Engine(r.ir!, { seed: 1, askSingleActions: true });
    engine.turn = 3;
    const { seen } = playScript(engine, ['pass'], 'main');
    expect(seen).toHaveLength(2); // p1's window, then p2's next turn
    expect(state(engine, 0, 'total')).toBe(5);
  });

  it('an open window lets every player act in turn until all pass in a row', () => {
    const game = base.replace('turn { window main }', 'turn { window main open }') + `
      action Ping "ping" { speed immediate limit 1 per turn effect { set me.total = me.total + 1 } }`;
    const r = compileGame({ sources: [{ path: 'g.grim', text: game }] });
    const engine = new Engine(r.ir!, { seed: 1 });
    const { seen } = playScript(engine, ['pass', 'Ping', 'pass']);
    const a = seen[0]!.player; // turn 1's active player
    // Turn 1: the active player passes, the other pings, the active player passes again; the
    // other has nothing left to do (Ping is once a turn), so all have passed: the window closes.
    expect(seen.slice(0, 3).map((d) => `${d.player === a ? 'active' : 'other'}:${d.options.map((o) => o.label).join('|')}`)).toEqual([
      'active:Ping|pass',
      'other:Ping|pass',
      'active:Ping|pass',
    ]);
    expect(state(engine, 1 - a.index, 'total')).toBe(1);
    // The run stops at turn 2's first question, to the other player, now active.
    expect(seen[3]!.player).not.toBe(a);
    expect(engine.turn).toBe(2);
  });

  it('log texts and prompts fill in {name} placeholders; a prompt hides what its reader may not see', () => {
    const engine = new Engine(compile(`
      setup {
        create 1 of R2 in active.hand
        create 1 of B3 in other(active).hand
        let mine = first(active.hand)
        let theirs = first(other(active).hand)
        log "{me} holds {mine}; the other holds {theirs}"
        choose x: 1 from [mine, theirs] "take {mine} or {theirs}?"
      }`), { seed: 1, log: true });
    const { seen } = playScript(engine, []);
    expect(engine.log.some((e) => /p\d holds R2; the other holds B3/.test(logText(e)))).toBe(true);
    // The active player may not see the other's hand: that card is named by where it lies.
    expect(seen[0]!.prompt).toMatch(/^take R2 or hidden card #1 in p\d\.hand\?$/);
    const bad = compileGame({ sources: [{ path: 'g.grim', text: base + 'action X { effect { log "hello {nobody}" } }' }] });
    expect(bad.diagnostics.map((d) => d.code)).toContain('name/unknown');
  });

  it('request states: every request carries its own, set and read by name', () => {
    const game = base + `
      request state marks: number = 0
      action Bolt "bolt" { when me == active and is_empty(stack) limit 1 per turn effect { set me.total = request.marks } }
      action Mark "mark" {
        speed immediate
        when not is_empty(stack)
        target r: 1 from stack where it.action == Bolt and it.marks < 2
        effect { set r.marks = r.marks + 1 }
      }`;
    const r = compileGame({ sources: [{ path: 'g.grim', text: game }] });
    expect(r.diagnostics).toEqual([]);
    const engine = new Engine(r.ir!, { seed: 1, askSingleActions: true });
    const { seen } = playScript(engine, ['Bolt', 'Mark', 'Mark']);
    const p1 = seen[0]!.player;
    // After two marks the Bolt cannot be marked again; it resolves with 2.
    expect(state(engine, p1.index, 'total')).toBe(2);
    const bad = compileGame({ sources: [{ path: 'g.grim', text: base + 'action X { effect { set request.nope = 1 } }' }] });
    expect(bad.diagnostics.map((d) => d.code)).toContain('type/not-assignable');
  });

  it('an optional trigger asks its controller first; r.source is the card whose ability made a request', () => {
    const cards = `
      zone board per player public ordered
      card Scout: C {
        suit = red rank = 3
        trigger Peek "On entry, you may gain 3" { on moved this from hand to board  optional  speed immediate  effect { set me.total = me.total + this.rank } }
      }
      card Sage: C {
        suit = black rank = 4
        action Study "study" { speed normal while in board when me == active and is_empty(stack) limit 1 per turn effect { set me.other_total = request.source.rank } }
      }
      setup {
        create 1 of Sage in active.board
        create 1 of Scout in active.hand
        move active.hand to active.board
      }`;
    const declined = played(cards, ['decline']);
    expect(declined.seen[0]!.prompt).toBe('Scout.Peek: activate it?');
    expect(state(declined.engine, declined.engine.active.index, 'total')).toBe(0);
    const taken = played(cards, ['activate', 'Sage.Study']);
    const me = taken.engine.active.index;
    expect(state(taken.engine, me, 'total')).toBe(3);
    expect(state(taken.engine, me, 'other_total')).toBe(4);
    expect(compileGame({ sources: [{ path: 'g.grim', text: base + 'action X { optional effect { } }' }] }).diagnostics.map((d) => d.code)).toContain('action/optional-action');
  });

  it('limit N per turn holds for triggers: per card for a card\'s ability, per controller otherwise; it resets each turn', () => {
    // A land 「味方が場に出る度、1 点（1 ターンに 1 度）」 and a rules trigger limited to 2 per turn.
    const game = `
      zone board per player public ordered
      card Meadow: C {
        suit = black rank = 9
        trigger Harvest { on moved m from hand to board  while in board  if m.owner == me  limit 1 per turn  speed immediate  effect { set me.total = me.total + 1 } }
      }
      trigger Tally { on moved m from hand to board  controller m.owner  limit 2 per turn  speed immediate  effect { set m.owner.other_total = m.owner.other_total + 1 } }
      action Summon { speed immediate  when me == active and count(me.hand) >= 1  effect { move top(me.hand, 1) to me.board } }
      action SummonTwo { speed immediate  when me == active and count(me.hand) >= 2  effect { move top(me.hand, 2) to me.board } }
      action End { speed immediate  when me == active  effect { end turn } }
      setup {
        for each p in players {
          create 1 of Meadow in p.board
          create 4 of R1 in p.hand
        }
      }`;
    const first = played(game, ['Summon', 'Summon', 'Summon']);
    const a = first.engine.active.index;
    expect(names(first.engine, a, 'board')).toHaveLength(4);
    expect(state(first.engine, a, 'total')).toBe(1);
    expect(state(first.engine, a, 'other_total')).toBe(2);
    // Two cards entering at once fire the Harvest twice; only one takes effect.
    const second = played(game, ['Summon', 'End', 'SummonTwo']);
    const b = 1 - second.engine.active.index;
    expect(second.engine.active.index).not.toBe(a);
    expect(state(second.engine, 1 - b, 'total')).toBe(1);
    expect(state(second.engine, 1 - b, 'other_total')).toBe(2);
    // The next turn the counts start again.
    const third = played(game, ['Summon', 'Summon', 'End', 'End', 'Summon'], );
    expect(third.engine.active.index).toBe(a);
    expect(state(third.engine, a, 'total')).toBe(2);
    expect(state(third.engine, a, 'other_total')).toBe(3);
  });

  it('an aura changes values while its card is where it works; its own lists read values without it', () => {
    const { engine } = played(`
      zone weather shared public
      zone board per player public ordered
      card Storm: C {
        suit = black rank = 0
        aura Gust "-1 power to every board card that has power 2 or more" cite "card text" {
          while in weather
          to all_units(active.board + other(active).board) where it.power >= 2
          power by -it.rank + 1
        }
      }
      setup {
        create 1 of R2 in active.board
        create 1 of B4 in other(active).board
        create 1 of R1 in other(active).board
        create 1 of Storm in active.hand
        set active.total = sum(active.board + other(active).board, it.power)
        move active.hand to weather
        set other(active).total = sum(active.board + other(active).board, it.power)
      }`);
    const a = engine.active.index;
    expect(state(engine, a, 'total')).toBe(2 + 4 + 1);
    // With the Storm out: R2 → 1, B4 → 1, R1 (power 1) untouched.
    expect(state(engine, 1 - a, 'total')).toBe(1 + 1 + 1);
    // A view shows the changed value too.
    const board = engine.view(null).players[1 - a]!.zones.find((z) => z.zone === 'board')!;
    expect(board.cards!.map((c) => c.values?.power)).toEqual([1, 1]);
  });

  it('instead: a card\'s replacement runs in place of its move, and never replaces itself', () => {
    const { engine } = played(`
      zone ex per player public
      card Chimera: C {
        suit = red rank = 5
        instead Return "goes to the EX instead of the grave" cite "SP-8.2" {
          on moved this from any to grave
          if this.rank > 3
          effect { move this to me.ex }
        }
      }
      card Echo: C {
        suit = black rank = 2
        instead Stay "back to the hand instead" { on moved this from hand to grave  effect { move this to me.grave } }
      }
      setup {
        create 1 of Chimera in active.hand
        create 1 of R1 in active.hand
        create 1 of Echo in active.hand
        move active.hand to active.grave
      }`);
    const a = engine.active.index;
    expect(names(engine, a, 'grave').sort()).toEqual(['Echo', 'R1']);
    expect(names(engine, a, 'ex')).toEqual(['Chimera']);
    const bad = compileGame({ sources: [{ path: 'g.grim', text: base + 'instead X { on turn start effect { } }' }] });
    expect(bad.diagnostics.map((d) => d.code)).toContain('action/instead-needs-move');
  });

  it('modify … times and divided by scale the total, after every addition', () => {
    const { engine } = played(`
      setup {
        create 1 of R2 in active.hand
        let c = first(active.hand)
        modify c.power by 3
        modify c.power times 2
        modify c.power by 1 until end of turn
        set active.total = c.power
        modify c.power divided by 3
        set active.other_total = c.power
      }`);
    // (2 + 3 + 1) × 2 = 12, then ÷ 3 = 4.
    expect(state(engine, engine.active.index, 'total')).toBe(12);
    expect(state(engine, engine.active.index, 'other_total')).toBe(4);
  });

  it('game-defined events: signal raises them, and triggers (a card\'s own, or any) react', () => {
    const { engine } = played(`
      event destroyed "破壊" cite "SM-7.6: destruction is a step of its own"
      zone board per player public ordered
      card Ember: C {
        suit = red rank = 5
        trigger Ashes "when this is destroyed" { on signal destroyed this  speed immediate  effect { set me.total = me.total + 1 } }
      }
      trigger Witness "when any card is destroyed" { on signal destroyed x  controller active  speed immediate  effect { set active.other_total = active.other_total + x.rank } }
      procedure destroy(c: card) { signal destroyed c  move c to c.owner.grave }
      setup {
        create 1 of Ember in active.board
        create 1 of R2 in active.board
        for each c in active.board { do destroy(c) }
      }`);
    const a = engine.active.index;
    expect(state(engine, a, 'total')).toBe(1);
    expect(state(engine, a, 'other_total')).toBe(7);
    expect(names(engine, a, 'grave').sort()).toEqual(['Ember', 'R2']);
    const bad = compileGame({ sources: [{ path: 'g.grim', text: base + 'action X { effect { signal exploded first(me.hand) } }' }] });
    expect(bad.diagnostics.map((d) => d.message).join(' ')).toMatch(/unknown event 'exploded'/);
  });

  it('trigger groups: only one of a group takes effect (chosen), or all in a chosen order', () => {
    const game = (mode: string) => `
      zone board per player public ordered
      card Dawn: C { suit = red rank = 1
        trigger Rise { on turn start  while in board  if me == active  group start_effects ${mode}  speed immediate  effect { set me.total = me.total * 10 + this.rank } } }
      card Noon: C { suit = red rank = 2
        trigger Rise { on turn start  while in board  if me == active  group start_effects ${mode}  speed immediate  effect { set me.total = me.total * 10 + this.rank } } }
      setup { create 1 of Dawn in active.board  create 1 of Noon in active.board }`;
    const one = played(game('one'), ['Noon.Rise (Noon)']);
    expect(one.seen[0]!.prompt).toBe('start_effects: choose the one that takes effect');
    expect(one.seen[0]!.options.map((o) => o.label)).toEqual(['Dawn.Rise (Dawn)', 'Noon.Rise (Noon)']);
    expect(state(one.engine, one.seen[0]!.player.index, 'total')).toBe(2);
    const ordered = played(game('ordered'), ['Noon.Rise (Noon)']);
    // Noon first, then Dawn (the only one left is not asked): 2, then 21.
    expect(state(ordered.engine, ordered.seen[0]!.player.index, 'total')).toBe(21);
  });

  it('a trigger marked last waits until every other waiting trigger has run', () => {
    const game = (last: string) => `
      zone board per player public ordered
      trigger Tally { on turn start  ${last}  speed immediate  effect { set active.total = active.total * 10 + 9 } }
      card Dawn: C { suit = red rank = 1
        trigger Rise { on turn start  while in board  if me == active  speed immediate  effect { set me.total = me.total * 10 + this.rank } } }
      action Wait { effect { } }
      setup { create 1 of Dawn in active.board }`;
    const plain = played(game(''));
    // Rules triggers fire before card triggers: 9, then 91.
    expect(state(plain.engine, plain.engine.active.index, 'total')).toBe(91);
    const last = played(game('last'));
    // Tally waits for the card's trigger: 1, then 19.
    expect(state(last.engine, last.engine.active.index, 'total')).toBe(19);
    expect(compileGame({ sources: [{ path: 'g.grim', text: base + 'action X { last effect { } }' }] }).diagnostics.map((d) => d.code)).toContain('action/optional-action');
  });

  it('generated expression code never runs text from the rules', () => {
    // A text literal shaped like code: it must stay a string.
    const { engine } = played(`
      setup {
        set active.total = if "\\"); throw new Error(1); (\\"" == "x" then 1 else 2
        set other(active).total = count(["a\\" + g.turn + \\"", "b"])
      }`);
    expect(state(engine, engine.active.index, 'total')).toBe(2);
    expect(state(engine, 1 - engine.active.index, 'total')).toBe(2);
  });

  it('refuses an enum value named like a literal, and unmodify of a non-value', () => {
    const r = compileGame({ sources: [{ path: 'g.grim', text: base + 'enum Role { none, soldier }\naction X { effect { unmodify first(me.hand).rank } }' }] });
    const codes = r.diagnostics.map((d) => [d.code, d.loc.line]);
    expect(codes).toContainEqual(['name/reserved', 16]);
    expect(codes).toContainEqual(['type/not-assignable', 17]);
    expect(r.diagnostics.find((d) => d.code === 'name/reserved')!.notes!.join(' ')).toMatch(/unassigned/);
  });

  it('a declaration that would end the game is legal (the rules decide with `when`)', () => {
    const { engine, seen, stopped } = played(
      `
      setup { create 1 of R1 in active.hand }
      action Concede "concede" { speed immediate when me == active cost { lose me reason "conceded" } effect { } }
      action Wait "wait" { speed immediate when me == active effect { end turn } }`,
      ['Concede'],
    );
    expect(seen[0]!.options.map((o) => o.label)).toContain('Concede');
    expect(stopped).toBeNull();
    expect(engine.result!.reason).toBe('conceded');
    expect(engine.result!.loser).toBe(engine.active.name);
  });
});
