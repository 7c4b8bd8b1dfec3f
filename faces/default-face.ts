/**
 * The face of a card whose card type declares none (docs/cards.md, "The default face"): the
 * title, a picture placeholder, the type line with the labels, every printed attr, and the
 * printed text (else the card's cite) with the text generated from its abilities — written as a
 * face like any declared one, so one renderer draws both.
 */
import type { FaceIR, GameIR } from '../compiler/ir.ts';

/** The face card `index` is drawn with: its card type's declared face, or the default one. */
export function faceOf(ir: GameIR, index: number): { face: FaceIR; declared: boolean } {
  const type = ir.cards[index]!.type;
  const declared = (ir.faces ?? []).find((f) => f.cardType === type);
  return declared ? { face: declared, declared: true } : { face: defaultFace(type), declared: false };
}

export function defaultFace(cardType: number): FaceIR {
  const region = (kind: FaceIR['regions'][number]['kind']): FaceIR['regions'][number] => ({ kind, caption: '', parts: [], symbol: null, at: null, when: null, loc: [0, 0, 0] });
  return {
    cardType,
    frame: 'bordered',
    colourField: -1,
    colours: [],
    colour: '',
    shows: [],
    regions: [region('title'), region('picture'), region('type'), region('fields'), region('text')],
    cite: '',
    loc: [0, 0, 0],
  };
}
