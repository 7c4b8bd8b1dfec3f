/**
 * Printable card faces (faces/, `grimoire cards`): every trump card's SVG is well-formed XML with
 * its title, hostile titles are escaped, the sheet has ceil(n / 9) pages, and the command's
 * options and errors. The PDF and the sheet in Chromium: test/e2e/cards.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameIR } from '../compiler/ir.ts';
import { cardSvg, escapeXml, faceContent, slug, wrap } from '../faces/card-svg.ts';
import { printableCards } from '../faces/printable.ts';
import { facesText, sheetHtml, sheetPages } from '../faces/sheet.ts';
import { inlineFontFace, parseFontSubsets, subsetsFor, uncovered } from '../faces/web-font.ts';
import { listGames } from '../compiler/project.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

// The command in this process (grimoire-in-process.ts); --pdf's refusals through cli/bin.js, as a shell sees them.
const grimoire = (...args: string[]) => grimoireInProcess(args, { cwd: root });
const dir = mkdtempSync(join(tmpdir(), 'grimoire-cards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A strict check of well-formed XML (the subset the faces use): elements nest and close, names
 * are names, attribute values are quoted and hold no '<', text holds no '<' and only the five
 * predefined entities or character references. Returns the problem, or null.
 */
function xmlProblem(xml: string): string | null {
  const stack: string[] = [];
  let i = 0;
  const entity = /^&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;
  const checkText = (t: string, where: number): string | null => {
    for (let k = 0; k < t.length; k++) {
      if (t[k] === '&' && !entity.test(t.slice(k))) return `bare '&' at ${where + k}`;
      if (t[k] === '>' && t.slice(0, k).endsWith(']]')) return `']]>' in text at ${where + k}`;
    }
    return null;
  };
  let roots = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    const p = checkText(text, i);
    if (p) return p;
    if (stack.length === 0 && text.trim() !== '') return `text outside the root at ${i}`;
    if (lt < 0) break;
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt);
      if (end < 0) return 'unclosed <?';
      i = end + 2;
      continue;
    }
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt);
      if (end < 0) return 'unclosed comment';
      i = end + 3;
      continue;
    }
    const gt = xml.indexOf('>', lt);
    if (gt < 0) return `unclosed tag at ${lt}`;
    const tag = xml.slice(lt + 1, gt);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      if (stack.pop() !== name) return `</${name}> closes nothing open at ${lt}`;
    } else {
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const m = /^([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*$/.exec(body);
      if (!m) return `malformed tag <${tag.slice(0, 40)}> at ${lt}`;
      const attrs = [...m[2]!.matchAll(/([\w.:-]+)="([^"]*)"/g)];
      const names = attrs.map((a) => a[1]);
      if (new Set(names).size !== names.length) return `repeated attribute in <${m[1]}>`;
      for (const a of attrs) {
        const q = checkText(a[2]!, lt);
        if (q) return q;
      }
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(m[1]!);
    }
    i = gt + 1;
  }
  if (stack.length) return `unclosed <${stack.join('> <')}>`;
  if (roots !== 1) return `${roots} root elements`;
  return null;
}

/** The text content of an XML fragment, entities decoded. */
function textOf(xml: string): string {
  return xml
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const trump = compiledGame('trump');
const spimate = compiledGame('spimate');

/** The drawn <text> of an SVG (not its <title>), entities decoded. */
const drawn = (svg: string) => textOf(svg.replace(/<title>[^<]*<\/title>/, ''));

describe('card faces (faces/card-svg.ts)', () => {
  it('every trump card renders a well-formed 63 × 88 mm SVG: a playing card with its rank and suit in the corners', () => {
    expect(trump.cards.length).toBeGreaterThan(50);
    expect(trump.faces).toHaveLength(1);
    const rank = trump.cardFields.findIndex((f) => f.name === 'rank');
    for (let i = 0; i < trump.cards.length; i++) {
      const card = trump.cards[i]!;
      const svg = cardSvg(trump, i);
      expect(xmlProblem(svg), card.name).toBeNull();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm"')).toBe(true);
      expect(svg).toContain(`<title>${escapeXml(card.title)}</title>`);
      const r = card.attrs.find((a) => a.field === rank)!.value as number;
      const suit = card.name.startsWith('♠') ? '♠' : card.name.startsWith('♡') ? '♥' : card.name.startsWith('◇') ? '♦' : card.name.startsWith('♣') ? '♣' : '★';
      const letter = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' }[r] ?? String(r);
      const text = drawn(svg);
      if (suit === '★') expect(text).toContain('JOKER');
      else {
        // Two corners (the second upside down) with the rank and the suit, the rank's pips between.
        expect(text.split(letter).length - 1, card.name).toBeGreaterThanOrEqual(2);
        const pips = text.split(suit).length - 1 - 2;
        expect(pips, card.name).toBe(r <= 10 ? r : 1);
      }
      // Deterministic: a pure function of (IR, index).
      expect(cardSvg(trump, i)).toBe(svg);
    }
    // Red hearts, black spades: the colour by suit.
    const heart = cardSvg(trump, trump.cards.findIndex((c) => c.name === '♡5'));
    const spade = cardSvg(trump, trump.cards.findIndex((c) => c.name === '♠5'));
    expect(heart).toContain('fill="#c8102e"');
    expect(spade).not.toContain('#c8102e');
  });

  it('every card of every game renders well-formed XML with its title', () => {
    for (const game of listGames(root)) {
      const ir = compiledGame(game);
      for (let i = 0; i < ir.cards.length; i++) {
        const svg = cardSvg(ir, i);
        expect(xmlProblem(svg), `${game} ${ir.cards[i]!.name}`).toBeNull();
        expect(svg).toContain(`<title>${escapeXml(ir.cards[i]!.title || ir.cards[i]!.name)}</title>`);
      }
    }
  });

  it('a declared face shows what it lists and leaves out a region whose when fails (a magic card has no AP)', () => {
    const card = (n: string) => spimate.cards.findIndex((c) => c.name === n);
    const monster = drawn(cardSvg(spimate, card('森の賢者')));
    expect(monster).toContain('森の賢者');
    expect(monster).toContain('モンスター · 森 · エルフ');
    expect(monster).toContain('【プレイ時】カードを1枚引く。');
    expect(monster).toMatch(/draw 1 ?card/); // the generated text under it
    expect(monster).toMatch(/AP1/);
    expect(monster).toMatch(/LP3/);
    expect(monster).not.toContain('has_lp'); // no internal field
    const magic = drawn(cardSvg(spimate, card('雷撃')));
    expect(magic).not.toMatch(/AP\d/);
    expect(magic).toMatch(/LP1/);
    expect(drawn(cardSvg(spimate, card('竜帝')))).toContain('ex'); // cost ex
    expect(drawn(cardSvg(spimate, card('竜騎士LV2')))).toMatch(/LV2/);
  });

  it('prints enums by their titles and colours a card by its first enum attribute (the default face)', () => {
    const heart = trump.cards.findIndex((c) => c.attrs.some((a) => a.value === 'heart'));
    const spade = trump.cards.findIndex((c) => c.attrs.some((a) => a.value === 'spade'));
    const f = faceContent(trump, heart);
    expect(f.attrs).toContainEqual({ name: 'suit', value: '♡' });
    expect(f.colour).not.toEqual(faceContent(trump, spade).colour);
    // Same suit, same colour.
    const otherHeart = trump.cards.findIndex((c, i) => i !== heart && c.attrs.some((a) => a.value === 'heart'));
    expect(faceContent(trump, otherHeart).colour).toEqual(f.colour);
  });

  it("the default face (a game with no face): title, name, type, printed attributes, and the cite where there is no printed text", () => {
    const bare: GameIR = { ...spimate, faces: [] };
    const fixture = bare.cards.findIndex((c) => c.name === 'X');
    const svg = cardSvg(bare, fixture);
    expect(xmlProblem(svg)).toBeNull();
    const text = drawn(svg);
    expect(text).toContain('SpCard');
    expect(text).toContain('kindモンスター');
    // The cite is wrapped over lines: its first words are on the face.
    expect(text).toContain(bare.cards[fixture]!.cite.slice(0, 8));
    expect(svg).toContain('Noto Sans JP');
    // A printed text, where there is one, in place of the cite.
    const sage = bare.cards.findIndex((c) => c.name === '森の賢者');
    expect(drawn(cardSvg(bare, sage))).toContain('【プレイ時】カードを1枚引く。');
  });

  it('escapes a hostile card title, name, cite and printed text', () => {
    const evil = '</text><script>alert("x")</script>&amp; \'<![CDATA[ ]]>\u0001';
    for (const game of [trump, spimate, { ...spimate, faces: [] }]) {
      const hostile: GameIR = structuredClone(game);
      hostile.cards[0] = { ...hostile.cards[0]!, title: evil, name: `${evil}2`, cite: `${evil} cite`, text: `${evil} text` };
      const svg = cardSvg(hostile, 0);
      expect(xmlProblem(svg)).toBeNull();
      expect(svg).not.toContain('<script');
      expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
      expect(svg).toContain('&amp;amp;');
      const sheet = sheetHtml(hostile, [0]);
      expect(sheet).not.toContain('<script');
    }
  });

  it('wraps text by width, Japanese anywhere and Latin at spaces, with an ellipsis past the last line', () => {
    expect(wrap('あいうえおかきくけこ', 4, 10)).toEqual(['あいうえ', 'おかきく', 'けこ']);
    expect(wrap('one two three four', 3, 10)).toEqual(['one', 'two', 'three', 'four']);
    const cut = wrap('あいうえおかきくけこ', 4, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
    // Closing punctuation stays with the line it closes.
    expect(wrap('あいうえ。かき', 4, 10)).toEqual(['あいうえ。', 'かき']);
    expect(escapeXml('a<b>&"\'')).toBe('a&lt;b&gt;&amp;&quot;&apos;');
    expect(slug('♠A')).toBe('♠a');
    expect(slug('見習い剣士')).toBe('見習い剣士');
    expect(slug('Ｆｕｌｌ　ｗｉｄｔｈ')).toBe('full-width');
    expect(slug('a/b\\c:d*e?f"g<h>i|j')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(slug('・・・')).toBe('card');
    expect(slug('../../etc/passwd')).toBe('etc-passwd');
  });
});

describe('which cards print (faces/printable.ts)', () => {
  it('the cards the rules create: every trump card; Spimate without its rulings\' fixtures', () => {
    expect(printableCards(trump)).toEqual(trump.cards.map((_, i) => i));
    const printed = printableCards(spimate).map((i) => spimate.cards[i]!.name);
    expect(printed).toHaveLength(41);
    expect(printed).toContain('森の賢者');
    expect(printed).not.toContain('X'); // a fixture, in no deck
  });
});

describe('the web font (faces/web-font.ts)', () => {
  const css = readFileSync(join(root, 'node_modules/@fontsource/noto-sans-jp/400.css'), 'utf8');
  const subsets = parseFontSubsets(css);

  it('reads every subset of the fontsource CSS and chooses only those the text needs', () => {
    expect(subsets.length).toBeGreaterThan(100);
    expect(subsets.every((s) => s.family === 'Noto Sans JP' && s.weight === 400 && s.file.endsWith('.woff2'))).toBe(true);
    // Each chosen subset holds a character of the text; a few letters need one or two of ~120.
    const covers = (s: { ranges: [number, number][] }, c: string) => s.ranges.some(([a, b]) => c.codePointAt(0)! >= a && c.codePointAt(0)! <= b);
    const latin = subsetsFor('Ace', subsets);
    expect(latin.length).toBeGreaterThan(0);
    expect(latin.length).toBeLessThanOrEqual(2);
    expect(latin.every((s) => [...'Ace'].some((c) => covers(s, c)))).toBe(true);
    const kana = subsetsFor('あ', subsets);
    expect(kana.length).toBe(1);
    expect(covers(kana[0]!, 'あ')).toBe(true);
    expect(covers(kana[0]!, 'A')).toBe(false);
    expect(subsetsFor('', subsets)).toEqual([]);
    expect(inlineFontFace(kana[0]!, 'AAAA')).toMatch(/^@font-face\{font-family:'Noto Sans JP';.*src:url\(data:font\/woff2;base64,AAAA\).*unicode-range:U\+/);
  });

  it('covers every Japanese character the seed games\' faces show', () => {
    const cjk = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/u;
    for (const game of listGames(root)) {
      const ir = compiledGame(game);
      const text = facesText(ir.cards.map((_, i) => cardSvg(ir, i)));
      expect(uncovered(text.regular + text.bold, subsets).filter((c) => cjk.test(c)), game).toEqual([]);
    }
  });
});

describe('print-and-play sheet (faces/sheet.ts)', () => {
  it('has ceil(n / 9) A4 pages of at most 9 inline SVG cards with crop marks', () => {
    for (const n of [1, 9, 10, 18, trump.cards.length]) {
      const html = sheetHtml(trump, trump.cards.slice(0, n).map((_, i) => i));
      const pages = html.split('<section class="page"').length - 1;
      expect(pages, `${n} cards`).toBe(Math.ceil(n / 9));
      expect(sheetPages(n)).toBe(pages);
      expect(html.split('<div class="card">').length - 1).toBe(n);
      expect(html.split('class="marks"').length - 1).toBe(pages);
      expect(html).toContain('@page { size: A4; margin: 0; }');
      // Self-contained: nothing to fetch.
      expect(html).not.toMatch(/\s(src|href)=|@import|url\(http/);
    }
  });
});

describe('grimoire cards', () => {
  it('--svg writes one SVG per card with safe file names, and an index', async () => {
    const out = join(dir, 'svg');
    const r = await grimoire('cards', 'trump', '--svg', out);
    expect(r.status, r.stderr).toBe(0);
    const files = readdirSync(out).filter((f) => f.endsWith('.svg'));
    expect(files).toHaveLength(trump.cards.length);
    // Names in any script, never a path separator or a character a file system refuses.
    for (const f of files) expect(f).toMatch(/^\d{3}-[\p{L}\p{N}\p{So}-]+\.svg$/u);
    expect(files).toContain('001-♠a.svg');
    expect(new Set(files).size).toBe(files.length);
    const first = readFileSync(join(out, files.sort()[0]!), 'utf8');
    expect(xmlProblem(first)).toBeNull();
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });

  it('--sheet writes the sheet with the font subsets its text needs inline; --card limits it to one card', async () => {
    const file = join(dir, 'sheet.html');
    let r = await grimoire('cards', 'trump', '--sheet', file);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${trump.cards.length} cards on ${Math.ceil(trump.cards.length / 9)} A4 pages`);
    expect(r.stderr).toMatch(/Noto Sans JP embedded \(\d+ subsets, \d+ KB\)/);
    const sheet = readFileSync(file, 'utf8');
    expect(sheet.split('<section class="page"').length - 1).toBe(Math.ceil(trump.cards.length / 9));
    // Only the subsets its text uses: the trump sheet (Latin, digits, suits, its titles' kana) needs a few of ~250.
    const faces = sheet.match(/@font-face\{/g) ?? [];
    expect(faces.length).toBeGreaterThan(0);
    expect(faces.length).toBeLessThan(20);
    expect(sheet).not.toMatch(/\s(src|href)=|@import|url\(http/);
    const one = join(dir, 'one.html');
    r = await grimoire('cards', 'trump', '--card', '♡Q', '--sheet', one);
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(one, 'utf8');
    expect(html.split('<div class="card">').length - 1).toBe(1);
    expect(html).toContain('<title>ハートのQ</title>');
  });

  it('prints the cards the rules create; --all every card; --card also a card in no deck', async () => {
    const file = join(dir, 'spimate.html');
    let r = await grimoire('cards', 'spimate', '--sheet', file);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('41 cards on 5 A4 pages');
    expect(r.stderr).toContain(`${spimate.cards.length - 41} cards in no deck left out: --all prints them too`);
    r = await grimoire('cards', 'spimate', '--all', '--sheet', file);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${spimate.cards.length} cards on ${Math.ceil(spimate.cards.length / 9)} A4 pages`);
    r = await grimoire('cards', 'spimate', '--card', 'X', '--sheet', file);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8').split('<div class="card">').length - 1).toBe(1);
    r = await grimoire('cards', 'spimate', '--card', 'X', '--all', '--sheet', file);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--card NAME (one card) or --all');
  });

  it('usage errors: not exactly one output, an unknown card (with did-you-mean), a wrong extension', async () => {
    let r = await grimoire('cards', 'trump');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('one of --svg DIR, --sheet FILE.html or --pdf FILE.pdf');
    r = await grimoire('cards', 'trump', '--svg', join(dir, 'x'), '--sheet', join(dir, 'x.html'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('not --svg and --sheet');
    r = await grimoire('cards', 'trump', '--card', '♡Z', '--sheet', join(dir, 'z.html'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("trump has no card '♡Z'; did you mean");
    expect(existsSync(join(dir, 'z.html'))).toBe(false);
    r = await grimoire('cards', 'trump', '--sheet', join(dir, 'x.pdf'));
    expect(r.status).toBe(2);
    r = await grimoire('cards', 'no-such-game', '--sheet', join(dir, 'n.html'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("unknown game 'no-such-game'");
  });

  it('--pdf without a browser is a usage error naming the package to install', () => {
    const r = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'cards', 'trump', '--pdf', join(dir, 'x.pdf')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: join(dir, 'no-browser-here') },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('CHROMIUM_PATH=');
    expect(existsSync(join(dir, 'x.pdf'))).toBe(false);
    const env: NodeJS.ProcessEnv = { ...process.env, GRIMOIRE_BROWSER_SEARCH: '' };
    delete env.CHROMIUM_PATH;
    const none = spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'cards', 'trump', '--pdf', join(dir, 'y.pdf')], { cwd: root, encoding: 'utf8', env });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('apt-get install -y chromium');
    expect(existsSync(join(dir, 'y.pdf'))).toBe(false);
  });
});
