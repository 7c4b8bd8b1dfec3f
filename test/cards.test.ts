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
import { sheetHtml, sheetPages } from '../faces/sheet.ts';
import { listGames } from '../compiler/project.ts';
import { compiledGame, root } from './helpers.ts';

const grimoire = (...args: string[]) => spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: root, encoding: 'utf8' });
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

describe('card faces (faces/card-svg.ts)', () => {
  it('every trump card renders a well-formed 63 × 88 mm SVG with its title, name, type and attributes', () => {
    expect(trump.cards.length).toBeGreaterThan(50);
    for (let i = 0; i < trump.cards.length; i++) {
      const svg = cardSvg(trump, i);
      expect(xmlProblem(svg), trump.cards[i]!.name).toBeNull();
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="63mm" height="88mm"')).toBe(true);
      const text = textOf(svg);
      expect(text).toContain(trump.cards[i]!.title);
      expect(text).toContain(trump.cards[i]!.name);
      expect(text).toContain('PlayingCard');
      expect(text).toContain('rank');
      // Deterministic: a pure function of (IR, index).
      expect(cardSvg(trump, i)).toBe(svg);
    }
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

  it('prints enums by their titles and colours a card by its first enum attribute', () => {
    const heart = trump.cards.findIndex((c) => c.attrs.some((a) => a.value === 'heart'));
    const spade = trump.cards.findIndex((c) => c.attrs.some((a) => a.value === 'spade'));
    const f = faceContent(trump, heart);
    expect(f.attrs).toContainEqual({ name: 'suit', value: '♡' });
    expect(f.colour).not.toEqual(faceContent(trump, spade).colour);
    // Same suit, same colour.
    const otherHeart = trump.cards.findIndex((c, i) => i !== heart && c.attrs.some((a) => a.value === 'heart'));
    expect(faceContent(trump, otherHeart).colour).toEqual(f.colour);
  });

  it('shows a card\'s cite in the text area when no field holds printed text (spimate)', () => {
    const spimate = compiledGame('spimate');
    const i = spimate.cards.findIndex((c) => c.cite.length > 0);
    const svg = cardSvg(spimate, i);
    expect(xmlProblem(svg)).toBeNull();
    // The cite is wrapped over lines: its first words are on the face.
    expect(textOf(svg)).toContain(spimate.cards[i]!.cite.slice(0, 8));
    expect(svg).toContain('Noto Sans CJK JP');
  });

  it('escapes a hostile card title, name and cite', () => {
    const hostile: GameIR = structuredClone(trump);
    const evil = '</text><script>alert("x")</script>&amp; \'<![CDATA[ ]]>\u0001';
    hostile.cards[0] = { ...hostile.cards[0]!, title: evil, name: `${evil}2`, cite: `${evil} cite` };
    const svg = cardSvg(hostile, 0);
    expect(xmlProblem(svg)).toBeNull();
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    expect(svg).toContain('&amp;amp;');
    const sheet = sheetHtml(hostile, [0]);
    expect(sheet).not.toContain('<script');
  });

  it('wraps text by width, Japanese anywhere and Latin at spaces, with an ellipsis past the last line', () => {
    expect(wrap('あいうえおかきくけこ', 4, 10)).toEqual(['あいうえ', 'おかきく', 'けこ']);
    expect(wrap('one two three four', 3, 10)).toEqual(['one', 'two', 'three', 'four']);
    const cut = wrap('あいうえおかきくけこ', 4, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
    expect(escapeXml('a<b>&"\'')).toBe('a&lt;b&gt;&amp;&quot;&apos;');
    expect(slug('♠A')).toBe('a');
    expect(slug('見習い剣士')).toBe('card');
    expect(slug('../../etc/passwd')).toBe('etc-passwd');
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
  it('--svg writes one SVG per card with safe file names, and an index', () => {
    const out = join(dir, 'svg');
    const r = grimoire('cards', 'trump', '--svg', out);
    expect(r.status, r.stderr).toBe(0);
    const files = readdirSync(out).filter((f) => f.endsWith('.svg'));
    expect(files).toHaveLength(trump.cards.length);
    for (const f of files) expect(f).toMatch(/^\d{3}-[a-z0-9-]+\.svg$/);
    expect(new Set(files).size).toBe(files.length);
    const first = readFileSync(join(out, files.sort()[0]!), 'utf8');
    expect(xmlProblem(first)).toBeNull();
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });

  it('--sheet writes the sheet; --card limits it to one card', () => {
    const file = join(dir, 'sheet.html');
    let r = grimoire('cards', 'trump', '--sheet', file);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain(`${trump.cards.length} cards on ${Math.ceil(trump.cards.length / 9)} A4 pages`);
    expect(readFileSync(file, 'utf8').split('<section class="page"').length - 1).toBe(Math.ceil(trump.cards.length / 9));
    const one = join(dir, 'one.html');
    r = grimoire('cards', 'trump', '--card', '♡Q', '--sheet', one);
    expect(r.status, r.stderr).toBe(0);
    const html = readFileSync(one, 'utf8');
    expect(html.split('<div class="card">').length - 1).toBe(1);
    expect(textOf(html)).toContain('♡Q');
  });

  it('usage errors: not exactly one output, an unknown card (with did-you-mean), a wrong extension', () => {
    let r = grimoire('cards', 'trump');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('one of --svg DIR, --sheet FILE.html or --pdf FILE.pdf');
    r = grimoire('cards', 'trump', '--svg', join(dir, 'x'), '--sheet', join(dir, 'x.html'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('not --svg and --sheet');
    r = grimoire('cards', 'trump', '--card', '♡Z', '--sheet', join(dir, 'z.html'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("trump has no card '♡Z'; did you mean");
    expect(existsSync(join(dir, 'z.html'))).toBe(false);
    r = grimoire('cards', 'trump', '--sheet', join(dir, 'x.pdf'));
    expect(r.status).toBe(2);
    r = grimoire('cards', 'no-such-game', '--sheet', join(dir, 'n.html'));
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
