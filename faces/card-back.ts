/**
 * The back of a card: one plain design for every game, the same size and viewBox as a face
 * (card-svg.ts), so that a back stands where a face would — a face-down card or a hidden pile on
 * the playground's board. Nothing of any game is on it: a back says only "a card lies here".
 */
import { CARD_HEIGHT_MM, CARD_WIDTH_MM } from './card-svg.ts';

const W = 630;
const H = 880;

/**
 * A card back as a standalone SVG document (63 × 88 mm): a dark frame, a diagonal lattice and
 * an oval in the middle — unlike any face, which is light with a title bar. `id` prefixes the ids
 * inside it, as cardSvg's does.
 */
export function cardBackSvg(options: { id?: string } = {}): string {
  const id = (options.id ?? 'card-back').replace(/[^A-Za-z0-9_-]/g, '_');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH_MM}mm" height="${CARD_HEIGHT_MM}mm" viewBox="0 0 ${W} ${H}" role="img" aria-label="card back" data-back="true">`,
    '<title>card back</title>',
    `<defs><pattern id="${id}-lattice" width="60" height="60" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="60" height="60" fill="#27407a"/><path d="M0 0H60M0 0V60" stroke="#4a67a8" stroke-width="6"/></pattern></defs>`,
    `<rect x="0" y="0" width="${W}" height="${H}" rx="30" fill="#17264a"/>`,
    `<rect x="30" y="30" width="${W - 60}" height="${H - 60}" rx="16" fill="url(#${id}-lattice)" stroke="#c9d4ee" stroke-width="6"/>`,
    `<ellipse cx="${W / 2}" cy="${H / 2}" rx="150" ry="220" fill="#17264a" stroke="#c9d4ee" stroke-width="8"/>`,
    `<ellipse cx="${W / 2}" cy="${H / 2}" rx="105" ry="170" fill="none" stroke="#c9d4ee" stroke-width="4"/>`,
    `<rect x="1.5" y="1.5" width="${W - 3}" height="${H - 3}" rx="29" fill="none" stroke="#000" stroke-width="3"/>`,
    '</svg>',
  ].join('');
}
