/**
 * Where a face's regions go on one card (docs/cards.md, "Where regions go"). Units: 0.1 mm on the
 * 63 × 88 mm card (a 630 × 880 box).
 *
 * - The regions whose `when` fails are left out first, so a magic card without stats gets a
 *   taller text box.
 * - Flow regions — title, picture, type, labels, fields, line, text, stat — stack from the top in
 *   the order written, the full width; consecutive stats share one row. Each has its natural
 *   height, and the picture (3 shares) and the text (2 shares) divide the height that is left.
 * - Overlays sit on top: cost (a badge at the top right; the title leaves room for it), corner
 *   (an index at the top left, repeated upside down at the bottom right; the flow moves in to
 *   leave the corners free), pips and big (in the picture's box, or the middle of the card).
 * - A region with `at x, y, w, h` goes exactly there, in millimetres.
 */
import type { FaceIR, FaceRegionIR, GameIR } from '../compiler/ir.ts';
import { isPrintedNumber } from './label-text.ts';
import { attrValue, holds, labelsOf, partText, printedValue, valuesOf } from './read-card.ts';

export const W = 630;
export const H = 880;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One piece of a region's content: its text, and whether it is generated (drawn apart). */
export interface Piece {
  text: string;
  generated: boolean;
}

export interface Placed {
  region: FaceRegionIR;
  box: Box;
  pieces: Piece[];
  /** `fields`: the (name, value) pairs. */
  pairs: [string, string][];
  /** `stat`: the stats of the row, in order (each a caption and a value). */
  stats: { caption: string; value: string }[];
  /** `pips`: how many, and the symbol. */
  count: number;
  /** The name under a default title, when it differs from the title. */
  subtitle: string;
}

/** Height of each flow region (0.1 mm); the picture and the text share what is left. */
const NATURAL: Partial<Record<FaceRegionIR['kind'], number>> = { title: 92, type: 50, labels: 46, line: 42, stat: 76 };
const FLEX: Partial<Record<FaceRegionIR['kind'], number>> = { picture: 3, text: 2 };
const FLOW = new Set<FaceRegionIR['kind']>(['title', 'picture', 'type', 'labels', 'fields', 'line', 'text', 'stat']);
const GAP = 12;
const CAPTION = 26;
/** The margin inside the card's edge, and the width a corner index takes. */
export const MARGIN = 34;
export const CORNER_W = 74;

/** Attr names a game without `text "…"` may keep its rules text in; the default face prints it as the card's text. */
const TEXT_FIELDS = ['text', 'rules_text', 'effect', 'ability', 'flavor', 'description', 'テキスト', '効果'];

function textAttr(ir: GameIR, index: number): string {
  for (const name of TEXT_FIELDS) {
    const a = ir.cards[index]!.attrs.find((x) => ir.cardFields[x.field]?.name === name && ir.cardFields[x.field]?.type === 'text');
    if (a && typeof a.value === 'string' && a.value) return a.value;
  }
  return '';
}

export interface LayoutOptions {
  /** The default face: the text area falls back to the card's cite when it has no printed text, and the title shows the name too. */
  defaultFace?: boolean;
}

/** The regions of `face` that show on card `index`, each with its box and content. */
export function layoutFace(ir: GameIR, face: FaceIR, index: number, options: LayoutOptions = {}): Placed[] {
  const card = ir.cards[index]!;
  const placed: Placed[] = [];
  const content = (r: FaceRegionIR): Placed | null => {
    const p: Placed = { region: r, box: { x: 0, y: 0, w: 0, h: 0 }, pieces: [], pairs: [], stats: [], count: 0, subtitle: '' };
    const piece = (text: string, generated = false) => (text.trim() ? p.pieces.push({ text, generated }) : 0);
    const parts = r.parts;
    for (const part of parts) {
      // A labels region makes one chip of each value of a list attr.
      if (r.kind === 'labels' && part.kind === 'field') for (const v of valuesOf(ir, face, index, part.field)) piece(v);
      else piece(partText(ir, face, index, part), part.kind === 'card' && part.what === 'generated');
    }
    switch (r.kind) {
      case 'title':
        if (!parts.length) {
          piece(card.title || card.name);
          if (options.defaultFace && card.title && card.title !== card.name) p.subtitle = card.name;
        }
        break;
      case 'type':
        if (!parts.length) {
          piece(ir.cardTypes[card.type]?.name ?? '');
          const labels = labelsOf(ir, index);
          if (labels.length) piece(labels.join(' · '));
        }
        break;
      case 'labels':
        if (!parts.length) for (const l of labelsOf(ir, index)) piece(l);
        break;
      case 'text':
        if (!parts.length) {
          piece(card.text || (options.defaultFace ? textAttr(ir, index) || card.cite : ''));
          // The default face also says what the card's abilities do.
          if (options.defaultFace) piece(partText(ir, face, index, { kind: 'card', what: 'generated' }), true);
        }
        break;
      case 'cost': {
        if (!parts.length) {
          const f = ir.cardTypes[card.type]?.fields.find((i) => ir.cardFields[i]!.name === 'cost');
          if (f !== undefined) piece(partText(ir, face, index, { kind: 'field', field: f }));
        }
        break;
      }
      case 'corner':
      case 'big':
        if (!parts.length) piece(card.title || card.name);
        break;
      case 'line':
        if (!parts.length) piece(card.name);
        break;
      case 'fields': {
        const fields = parts.length ? parts.flatMap((x) => (x.kind === 'field' ? [x.field] : [])) : ir.cardTypes[card.type]?.fields ?? [];
        for (const f of fields) {
          const field = ir.cardFields[f]!;
          // Labels have their own region; a numbered label's number prints with its label (「王（3）」).
          if (field.kind !== 'attr' || field.type === 'labels' || isPrintedNumber(ir, f)) continue;
          // The default face prints a text attr of rules text in the text box, not here.
          if (!parts.length && options.defaultFace && field.type === 'text' && TEXT_FIELDS.includes(field.name)) continue;
          const a = card.attrs.find((x) => x.field === f);
          if (!a || a.value === '' || a.value === false || a.value === null) continue;
          const v = partText(ir, face, index, { kind: 'field', field: f });
          p.pairs.push([field.name, v || (Array.isArray(a.value) ? '' : printedValue(ir, field.type, a.value))]);
        }
        p.pieces = [];
        if (!p.pairs.length) return null;
        return p;
      }
      case 'stat':
        p.stats = [{ caption: r.caption || (parts[0]?.kind === 'field' ? ir.cardFields[parts[0].field]!.name.toUpperCase() : ''), value: p.pieces.map((x) => x.text).join(' ') }];
        if (!p.pieces.length) return null;
        return p;
      case 'pips': {
        // The count is the attr's number, not its shown text (a rank 1 shown as "A" is one pip).
        const count = parts[0];
        const v = count?.kind === 'field' ? attrValue(ir, index, count.field) : undefined;
        const n = typeof v === 'number' ? v : Number(p.pieces[0]?.text);
        p.count = Number.isFinite(n) ? Math.max(0, Math.min(99, Math.floor(n))) : 0;
        p.pieces = r.symbol ? [{ text: partText(ir, face, index, r.symbol), generated: false }] : [];
        if (!p.count || !p.pieces[0]?.text) return null;
        return p;
      }
      case 'picture':
        return p;
    }
    return p.pieces.length ? p : null;
  };

  const visible = face.regions.filter((r) => holds(ir, index, r.when)).map(content).filter((p): p is Placed => p !== null);
  const corners = visible.some((p) => p.region.kind === 'corner' && !p.region.at);
  const costBadge = visible.some((p) => p.region.kind === 'cost' && !p.region.at);
  const inset = corners ? CORNER_W : 0;
  const x0 = MARGIN + inset;
  const x1 = W - MARGIN - inset;
  const y0 = MARGIN;
  const y1 = H - MARGIN;

  // The flow: stats in a row merge into one item.
  const flow: Placed[] = [];
  for (const p of visible) {
    if (p.region.at || !FLOW.has(p.region.kind)) continue;
    const last = flow[flow.length - 1];
    if (p.region.kind === 'stat' && last?.region.kind === 'stat') {
      last.stats.push(...p.stats);
      continue;
    }
    flow.push(p);
  }
  const natural = (p: Placed): number => {
    const caption = p.region.caption && p.region.kind !== 'stat' ? CAPTION : 0;
    if (p.region.kind === 'fields') return caption + Math.ceil(p.pairs.length / 2) * 32 + 14;
    return caption + (NATURAL[p.region.kind] ?? 0);
  };
  const fixed = flow.reduce((s, p) => s + natural(p), 0) + GAP * Math.max(0, flow.length - 1);
  const shares = flow.reduce((s, p) => s + (FLEX[p.region.kind] ?? 0), 0);
  const spare = Math.max(0, y1 - y0 - fixed);
  let y = y0;
  for (const p of flow) {
    const flex = FLEX[p.region.kind] ?? 0;
    const h = natural(p) + (shares ? Math.floor((spare * flex) / shares) : 0);
    const shorten = p.region.kind === 'title' && costBadge ? 104 : 0;
    p.box = { x: x0, y, w: x1 - x0 - shorten, h: Math.max(h, flex ? 60 : h) };
    y += p.box.h + GAP;
    placed.push(p);
  }

  const picture = flow.find((p) => p.region.kind === 'picture');
  const middle: Box = picture ? picture.box : { x: MARGIN + CORNER_W, y: MARGIN + 30, w: W - 2 * (MARGIN + CORNER_W), h: H - 2 * (MARGIN + 30) };
  // Pips keep clear of the corner indices (as on a playing card).
  const pipArea: Box = picture ? picture.box : { x: middle.x, y: middle.y + 40, w: middle.w, h: middle.h - 80 };
  for (const p of visible) {
    if (p.region.at) {
      const [x, yy, w, h] = p.region.at;
      p.box = { x: x * 10, y: yy * 10, w: w * 10, h: h * 10 };
      placed.push(p);
      continue;
    }
    switch (p.region.kind) {
      case 'cost':
        p.box = { x: W - MARGIN - 100, y: MARGIN - 6, w: 104, h: 104 };
        break;
      case 'corner':
        p.box = { x: MARGIN - 6, y: MARGIN, w: CORNER_W, h: 170 };
        break;
      case 'pips':
        p.box = { ...pipArea };
        break;
      case 'big':
        p.box = { ...middle };
        break;
      default:
        continue;
    }
    placed.push(p);
  }
  return placed;
}
