/**
 * Card faces: the `face <CardType> { … }` declarations → FaceIR (compiler/ir.ts), checked, and each
 * card's printed text (`text "…"`) onto its CardIR. Runs after lowering (compile.ts), on the
 * lowered IR's tables; it adds to the IR only what faces/ reads, never what the runtime reads, so
 * a face or a printed text can change no game.
 *
 * A face is declarative (docs/cards.md): its regions show attrs, literal text and the card's
 * built-ins (title, name, type, printed, generated, labels); `when` compares attrs with printed
 * values. Anything more is refused with a `face/…` diagnostic at its place.
 */
import type * as A from '../grammar/ast.ts';
import { suggest } from '../grammar/spelling.ts';
import { diag, didYouMeanNote, type Diagnostic, type DiagnosticCode, type DiagnosticText } from './diagnostics.ts';
import { msg } from '../i18n/format.ts';
import { faceRegionKinds, type Expr, type FaceIR, type FacePartIR, type FaceRegionIR, type FaceRegionKind, type GameIR, type Literal, type SrcLoc } from './ir.ts';
import { declsOf, type Declarations } from './resolve.ts';

/** The card's own things a face may show, by the word that names them (and what each is, for editors). */
export const faceCardParts = {
  title: "the card's title",
  name: "the card's name",
  type: "the card's card type",
  printed: 'the printed text (`text "…"` on the card)',
  generated: "the text generated from the card's abilities",
  labels: 'the labels the card carries',
} as const;
const cardParts = Object.keys(faceCardParts) as (keyof typeof faceCardParts)[];

/** The face-level words (the rest of a face's items are regions). */
const faceWords = ['colour', 'show', 'frame'];

export const frameStyles = ['bordered', 'plain'] as const;

/** Colour names a face may use besides `#rgb` and `#rrggbb`, and the colour each prints as (faces/read-card.ts). */
export const namedColours: Record<string, string> = {
  black: '#111111', white: '#ffffff', grey: '#808080', gray: '#808080', silver: '#c0c0c0', red: '#c8102e', crimson: '#dc143c',
  maroon: '#800000', orange: '#e07b00', gold: '#c9a227', yellow: '#e6c200', olive: '#6b6b00', green: '#2e7d32', teal: '#00796b',
  navy: '#1a237e', blue: '#1f5fbf', purple: '#6a1b9a', violet: '#7e57c2', pink: '#d81b60', brown: '#6d4c41', tan: '#b08d57', beige: '#d8c8a8',
};
const colourNames = Object.keys(namedColours);

/** The limits of `at x, y, w, h`: the card, 63 × 88 mm. */
const CARD_W = 63;
const CARD_H = 88;

/** Every word a face accepts where an item begins: for completion and "did you mean". */
export const faceItemWords: readonly string[] = [...faceWords, ...faceRegionKinds];

export function lowerFaces(decls: Declarations, ir: GameIR): { faces: FaceIR[]; diagnostics: Diagnostic[] } {
  return new FaceLowerer(decls, ir).run();
}

class FaceLowerer {
  private diagnostics: Diagnostic[] = [];
  private fileIndex: Map<string, number>;

  constructor(
    private decls: Declarations,
    private ir: GameIR,
  ) {
    this.fileIndex = new Map(ir.files.map((f, i) => [f, i]));
  }

  private error(code: DiagnosticCode, loc: A.Loc, message: DiagnosticText, notes?: DiagnosticText[]): void {
    this.diagnostics.push(diag(code, loc, message, notes));
  }

  private src(loc: A.Loc): SrcLoc {
    return [this.fileIndex.get(loc.file) ?? 0, loc.line, loc.col];
  }

  private didYouMean(word: string, candidates: Iterable<string>): DiagnosticText[] | undefined {
    const near = suggest(word, [...candidates]);
    return near.length ? [didYouMeanNote([near[0]!])] : undefined;
  }

  run(): { faces: FaceIR[]; diagnostics: Diagnostic[] } {
    this.printedTexts();
    const faces: FaceIR[] = [];
    for (const d of declsOf(this.decls, 'face')) {
      const f = this.lowerFace(d);
      if (f) faces.push(f);
    }
    return { faces, diagnostics: this.diagnostics };
  }

  /** Each card's `text "…"` onto its CardIR (the cards are lowered in declaration order). */
  private printedTexts(): void {
    declsOf(this.decls, 'card').forEach((c, i) => {
      const printed = c.printed ?? [];
      for (const extra of printed.slice(1)) {
        this.error('card/text-repeated', extra.loc, msg('card/text-repeated.card-has-a-second-printed', { name: c.name.text }), [msg('card/text-repeated.note.the-first-is-at', { p: printed[0]!.loc.file, p2: printed[0]!.loc.line, p3: printed[0]!.loc.col })]);
      }
      const card = this.ir.cards[i];
      if (card && card.name === c.name.text && printed[0]) card.text = printed[0].text;
    });
  }

  private lowerFace(d: A.FaceDecl): FaceIR | undefined {
    const typeIndex = this.ir.cardTypes.findIndex((t) => t.name === d.name.text);
    if (typeIndex < 0) {
      this.error('name/unknown', d.name.loc, msg('name/unknown.unknown-card-type-a-face', { name: d.name.text }), this.didYouMean(d.name.text, this.ir.cardTypes.map((t) => t.name)));
      return undefined;
    }
    const face: FaceIR = { cardType: typeIndex, frame: 'bordered', colourField: -1, colours: [], colour: '', shows: [], regions: [], cite: d.cite ?? '', loc: this.src(d.name.loc) };
    for (const item of d.items) {
      switch (item.kind) {
        case 'frame':
          if ((frameStyles as readonly string[]).includes(item.style.word)) face.frame = item.style.word as FaceIR['frame'];
          else this.error('face/unknown-word', item.style.loc, msg('face/unknown-word.is-not-a-frame-frames', { word: item.style.word, p: frameStyles.join(', ') }), this.didYouMean(item.style.word, frameStyles));
          break;
        case 'colour':
          if (item.colour) {
            if (this.checkColour(item.colour.text, item.colour.loc)) face.colour = item.colour.text;
          } else if (item.field) {
            const field = this.attrField(typeIndex, item.field);
            if (field === undefined) break;
            face.colourField = field;
            face.colours = item.map.flatMap((e) => {
              const value = this.mapKey(field, e);
              return value !== undefined && this.checkColour(e.text, e.textLoc) ? [{ value, colour: e.text }] : [];
            });
          }
          break;
        case 'show': {
          const field = this.attrField(typeIndex, item.field);
          if (field === undefined) break;
          face.shows.push({ field, values: item.map.flatMap((e) => {
            const value = this.mapKey(field, e);
            return value === undefined ? [] : [{ value, text: e.text }];
          }) });
          break;
        }
        case 'region': {
          const r = this.lowerRegion(typeIndex, item);
          if (r) face.regions.push(r);
          break;
        }
      }
    }
    return face;
  }

  private lowerRegion(typeIndex: number, r: A.FaceRegion): FaceRegionIR | undefined {
    const word = r.region.word;
    if (!(faceRegionKinds as readonly string[]).includes(word)) {
      this.error('face/unknown-word', r.region.loc, msg('face/unknown-word.is-not-a-region-of', { word, p: faceRegionKinds.join(', ') }), this.didYouMean(word, faceItemWords));
      return undefined;
    }
    const kind = word as FaceRegionKind;
    const parts = r.parts.map((p) => this.part(typeIndex, p)).filter((p): p is FacePartIR => p !== undefined);
    let symbol: FacePartIR | null = null;
    if (kind === 'pips') {
      const count = parts[0];
      const countOk = parts.length === 1 && count?.kind === 'field' && this.ir.cardFields[count.field]!.type === 'number';
      if (!countOk || !r.of) {
        this.error('face/bad-pips', r.region.loc, msg('face/bad-pips.pips-draws-a-symbol-as'));
        return undefined;
      }
      symbol = this.part(typeIndex, r.of) ?? null;
    } else if (r.of) {
      this.error('face/bad-pips', r.of.kind === 'name' ? r.of.name.loc : r.of.loc, msg('face/bad-pips.of-belongs-to-pips-pips', { kind }));
    }
    let at: FaceRegionIR['at'] = null;
    if (r.at) {
      const [x, y, w, h] = r.at.values;
      if (r.at.values.length !== 4 || x! < 0 || y! < 0 || w! <= 0 || h! <= 0 || x! + w! > CARD_W || y! + h! > CARD_H) {
        const why =
          r.at.values.length !== 4
            ? `this gives ${r.at.values.length} number${r.at.values.length === 1 ? '' : 's'}, not 4`
            : [
                x! < 0 || y! < 0 ? `the corner ${x}, ${y} is outside the card` : '',
                w! <= 0 || h! <= 0 ? `the size ${w} × ${h} is empty` : '',
                x! + w! > CARD_W ? `its right edge x + w = ${+(x! + w!).toFixed(2)} is past ${CARD_W}` : '',
                y! + h! > CARD_H ? `its bottom edge y + h = ${+(y! + h!).toFixed(2)} is past ${CARD_H}` : '',
              ].filter(Boolean).join('; ');
        this.error('face/bad-place', r.at.loc, msg('face/bad-place.at-x-y-w-h', { CARD_W, CARD_H, why }));
      } else at = [x!, y!, w!, h!];
    }
    const when = r.when ? this.condition(typeIndex, r.when) : null;
    return { kind, caption: r.caption ?? '', parts, symbol, at, when: when ?? null, loc: this.src(r.loc) };
  }

  /** A part: a literal text, an attr of the card type, or one of the card's own things. */
  private part(typeIndex: number, p: A.FacePart): FacePartIR | undefined {
    if (p.kind === 'string') return { kind: 'text', text: p.value };
    const field = this.fieldOf(typeIndex, p.name.text);
    const cardPart = (cardParts as readonly string[]).includes(p.name.text);
    // An attr of that name is printed; a state or value of that name is not, and does not hide
    // the card's own part (`value labels: labels = …`, as the seed games declare, and `labels`).
    if (field !== undefined && !(cardPart && this.ir.cardFields[field]!.kind !== 'attr')) {
      if (this.ir.cardFields[field]!.kind !== 'attr') {
        this.notPrinted(field, p.name);
        return undefined;
      }
      return { kind: 'field', field };
    }
    if (cardPart) return { kind: 'card', what: p.name.text as (typeof cardParts)[number] };
    this.error('name/unknown', p.name.loc, msg('name/unknown.a-face-shows-the-attrs', { p: this.ir.cardTypes[typeIndex]!.name, p2: cardParts.join(', '), name: p.name.text }), this.didYouMean(p.name.text, [...this.attrNames(typeIndex), ...cardParts]));
    return undefined;
  }

  private fieldsOf(typeIndex: number): number[] {
    return this.ir.cardTypes[typeIndex]!.fields;
  }

  private attrNames(typeIndex: number): string[] {
    return this.fieldsOf(typeIndex).filter((f) => this.ir.cardFields[f]!.kind === 'attr').map((f) => this.ir.cardFields[f]!.name);
  }

  private fieldOf(typeIndex: number, name: string): number | undefined {
    return this.fieldsOf(typeIndex).find((f) => this.ir.cardFields[f]!.name === name);
  }

  private notPrinted(field: number, n: A.Name): void {
    const f = this.ir.cardFields[field]!;
    this.error('face/not-printed', n.loc, msg('face/not-printed.is-a-it-changes-in', { n: n.text, kind: f.kind }));
  }

  /** An attr of the card type (for `colour by`, `show`), or undefined after a diagnostic. */
  private attrField(typeIndex: number, n: A.Name): number | undefined {
    const field = this.fieldOf(typeIndex, n.text);
    if (field === undefined) {
      this.error('name/unknown', n.loc, msg('name/unknown.card-type-has-no-attr', { p: this.ir.cardTypes[typeIndex]!.name, n: n.text }), this.didYouMean(n.text, this.attrNames(typeIndex)));
      return undefined;
    }
    if (this.ir.cardFields[field]!.kind !== 'attr') {
      this.notPrinted(field, n);
      return undefined;
    }
    return field;
  }

  private checkColour(text: string, loc: A.Loc): boolean {
    if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(text) || colourNames.includes(text.toLowerCase())) return true;
    this.error('face/bad-colour', loc, msg('face/bad-colour.is-not-a-colour-write', { p: text, p2: colourNames.join(', ') }));
    return false;
  }

  /** A printed value of the field: a literal of its type (an enum value by its name). */
  private literalFor(field: number, e: A.Expr): { value: Literal } | { problem: string } {
    const f = this.ir.cardFields[field]!;
    const type = f.type;
    if (type === 'number') {
      if (e.kind === 'number') return { value: e.value };
      if (e.kind === 'unary' && e.op === '-' && e.operand.kind === 'number') return { value: -e.operand.value };
      return { problem: `${f.name} is a number` };
    }
    if (type === 'bool') return e.kind === 'bool' ? { value: e.value } : { problem: `${f.name} is true or false` };
    if (type === 'text') return e.kind === 'string' ? { value: e.value } : { problem: `${f.name} is a text: write it in "quotes"` };
    if (type.startsWith('enum:')) {
      const en = this.ir.enums.find((x) => x.name === type.slice(5));
      const names = en?.values.map((v) => v.name) ?? [];
      if (e.kind === 'name' && names.includes(e.name)) return { value: e.name };
      if (e.kind === 'none') return { value: null };
      const word = e.kind === 'name' ? e.name : '';
      const near = word ? suggest(word, names) : [];
      return { problem: `${f.name} is one of ${names.join(', ')}${near.length ? `; did you mean '${near[0]}'?` : ''}` };
    }
    if (type === 'labels' || type === 'label') {
      // A label by its name: `show passives as { 飛行 "飛行", 攻持ち "" }`.
      const names = this.ir.labels.map((l) => l.name);
      if (e.kind === 'name' && names.includes(e.name)) return { value: e.name };
      const near = e.kind === 'name' ? suggest(e.name, names) : [];
      return { problem: `${f.name} holds labels: write a label's name${near.length ? `; did you mean '${near[0]}'?` : ''}` };
    }
    return { problem: `${f.name} holds ${type}, which a face cannot compare` };
  }

  private mapKey(field: number, e: A.FaceMapEntry): Literal | undefined {
    const r = this.literalFor(field, e.key);
    if ('value' in r) return r.value;
    this.error('face/bad-value', e.key.loc, msg('face/bad-value.this-is-not-a-value', { p: this.ir.cardFields[field]!.name, problem: r.problem }));
    return undefined;
  }

  /**
   * A `when` condition as an IR expression over `this` (the card being drawn), in the only shapes
   * a face allows: an attr compared with a printed value, a range or a list of them, a bool attr,
   * `not`, `and`, `or`.
   */
  private condition(typeIndex: number, e: A.Expr): Expr | undefined {
    const refuse = (): undefined => {
      this.error('face/not-declarative', e.loc, msg('face/not-declarative.a-face-s-when-compares'));
      return undefined;
    };
    const fieldRef = (x: A.Expr): number | undefined | null => (x.kind === 'name' ? this.attrField(typeIndex, { text: x.name, loc: x.loc }) : null);
    const read = (field: number): Expr => ({ kind: 'cardField', card: { kind: 'builtin', name: 'this' }, field });
    const lit = (field: number, x: A.Expr): Expr | undefined => {
      const r = this.literalFor(field, x);
      if ('value' in r) return { kind: 'lit', value: r.value };
      this.error('face/bad-value', x.loc, msg('face/bad-value.this-is-not-a-value', { p: this.ir.cardFields[field]!.name, problem: r.problem }));
      return undefined;
    };
    switch (e.kind) {
      case 'name': {
        const field = fieldRef(e);
        if (field === undefined || field === null) return field === null ? refuse() : undefined;
        const type = this.ir.cardFields[field]!.type;
        // A flag reads as itself; a number or a text "is there" when not 0 or "".
        if (type === 'bool') return read(field);
        if (type === 'number') return { kind: 'binary', op: '!=', left: read(field), right: { kind: 'lit', value: 0 } };
        if (type === 'text') return { kind: 'binary', op: '!=', left: read(field), right: { kind: 'lit', value: '' } };
        return refuse();
      }
      case 'unary':
        if (e.op !== 'not') return refuse();
        {
          const operand = this.condition(typeIndex, e.operand);
          return operand && { kind: 'not', operand };
        }
      case 'binary': {
        if (e.op === 'and' || e.op === 'or') {
          const left = this.condition(typeIndex, e.left);
          const right = this.condition(typeIndex, e.right);
          return left && right && { kind: 'binary', op: e.op, left, right };
        }
        if (!['==', '!=', '<', '<=', '>', '>='].includes(e.op)) return refuse();
        const field = fieldRef(e.left);
        if (field === null) return refuse();
        if (field === undefined) return undefined;
        const type = this.ir.cardFields[field]!.type;
        if ((e.op !== '==' && e.op !== '!=' && type !== 'number') || type === 'labels') return refuse();
        const right = lit(field, e.right);
        return right && { kind: 'binary', op: e.op, left: read(field), right };
      }
      case 'in': {
        const field = fieldRef(e.item);
        if (field === null) return refuse();
        if (field === undefined) return undefined;
        if (e.low && e.high) {
          const low = lit(field, e.low);
          const high = lit(field, e.high);
          return low && high && { kind: 'inRange', item: read(field), low, high };
        }
        if (e.list?.kind !== 'list') return refuse();
        const items = e.list.items.map((x) => lit(field, x));
        if (items.some((x) => x === undefined)) return undefined;
        return { kind: 'inList', item: read(field), list: { kind: 'list', items: items as Expr[] } };
      }
      default:
        return refuse();
    }
  }
}
