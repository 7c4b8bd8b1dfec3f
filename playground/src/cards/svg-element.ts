/**
 * A card face's SVG text (faces/, through the compile worker) as an element of the page.
 *
 * Inline, not an <img>: an SVG drawn as an image cannot use the page's web fonts, and the
 * faces' Japanese must be drawn with Noto Sans JP where the machine has no CJK font (main.ts
 * loads it). Inline SVG is markup, and the page never puts text as markup (README: a game's
 * text is only ever text), so the SVG is parsed as XML — never as HTML, and a parsed document's
 * scripts never run — and then only an allow-list of drawing elements and attributes is kept:
 * no script, no style sheet, no foreignObject, no event handler, nothing fetched (a link only to an
 * id inside the face, a picture only embedded). faces/
 * escapes every text of the game; this is the page's own guard on top.
 *
 * Each parse is kept (by SVG text) and cloned per use, with its ids made unique: one card shows
 * in the gallery, on the board and in a hover at once, and `url(#clip)` must find its own clip.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The drawing elements a face may use. */
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'clipPath', 'mask', 'pattern', 'linearGradient', 'radialGradient', 'stop', 'symbol', 'use',
  'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'text', 'tspan', 'textPath', 'image',
]);

/** Attributes that are never kept, whatever the element: event handlers, a base for links. */
const refusedAttribute = (name: string) => /^on/i.test(name) || /^(xml:)?base$/i.test(name);

/** A link is kept only when it points inside the face (`#id`) or is an embedded picture (nothing is fetched). */
const isLink = (name: string) => name === 'href' || name === 'xlink:href';
const linkAllowed = (value: string) => value.startsWith('#') || /^data:image\/(png|jpeg|gif|webp);/i.test(value);

/** Parsed faces by SVG text; the oldest dropped past this many (a game has ~50–150 cards and one back). */
const CACHE_SIZE = 600;
const parsed = new Map<string, SVGSVGElement | null>();
let instances = 0;

/** Copies the allowed part of `from` (an element of the parsed document) into the page's document. */
function copyAllowed(from: Element): Element | null {
  if (from.namespaceURI !== SVG_NS || !ELEMENTS.has(from.localName)) return null;
  const to = document.createElementNS(SVG_NS, from.localName);
  for (const a of Array.from(from.attributes)) {
    if (refusedAttribute(a.name)) continue;
    if (isLink(a.name) && !linkAllowed(a.value)) continue;
    if (/url\(\s*['"]?(?!#)/i.test(a.value) || /@import|expression\(/i.test(a.value)) continue; // url(…) only to an id of the face
    to.setAttributeNS(a.namespaceURI, a.name, a.value);
  }
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) to.append(document.createTextNode(child.textContent ?? ''));
    else if (child.nodeType === Node.ELEMENT_NODE) {
      const c = copyAllowed(child as Element);
      if (c) to.append(c);
    }
  }
  return to;
}

function parse(svg: string): SVGSVGElement | null {
  if (parsed.has(svg)) return parsed.get(svg)!;
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  const el = root.localName === 'svg' && !doc.getElementsByTagName('parsererror').length ? (copyAllowed(root) as SVGSVGElement | null) : null;
  parsed.set(svg, el);
  if (parsed.size > CACHE_SIZE) parsed.delete(parsed.keys().next().value!);
  return el;
}

/** Gives every id of `svg` a suffix unique in the page, and follows it in the references. */
function uniqueIds(svg: SVGSVGElement): void {
  const suffix = `-i${++instances}`;
  const withId = svg.querySelectorAll('[id]');
  if (!withId.length) return;
  const ids = new Set<string>();
  withId.forEach((e) => {
    ids.add(e.id);
    e.id += suffix;
  });
  const all = [svg, ...Array.from(svg.querySelectorAll('*'))];
  for (const e of all) {
    for (const a of Array.from(e.attributes)) {
      if (!a.value.includes('#')) continue;
      const v = a.value.replace(/url\(#([^)]+)\)/g, (m, id: string) => (ids.has(id) ? `url(#${id}${suffix})` : m)).replace(/^#(.+)$/, (m, id: string) => (isLink(a.name) && ids.has(id) ? `#${id}${suffix}` : m));
      if (v !== a.value) e.setAttributeNS(a.namespaceURI, a.name, v);
    }
  }
}

/**
 * The face as a new element sized by CSS (its width and height attributes removed: the
 * container decides), or null when the text is not an SVG document.
 */
export function faceElement(svg: string): SVGSVGElement | null {
  if (!svg) return null;
  const template = parse(svg);
  if (!template) return null;
  const el = template.cloneNode(true) as SVGSVGElement;
  el.removeAttribute('width');
  el.removeAttribute('height');
  uniqueIds(el);
  return el;
}
