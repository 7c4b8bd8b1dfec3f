/**
 * Card faces and printed text in the language (compiler/faces.ts, generated-text.ts,
 * text-drift.ts): `face` lowered to ir.faces and checked with node-attached diagnostics;
 * `text "…"` on a card lowered to CardIR.text; the text generated from abilities; the drift
 * warning with a planted drift (and none on the seed games); printed text changes no game.
 */
import { describe, expect, it } from 'vitest';
import { compileGame, parseSources } from '../compiler/compile.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import { generatedText } from '../compiler/generated-text.ts';
import type { GameIR } from '../compiler/ir.ts';
import { gameSources, listGames } from '../compiler/project.ts';
import { GameNames } from '../compiler/references.ts';
import { readClaims } from '../compiler/text-drift.ts';
import { validateIR } from '../compiler/validate-ir.ts';
import { cardSvg } from '../faces/card-svg.ts';
import { formatGrim } from '../grammar/format.ts';
import { foldBatch, playBatch } from '../runtime/batch.ts';
import { root } from './helpers.ts';

const base = `
game g "G" { players 2 stack stage }
enum Kind { monster "モンスター", magic "魔法" }
label 飛行 "flying"
zone deck per player hidden ordered
zone hand per player private
zone field per player public
zone stage shared public ordered
card type C { attr kind: Kind attr cost: number = 0 attr ap: number = 0 attr ex: bool = false attr race: text = "" attr skills: labels = [] state damage: number = 0 value AP: number = this.ap }
procedure draw(p: player, n: number) { move top(p.deck, n) to p.hand }
procedure deal_damage(c: card, n: number) { set c.damage = c.damage + n }
setup { for each p in players { create every C in p.deck } }
turn { window main }
`;

function compile(extra: string): { ir?: GameIR; diagnostics: Diagnostic[] } {
  return compileGame({ sources: [{ path: 'g.grim', text: base + extra }] });
}

function ok(extra: string): GameIR {
  const r = compile(extra);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  expect(errors.map((d) => `${d.loc.line}:${d.loc.col} ${d.code} ${d.message}`)).toEqual([]);
  expect(validateIR(r.ir)).toEqual({ ok: true });
  return r.ir!;
}

/** The diagnostics of `extra` as `code line:col` (lines counted in `extra`). */
function problems(extra: string): string[] {
  const offset = base.split('\n').length - 1;
  return compile(extra).diagnostics.map((d) => `${d.code} ${d.loc.line - offset}:${d.loc.col}`);
}

const sage = `
card Sage "森の賢者": C {
  kind = monster cost = 1 ap = 1 skills = [飛行]
  text "【プレイ時】カードを1枚引く。"
  trigger play "【プレイ時】" {
    on moved this from any to field
    optional
    effect { do draw(me, 1) }
  }
}
card Bolt "雷撃": C {
  kind = magic cost = 1
  text "【プレイ時】相手の場のカード1枚に2ダメージを与える。"
  trigger play {
    on moved this from any to field
    effect {
      choose t: 1 from opponent.field
      do deal_damage(t, 2)
    }
  }
}
`;

describe('printed text: text "…" on a card', () => {
  it('is lowered to CardIR.text; a card without one has none', () => {
    const ir = ok(`${sage}card Plain: C { kind = monster }`);
    expect(ir.cards.find((c) => c.name === 'Sage')!.text).toBe('【プレイ時】カードを1枚引く。');
    expect(ir.cards.find((c) => c.name === 'Plain')!.text).toBeUndefined();
  });

  it('a second printed text on one card is an error at the second', () => {
    expect(problems('card X: C {\n  kind = monster\n  text "a"\n  text "b"\n}')).toEqual(['card/text-repeated 4:8']);
  });

  it('changes no game: the same games with and without printed texts', () => {
    const strip = (s: string) => s.replace(/^\s*text "[^"]*"$/gm, '');
    const with_ = ok(sage);
    const without = ok(strip(sage));
    expect(without.cards.every((c) => c.text === undefined)).toBe(true);
    expect(foldBatch(playBatch(with_, 3, 20)).hash).toBe(foldBatch(playBatch(without, 3, 20)).hash);
  });
});

describe('generated text (compiler/generated-text.ts)', () => {
  it('phrases a trigger on entering a zone, optional, drawing; and damage to a chosen card', () => {
    const ir = ok(sage);
    const s = generatedText(ir, ir.cards.findIndex((c) => c.name === 'Sage'));
    expect(s.sentences.map((x) => x.text)).toEqual(['When this card enters field, you may: draw 1 card.']);
    expect(s.facts).toContainEqual({ kind: 'draw', value: 1, source: 'Sage.play' });
    const b = generatedText(ir, ir.cards.findIndex((c) => c.name === 'Bolt'));
    expect(b.sentences[0]!.text).toBe("When this card enters field: choose 1 of your opponent's field; deal 2 damage to the chosen card.");
    expect(b.facts).toContainEqual({ kind: 'damage', value: 2, source: 'Bolt.play' });
  });

  it('says "…" for what it cannot phrase, and a number computed in play is no fact', () => {
    const ir = ok(`card W: C {\n  kind = magic\n  action go {\n    limit 1 per turn\n    effect {\n      while count(me.hand) < 3 { do draw(me, count(me.field)) }\n    }\n  }\n}`);
    const g = generatedText(ir, ir.cards.findIndex((c) => c.name === 'W'));
    expect(g.sentences[0]!.text).toBe('Activate (once per turn): …');
    expect(g.facts).toContainEqual({ kind: 'draw', value: null, source: 'W.go' });
    expect(g.facts).toContainEqual({ kind: 'limit', value: 1, source: 'W.go' });
  });

  it('phrases a preposition-named function after its argument, and a game-wide state as "the current …"', () => {
    const ir = ok(
      'global state marked: card = none\nfunction with_ap(l: cards): cards = l where it.ap > 0\n' +
        'card Q: C {\n  kind = magic\n  action go {\n    effect {\n      if this != marked {\n        choose t: 1 from with_ap(opponent.field)\n        do deal_damage(t, 1)\n      }\n    }\n  }\n}',
    );
    const text = generatedText(ir, ir.cards.findIndex((c) => c.name === 'Q')).sentences[0]!.text;
    expect(text).toContain('if this card is not the current marked');
    expect(text).toContain("choose 1 of your opponent's field with ap; deal 1 damage to the chosen card");
  });

  it('counts a repeat: repeat 2 { draw 1 } draws 2', () => {
    const ir = ok('card R: C {\n  kind = magic\n  action go { effect { repeat 2 { do draw(me, 1) } } }\n}');
    expect(generatedText(ir, ir.cards.findIndex((c) => c.name === 'R')).facts).toContainEqual({ kind: 'draw', value: 2, source: 'R.go' });
  });
});

describe('the drift check (card/text-drift)', () => {
  it('warns at the number where the printed text and the code disagree, and only there', () => {
    const drifted = sage.replace('カードを1枚引く', 'カードを２枚引く').replace('2ダメージ', '3ダメージ');
    const r = compile(drifted);
    expect(r.ir).toBeDefined(); // a warning: the game still compiles
    const warnings = r.diagnostics.filter((d) => d.code === 'card/text-drift');
    expect(warnings.map((d) => d.severity)).toEqual(['warning', 'warning']);
    const lines = (base + drifted).split('\n');
    const [draw, damage] = warnings;
    // The range is the number inside the string: its column in the file's line.
    expect(lines[draw!.loc.line - 1]!.slice(draw!.loc.col - 1, draw!.loc.endCol)).toBe('２');
    expect(draw!.message).toContain('「２枚引」');
    expect(draw!.message).toContain('says 1 (Sage.play)');
    expect(draw!.notes?.[0]).toContain('draw 1 card');
    expect(lines[damage!.loc.line - 1]!.slice(damage!.loc.col - 1, damage!.loc.endCol)).toBe('3');
    expect(compile(sage).diagnostics).toEqual([]);
  });

  it('reads a printed cost standing alone, not a cost in a condition', () => {
    expect(problems('card K: C {\n  kind = monster cost = 1\n  text "コスト2"\n}')).toEqual(['card/text-drift 3:12']);
    expect(problems('card K: C {\n  kind = monster cost = 1\n  text "相手の場のコスト2以下のカード1枚を破壊する。コスト0で出す。"\n}')).toEqual([]);
  });

  it('says nothing where the code states no such number, or computes it in play', () => {
    // No draw in the code at all (the generator may not phrase what the card does).
    expect(problems('card K: C {\n  kind = magic\n  text "カードを3枚引く。"\n}')).toEqual([]);
    // A draw computed in play.
    expect(problems('card K: C {\n  kind = magic\n  text "カードを3枚引く。"\n  action go { effect { do draw(me, count(me.field)) } }\n}')).toEqual([]);
  });

  it('reads the phrases it documents, in Japanese and English, full-width digits too', () => {
    const kinds = (t: string) => readClaims(t, ['ap', 'cost']).map((c) => `${c.kind} ${c.value}`);
    expect(kinds('カードを１枚引く。2枚ドローする。draw 3 cards')).toEqual(['draw 1', 'draw 2', 'draw 3']);
    expect(kinds('1ダメージを与える。deal 4 damage')).toEqual(['damage 1', 'damage 4']);
    expect(kinds('自分の場の他のモンスターのAP+1。数値を＋２００する。ATTACK −300')).toEqual(['modify 1', 'modify 200', 'modify -300']);
    expect(kinds('1ターンに1度、once per turn')).toEqual(['limit 1', 'limit 1']);
    expect(kinds('コスト2。cost 3')).toEqual(['attr 2', 'attr 3']);
    expect(kinds('ダメージを1取り除く。H+1。コスト1以下の')).toEqual([]);
  });

  it('finds no drift in the seed games (every printed text agrees with its code where both give a number)', () => {
    for (const game of listGames(root)) {
      const r = compileGame({ sources: gameSources(root, game)!, loadBase: (n) => gameSources(root, n) });
      expect(r.diagnostics.filter((d) => d.code === 'card/text-drift').map((d) => `${d.loc.file}:${d.loc.line} ${d.message}`), game).toEqual([]);
    }
  });
});

const face = `${sage}
face C cite "the card layout" {
  colour by kind { monster "#b5452f", magic "navy" }
  show kind as { monster "M" }
  show skills as { 飛行 "飛行" }
  frame plain
  cost = cost when not ex
  title = name
  picture
  type = kind, race
  labels = skills
  text = printed, generated
  stat "AP" = ap at 40, 78, 19.5, 7 when kind == monster and cost in 0..3
  pips = cost of "★"
}
`;

describe('face <CardType> { … }', () => {
  it('is lowered to ir.faces: colours by value, shows, regions with parts, places and conditions', () => {
    const ir = ok(face);
    expect(ir.faces).toHaveLength(1);
    const f = ir.faces[0]!;
    const field = (n: string) => ir.cardFields.findIndex((x) => x.name === n);
    expect(f.cardType).toBe(0);
    expect(f.frame).toBe('plain');
    expect(f.colourField).toBe(field('kind'));
    expect(f.colours).toEqual([{ value: 'monster', colour: '#b5452f' }, { value: 'magic', colour: 'navy' }]);
    expect(f.shows).toEqual([{ field: field('kind'), values: [{ value: 'monster', text: 'M' }] }, { field: field('skills'), values: [{ value: '飛行', text: '飛行' }] }]);
    expect(f.regions.map((r) => r.kind)).toEqual(['cost', 'title', 'picture', 'type', 'labels', 'text', 'stat', 'pips']);
    const stat = f.regions[6]!;
    expect(stat.caption).toBe('AP');
    expect(stat.at).toEqual([40, 78, 19.5, 7]);
    expect(stat.parts).toEqual([{ kind: 'field', field: field('ap') }]);
    expect(stat.when?.kind).toBe('binary');
    expect(f.regions[5]!.parts).toEqual([{ kind: 'card', what: 'printed' }, { kind: 'card', what: 'generated' }]);
    expect(f.regions[7]!.symbol).toEqual({ kind: 'text', text: '★' });
    expect(f.cite).toBe('the card layout');
  });

  it('a game without a face has ir.faces = [] (the default face); the runtime ignores faces', () => {
    const ir = ok(sage);
    expect(ir.faces).toEqual([]);
    expect(foldBatch(playBatch(ok(face), 3, 20)).hash).toBe(foldBatch(playBatch(ir, 3, 20)).hash);
  });

  it('reports each mistake at its place, with a stable code', () => {
    const cases: [string, string[]][] = [
      ['face Nope { title }', ['name/unknown 1:6']],
      ['face C {\n  titel\n}', ['face/unknown-word 2:3']],
      ['face C {\n  frame fancy\n}', ['face/unknown-word 2:9']],
      ['face C {\n  stat = damage\n}', ['face/not-printed 2:10']],
      ['face C {\n  stat = atk\n}', ['name/unknown 2:10']],
      ['face C {\n  colour "#12"\n}', ['face/bad-colour 2:10']],
      ['face C {\n  colour by kind { monstr "#fff" }\n}', ['face/bad-value 2:20']],
      ['face C {\n  show cost as { "one" "1" }\n}', ['face/bad-value 2:18']],
      ['face C {\n  title when cost + 1 > 2\n}', ['face/not-declarative 2:14']],
      ['face C {\n  title when count(me.hand) > 2\n}', ['face/not-declarative 2:14']],
      ['face C {\n  title at 60, 0, 10, 10\n}', ['face/bad-place 2:9']],
      ['face C {\n  pips = kind of "★"\n}', ['face/bad-pips 2:3']],
      ['face C {\n  title of "x"\n}', ['face/bad-pips 2:12']],
    ];
    for (const [src, want] of cases) expect(problems(src), src).toEqual(want);
    const r = compile('face C {\n  titel\n}');
    expect(r.diagnostics[0]!.notes).toEqual(["did you mean 'title'?"]);
  });

  it('two faces for one card type: name/duplicate, saying to merge them (a face is named by its card type)', () => {
    expect(problems('face C { title }\nface C { picture }')).toEqual(['name/duplicate 2:6']);
    const d = compile('face C { title }\nface C { picture }').diagnostics[0]!;
    expect(d.message).toBe("card type 'C' has two faces");
    expect(d.notes?.join(' ')).toContain('merge the two');
  });

  it('a place outside the card says which edge, negative numbers too', () => {
    const message = (src: string) => compile(src).diagnostics.map((d) => `${d.code} ${d.message.split(': ').pop()}`);
    expect(message('face C {\n  title at 50, 80, 20, 10\n}')).toEqual(['face/bad-place its right edge x + w = 70 is past 63; its bottom edge y + h = 90 is past 88']);
    expect(message('face C {\n  title at -1, 0, 10, 10\n}')).toEqual(['face/bad-place the corner -1, 0 is outside the card']);
    expect(problems('face C {\n  title at -1.5, 0, 10, 10\n}')).toEqual(['face/bad-place 2:9']);
  });

  it("the card's own parts (labels, title…) are not hidden by a value of that name (the seed games declare value labels)", () => {
    const r = compile('card type D { attr skills: labels = [] value labels: labels = this.skills }\nface D {\n  type = type, labels\n}\ncard X "x": D { skills = [飛行] }\n');
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const face = r.ir!.faces[0]!;
    expect(face.regions[0]!.parts).toEqual([{ kind: 'card', what: 'type' }, { kind: 'card', what: 'labels' }]);
    expect(cardSvg(r.ir!, r.ir!.cards.findIndex((c) => c.name === 'X'))).toContain('D · flying');
    // A state of another name is still refused.
    expect(problems('face C {\n  stat = damage\n}')).toEqual(['face/not-printed 2:10']);
  });

  it("a face's mistake leaves the drift check's warnings in place", () => {
    const drifting = 'card Z "z": C {\n  kind = magic\n  text "カードを2枚引く。"\n  trigger t { on moved this from any to field  effect { do draw(me, 1) } }\n}\n';
    const codes = compile(drifting + 'face C {\n  titel\n}\n').diagnostics.map((d) => d.code).sort();
    expect(codes).toEqual(['card/text-drift', 'face/unknown-word']);
  });

  it('a long printed text leaves the generated text one line at least, ending in "…"', () => {
    const long = 'カードを1枚引く。'.repeat(200);
    const r = compile(`face C {\n  title\n  text = printed, generated\n}\ncard L "l": C {\n  kind = magic\n  text "${long}"\n  trigger t { on moved this from any to field  effect { do draw(me, 1) } }\n}\n`);
    const svg = cardSvg(r.ir!, r.ir!.cards.findIndex((c) => c.name === 'L'));
    const italic = /<text [^>]*font-style="italic">(.*?)<\/text>/.exec(svg);
    expect(italic, 'the generated text is drawn').not.toBeNull();
    expect(italic![1]).toMatch(/When this card enters field/);
    expect(svg).toContain('…');
  });

  it("a face's own words (a region, a frame style) are not names: references and rename of a field named like a region skip them", () => {
    const text = base + 'face C {\n  frame plain\n  cost = cost\n  title\n}\n';
    const sources = [{ path: 'g.grim', text }];
    const names = new GameNames({ sources, files: parseSources(sources).files });
    const region = text.indexOf('  cost = cost') + 2;
    const part = region + 'cost = '.length;
    const refs = names.referencesAt('g.grim', part)!;
    const offsets = refs.references.map((r) => r.loc.offset);
    expect(offsets).toContain(part);
    expect(offsets).toContain(text.indexOf('attr cost') + 5);
    expect(offsets).not.toContain(region);
    expect(names.referencesAt('g.grim', region)).toBeUndefined();
    expect(names.referencesAt('g.grim', text.indexOf('frame plain') + 6)).toBeUndefined();
  });

  it("a word followed by a text on a card is a clear error: printed text is written text \"…\"", () => {
    const r = compile('card X "x": C {\n  kind = magic\n  txt "a printed text"\n}');
    const d = r.diagnostics.find((x) => x.severity === 'error')!;
    expect(d.message).toContain('text "…"');
    expect(`${d.loc.line - (base.split('\n').length - 1)}:${d.loc.col}`).toBe('3:3');
  });

  it('formats, and the formatter keeps every token and line', () => {
    const messy = 'face   C  cite "x"{\ncolour by kind {monster "#fff",magic "#000"}\n   cost=cost   when not ex\nstat "AP"=ap at 1.5,2,3,4\n}\n';
    const r = formatGrim(messy);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toBe('face C cite "x" {\n  colour by kind { monster "#fff", magic "#000" }\n  cost = cost when not ex\n  stat "AP" = ap at 1.5, 2, 3, 4\n}\n');
    expect(formatGrim(r.text)).toEqual({ ok: true, text: r.text, changed: false });
    // A negative place keeps its sign on the number.
    expect(formatGrim('face C {\n  title at -1,0, 10, 10\n}\n')).toEqual({ ok: true, text: 'face C {\n  title at -1, 0, 10, 10\n}\n', changed: true });
  });
});
