// Numbered labels (`label 王 "king" value number = 1`, printed `王(3)`, read `c.王`): the compiler's
// checks and IR, and what the runtime does with a card's number — read, modified for a turn,
// changed by an aura, gone with the label.
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import type { GameIR } from '../compiler/ir.ts';
import { validateIR } from '../compiler/validate-ir.ts';
import { Engine } from '../runtime/engine.ts';
import { cardSvg, faceContent, labelText } from '../faces/card-svg.ts';
import { formatGrim } from '../grammar/format.ts';
import { parseSources } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { indexSymbols } from '../compiler/symbols.ts';
import { applyEdits, GameNames } from '../compiler/references.ts';
import { completionEntries } from '../services/completion.ts';
import { cursorContext } from '../services/cursor.ts';
import { symbolMarkdown } from '../services/markdown.ts';
import { NameTable } from '../services/names.ts';
import { playScript, root } from './helpers.ts';

const base = `
game g "G" { players 2 format basic level 1 stack stage leftover grave }
label 王 "king" value number = 1
label ワード "Ward" value number
label 飛行 "flying"
zone hand per player private ordered
zone board per player public ordered
zone weather shared public
zone grave per player public
zone stage shared public ordered
card type C {
  attr rank: number
  attr keywords: labels = []
  state grounded: bool = false
  value labels: labels = if this.grounded then [] else this.keywords
}
card Old "老王": C { rank = 1 keywords = [王(3), 飛行] }
card Young: C { rank = 2 keywords = [王] }
card Warded: C { rank = 3 keywords = [ワード(2)] }
card Plain: C { rank = 4 }
player state a: number = 0
player state b: number = 0
player state c: number = 0
turn { window main }
`;

function compile(extra: string, text = base): GameIR {
  const r = compileGame({ sources: [{ path: 'g.grim', text: text + extra }] });
  if (!r.ir) throw new Error(r.diagnostics.map((d) => `${d.loc.line}:${d.loc.col} ${d.code} ${d.message}`).join('\n'));
  expect(validateIR(r.ir)).toEqual({ ok: true });
  return r.ir;
}

function played(extra: string, answers: string[] = []) {
  const engine = new Engine(compile(extra), { seed: 1, askSingleActions: true });
  playScript(engine, answers);
  return engine;
}

const vars = (engine: Engine, player: number) => ['a', 'b', 'c'].map((n) => engine.players[player]!.vars[engine.ir.playerStates.findIndex((s) => s.name === n)]);

/** The diagnostics of the little game with `extra` added, as `line:col code`. */
function problems(extra: string, text = base): string[] {
  const r = compileGame({ sources: [{ path: 'g.grim', text: text + extra }] });
  return r.diagnostics.map((d) => `${d.loc.line}:${d.loc.col} ${d.code}`);
}
const lineOf = (extra: string, needle: string) => (base + extra).split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('numbered labels: the IR', () => {
  it('a numbered label carries its default and two card fields; a card its printed number', () => {
    const ir = compile('');
    const king = ir.labels.find((l) => l.name === '王')!;
    expect(king.value).toMatchObject({ default: 1 });
    expect(ir.labels.find((l) => l.name === 'ワード')!.value!.default).toBeNull();
    expect(ir.labels.find((l) => l.name === '飛行')!.value).toBeUndefined();
    const level = ir.cardFields[king.value!.level]!;
    expect(level).toEqual({ name: '王', kind: 'value', type: 'number', keep: false });
    expect(ir.cardFields[king.value!.printed]).toMatchObject({ kind: 'attr', type: 'number' });
    const old = ir.cards.find((c) => c.name === 'Old')!;
    expect(old.attrs).toContainEqual({ field: king.value!.printed, value: 3 });
    // The list of labels holds the label itself.
    expect(old.attrs.find((a) => ir.cardFields[a.field]!.name === 'keywords')!.value).toEqual(['王', '飛行']);
    // A bare label prints no number: the default is the label's.
    expect(ir.cards.find((c) => c.name === 'Young')!.attrs.some((a) => a.field === king.value!.printed)).toBe(false);
  });

  it('a game without numbered labels keeps its card fields as they were', () => {
    const plain = base.replace('label 王 "king" value number = 1', 'label 王 "king"').replace('label ワード "Ward" value number', 'label ワード "Ward"');
    const text = plain.replace('[王(3), 飛行]', '[王, 飛行]').replace('[ワード(2)]', '[ワード]');
    const ir = compile('', text);
    expect(ir.cardFields.map((f) => f.name)).toEqual(['rank', 'keywords', 'grounded', 'labels']);
    expect(ir.labels.every((l) => !('value' in l))).toBe(true);
  });
});

describe('numbered labels: the runtime', () => {
  it('c.王 reads the printed number, the default for a bare label, 0 on a card without it', () => {
    const engine = played(`
      setup {
        create 1 of Old in active.board
        create 1 of Young in active.board
        create 1 of Plain in active.board
        set active.a = first(active.board where it.name == "Old").王
        set active.b = first(active.board where it.name == "Young").王
        set active.c = first(active.board where it.name == "Plain").王 + 10
      }`);
    expect(vars(engine, engine.active.index)).toEqual([3, 1, 10]);
  });

  it('modify … until end of turn changes the number for the turn; times 0 sets it to 0; unmodify restores it', () => {
    const engine = played(
      `
      action Raise "+1 王 until end of turn" {
        speed immediate
        effect {
          let k = first(me.board)
          modify k.王 by 1 until end of turn
          set me.a = k.王
        }
      }
      action Seal "王 becomes 0" {
        speed immediate
        effect {
          let k = first(me.board)
          modify k.王 times 0
          set me.b = k.王
          unmodify k.王
          set me.c = k.王
        }
      }
      action End "end" { speed immediate effect { set me.c = 100 + first(me.board).王 end turn } }
      setup { for each p in players { create 1 of Old in p.board } }`,
      ['Raise', 'Seal'],
    );
    const a = engine.active.index;
    // Raised to 4 for the turn; sealed to 0 (after the +1: times scales the total); unmodified back to 3.
    expect(vars(engine, a)).toEqual([4, 0, 3]);
    // A modifier until end of turn ends with the turn.
    const next = played(
      `
      action Raise "+1" { speed immediate effect { modify first(me.board).王 by 1 until end of turn  set me.a = first(me.board).王 } }
      action End "end" { speed immediate effect { end turn } }
      action Look "look" { speed immediate effect { set me.b = first(other(me).board).王 } }
      setup { for each p in players { create 1 of Old in p.board } }`,
      ['Raise', 'End', 'Look'],
    );
    const first = 1 - next.active.index;
    expect(vars(next, first)[0]).toBe(4);
    expect(vars(next, next.active.index)[1]).toBe(3);
  });

  it('a card that loses the label has no number, whatever modifies it; it comes back with the label', () => {
    const engine = played(`
      setup {
        create 1 of Old in active.board
        let k = first(active.board)
        modify k.王 by 2
        set k.grounded = true
        set active.a = k.王
        set active.b = if k has 王 then 1 else 0
        set k.grounded = false
        set active.c = k.王
      }`);
    expect(vars(engine, engine.active.index)).toEqual([0, 0, 5]);
  });

  it('an aura adds to the number of the cards that have the label, and to no other', () => {
    const engine = played(`
      card Crown: C {
        rank = 0
        aura Reign "+2 王 to every board card" {
          while in weather
          to all_units(active.board) where it.rank > 0
          王 by 2
        }
      }
      setup {
        create 1 of Old in active.board
        create 1 of Plain in active.board
        create 1 of Crown in weather
        set active.a = first(active.board where it.name == "Old").王
        set active.b = first(active.board where it.name == "Plain").王
        move weather to active.grave
        set active.c = first(active.board where it.name == "Old").王
      }`);
    expect(vars(engine, engine.active.index)).toEqual([5, 0, 3]);
    // The judge's view shows the number; a card without the label shows none.
    const view = played(`
      setup { create 1 of Warded in active.board  create 1 of Plain in active.board }`).view(null);
    const board = view.players.flatMap((p) => p.zones).find((z) => z.zone === 'board' && z.cards?.length)!;
    expect(board.cards!.map((c) => c.values?.ワード)).toEqual([2, null]);
  });
});

describe('numbered labels: diagnostics', () => {
  it('a number on a label that carries none', () => {
    const extra = '\ncard Bad: C { rank = 1 keywords = [飛行(2)] }';
    expect(problems(extra)).toContain(`${lineOf(extra, 'card Bad')}:36 label/value-not-taken`);
  });

  it('a number that is not a whole number written out, a default that is not one, a value that is not a number', () => {
    const extra = '\ncard Bad: C { rank = 1 keywords = [王("x")] }\ncard Bad2: C { rank = 1 keywords = [王(1, 2)] }\nlabel Q "q" value number = "one"\nlabel R "r" value text';
    const got = problems(extra);
    expect(got).toContain(`${lineOf(extra, 'card Bad:')}:38 label/value-not-number`);
    expect(got).toContain(`${lineOf(extra, 'card Bad2')}:39 label/value-not-number`);
    expect(got).toContain(`${lineOf(extra, 'label Q')}:28 label/value-not-number`);
    expect(got).toContain(`${lineOf(extra, 'label R')}:19 label/value-not-number`);
  });

  it('a bare label without a default, and a number printed twice', () => {
    const extra = '\ncard Bad: C { rank = 1 keywords = [ワード] }\ncard Twice: C { rank = 1 keywords = [王(1), 王(2)] }';
    const got = problems(extra);
    expect(got).toContain(`${lineOf(extra, 'card Bad:')}:36 label/value-missing`);
    expect(got).toContain(`${lineOf(extra, 'card Twice')}:44 label/value-repeated`);
  });

  it('reading or changing the number of a label that carries none', () => {
    const extra = '\nfunction f(c: card): number = c.飛行\nprocedure p(c: card) { modify c.飛行 by 1 }';
    const got = problems(extra);
    expect(got).toContain(`${lineOf(extra, 'function f')}:33 label/no-value`);
    expect(got).toContain(`${lineOf(extra, 'procedure p')}:33 label/no-value`);
  });

  it('a number outside a card, and a numbered label named as a card field', () => {
    const extra = '\nfunction f(c: card): bool = c has 王(2)\nlabel rank "rank" value number';
    const got = problems(extra);
    expect(got).toContain(`${lineOf(extra, 'function f')}:35 label/value-outside-card`);
    expect(got).toContain(`${lineOf(extra, 'label rank')}:7 label/name-clash`);
  });

  it('every message says how to fix it', () => {
    const r = compileGame({ sources: [{ path: 'g.grim', text: base + '\ncard Bad: C { rank = 1 keywords = [ワード, 飛行(2)] }\nfunction f(c: card): number = c.飛行' }] });
    const messages = r.diagnostics.map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/write ワード\(n\) on card 'Bad', or give it a default/),
        expect.stringMatching(/label '飛行' carries no number: write 飛行 alone, or declare it as numbered/),
        expect.stringMatching(/test it with 'c has 飛行'/),
      ]),
    );
  });
});

describe('numbered labels: faces and formatting', () => {
  it('the face prints a label with its number, as the card prints it', () => {
    const ir = compile('');
    const face = (name: string) => faceContent(ir, ir.cards.findIndex((c) => c.name === name));
    expect(face('Old').labels).toEqual(['king 3', 'flying']);
    expect(face('Young').labels).toEqual(['king']);
    expect(face('Warded').labels).toEqual(['Ward 2']);
    // The printed number is on the labels line, not an attribute line of its own.
    expect(face('Old').attrs.map((a) => a.name)).toEqual(['rank']);
    expect(labelText('王', 3)).toBe('王（3）');
    expect(labelText('Ward', 2)).toBe('Ward 2');
    expect(labelText('飛行', null)).toBe('飛行');
  });

  it("a game's declared face prints the number too, also where `show` renames the label (Summon & Magic's 先制（2）)", () => {
    const r = compileGame({ sources: gameSources(root, 'summon-magic')! });
    const ir = r.ir!;
    const i = ir.cards.findIndex((c) => c.name === '迅雷の剣士');
    expect(ir.faces.length).toBeGreaterThan(0);
    const svg = cardSvg(ir, i);
    expect(svg).toContain('先制（2）');
    // 攻持ち is shown as "" on this face: left out, number or not.
    expect(svg).not.toContain('攻持ち');
  });

  it('the formatter keeps the new syntax as it is, and is idempotent on it', () => {
    // (Two or more spaces between words stay two: the formatter keeps an author's wide gaps.)
    const messy = 'label 王 "king" value number=1\ncard Old: C { rank = 1 keywords = [ 王( 3 ) , 飛行 ] }\n';
    const once = formatGrim(messy, 'g.grim');
    if (!once.ok) throw new Error('does not parse');
    expect(once.text).toBe('label 王 "king" value number = 1\ncard Old: C { rank = 1 keywords = [王(3), 飛行] }\n');
    expect(formatGrim(once.text, 'g.grim')).toEqual({ ...once, changed: false });
  });
});

describe('numbered labels: in the editor', () => {
  const names = new NameTable(indexSymbols(parseSources(gameSources(root, 'summon-magic')!).files).all);

  it('a card’s hover shows the labels it prints with their numbers', () => {
    const card = names.find('迅雷の剣士', 'card')!;
    expect(symbolMarkdown(card)).toContain('prints 先制（2）');
    const label = names.find('先制', 'label')!;
    expect(label.detail).toBe('label 先制 value number = 1');
  });

  it('completion after a card offers a numbered label as a number of the card, not a plain one', () => {
    const text = 'function f(t: card): number = t.|';
    const at = text.indexOf('|');
    const ctx = cursorContext(text.slice(0, at), at, names);
    const offered = completionEntries(ctx, names, 'x.grim').map((e) => `${e.kind}:${e.label}`);
    expect(offered).toContain('label:先制');
    expect(offered).toContain('card field:atk');
    expect(offered).not.toContain('label:飛行');
  });
});

describe('numbered labels: references and rename', () => {
  it('c.先制, 先制(2) on a card and modify m.先制 are uses of the label; a rename changes all and still compiles', () => {
    const sources = gameSources(root, 'summon-magic')!;
    const names = new GameNames({ sources, files: parseSources(sources).files });
    const path = 'rules/summon-magic/functions.grim';
    const text = sources.find((s) => s.path === path)!.text;
    const at = text.indexOf('x.先制') + 2;
    const r = names.referencesAt(path, at)!;
    const places = r.references.map((x) => `${x.loc.file}:${x.loc.line}`);
    const line = (file: string, needle: string) => `${file}:${sources.find((s) => s.path === file)!.text.split('\n').findIndex((l) => l.includes(needle)) + 1}`;
    expect(places).toEqual(
      expect.arrayContaining([
        line('rules/summon-magic/game.grim', 'label 先制'),
        line(path, '= x.先制 > y.先制'),
        line('cards/summon-magic/strike-levels.grim', '先制(2)]'),
        line('cards/summon-magic/strike-levels.grim', 'modify m.先制'),
      ]),
    );
    const renamed = names.rename(path, at, "初撃");
    if ('refused' in renamed) throw new Error(renamed.refused);
    const changed = applyEdits(sources, renamed.edits);
    const after = sources.map((s) => ({ path: s.path, text: changed.get(s.path) ?? s.text }));
    const compiled = compileGame({ sources: after });
    expect(compiled.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(compiled.ir!.labels.find((l) => l.name === '初撃')!.value).toBeDefined();
  });
});
