/**
 * A card's face in the editor's hover: over a card's name in a .grim file (added to the hover of
 * language-services.ts) and in a ruling's YAML (its own hover: the scenario format writes cards
 * by name — `♠7`, `p1:♠7`, `[♠2, ♠5]`).
 *
 * Monaco's hover is Markdown, sanitized: an image with a data: URI is allowed (Monaco 0.57's
 * markdownRenderer lets `data:` through as a media source and reads `|width=…,height=…`), so the
 * face goes in as `![card face](data:image/svg+xml;base64,…)`. An SVG drawn as an image cannot
 * use the page's web font, though, and a machine without a CJK font would show the Japanese of
 * the face as boxes; so once the hover is in the page, each such image made here is swapped for
 * the same face inline (cards/svg-element.ts: parsed as XML, allow-listed), at the same size.
 * Should Monaco's DOM change, the image stays: the face is still shown, with the system's fonts.
 */
import { monaco } from './monaco.ts';
import type { CardFace } from '../cards/faces.ts';
import { faceElement } from '../cards/svg-element.ts';
import { escapeMarkdown } from '../../../services/markdown.ts';
import { nameAt } from './name-at.ts';
import { t } from '../../../i18n/format.ts';

const alt = () => t('pg.hover.alt');
/** Markdown from the game's text: never trusted (no command links), never HTML. */
export const md = (value: string): monaco.IMarkdownString => ({ value, isTrusted: false, supportHtml: false });
const WIDTH = 160;
const HEIGHT = Math.round((WIDTH * 88) / 63);

/** The SVG text behind each data: URI made here (the hover's images are swapped for it). */
const svgOfUri = new Map<string, string>();
const KEEP_URIS = 300;

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The Markdown of a card's face for a hover ('' when faces/ drew none). */
export function faceMarkdown(face: CardFace): string {
  if (!face.svg) return '';
  const uri = `data:image/svg+xml;base64,${base64(face.svg)}`;
  if (!svgOfUri.has(uri)) {
    svgOfUri.set(uri, face.svg);
    if (svgOfUri.size > KEEP_URIS) svgOfUri.delete(svgOfUri.keys().next().value!);
  }
  return `![${alt()}](${uri}|width=${WIDTH},height=${HEIGHT})`;
}

/** Swaps the face images made here, under `root`, for inline faces (the page's fonts). */
function inlineFaces(root: Element): void {
  for (const img of Array.from(root.querySelectorAll<HTMLImageElement>(`img[alt="${alt()}"]`))) {
    const svg = svgOfUri.get(img.getAttribute('src') ?? '');
    const el = svg ? faceElement(svg) : null;
    if (!el) continue;
    el.setAttribute('width', String(WIDTH));
    el.setAttribute('height', String(HEIGHT));
    el.classList.add('hover-face');
    img.replaceWith(el);
  }
}

/**
 * Watches an editor's widgets (where Monaco puts its hover) and inlines each face image as it
 * appears. Only the widgets' container is watched, not the text, so typing costs nothing here;
 * Monaco builds a new container with each model it shows, so the watch moves with the model.
 */
export function inlineHoverFaces(editor: monaco.editor.ICodeEditor): monaco.IDisposable {
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      for (const n of Array.from(r.addedNodes)) {
        if (n instanceof Element && (n.localName === 'img' || n.getElementsByTagName('img').length)) inlineFaces(n.parentElement ?? n);
      }
    }
  });
  const watch = () => {
    observer.disconnect();
    const dom = editor.getDomNode();
    if (dom) observer.observe(dom.querySelector('.overflowingContentWidgets') ?? dom, { childList: true, subtree: true });
  };
  watch();
  const moved = editor.onDidChangeModel(watch);
  return {
    dispose: () => {
      moved.dispose();
      observer.disconnect();
    },
  };
}

/** The hover of a ruling's YAML: over a card's name, the card (title, type, where it is defined) and its face. */
export function registerYamlCardHover(face: (name: string) => CardFace | undefined): monaco.IDisposable {
  return monaco.languages.registerHoverProvider('yaml', {
    provideHover(model, position) {
      const at = nameAt(model.getLineContent(position.lineNumber), position.column);
      const card = at && face(at.name);
      if (!at || !card) return null;
      const head = t('pg.hover.head', { name: escapeMarkdown(card.name), title: card.title !== card.name ? t('pg.hover.title', { title: escapeMarkdown(card.title) }) : '', type: escapeMarkdown(card.type), at: escapeMarkdown(`${card.file}:${card.line}`) });
      return {
        range: { startLineNumber: position.lineNumber, startColumn: at.start, endLineNumber: position.lineNumber, endColumn: at.end },
        contents: [md(head), md(faceMarkdown(card))],
      };
    },
  });
}
