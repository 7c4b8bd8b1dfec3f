/**
 * The game's card faces for the page — the Cards gallery, the board and the editor's hover —
 * drawn in the compile worker from the IR it just compiled, by faces/'s own entry function
 * (faces/card-svg.ts: the SVG `grimoire cards` writes), so the playground shows what the command
 * line prints and follows faces/ when it changes.
 *
 * Drawing every face is cheap next to a check (trump's 53 cards ≈ 3 ms, Summon & Magic's ≈ 10 ms
 * in Node), but posting ~150 KB of SVG to the page on every keystroke is not needed: a face set
 * has a version, the page says which version it holds with each check, and the worker answers
 * 'unchanged' when the faces are the same as that version's. Plain data, no DOM.
 */
import type { GameIR } from '../../../compiler/ir.ts';
import { cardSvg } from '../../../faces/card-svg.ts';
import { cardBackSvg } from '../../../faces/card-back.ts';

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
}

/** Every card of the game, in the order the game defines them, and the back they share. */
export interface FaceSet {
  /** Increases with every set the worker sends; the page sends back the one it holds. */
  version: number;
  cards: CardFace[];
  back: string;
  /** A card whose face could not be drawn (a bug of faces/): said in the page, the others still shown. */
  problem?: string;
}

/** The faces of an IR (no version yet). */
export function drawFaces(ir: GameIR): Omit<FaceSet, 'version'> {
  let problem: string | undefined;
  const cards = ir.cards.map((card, i): CardFace => {
    const [file, line, col] = card.loc;
    let svg = '';
    try {
      svg = cardSvg(ir, i, { id: `f${i}` });
    } catch (e) {
      problem ??= `the face of ${card.name} could not be drawn (${(e as Error)?.message ?? e}): a Grimoire bug, please report it`;
    }
    return { name: card.name, title: card.title || card.name, type: ir.cardTypes[card.type]?.name ?? '', file: ir.files[file] ?? '', line, col, svg };
  });
  return { cards, back: cardBackSvg(), ...(problem ? { problem } : {}) };
}

function sameFaces(a: CardFace[], b: CardFace[]): boolean {
  return a.length === b.length && a.every((x, i) => {
    const y = b[i]!;
    return x.svg === y.svg && x.name === y.name && x.title === y.title && x.type === y.type && x.file === y.file && x.line === y.line && x.col === y.col;
  });
}

/** The worker's memory of the last face set it sent. */
export class FaceSets {
  private last: FaceSet | null = null;
  private version = 0;

  /** The faces of `ir` for a page that holds version `pageHas` (0: none): 'unchanged' when it has them. */
  next(ir: GameIR, pageHas: number): FaceSet | 'unchanged' {
    const drawn = drawFaces(ir);
    if (this.last && sameFaces(this.last.cards, drawn.cards) && this.last.problem === drawn.problem) {
      if (pageHas === this.last.version) return 'unchanged';
      return this.last;
    }
    this.last = { version: ++this.version, ...drawn };
    return this.last;
  }
}
