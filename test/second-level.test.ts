/**
 * The language's second level (issue 25): constructs by which a card changes other cards, events
 * and rules — and the small holes around them. Each construct: what it compiles to, its
 * diagnostics, and what the engine does with it.
 */
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { Engine } from '../runtime/engine.ts';
import { playBatch } from '../runtime/batch.ts';
import { runScenario } from '../scenario/run.ts';

const base = `
game g "G" { players 2 }
param fog: text = "own" alternatives "both"
param size: number = 3 alternatives 5
zone deck per player hidden ordered
zone hand per player private
zone field per player public ordered
zone grave per player public
card type C { attr power: number = 1 }
card A1: C { power = 2 }
turn { window main passable }
`;

const compile = (extra: string) => compileGame({ sources: [{ path: 'g.grim', text: base + extra }] });
const codes = (extra: string) => compile(extra).diagnostics.map((d) => d.code);

describe('typed text parameters', () => {
  it('a text parameter with alternatives compared with a text that is none of its readings is an error, with "did you mean"', () => {
    const r = compile('procedure p() { if fog == "bothh" { log "x" } }');
    const d = r.diagnostics.find((x) => x.code === 'param/unknown-reading')!;
    expect(d.message).toContain('"bothh" is not a reading of the parameter \'fog\' (its readings: "own", "both")');
    expect(d.notes?.join(' ')).toContain("'both'");
    expect(d.loc.line).toBe(12);
    // Either side; `!=` too; and its readings are fine.
    expect(codes('procedure p() { if "own " != fog { log "x" } }')).toEqual(['param/unknown-reading']);
    expect(codes('procedure p() { if fog == "both" or fog != "own" { log "x" } }')).toEqual([]);
  });
});

describe('a zone with a capacity', () => {
  const game = (zoneLine: string) => `
game cap "Cap" { players 2 max turns 2 }
zone deck per player hidden ordered
zone field per player public ordered
${zoneLine}
zone grave per player public
card type C { attr power: number = 1 }
card A1: C { power = 2 }
setup {
  for each p in players { create 5 of A1 in p.deck }
  set active = first(players)
  move top(active.deck, 3) to active.field
}
turn { window main passable }
`;
  const play = (zoneLine: string) => {
    const r = compileGame({ sources: [{ path: 'cap.grim', text: game(zoneLine) }] });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    return playBatch(r.ir!, 1, 1, {})[0]!;
  };
  it('refuses a move into a full zone, naming the zone, the card and the rule that moved it', () => {
    const g = play('zone spare per player public');
    expect(g.error).toBeNull();
    const full = compileGame({ sources: [{ path: 'cap.grim', text: game('zone spare per player public').replace('zone field per player public ordered', 'zone field per player public ordered capacity 2') }] });
    const s = playBatch(full.ir!, 1, 1, {})[0]!;
    expect(s.error).toMatch(/p1\.field is full \(capacity 2\): A1 cannot enter it \(cap\.grim:12:\d+\)/);
  });
  it('sends the card to the overflow zone instead, and says so', () => {
    const text = game('zone spare per player public').replace('zone field per player public ordered', 'zone field per player public ordered capacity 2 overflow grave');
    const r = compileGame({ sources: [{ path: 'cap.grim', text }] });
    const e = new Engine(r.ir!, { seed: 1, log: true });
    e.run(() => 0);
    const p1 = e.players[0]!;
    expect(p1.zones[r.ir!.zones.findIndex((z) => z.name === 'field')]!.cards.length).toBe(2);
    expect(p1.zones[r.ir!.zones.findIndex((z) => z.name === 'grave')]!.cards.length).toBe(1);
    expect(e.log.map((l) => l.text)).toContain('p1.field is full (capacity 2): A1 goes to p1.grave instead');
  });
  it('diagnoses an overflow that cannot work', () => {
    const c = (line: string) => compileGame({ sources: [{ path: 'cap.grim', text: game('zone spare per player public').replace('zone field per player public ordered', line) }] }).diagnostics.map((d) => d.code);
    expect(c('zone field per player public ordered overflow grave')).toContain('zone/overflow-without-capacity');
    expect(c('zone field per player public ordered capacity 2 overflow field')).toContain('zone/overflow-without-capacity');
    expect(c('zone field per player public ordered capacity 2 overflow graev')).toContain('name/unknown');
  });
});

/** Runs a ruling (YAML) against a game written inline; the outcome's failures say what went wrong. */
export function ruling(gameText: string, yaml: string) {
  const r = compileGame({ sources: [{ path: 'g.grim', text: gameText }] });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) throw new Error(errors.map((d) => `${d.loc.line}:${d.loc.col} ${d.code} ${d.message}`).join('\n'));
  return runScenario('r.yaml', yaml, { ir: r.ir! });
}

describe('while in a, b: an ability that works in several zones', () => {
  const game = `
game g "G" { players 2 }
zone deck per player hidden ordered
zone hand per player private
zone field per player public ordered
zone bench per player public ordered
card type C { attr power: number = 1 }
card Scout: C {
  action Look "Look" {
    speed immediate
    while in field, bench
    effect { log "{this} looks" }
  }
}
card Plain: C { }
turn { window main passable }
`;
  const at = (zone: string, offered: boolean) => `
name: "Look from ${zone}"
cite: "test"
game: g
state:
  active: p1
  p1: { ${zone}: [Scout] }
steps:
  - check:
      ${offered ? 'offered' : 'not_offered'}: { p1: [Scout.Look] }
`;
  it('is offered from each zone it names, and from no other', () => {
    for (const [zone, offered] of [['field', true], ['bench', true], ['hand', false]] as const) {
      const o = ruling(game, at(zone, offered));
      expect(o.failures, zone).toEqual([]);
    }
  });
});

describe("a card's own states", () => {
  const game = `
game g "G" { players 2 }
zone hand per player private
zone field per player public ordered
card type C { attr power: number = 1 }
card Counter: C {
  state uses: number = 0
  action Tick "Tick" {
    speed immediate
    while in field
    when this.uses < 2
    effect { set this.uses = this.uses + 1 }
  }
}
card Plain: C { }
turn { window main passable }
`;
  it("are read and set by the card's own abilities (this.uses)", () => {
    const o = ruling(game, `
name: "Tick twice"
cite: "test"
game: g
state:
  active: p1
  p1: { field: [Counter] }
steps:
  - p1: Counter.Tick
  - p1: Counter.Tick
  - check:
      not_offered: { p1: [Counter.Tick] }
expect: {}
`);
    expect(o.failures).toEqual([]);
  });
  it('belong to the card alone: another card cannot name them', () => {
    const r = compileGame({ sources: [{ path: 'g.grim', text: game + 'card Other: C { action Peek { speed immediate when any(me.field, it.uses > 0) effect { } } }' }] });
    expect(r.diagnostics.map((d) => d.code)).toContain('type/not-a-member');
    const twice = compileGame({ sources: [{ path: 'g.grim', text: game.replace('state uses: number = 0', 'state uses: number = 0\n  state power: number = 3') }] });
    expect(twice.diagnostics.map((d) => d.message).join(' ')).toContain("'power' is already a field of every card");
  });
});

// A small game for statuses and durations: each player's field; `Attack` offered for each monster
// that can attack (the rules decide what `cannot_attack` means); cards that change other cards.
const statusGame = `
game g "G" { players 2 }
zone deck per player hidden ordered
zone hand per player private
zone field per player public ordered
zone grave per player public
label 飛行 "flying"
label 連撃 "double strike" value number = 2
card type C {
  attr power: number = 1
  attr printed: labels = []
  value atk: number = this.power
  value cannot_attack: bool = false
  value labels: labels = this.printed
  state attacks: number = 0
}
player state life: number = 20
function attacks_allowed(c: card): number = if c has 連撃 then c.連撃 else 1
card Hero: C { power = 3 }
card Flyer: C { power = 2 printed = [飛行] }
card Twin: C { power = 1 printed = [連撃] }
card Banner: C {
  aura Rally "Rally" { while in field to me.field where it != this  atk by 1  labels gains 飛行 }
}
card Giant: C {
  aura Shrink "Shrink" { while in field to opponent.field  atk becomes 0  atk by 1  atk times 2 }
}
card Freezer: C {
  power = 0
  action Freeze "Freeze" {
    speed immediate
    while in field
    target t: 1 from opponent.field
    effect { modify t.cannot_attack becomes true until end of next turn of opponent }
  }
  action Ground "Ground" {
    speed immediate
    while in field
    target t: 1 from opponent.field
    effect { modify t.labels loses 飛行 during next turn of opponent }
  }
  action Still "Still" {
    speed immediate
    while in field
    target t: 1 from me.field where it != this
    effect { modify t.連撃 becomes 0 until end of turn }
  }
  action Bless "Bless" {
    speed immediate
    while in field
    target t: 1 from me.field
    effect { modify t.atk by 5 until this leaves field }
  }
  action Long "Long" {
    speed immediate
    while in field
    target t: 1 from me.field
    effect { modify t.atk by 10 for 3 turns }
  }
}
action Attack "Attack" {
  speed immediate
  when me == active
  using a: 1 from me.field where it.power > 0 and not it.cannot_attack and it.attacks < attacks_allowed(it)
  effect {
    set a.attacks = a.attacks + 1
    set opponent.life = opponent.life - a.atk
  }
}
action Retire "Retire" {
  speed immediate
  when me == active
  using a: 1 from me.field where it.name == "Freezer"
  effect { move a to me.grave }
}
turn {
  for each c in active.field { set c.attacks = 0 }
  window main passable
}
`;
const statusRuling = (state: string, steps: string, expectation: string) => `
name: "status"
cite: "test"
game: g
state:
  active: p1
${state}
steps:
${steps}
expect:
${expectation}
`;

describe('granted statuses and set values', () => {
  it("the probe: a card makes another monster's attack count 0 until end of turn — it is not offered an attack, and it has the keyword", () => {
    const o = ruling(statusGame, statusRuling('  p1: { field: [Freezer, Hero] }', '  - check:\n      offered: { p1: [Attack] }\n  - p1: Freezer.Still\n  - check:\n      cards: { Hero: { 連撃: 0, labels: [連撃] } }\n      not_offered: { p1: [Attack] }\n  - p1: pass\n  - p2: pass\n  - check:\n      cards: { Hero: { 連撃: 0, labels: [] } }\n      offered: { p1: [Attack] }', '  winner: none'));
    expect(o.failures).toEqual([]);
  });
  it("a status granted until the end of the opponent's next turn lasts through that turn and ends with it", () => {
    const o = ruling(statusGame, statusRuling('  p1: { field: [Freezer] }\n  p2: { field: [Hero] }', '  - p1: Freezer.Freeze\n  - p1: pass\n  - check:\n      cards: { Hero: { cannot_attack: true } }\n      not_offered: { p2: [Attack] }\n  - p2: pass\n  - check:\n      cards: { Hero: { cannot_attack: false } }', '  winner: none'));
    expect(o.failures).toEqual([]);
  });
  it("during the opponent's next turn: not before it, and not after it", () => {
    const o = ruling(statusGame, statusRuling('  p1: { field: [Freezer] }\n  p2: { field: [Flyer] }', '  - p1: Freezer.Ground\n  - check:\n      cards: { Flyer: { labels: [飛行] } }\n  - p1: pass\n  - check:\n      cards: { Flyer: { labels: [] } }\n  - p2: pass\n  - check:\n      cards: { Flyer: { labels: [飛行] } }', '  winner: none'));
    expect(o.failures).toEqual([]);
  });
  it('an aura sets, then adds, then scales, whatever order it is written in; and grants a label', () => {
    const o = ruling(statusGame, statusRuling('  p1: { field: [Giant, Banner, Hero] }\n  p2: { field: [Flyer] }', '  []', '  cards: { Flyer: { atk: 2 }, Hero: { atk: 4, labels: [飛行] }, Banner: { labels: [] } }'));
    expect(o.failures).toEqual([]);
  });
  it('until a card leaves a zone: ends the moment it does', () => {
    const o = ruling(statusGame, statusRuling('  p1: { field: [Freezer, Hero] }', '  - p1: Freezer.Bless\n  - p1: Hero\n  - check:\n      cards: { Hero: { atk: 8 } }\n  - p1: Retire', '  cards: { Hero: { atk: 3 } }'));
    expect(o.failures).toEqual([]);
  });
  it('for 3 turns: this turn and the next two', () => {
    const o = ruling(statusGame, statusRuling('  p1: { field: [Freezer, Hero] }', '  - p1: Freezer.Long\n  - p1: Hero\n  - p1: pass\n  - p2: pass\n  - check:\n      cards: { Hero: { atk: 13 } }\n  - p1: pass', '  cards: { Hero: { atk: 3 } }'));
    expect(o.failures).toEqual([]);
  });
  it('diagnoses a change that cannot be made, and warns of a status no rule reads', () => {
    const base = statusGame;
    const cs = (extra: string) => compileGame({ sources: [{ path: 'g.grim', text: base + extra }] }).diagnostics.map((d) => `${d.code}:${d.severity}`);
    expect(cs('procedure p(c: card) { modify c.power by 1 }')).toContain('type/not-assignable:error');
    expect(cs('procedure p(c: card) { modify c.attacks by 1 }')).toContain('type/not-assignable:error');
    expect(cs('procedure p(c: card) { modify c.cannot_attack by 1 }')).toContain('type/mismatch:error');
    expect(cs('procedure p(c: card) { modify c.atk gains 飛行 }')).toContain('type/mismatch:error');
    expect(cs('procedure p(c: card) { modify c.atk by 1 for 0 turns }')).toContain('type/mismatch:error');
    const unread = base.replace('  state attacks: number = 0', '  state attacks: number = 0\n  value shielded: bool = false') + 'procedure p(c: card) { modify c.shielded becomes true until end of turn }';
    const d = compileGame({ sources: [{ path: 'g.grim', text: unread }] }).diagnostics;
    expect(d.map((x) => `${x.code}:${x.severity}`)).toEqual(['value/never-read:warning']);
    expect(d[0]!.message).toContain("'shielded' is changed here but no rule reads it");
  });
});
