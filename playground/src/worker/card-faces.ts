/**
 * The game's card faces for the page — the Cards gallery, the board and the editor's hover —
 * drawn in the compile worker from the IR it just compiled, by faces/'s own entry function
 * (faces/card-svg.ts: the SVG `grimoire cards` writes), so the playground shows what the command
 * line prints and follows faces/ when it changes.
 *
 * A face is drawn again only when what it is drawn from changed (FaceCache), and the set is
 * posted only when a face changed: a face set has a version, the page says which version it
 * holds with each check, and the worker answers 'unchanged' when the faces are that version's
 * (no ~150 KB of SVG posted on every keystroke). Plain data, no DOM.
 */
import type { GameIR } from '../../../compiler/ir.ts';
import { cardSvg } from '../../../faces/card-svg.ts';
import { cardBackSvg } from '../../../faces/card-back.ts';
import { t } from '../../../i18n/format.ts';

/** One card as the page shows it. */
export interface CardFace {
  name: string;
  title: string;
  /** The card type's name. */
  type: string;
  /** Where the card is defined (a path of the game's files; 1-based line and column). */
  file: string;
  line: number;
  col: number;
  /** The face as an SVG document; '' when faces/ failed on this card (`FaceSet.problem` says why). */
  svg: string;
  /** The numbers it prints (its attrs whose value is a number), in the order of its type: what the Tune row offers. */
  numbers: { attr: string; value: number }[];
}

/** Every card of the game, in the order the game defines them, the back they share, and the game's piles. */
export interface FaceSet {
  /** Increases with every set the worker sends; the page sends back the one it holds. */
  version: number;
  cards: CardFace[];
  back: string;
  /** The zones nobody may look into (`hidden`: a deck), which the board draws as a pile even for the judge. */
  piles: string[];
  /** A card whose face could not be drawn (a bug of faces/): said in the page, the others still shown. */
  problem?: string;
}

/**
 * Parts of the IR a printed face cannot show: the rules' logic and where things are written. A
 * change anywhere else — the cards' types, fields, enums and labels, the game, or a part of the
 * IR faces/ may read one day — draws every face again; a change here alone draws none.
 */
const NOT_PRINTED = new Set<string>(['files', 'params', 'zones', 'playerStates', 'globalStates', 'requestStates', 'auras', 'events', 'functions', 'procedures', 'actions', 'checks', 'setup', 'turn', 'evaluate', 'deckCheck', 'cards']);

/**
 * The faces drawn at the last check, by what they were drawn from: typing in one card redraws
 * that card (a 200-card file: ~17 ms to draw every face, about a check's own time, against ~1 ms
 * to see which changed), typing in the rules' logic redraws none.
 */
export class FaceCache {
  private context = '';
  private svgs = new Map<string, string>();

  /** Every card's face of `ir`, reusing those drawn from the same card in the same context. */
  draw(ir: GameIR, draw: (index: number) => string): string[] {
    const context = JSON.stringify(Object.entries(ir).filter(([k]) => !NOT_PRINTED.has(k)));
    const before = context === this.context ? this.svgs : new Map<string, string>();
    const now = new Map<string, string>();
    const out = ir.cards.map((card, i) => {
      // The index is in the face (its ids, data-card); where the card is written is not.
      const key = `${i}\u0000${JSON.stringify({ ...card, loc: null })}`;
      const svg = before.get(key) ?? draw(i);
      now.set(key, svg);
      return svg;
    });
    this.context = context;
    this.svgs = now;
    return out;
  }
}

/** The faces of an IR (no version yet); `cache` keeps what it can from the last call. */
export function drawFaces(ir: GameIR, cache: FaceCache = new FaceCache()): Omit<FaceSet, 'version'> {
  let problem: string | undefined;
  const svgs = cache.draw(ir, (i) => {
    try {
      return cardSvg(ir, i, { id: `f${i}` });
    } catch (e) {
      problem ??= t('pg.faces.failed', { name: ir.cards[i]!.name, message: String((e as Error)?.message ?? e) });
      return '';
    }
  });
  const cards = ir.cards.map((card, i): CardFace => {
    const [file, line, col] = card.loc;
    const numbers = card.attrs.flatMap((a) => (typeof a.value === 'number' ? [{ attr: ir.cardFields[a.field]!.name, value: a.value }] : []));
    return { name: card.name, title: card.title || card.name, type: ir.cardTypes[card.type]?.name ?? '', file: ir.files[file] ?? '', line, col, svg: svgs[i]!, numbers };
  });
  const piles = ir.zones.filter((z) => z.visibility === 'hidden').map((z) => z.name);
  return { cards, back: cardBackSvg(), piles, ...(problem ? { problem } : {}) };
}

function sameFaces(a: CardFace[], b: CardFace[]): boolean {
  return a.length === b.length && a.every((x, i) => {
    const y = b[i]!;
    return x.svg === y.svg && x.name === y.name && x.title === y.title && x.type === y.type && x.file === y.file && x.line === y.line && x.col === y.col && x.numbers.length === y.numbers.length && x.numbers.every((n, j) => n.attr === y.numbers[j]!.attr && n.value === y.numbers[j]!.value);
  });
}

/** The worker's memory of the last face set it sent. */
export class FaceSets {
  private last: FaceSet | null = null;
  private version = 0;
  private readonly cache = new FaceCache();

  /** The faces of `ir` for a page that holds version `pageHas` (0: none): 'unchanged' when it has them. */
  next(ir: GameIR, pageHas: number): FaceSet | 'unchanged' {
    const drawn = drawFaces(ir, this.cache);
    if (this.last && sameFaces(this.last.cards, drawn.cards) && this.last.problem === drawn.problem && this.last.piles.join('\n') === drawn.piles.join('\n')) {
      if (pageHas === this.last.version) return 'unchanged';
      return this.last;
    }
    this.last = { version: ++this.version, ...drawn };
    return this.last;
  }
}
