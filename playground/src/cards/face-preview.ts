/**
 * A card's face drawn larger beside the pointer while it rests on a card of `host` (a span
 * with `data-card`: its name): the board's faces are small, and this one is readable. Nothing to click and
 * nothing the keyboard needs — the card's title says its name and states — so it never takes
 * the pointer (pointer-events: none) and hides when the pointer leaves.
 */
import type { CardFace } from './faces.ts';
import { faceElement } from './svg-element.ts';

const WIDTH = 210;
const HEIGHT = (WIDTH * 88) / 63;
const GAP = 10;

export function previewFacesIn(host: HTMLElement, face: (name: string) => CardFace | undefined): void {
  const preview = document.createElement('div');
  preview.className = 'face-preview';
  preview.hidden = true;
  preview.setAttribute('aria-hidden', 'true');
  document.body.append(preview);
  let over: HTMLElement | null = null;
  const hide = () => {
    over = null;
    preview.hidden = true;
    preview.replaceChildren();
  };
  host.addEventListener('mouseover', (ev) => {
    // (An element of the page's, not the face's own svg, which carries its card's index as data-card.)
    const card = (ev.target as Element).closest<HTMLElement>('span[data-card]');
    if (card === over) return;
    const f = card && host.contains(card) ? face(card.dataset.card!) : undefined;
    const svg = f && faceElement(f.svg);
    if (!card || !svg) return hide();
    over = card;
    preview.replaceChildren(svg);
    const r = card.getBoundingClientRect();
    // On the side with more room: the board is in the right-hand pane, so mostly over the editor.
    const right = window.innerWidth - r.right > r.left && r.right + GAP + WIDTH <= window.innerWidth;
    preview.style.left = `${right ? r.right + GAP : Math.max(GAP, r.left - GAP - WIDTH)}px`;
    preview.style.top = `${Math.min(Math.max(GAP, r.top), window.innerHeight - HEIGHT - GAP)}px`;
    preview.hidden = false;
  });
  host.addEventListener('mouseleave', hide);
}
