/**
 * The playground's card faces without a browser: the compile worker's face set is faces/'s own
 * SVG of every card (playground/src/worker/card-faces.ts) with where each card is defined, sent
 * again only when it changed; the card back (faces/card-back.ts); and the name under a place of a
 * ruling's YAML, for its hover (playground/src/editor/name-at.ts). The gallery, the board and the
 * hover in Chromium: test/e2e/faces.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { compileGame } from '../compiler/compile.ts';
import { gameSources } from '../compiler/project.ts';
import { cardSvg, CARD_HEIGHT_MM, CARD_WIDTH_MM } from '../faces/card-svg.ts';
import { cardBackSvg } from '../faces/card-back.ts';
import { drawFaces, FaceCache, FaceSets } from '../playground/src/worker/card-faces.ts';
import { nameAt } from '../playground/src/editor/name-at.ts';
import { compiledGame, root } from './helpers.ts';

describe('the compile worker\'s card faces', () => {
  it('are faces/\'s SVG of every card, in the game\'s order, with the file and place of its definition', () => {
    for (const game of ['trump', 'summon-magic', 'spimate']) {
      const ir = compiledGame(game);
      const { cards, back, problem, piles } = drawFaces(ir);
      expect(problem).toBeUndefined();
      expect(piles).toEqual(ir.zones.filter((z) => z.visibility === 'hidden').map((z) => z.name));
      expect(cards.map((c) => c.name)).toEqual(ir.cards.map((c) => c.name));
      cards.forEach((c, i) => {
        expect(c.svg).toBe(cardSvg(ir, i, { id: `f${i}` }));
        expect(c.title).toBe(ir.cards[i]!.title);
        expect(c.type).toBe(ir.cardTypes[ir.cards[i]!.type]!.name);
      });
      expect(back).toBe(cardBackSvg());
      // The place is the card's name in its file, as the editor opens it.
      const sources = new Map(gameSources(root, game)!.map((s) => [s.path, s.text]));
      for (const c of cards.slice(0, 10)) {
        const line = sources.get(c.file)!.split('\n')[c.line - 1]!;
        expect(line.slice(c.col - 1).startsWith(c.name), `${c.file}:${c.line}:${c.col}`).toBe(true);
      }
    }
  });

  it('are sent again only when they changed, or when the page does not hold the latest set', () => {
    const sets = new FaceSets();
    const ir = compiledGame('trump');
    const first = sets.next(ir, 0);
    expect(first).not.toBe('unchanged');
    const v1 = (first as Exclude<typeof first, 'unchanged'>).version;
    expect(sets.next(ir, v1)).toBe('unchanged');
    // A page that never got v1 (its reply was for an older text) gets it again.
    expect(sets.next(ir, 0)).toMatchObject({ version: v1 });
    // An edit to one card's title: a new version, only that card's face differs.
    const sources = gameSources(root, 'trump')!.map((s) => (s.path === 'cards/trump/deck.grim' ? { ...s, text: s.text.replace('"スペードのA"', '"スペードのエース"') } : s));
    const edited = compileGame({ sources }).ir!;
    const second = sets.next(edited, v1);
    expect(second).not.toBe('unchanged');
    const set2 = second as Exclude<typeof second, 'unchanged'>;
    expect(set2.version).toBeGreaterThan(v1);
    const changed = set2.cards.filter((c, i) => c.svg !== (first as typeof set2).cards[i]!.svg).map((c) => c.name);
    expect(changed).toEqual(['♠A']);
    expect(set2.cards[0]!.svg).toContain('スペードのエース');
  });
});

describe('the compile worker\'s face cache', () => {
  const trumpWith = (edit: (path: string, text: string) => string) => compileGame({ sources: gameSources(root, 'trump')!.map((s) => ({ ...s, text: edit(s.path, s.text) })) }).ir!;

  it('draws again only the faces whose card, or whose printed context, changed', () => {
    const cache = new FaceCache();
    const drawn: number[] = [];
    const draw = (ir: ReturnType<typeof trumpWith>) => cache.draw(ir, (i) => (drawn.push(i), cardSvg(ir, i, { id: `f${i}` })));
    const ir = compiledGame('trump');
    const first = draw(ir);
    expect(drawn).toHaveLength(ir.cards.length);
    // The same IR: nothing drawn, the same strings.
    drawn.length = 0;
    expect(draw(ir)).toEqual(first);
    expect(drawn).toEqual([]);
    // One card's title: that card only — and a line added above the cards moves every card's place, not its face.
    const oneCard = trumpWith((p, t) => (p === 'cards/trump/deck.grim' ? t.replace('"ハートのQ"', '"ハートのクイーン"').replace('// スペード (♠)', '// スペード (♠)\n') : t));
    const faces = draw(oneCard);
    expect(drawn.map((i) => oneCard.cards[i]!.name)).toEqual(['♡Q']);
    expect(faces.filter((f, i) => f !== first[i])).toHaveLength(1);
    // The rules' logic (a summon's cost): no face drawn (after the original cards again).
    draw(ir);
    drawn.length = 0;
    const logic = trumpWith((p, t) => (p === 'rules/trump/summons.grim' ? t.replace('do damage(me, 1)', 'do damage(me, 2)') : t));
    expect(JSON.stringify(logic.actions)).not.toBe(JSON.stringify(ir.actions));
    draw(logic);
    expect(drawn).toEqual([]);
    // What every face prints (an enum value's title: the suit ♡): every face again.
    drawn.length = 0;
    const suit = trumpWith((p, t) => t.replace(/heart "♡"/, 'heart "ハート"'));
    expect(JSON.stringify(suit.enums)).not.toBe(JSON.stringify(ir.enums));
    draw(suit);
    expect(drawn).toHaveLength(ir.cards.length);
  });
});

describe('the card back', () => {
  it('is the size of a face, carries nothing of a game, and prefixes its ids', () => {
    const back = cardBackSvg({ id: 'b 1' });
    expect(back).toMatch(new RegExp(`^<svg [^>]*width="${CARD_WIDTH_MM}mm" height="${CARD_HEIGHT_MM}mm" viewBox="0 0 630 880"`));
    expect(back).toContain('<title>card back</title>');
    expect(back).not.toMatch(/<text/);
    const ids = [...back.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id!.startsWith('b_1-'))).toBe(true);
    for (const [, ref] of back.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref);
  });
});

describe('the name under a place of a ruling\'s YAML', () => {
  it('finds a card written alone, after a player, in a list or a sum', () => {
    expect(nameAt('    life: [♠3, ♡9, ◇J]', 16)).toEqual({ name: '♡9', start: 16, end: 18 });
    expect(nameAt('    life: [♠3, ♡9, ◇J]', 17)).toEqual({ name: '♡9', start: 16, end: 18 });
    expect(nameAt('  - p1:♠7', 8)).toEqual({ name: '♠7', start: 8, end: 10 });
    expect(nameAt('  - p1:♠7', 4)).toBeNull();
    expect(nameAt('  cards: ♠2 + ♠5', 15)?.name).toBe('♠5');
    expect(nameAt('  - { card: 焔鱗の竜騎士, role: x }', 14)?.name).toBe('焔鱗の竜騎士');
    expect(nameAt('ハート・ソルジャー', 1)?.name).toBe('ハート・ソルジャー');
  });

  it('counts columns in UTF-16 units, as Monaco does', () => {
    // 𠮷 is one character and two units: the name after it starts at column 4.
    expect(nameAt('𠮷 ♠A', 4)).toEqual({ name: '♠A', start: 4, end: 6 });
    expect(nameAt('𠮷 ♠A', 2)).toEqual({ name: '𠮷', start: 1, end: 3 });
    expect(nameAt('abc', 9)).toBeNull();
  });
});
