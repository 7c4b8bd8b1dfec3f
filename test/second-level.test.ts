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
import { codegen } from '../runtime/compile.ts';
import { logText, words } from '../scenario/log-words.ts';

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
    expect(e.log.map((l) => logText(l))).toContain('p1.field is full (capacity 2): A1 goes to p1.grave instead');
  });
  it('diagnoses an overflow that cannot work', () => {
    const c = (line: string) => compileGame({ sources: [{ path: 'cap.grim', text: game('zone spare per player public').replace('zone field per player public ordered', line) }] }).diagnostics.map((d) => d.code);
    expect(c('zone field per player public ordered overflow grave')).toContain('zone/overflow-without-capacity');
    expect(c('zone field per player public ordered capacity 2 overflow field')).toContain('zone/overflow-without-capacity');
    expect(c('zone field per player public ordered capacity 2 overflow graev')).toContain('name/unknown');
  });
});

describe('a full zone whose old card makes room (capacity N displaced <zone>)', () => {
  const game = (fieldLine: string) => `
game g "G" { players 2 }
zone hand per player private
${fieldLine}
zone grave per player public ordered
card type C { attr power: number = 1 }
card Old1: C { }
card Old2: C { }
card New1: C {
  action Play "Play" { speed immediate while in hand effect { move this to me.field } }
}
card New2: C {
  action Play "Play" { speed immediate while in hand effect { move this to me.field } }
}
turn { window main passable }
`;
  it('the card there longest goes to the named zone, then the new one enters; a card that entered this turn is newer than one from an earlier turn', () => {
    // An ordered zone lists the newest first (a move goes to the top): the card listed first is not the oldest.
    const o = ruling(game('zone field per player public ordered capacity 2 displaced grave'), `
name: "displaced"
cite: "test"
game: g
start: main
state:
  active: p1
  p1: { field: [Old1], hand: [New1, New2] }
steps:
  - p1: New1.Play
  - check: { p1.field: [New1, Old1], p1.grave: [] }
  - p1: New2.Play
  - check:
      p1.field: [New2, New1]
      p1.grave: [Old1]
      log: ["p1.field is full (capacity 2): Old1 makes room for New2, to p1.grave", "Old1 → p1.grave"]
`);
    expect(o.failures).toEqual([]);
  });
  it("a shared zone's displaced card goes to its owner's zone", () => {
    const text = game('zone field shared public capacity 1 displaced grave').replaceAll('me.field', 'field');
    const o = ruling(text, `
name: "displaced from a shared zone"
cite: "test"
game: g
start: main
state:
  active: p1
  shared: { field: [{ card: Old1, owner: p2 }] }
  p1: { hand: [New1] }
steps:
  - p1: New1.Play
  - check: { field: [New1], p2.grave: [Old1], p1.grave: [] }
`);
    expect(o.failures).toEqual([]);
  });
  it('diagnoses a displaced that cannot work', () => {
    const c = (line: string) => compileGame({ sources: [{ path: 'd.grim', text: game(line) }] }).diagnostics.map((d) => d.code);
    expect(c('zone field per player public displaced grave')).toContain('zone/overflow-without-capacity');
    expect(c('zone field per player public capacity 1 displaced field')).toContain('zone/overflow-without-capacity');
    expect(c('zone field per player public capacity 1 overflow grave displaced grave')).toContain('zone/overflow-without-capacity');
    expect(c('zone field per player public capacity 1 displaced grave')).toEqual([]);
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
  action Guard "Guard" {
    speed immediate
    while in field
    target t: 1 from me.field where it != this
    effect { modify t.cannot_attack becomes true until next turn of me }
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
  it('until next turn of me ("until your next turn"): through the opponent\'s turn, gone as mine begins', () => {
    const o = ruling(statusGame, statusRuling('  p1: { field: [Freezer, Hero] }', '  - p1: Freezer.Guard\n  - p1: pass\n  - check:\n      cards: { Hero: { cannot_attack: true } }\n  - p2: pass\n  - check:\n      cards: { Hero: { cannot_attack: false } }\n      offered: { p1: [Attack] }', '  winner: none'));
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

// Replacements: a game-defined "destroyed" event that moves the card to the graveyard, and a
// "damaged" event with an amount; cards that replace either.
const replaceGame = `
game g "G" { players 2 }
zone deck per player hidden ordered
zone hand per player private
zone field per player public ordered attachments
zone grave per player public
zone exile per player public
card type C { attr power: number = 1 }
player state life: number = 20
player state hits: number = 0
event destroyed "destroyed" (c: card) { move c to c.owner.grave }
event damaged "damaged" (p: player, n: number) { set p.life = p.life - n }
card Hero: C { power = 3 }
card Shield: C {
  instead Spare "Return to the hand instead" {
    while attached
    on signal destroyed c
    if c == host(this)
    effect { move c to c.owner.hand }
  }
}
card Ward: C {
  instead Soften "Prevent 2 of it" {
    while in field
    on signal damaged p, n
    if p == me
    effect {
      set n = n - 2
      if n < 0 { set n = 0 }
      proceed
    }
  }
}
card Wall: C {
  instead Block "Prevent it" {
    while in field
    on signal damaged p, n
    if p == me
    effect { }
  }
}
card Stubborn: C {
  instead Endure "Its life becomes 1 instead of 0" {
    while in field
    on signal damaged p, n
    if p == me and n >= p.life
    effect {
      set n = p.life - 1
      proceed
    }
  }
}
card Exiler: C {
  instead Banish "Exile instead" {
    while in field
    on moved c from field to grave
    if c.owner != me
    effect { move c to c.owner.exile }
  }
}
card Witness: C {
  trigger Count "Count the hits" {
    while in field
    on signal damaged p, n
    speed immediate
    effect { set p.hits = p.hits + n }
  }
}
action Destroy "Destroy" {
  speed immediate
  when me == active
  target t: 1 from opponent.field where it.power > 1
  effect { signal destroyed t }
}
action Hit "Hit" {
  speed immediate
  when me == active
  effect { signal damaged opponent, 3 }
}
action Kill "Kill" {
  speed immediate
  when me == active
  effect { signal damaged opponent, 99 }
}
action Bury "Bury" {
  speed immediate
  when me == active
  target t: 1 from opponent.field where it.power > 1
  effect { move t to t.owner.grave }
}
turn { window main passable }
`;
const rr = (state: string, steps: string, expectation: string) => ruling(replaceGame, statusRuling(state, steps, expectation).replace('name: "status"', 'name: "replace"'));

describe('replacements of any event', () => {
  it("replaces another card's event: equipment returns its host to the hand instead of its being destroyed", () => {
    // (The equipment goes along to the hand: a hand holds no attachments, docs/language.md, Zones.)
    const o = rr('  p2: { field: [{ card: Hero, attached: [Shield] }] }', '  - p1: Destroy', '  p2.hand: [Hero, Shield]\n  p2.grave: []\n  log: ["Shield.Spare: instead of destroyed: Hero"]');
    expect(o.failures).toEqual([]);
  });
  it('without a replacement the event does what it says', () => {
    const o = rr('  p2: { field: [Hero] }', '  - p1: Destroy', '  p2.grave: [Hero]');
    expect(o.failures).toEqual([]);
  });
  it('changes an amount and lets the event happen (proceed); its trigger sees the changed amount', () => {
    const o = rr('  p2: { field: [Ward, Witness] }', '  - p1: Hit', '  vars: { p2.life: 19, p2.hits: 1 }');
    expect(o.failures).toEqual([]);
  });
  it('a prevented event fires no trigger', () => {
    const o = rr('  p2: { field: [Wall, Witness] }', '  - p1: Hit', '  vars: { p2.life: 20, p2.hits: 0 }');
    expect(o.failures).toEqual([]);
  });
  it('"its life becomes 1 instead of 0"', () => {
    const o = rr('  p2: { field: [Stubborn] }', '  - p1: Kill', '  vars: { p2.life: 1 }');
    expect(o.failures).toEqual([]);
  });
  it('two replacements on one event: the affected player chooses the order, and the order matters', () => {
    // 99 damage to p2 with 20 life. Endure first: 19, then Soften: 17 → life 3. Soften first: 97, then Endure: 19 → life 1.
    const endureFirst = rr('  p2: { field: [Ward, Stubborn] }', '  - p1: Kill\n  - check:\n      options: { p2: [Ward.Soften, Stubborn.Endure] }\n  - p2: Stubborn.Endure', '  vars: { p2.life: 3 }');
    expect(endureFirst.failures).toEqual([]);
    const softenFirst = rr('  p2: { field: [Ward, Stubborn] }', '  - p1: Kill\n  - p2: Ward.Soften', '  vars: { p2.life: 1 }');
    expect(softenFirst.failures).toEqual([]);
    // Each applies at most once: after both, none is asked again.
    expect(softenFirst.log.filter((l) => l.includes('instead of damaged')).length).toBe(2);
  });
  it('a prevention among them: once prevented, nothing is left to soften', () => {
    const o = rr('  p2: { field: [Ward, Wall, Witness] }', '  - p1: Hit\n  - p2: Wall.Block', '  vars: { p2.life: 20, p2.hits: 0 }');
    expect(o.failures).toEqual([]);
    expect(o.log.filter((l) => l.includes('instead of damaged')).length).toBe(1);
  });
  it("replaces any card's move that its `on moved c` names, not its own card's", () => {
    const o = rr('  p1: { field: [Exiler] }\n  p2: { field: [Hero] }', '  - p1: Bury', '  p2.exile: [Hero]\n  p2.grave: []');
    expect(o.failures).toEqual([]);
  });
  it('diagnoses what cannot be replaced or said', () => {
    const cs = (extra: string) => compileGame({ sources: [{ path: 'g.grim', text: replaceGame + extra }] }).diagnostics.map((d) => d.code);
    expect(cs('card Bad: C { instead X { on turn start  effect { } } }')).toContain('action/instead-needs-move');
    expect(cs('procedure p() { proceed }')).toContain('action/proceed-outside-instead');
    expect(cs('procedure p() { signal damaged me }')).toContain('type/bad-arguments');
    expect(cs('card Bad2: C { trigger T { on signal damaged p  effect { } } }')).toContain('type/bad-arguments');
    expect(cs('procedure p() { signal damaged me, "3" }')).toContain('type/mismatch');
  });
});

const limitGame = `
game g "G" { players 2 }
zone deck per player hidden ordered
zone hand per player private
zone field per player public ordered
zone grave per player public
label サポート "Supporter"
card type C { attr power: number = 1 }
player state cards_drawn: number = 0
limit サポート制限 "One Supporter a turn" 1 per turn on card actions tagged サポート cite "test: only one Supporter card per turn"
limit 一度 "Each card's abilities once a turn" 1 per turn per card on card abilities of C cite "test: a card's abilities once a turn, together"
card Professor: C {
  action Research "Research" { speed immediate  while in hand  tags サポート  effect { set me.cards_drawn = me.cards_drawn + 3  move this to me.grave } }
}
card Scientist: C {
  action Study "Study" { speed immediate  while in hand  tags サポート  effect { set me.cards_drawn = me.cards_drawn + 1  move this to me.grave } }
}
card Twin: C {
  action Left "Left" { speed immediate  while in field  effect { set me.cards_drawn = me.cards_drawn + 1 } }
  action Right "Right" { speed immediate  while in field  effect { set me.cards_drawn = me.cards_drawn + 1 } }
}
turn { window main passable }
`;

describe('limits shared by a class of actions', () => {
  it('one Supporter a turn: across two different cards, for the turn, and again the next turn', () => {
    const o = ruling(limitGame, statusRuling('  p1: { hand: [Professor, Scientist] }', '  - p1: Professor.Research\n  - check:\n      not_offered: { p1: [Scientist.Study] }\n  - p1: pass\n  - p2: pass\n  - check:\n      offered: { p1: [Scientist.Study] }', '  vars: { p1.cards_drawn: 3 }'));
    expect(o.failures).toEqual([]);
  });
  it('per card: a card with two abilities uses one of them a turn; another card has its own count', () => {
    const o = ruling(limitGame, statusRuling('  p1: { field: [Twin, Twin] }', '  - check:\n      offered: { p1: [Twin.Left (2), Twin.Right (2)] }\n  - p1: Twin.Left\n  - check:\n      options: { p1: [Twin.Left, Twin.Right, pass] }', '  vars: { p1.cards_drawn: 1 }'));
    expect(o.failures).toEqual([]);
  });
  it('why-not names the shared limit', async () => {
    const { Engine } = await import('../runtime/engine.ts');
    const r = compileGame({ sources: [{ path: 'g.grim', text: limitGame }] });
    let verdicts: ReturnType<InstanceType<typeof Engine>['whyNot']> = [];
    const o = runScenario('r.yaml', statusRuling('  p1: { hand: [Professor, Scientist] }', '  - p1: Professor.Research', '  winner: none'), { ir: r.ir!, stopAfter: Infinity, onStop: (e) => (verdicts = e.whyNot(e.players[0]!, 'Scientist.Study')) });
    expect(o.failures).toEqual([]);
    expect(verdicts[0]!.reasons.map((x) => words(x.words))).toContain('the shared limit サポート制限 (1 per turn): already used 1 time this turn');
  });
  it('diagnoses a limit on nothing', () => {
    const cs = (extra: string) => compileGame({ sources: [{ path: 'g.grim', text: limitGame + extra }] }).diagnostics.map((d) => `${d.code}:${d.severity}`);
    expect(cs('limit X 1 per turn on card skills')).toContain('limit/unknown-kind:error');
    expect(cs('limit Y 1 per turn on card triggers')).toContain('limit/covers-nothing:warning');
    expect(cs('limit Z 1 per turn on card actions tagged サポー')).toContain('name/unknown:error');
  });
});

const templateGame = `
game g "G" { players 2 }
zone deck per player hidden ordered
zone hand per player private
zone field per player public ordered
zone grave per player public
card type C { attr power: number = 1 }
player state life: number = 20
ability action 攻撃 "Attack skill" (ap: number = 1, extra: number = 0) cite "rule 7: an attack costs its AP" {
  speed immediate
  while in field
  when me == active
  limit 1 per turn
  effect { set opponent.life = opponent.life - this.power * ap - extra }
}
card Knight: C {
  power = 2
  攻撃 斬撃 "Slash" cite "(inv.) 「攻撃する。」"
}
card Ogre: C {
  power = 3
  攻撃 強打 "Smash" (2, extra = 1) cite "(inv.) 「AP2で攻撃し、さらに1点。」"
}
turn { window main passable }
`;

describe('ability templates', () => {
  it('each use is an ordinary ability of its card, with its values, its name and both cites', () => {
    const r = compileGame({ sources: [{ path: 'g.grim', text: templateGame }] });
    expect(r.diagnostics).toEqual([]);
    const slash = r.ir!.actions.find((a) => a.name === 'Knight.斬撃')!;
    expect(slash.title).toBe('Slash');
    expect(slash.cite).toBe('(inv.) 「攻撃する。」; rule 7: an attack costs its AP');
    expect(slash.limit).toBe(1);
    const o = ruling(templateGame, statusRuling('  p1: { field: [Knight, Ogre] }', '  - p1: Knight.斬撃\n  - p1: Ogre.強打', '  vars: { p2.life: 11 }'));
    expect(o.failures).toEqual([]);
  });
  it('diagnoses an unknown template, a wrong value, a missing or extra one', () => {
    const cs = (extra: string) => compileGame({ sources: [{ path: 'g.grim', text: templateGame + extra }] }).diagnostics.map((d) => d.code);
    expect(cs('card A: C { 攻激 x }')).toContain('name/unknown');
    expect(cs('card B: C { 攻撃 x (1, 2, 3) }')).toContain('type/bad-arguments');
    expect(cs('card D: C { 攻撃 x (speed = 2) }')).toContain('type/bad-arguments');
    expect(cs('card E: C { 攻撃 x ("two") }')).toContain('type/mismatch');
    expect(cs('ability action Need (n: number) { effect { } }\ncard F: C { Need x }')).toContain('type/bad-arguments');
  });
});

const copyGame = `
game g "G" { players 2 }
zone deck per player hidden ordered
zone hand per player private
zone field per player public ordered
zone grave per player public
card type C { attr power: number = 1 }
player state life: number = 20
card Drake: C {
  power = 4
  action Breath "Breath" { speed immediate  while in field  when me == active  effect { set opponent.life = opponent.life - this.power } }
}
card Mimic: C {
  power = 2
  action Borrow "Use the ability of a card in your graveyard" {
    speed immediate
    while in field
    when me == active and any(me.grave, not is_empty(abilities(it)))
    effect {
      choose m: 1 from me.grave where not is_empty(abilities(it)) "the card whose ability to use"
      choose a: 1 from abilities(m) "the ability"
      perform a as this
    }
  }
}
card Echo: C {
  action Repeat "Use this card's own ability again, forever" { speed immediate  while in field  effect { perform Echo.Repeat as this } }
}
event ping "ping" (c: card) { }
card Watcher: C {
  trigger Hear "Hears a ping" { while in field  on signal ping c  speed immediate  effect { set opponent.life = opponent.life - 1 } }
}
card Chameleon: C {
  power = 3
  action Mimicry "Gains the abilities of a card in your graveyard until end of turn" {
    speed immediate
    while in field
    when me == active and not is_empty(me.grave)
    limit 1 per turn
    effect {
      choose m: 1 from me.grave "the card"
      modify this gains abilities of m until end of turn
    }
  }
  action Ping "Ping" { speed immediate  while in field  when me == active  effect { signal ping this } }
  action Count "Count" {
    speed immediate
    while in field
    when me == active
    effect {
      let n = count(abilities(this))
      log "{this} has {n} abilities"
    }
  }
}
turn { window main passable }
`;

describe('abilities as values', () => {
  it("uses another card's ability as this card's own: abilities(c), choose, perform … as this", () => {
    // Mimic uses the Drake's Breath from the graveyard: its power is Mimic's (2), not the Drake's (4).
    const o = ruling(copyGame, statusRuling('  p1: { field: [Mimic], grave: [Drake] }', '  - p1: Mimic.Borrow', '  vars: { p2.life: 18 }\n  log: ["p1: Drake.Breath"]'));
    expect(o.failures).toEqual([]);
  });
  it('an ability that uses itself without end is stopped, with the reason', () => {
    const o = ruling(copyGame, statusRuling('  p1: { field: [Echo] }', '  - p1: Echo.Repeat', '  winner: draw'));
    expect(o.failures.join('\n')).toContain('the engine stopped the game: stopped after 50 abilities used through one another (a loop? the last one: Echo.Repeat)');
  });
});

describe("a card that gains another card's abilities (modify c gains abilities of x)", () => {
  /** The ruling run with the effects as generated code and as closures: the same failures (none, expected). */
  const gained = (game: string, yaml: string) => {
    try {
      codegen.statements = false;
      const closures = ruling(game, yaml);
      codegen.statements = true;
      const generated = ruling(game, yaml);
      expect(generated.failures).toEqual(closures.failures);
      return generated;
    } finally {
      codegen.statements = true;
    }
  };
  it("has the other card's action as its own, with itself as `this`, until the duration ends", () => {
    // Chameleon's Breath hits with its own power (3), not the Drake's (4); the next turn it has no Breath.
    const o = gained(copyGame, statusRuling('  p1: { field: [Chameleon], grave: [Drake] }', `  - check:
      not_offered: { p1: [Drake.Breath] }
  - p1: Chameleon.Mimicry
  - check:
      offered: { p1: [Drake.Breath] }
  - p1: Drake.Breath
  - check:
      vars: { p2.life: 17 }
  - p1: pass
  - p2: pass
  - check:
      not_offered: { p1: [Drake.Breath] }`, '  log: ["Chameleon gains the abilities of Drake until end of turn"]'));
    expect(o.failures).toEqual([]);
  });
  it("has the other card's triggers too, and abilities(c) lists what it gained", () => {
    const o = gained(copyGame, statusRuling('  p1: { field: [Chameleon], grave: [Watcher] }', `  - p1: Chameleon.Ping
  - check:
      vars: { p2.life: 20 }
  - p1: Chameleon.Count
  - check:
      log: ["Chameleon has 3 abilities"]
  - p1: Chameleon.Mimicry
  - p1: Chameleon.Ping
  - check:
      vars: { p2.life: 19 }
  - p1: Chameleon.Count`, '  log: ["Chameleon has 4 abilities"]'));
    expect(o.failures).toEqual([]);
  });
  it('is a statement of its own in the IR; only `gains` and a card are right', () => {
    const r = compileGame({ sources: [{ path: 'g.grim', text: copyGame }] });
    expect(r.diagnostics).toEqual([]);
    expect(JSON.stringify(r.ir!.actions.find((a) => a.name === 'Chameleon.Mimicry'))).toContain('"kind":"gainAbilities"');
    const bad = compileGame({ sources: [{ path: 'g.grim', text: copyGame.replace('modify this gains abilities of m', 'modify this becomes abilities of m') }] });
    expect(bad.diagnostics.map((d) => d.code)).toContain('type/not-assignable');
    const wrong = compileGame({ sources: [{ path: 'g.grim', text: copyGame.replace('modify this gains abilities of m', 'modify this gains abilities of me') }] });
    expect(wrong.diagnostics.map((d) => d.code)).toContain('type/mismatch');
  });
});

describe('small things the second game asked for', () => {
  it('a log line may show a member path ({this.power}); a card ability is named as a value without quotes; a list of abilities has a type', () => {
    const text = copyGame.replace('card Echo: C {', `function powers(m: card): actions = abilities(m)
card Echo: C {
  action Show "Show" { speed immediate  while in field  when any(powers(this), it == Echo.Repeat)  effect { log "power {this.power} of {this.owner}" } }`);
    const r = compileGame({ sources: [{ path: 'g.grim', text }] });
    expect(r.diagnostics).toEqual([]);
    const o = ruling(text, statusRuling('  p1: { field: [Echo] }', '  - p1: Echo.Show', '  log: ["power 1 of p1"]'));
    expect(o.failures).toEqual([]);
  });
  it("a card attached to the opponent's card goes with it to its own owner's zone of that kind", () => {
    const game = `
game g "G" { players 2 }
zone field per player public attachments
zone grave per player public ordered
card type C { attr power: number = 1 }
card Beast: C { }
card Charm: C { }
action Kill "Kill" { speed immediate  when me == active  target t: 1 from opponent.field  effect { move t to t.owner.grave } }
turn { window main passable }
`;
    const o = ruling(game, `
name: "attached"
cite: "test"
game: g
start: main
state:
  active: p1
  p2:
    field: [{ card: Beast, attached: [{ card: Charm, owner: p1 }] }]
steps:
  - p1: Kill
  - check:
      p2.grave: [Beast]
      p1.grave: [Charm]
      log: ["Beast → p2.grave", "Charm → p1.grave"]
`);
    expect(o.failures).toEqual([]);
  });
  it("after a replacement lets an event proceed, the next one's log line shows the changed amount", () => {
    const o = rr('  p2: { field: [Ward, Stubborn] }', '  - p1: Kill\n  - p2: Ward.Soften', '  log: ["Stubborn.Endure: instead of damaged: p2, 97"]');
    expect(o.failures).toEqual([]);
  });
});
