// The playground's language services, the parts without Monaco: what completion offers in
// context, what a name at a place means (hover, go to definition), the escaped Markdown, the
// symbol list kept through files with errors, and the one-parse check the compile worker runs.
import { describe, expect, it } from 'vitest';
import { checkGame, compileGame, parseSources, type ParseCache } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { indexSymbols, type SymbolInfo } from '../compiler/symbols.ts';
import { keywordWords } from '../grammar/tokens.ts';
import { completionEntries } from '../services/completion.ts';
import { cursorContext, symbolAt } from '../services/cursor.ts';
import { builtInMarkdown, escapeMarkdown, symbolMarkdown } from '../services/markdown.ts';
import { builtInFunctions } from '../services/types.ts';
import { setLanguage } from '../i18n/format.ts';
import { mergeSymbols, NameTable } from '../services/names.ts';
import { root } from './helpers.ts';

const trump = gameSources(root, 'trump')!;
const trumpNames = new NameTable(indexSymbols(parseSources(trump).files).all);
const sm = gameSources(root, 'summon-magic')!;
const smNames = new NameTable(indexSymbols(parseSources(sm).files).all);

const textOf = (sources: typeof trump, path: string) => sources.find((s) => s.path === path)!.text;

/** What completion offers with the cursor at `|` in `text` (the `|` removed). */
function offered(text: string, names = trumpNames) {
  const at = text.indexOf('|');
  const ctx = cursorContext(text.slice(0, at) + text.slice(at + 1), at, names);
  return { ctx, entries: completionEntries(ctx, names, 'x.grim') };
}
const labels = (text: string, names = trumpNames) => offered(text, names).entries.map((e) => `${e.kind}:${e.label}`);

/** Inserts a line after the first line containing `needle` in a trump file; returns text and cursor. */
function editAfter(path: string, needle: string, line: string) {
  const text = textOf(trump, path);
  const end = text.indexOf('\n', text.indexOf(needle));
  return text.slice(0, end) + '\n' + line + text.slice(end);
}

describe('completion in context', () => {
  it('the second level: how modify changes a value, and how long it lasts', () => {
    const at = (line: string) => labels(editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', line));
    expect(at('    modify k.size |')).toEqual(['keyword:by', 'keyword:times', 'keyword:divided', 'keyword:becomes', 'keyword:gains', 'keyword:loses']);
    expect(at('    modify k.size by 1 until |')).toEqual(['keyword:end', 'keyword:next', 'keyword:leaves']);
    expect(at('    modify k.size by 1 until end of |')).toEqual(['keyword:turn', 'keyword:next']);
    expect(at('    modify k.size by 1 during |')).toEqual(['keyword:next']);
    expect(at('    modify k |')).toEqual(['keyword:gains']);
    expect(at('    modify k gains |')).toEqual(['keyword:abilities']);
    expect(at('    modify k gains abilities |')).toEqual(['keyword:of']);
    expect(at('    modify k.|')).not.toContain('keyword:gains');
    expect(labels('procedure p(c: card) { let n = abil| }')).toContain('built-in function:abilities');
  });

  it('inside a face: its words where an item begins; the card\'s parts and attrs where a region\'s content goes', () => {
    const face = textOf(trump, 'rules/trump/face.grim');
    const at = (line: string) => labels(face.replace('  frame plain\n', `  frame plain\n${line}\n`));
    const item = at('  cor|');
    expect(item).toContain('keyword:corner');
    expect(item).toContain('keyword:colour');
    expect(item).toContain('keyword:pips');
    expect(item).not.toContain('keyword:move');
    expect(item).not.toContain('card field:rank');
    const part = at('  big = |');
    expect(part).toContain('built-in:printed');
    expect(part).toContain('built-in:title');
    expect(part).toContain('card field:rank');
    expect(part).not.toContain('card field:charged'); // a state: a face shows what is printed
    expect(part).not.toContain('keyword:corner');
    expect(at('  pips = rank of |')).toContain('card field:suit');
    // Outside a face, the face words are not offered as keywords (only `face` itself).
    const elsewhere = labels(editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', '    |'));
    expect(elsewhere).not.toContain('keyword:pips');
    expect(elsewhere).toContain('keyword:face');
  });

  it('in a revision: what amend and remove may name, then the definitions of that kind', () => {
    const at = (text: string) => labels(`revision r "r" revises trump {\n  version "r"\n}\n${text}`);
    expect(at('amend |')).toEqual(['action', 'trigger', 'procedure', 'function', 'check', 'setup', 'turn', 'face', 'card', 'ability'].map((w) => `keyword:${w}`));
    expect(at('remove |')).toContain('keyword:format');
    expect(at('remove |')).toContain('keyword:aura');
    const procs = at('amend procedure |');
    expect(procs).toContain('procedure:damage');
    expect(procs.every((l) => l.startsWith('procedure:'))).toBe(true);
    const formats = at('remove format |');
    expect(formats).toContain('format:light');
    expect(formats.every((l) => l.startsWith('format:'))).toBe(true);
    // Inside an amended face: the face's words where an item begins.
    expect(at('amend face PlayingCard {\n  cor|')).toContain('keyword:corner');
    // A restated parameter is in scope in the amended body.
    expect(at('amend procedure damage(p: player, n: number) {\n  do discard(|')).toContain('parameter:p');
    // Kept, not restated: the base's parameters are in scope too.
    const kept = at('amend procedure damage {\n  do discard(|');
    expect(kept).toContain('parameter:p');
    expect(kept).toContain('parameter:n');
  });

  it('offers a player’s zones and states after `me.`, not card fields', () => {
    const l = labels(editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', '    move k to me.|'));
    expect(l).toContain('zone:hand');
    expect(l).toContain('zone:graveyard');
    expect(l).toContain('player state:damage_points');
    expect(l).not.toContain('zone:stage'); // a shared zone is not a player's
    expect(l).not.toContain('card field:rank');
    expect(l).not.toContain('keyword:move');
  });

  it('offers a card’s fields after a name bound to a card (`using k: 1 from me.hand`)', () => {
    const l = labels(editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', '    set k.|'));
    expect(l).toContain('card field:rank');
    expect(l).toContain('card field:charged');
    expect(l).toContain('built-in:owner');
    expect(l).not.toContain('zone:hand');
  });

  it('follows chains and calls: `k.owner.`, `owner(k).`, a parameter `p: player`, `it` over players', () => {
    const summons = (line: string) => labels(editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', line));
    expect(summons('    move k to k.owner.|')).toContain('zone:hand');
    expect(summons('    move k to owner(k).|')).toContain('zone:hand');
    const inDamage = labels(editAfter('rules/trump/functions.grim', 'procedure damage(p: player, n: number)', '  { move top(p.|'));
    expect(inDamage).toContain('zone:life');
    expect(inDamage).not.toContain('card field:rank');
    expect(summons('    let n = count(players where it.|')).toContain('player state:damage_points');
    expect(summons('    let n = count(players where it.|')).not.toContain('card field:rank');
    expect(summons('    let n = count(me.field where it.|')).toContain('card field:rank');
  });

  it('offers a request’s parts after a target on the stack', () => {
    const l = labels(editAfter('rules/trump/quick-magic.grim', 'target r: 1 from stack where counterable(it)', '  when r.|'));
    expect(l).toContain('built-in:controller');
    expect(l).toContain('built-in:targets');
    expect(l).not.toContain('zone:hand');
  });

  it('offers a card’s own abilities after its name', () => {
    const l = labels('trigger x { on resolved モルファンの新米騎士.| }', smNames);
    expect(l).toContain('ability:斬撃');
  });

  it('offers only what the grammar allows after `do`, `perform`, `signal`', () => {
    const afterDo = offered(editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', '    do dam|')).entries;
    expect(new Set(afterDo.map((e) => e.kind))).toEqual(new Set(['procedure']));
    expect(afterDo[0]!.documentation!()).toMatch(/\*\*procedure\*\*/);
    expect(new Set(labels('turn { perform 兵士|').map((l) => l.split(':')[0]))).toEqual(new Set(['action', 'trigger']));
  });

  it('offers keywords (the grammar’s list), names, locals and built-ins elsewhere — the likeliest kinds first', () => {
    const { entries } = offered(editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', '    let x = dam|'));
    const kinds = new Set(entries.map((e) => e.kind));
    for (const k of ['keyword', 'procedure', 'function', 'zone', 'param', 'local name', 'built-in', 'built-in function', 'action']) expect(kinds, k).toContain(k);
    for (const k of keywordWords) expect(entries.some((e) => e.label === k), k).toBe(true);
    const damage = entries.find((e) => e.label === 'damage')!;
    expect(damage).toMatchObject({ kind: 'procedure', detail: 'procedure damage(p: player, n: number)' });
    expect(damage.documentation!()).toMatch(/TR\\-7\\\.a/); // the citation, escaped
    const zones = offered(editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', '    move k to |')).entries.sort((a, b) => a.sortText.localeCompare(b.sortText));
    expect(zones[0]!.kind).toMatch(/zone|local name/); // after `to`: zones (and local names) first
    const k = entries.find((e) => e.label === 'k')!;
    expect(k).toMatchObject({ kind: 'local name', detail: 'using k: card' });
  });

  it('offers the enum values of an attribute first after `suit =` and `==`', () => {
    // Monaco filters by the typed word; the order among what is left is ours.
    const first = (text: string) => {
      const { ctx, entries } = offered(text);
      return entries.filter((e) => e.label.startsWith(ctx.word)).sort((a, b) => a.sortText.localeCompare(b.sortText))[0]!;
    };
    const deck = textOf(trump, 'cards/trump/deck.grim');
    expect(first(deck + '\ncard ★X "X": PlayingCard { suit = sp|')).toMatchObject({ kind: 'enum value', label: 'spade' });
    expect(first(editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', '    if k.suit == |'))).toMatchObject({ kind: 'enum value' });
  });

  it('completes Japanese names', () => {
    const l = labels(editAfter('rules/trump/setup.grim', 'turn', '  perform ド|'));
    expect(l).toContain('action:ドロー');
    expect(l).toContain('action:魔術士召喚');
    const { ctx } = offered('turn { perform 魔術|');
    expect(ctx.word).toBe('魔術');
  });

  it('offers types where a type is written, and nothing in comments and strings', () => {
    const t = labels('procedure f(p: |');
    expect(t).toContain('type:player');
    expect(t).toContain('enum:Suit');
    expect(t).toContain('card type:PlayingCard');
    expect(t).not.toContain('keyword:move');
    expect(labels('procedure f() { choose x: |')).toContain('keyword:move'); // a count, not a type
    expect(labels('procedure f() { // me.|')).toEqual([]);
    expect(labels('procedure f() { log "me.|')).toEqual([]);
    expect(labels('procedure f() { /* me.|')).toEqual([]);
    expect(labels('procedure f() { /* x */ me.|')).toContain('zone:hand');
  });
});

describe('the name at a place (hover, go to definition)', () => {
  const at = (path: string, needle: string, shift: number, sources = trump, names = trumpNames) => {
    const text = textOf(sources, path);
    return symbolAt(text, text.indexOf(needle) + shift, names)!;
  };

  it('finds a procedure in another file and a zone after a dot', () => {
    const damage = at('rules/trump/summons.grim', 'do damage(me, 1)', 4);
    expect(damage.defs.map((d) => [d.kind, d.loc.file, d.loc.line])).toEqual([['procedure', 'rules/trump/functions.grim', 77]]);
    const hand = at('rules/trump/summons.grim', 'me.hand', 4);
    expect(hand.word).toBe('hand');
    expect(hand.defs.map((d) => d.kind)).toEqual(['zone']);
    expect(hand.defs[0]!.cite).toMatch(/TR-2/);
  });

  it('finds parameters and local names in their declaration', () => {
    const p = at('rules/trump/functions.grim', 'if is_empty(p.life)', 12);
    expect(p.binding).toMatchObject({ name: 'p', how: 'parameter', type: 'player', owner: 'procedure damage' });
    const text = textOf(trump, 'rules/trump/functions.grim');
    expect(text.slice(p.binding!.start, p.binding!.end)).toBe('p');
    expect(text.lastIndexOf('procedure damage(', p.binding!.start)).toBeGreaterThan(-1);
    const k = at('rules/trump/summons.grim', 'do place_barrier(k', 17);
    expect(k.binding).toMatchObject({ name: 'k', how: 'using', type: 'card', owner: 'action 防壁設置' });
  });

  it('knows built-ins and a card’s abilities', () => {
    expect(at('rules/trump/summons.grim', 'do damage(me, 1)', 10).builtIn?.name).toBe('me');
    expect(at('rules/trump/summons.grim', 'count(charged_barriers', 1).builtIn?.detail).toBe('count(list): number');
    expect(at('rules/summon-magic/actions.grim', 'changed_turn = turn', 16, sm, smNames).builtIn?.detail).toBe('turn: number');
    expect(at('rules/trump/summons.grim', 'limit 1 per turn', 13).builtIn).toBeUndefined(); // structure, not the value
    const slash = at('cards/summon-magic/named.grim', '攻 斬撃', 3, sm, smNames);
    expect(slash.defs.map((d) => d.name)).toEqual(['モルファンの新米騎士.斬撃']);
  });
});

describe('Markdown from the game’s text', () => {
  it('escapes what an author wrote: no HTML, no links, no emphasis', () => {
    const evil = '<img src=x onerror=alert(1)> [click](javascript:alert(1)) **bold** `code`';
    const escaped = escapeMarkdown(evil);
    expect(escaped).not.toMatch(/(^|[^\\])[<>[\]()*`]/);
    expect(escaped.replace(/\\(.)/g, '$1')).toBe(evil);
    const s: SymbolInfo = { name: 'x', kind: 'zone', detail: 'zone x shared public', title: evil, cite: evil, note: evil, loc: { file: 'a.grim', line: 1, col: 1, offset: 0, endLine: 1, endCol: 1, endOffset: 1 } };
    const md = symbolMarkdown(s);
    expect(md).not.toMatch(/(^|[^\\])<img/);
    expect(md).not.toMatch(/(^|[^\\])\]\(/);
    expect(md).toContain('```grimoire\nzone x shared public\n```');
  });
});

describe('the symbol list through errors', () => {
  it('keeps the names a broken file lost, and drops them once it is clean', () => {
    const loc = (file: string) => ({ file, line: 1, col: 1, offset: 0, endLine: 1, endCol: 1, endOffset: 1 });
    const a: SymbolInfo = { name: 'a', kind: 'procedure', detail: '', loc: loc('x.grim') };
    const b: SymbolInfo = { name: 'b', kind: 'procedure', detail: '', loc: loc('x.grim') };
    const c: SymbolInfo = { name: 'c', kind: 'zone', detail: '', loc: loc('y.grim') };
    expect(mergeSymbols([a, b, c], [a], new Set(['x.grim'])).map((s) => s.name)).toEqual(['a', 'b']);
    expect(mergeSymbols([a, b, c], [a], new Set()).map((s) => s.name)).toEqual(['a']);
  });

  it('indexes a file with a syntax error (the parser recovers)', () => {
    const broken = trump.map((s) => (s.path === 'rules/trump/summons.grim' ? { ...s, text: s.text.replace('using k: 1 from me.hand\n', 'using k: 1 from me.\n') } : s));
    const r = checkGame({ sources: broken });
    expect(r.diagnostics.some((d) => d.code.startsWith('syntax/'))).toBe(true);
    const names = indexSymbols(r.files).all.map((s) => s.name);
    expect(names).toContain('damage');
    expect(names).toContain('兵士召喚');
    // Typing at the end of a file: the declaration cut short loses only itself.
    const cut = trump.map((s) => (s.path === 'rules/trump/summons.grim' ? { ...s, text: s.text + '\naction x { effect { move k to me.' } : s));
    expect(indexSymbols(checkGame({ sources: cut }).files).all.map((s) => s.name)).toContain('兵士召喚');
  });
});

describe('one parse per check', () => {
  it('checkGame returns what compileGame does, plus the parsed files', () => {
    const checked = checkGame({ sources: trump });
    const compiled = compileGame({ sources: trump });
    expect(checked.diagnostics).toEqual(compiled.diagnostics);
    expect(JSON.stringify(checked.ir)).toBe(JSON.stringify(compiled.ir));
    expect(checked.files.map((f) => f.file)).toEqual(trump.map((s) => s.path));
  });

  it('reuses the parse of an unchanged file and re-parses an edited one', () => {
    const cache: ParseCache = new Map();
    const first = checkGame({ sources: trump }, cache);
    const edited = trump.map((s) => (s.path === 'rules/trump/summons.grim' ? { ...s, text: s.text + '\n// edited\n' } : s));
    const second = checkGame({ sources: edited }, cache);
    const i = trump.findIndex((s) => s.path === 'rules/trump/summons.grim');
    second.files.forEach((f, j) => (j === i ? expect(f).not.toBe(first.files[j]) : expect(f).toBe(first.files[j])));
    expect(second.diagnostics).toEqual(first.diagnostics);
    checkGame({ sources: edited.slice(1) }, cache);
    expect(cache.has(trump[0]!.path)).toBe(false);
  });
});

describe('in the reader\'s language', () => {
  it('words completion details, hovers and built-ins in Japanese, keeping keywords, signatures and names; English as it was', () => {
    const until = editAfter('rules/trump/summons.grim', 'do place_barrier(k, me, true)', '    modify k.size by 1 until |');
    const graveyard = trumpNames.find('graveyard', 'zone')!;
    const count = builtInFunctions.find((f) => f.name === 'count')!;
    try {
      setLanguage('ja');
      expect(offered(until).entries[0]).toMatchObject({ label: 'end', detail: expect.stringMatching(/^期間: until end of turn、/) });
      expect(offered('game g {\n  param x: |').entries.find((e) => e.label === 'number')!.detail).toBe('型 number');
      const hover = symbolMarkdown(graveyard);
      expect(hover).toMatch(/^\*\*ゾーン\*\*\n\n```grimoire\nzone graveyard per player public\n```/);
      expect(hover).toContain('*定義:* rules\\/trump\\/game');
      expect(builtInMarkdown(count)).toBe('**組み込み**\n\n```grimoire\ncount(list): number\n```\n\nリストの長さ');
      setLanguage('en');
      expect(offered(until).entries[0]!.detail).toBe('a duration: until end of turn, until end of next turn of <player>, until next turn of <player>, until <card> leaves <zone>');
      expect(symbolMarkdown(graveyard)).toMatch(/^\*\*zone\*\*[\s\S]*\*defined at\* rules\\\/trump\\\/game/);
      expect(builtInMarkdown(count)).toBe('**built in**\n\n```grimoire\ncount(list): number\n```\n\nits length');
    } finally {
      setLanguage('en');
    }
  });
});
