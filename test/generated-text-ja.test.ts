/**
 * Generated card text in Japanese (issue 32; compiler/generated-text-ja.ts): the default faces of
 * the tutorial's game (Skirmish, docs/tutorial.md) print Japanese rules text when the language is
 * Japanese — through the library (i18n setLanguage, as the playground's worker does) and through
 * `grimoire cards --lang ja` — and English otherwise; on every seed game the Japanese text keeps
 * no English word of its own: only the game's names (zones, values, titles) are left in Latin
 * letters, and each sentence ends with 「。」.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedParagraph, generatedText } from '../compiler/generated-text.ts';
import type { GameIR } from '../compiler/ir.ts';
import { cardSvg } from '../faces/card-svg.ts';
import { setLanguage } from '../i18n/format.ts';
import { compiledGame, root } from './helpers.ts';
import { grimoireInProcess } from './grimoire-in-process.ts';

/** Every string of the IR: the game's own words (names, titles, texts), which the text may quote. */
function gameWords(ir: GameIR): string[] {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      out.add(v);
      out.add(v.replace(/_/g, ' '));
      // An ability's name is `<card>.<ability>`: each part is a word of the game too.
      for (const part of v.split('.')) out.add(part);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(ir);
  return [...out].filter((w) => /[A-Za-z]/.test(w)).sort((a, b) => b.length - a.length);
}

/** The text with the game's words taken out: what is left is Grimoire's own wording. */
function ownWords(text: string, words: string[]): string {
  let rest = text;
  for (const w of words) rest = rest.split(w).join(' ');
  return rest;
}

/** The text of an SVG as a reader sees it: the tags and the breaks of its lines taken out. */
const svgText = (svg: string) =>
  svg
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, '')
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

afterEach(() => setLanguage('en'));

describe('generated card text in Japanese', () => {
  const ir = compiledGame('skirmish');
  const index = (name: string) => ir.cards.findIndex((c) => c.name === name);

  it("phrases the tutorial game's abilities as printed Japanese card text", () => {
    expect(generatedParagraph(ir, index('Archer'), 'ja')).toBe('このカードがhandからboardに移動した時、相手のlifeを1減らす。');
    expect(generatedParagraph(ir, index('Healer'), 'ja')).toBe('Once per turn: gain 2 life — 起動（boardから、1ターンに1回）: 自分のlifeを2増やす。');
    // English stays the default, as before.
    expect(generatedParagraph(ir, index('Archer'))).toBe("When this card moves from hand to board: set your opponent's life to your opponent's life − 1.");
  });

  it("draws it on the tutorial game's default faces when the language is Japanese, and English otherwise", () => {
    const words = gameWords(ir);
    for (const name of ['Archer', 'Healer']) {
      const i = index(name);
      setLanguage('ja');
      const ja = generatedParagraph(ir, i);
      expect(ja).toMatch(/[ぁ-ん]/);
      expect(svgText(cardSvg(ir, i))).toContain(ja.replace(/\s+/g, ''));
      // No English word of the template: only the game's names are in Latin letters.
      expect(ownWords(ja, words)).not.toMatch(/[A-Za-z]{2,}/);
      setLanguage('en');
      expect(svgText(cardSvg(ir, i))).toContain(generatedParagraph(ir, i).replace(/\s+/g, ''));
      expect(svgText(cardSvg(ir, i))).not.toContain(ja.replace(/\s+/g, ''));
    }
  });

  it('grimoire cards skirmish --svg DIR --lang ja writes the faces with the Japanese text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grimoire-cards-ja-'));
    try {
      const r = await grimoireInProcess(['cards', 'skirmish', '--all', '--svg', dir, '--lang', 'ja'], { cwd: root });
      expect(r.status, r.stderr).toBe(0);
      const archer = readdirSync(dir).find((f) => f.endsWith('-archer.svg'))!;
      expect(svgText(readFileSync(join(dir, archer), 'utf8'))).toContain('このカードがhandからboardに移動した時、相手のlifeを1減らす。');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps no English word of its own on any seed game, each sentence ending with 「。」, and the same numbers as English', () => {
    for (const game of ['skirmish', 'summon-magic', 'spimate', 't-magic', 'trump', 'vanilla']) {
      const g = compiledGame(game);
      const words = gameWords(g);
      for (let i = 0; i < g.cards.length; i++) {
        const ja = generatedText(g, i, 'ja');
        const en = generatedText(g, i, 'en');
        expect(ja.facts).toEqual(en.facts);
        for (const s of ja.sentences) {
          expect(s.text, `${game} ${s.source}`).toMatch(/[。…:]$/);
          expect(ownWords(s.text, words), `${game} ${s.source}: ${s.text}`).not.toMatch(/[A-Za-z]{2,}/);
        }
      }
    }
  });
});
