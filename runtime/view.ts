/**
 * Player views: what one player may see of the state, as plain JSON.
 *
 * Agents receive a view, never the engine's objects, so an agent cannot peek at a hidden zone
 * or a face-down card. The judge (viewer `null`) sees everything. Visibility comes only from
 * the IR: a zone's `visibility` and a card's face-down flag.
 *
 *   public  zone — every card is seen, except face-down cards, seen only by the zone's player
 *   private zone — seen by the zone's player; others see how many cards it holds
 *   hidden  zone — seen by nobody (a draw pile); everyone sees the count
 *
 * A card a `reveal` showed to the viewer is seen until it next moves.
 * A card nobody may see carries no name and no id (an id would let a player follow a card
 * through a shuffle); its states (charged, position…) are physical and stay visible.
 */
import type { Card, Player, Zone } from './model.ts';
import { optional, phrase, type LogArg, type LogPhrase } from './log-entry.ts';

export interface CardView {
  /** Stable card id; absent when the viewer may not see the card. */
  id?: number;
  /** Card name; absent when the viewer may not see the card. */
  name?: string;
  facedown: boolean;
  states: Record<string, unknown>;
  values?: Record<string, unknown>;
  attached: CardView[];
}

export interface ZoneView {
  zone: string;
  /** "p1.<zone>", or the zone name for a shared zone. */
  label: string;
  count: number;
  /** The cards, top first; null when the viewer sees only the count. */
  cards: CardView[] | null;
}

export interface PlayerSummary {
  name: string;
  vars: Record<string, unknown>;
  zones: ZoneView[];
  /** Out of the game (more than two players), with the place they went out in; absent while in. */
  out?: { place: number };
}

export interface RequestView {
  id: number;
  action: string;
  controller: string;
  cards: CardView[];
}

export interface PlayerView {
  /** The player this view is for, or "judge". */
  viewer: string;
  turn: number;
  active: string;
  players: PlayerSummary[];
  shared: ZoneView[];
  stack: RequestView[];
  /** `because`: the engine's reason as a phrase (log-entry.ts), for a host to word. */
  result: { winner: string | null; reason: string; because?: LogPhrase } | null;
}

/** The part of the engine a view reads. */
export interface ViewSource {
  readonly ir: {
    zones: { name: string; visibility: 'public' | 'private' | 'hidden' }[];
    cardFields: { name: string; kind: 'attr' | 'state' | 'value' }[];
    playerStates: { name: string }[];
    teams?: { shared: number[] };
  };
  readonly players: Player[];
  readonly sharedZones: Zone[];
  readonly active: Player;
  readonly turn: number;
  readonly result: { winner: string | null; reason: string; because?: LogPhrase } | null;
  stackRequests(): readonly { id: number; action: number; controller: Player; cards: Card[] }[];
  actionName(index: number): string;
  cardValue(card: Card, field: number): unknown;
  /** The seat holding a player's team's shared states (teams.ts); absent or `p` itself without teams. */
  teamSeatOf?(p: Player): Player | null;
}

/** The zone a card is in, following hosts for attached cards. */
function zoneOf(card: Card): Zone | null {
  let c: Card | null = card;
  while (c && !c.zone) c = c.host;
  return c ? c.zone : null;
}

/** May `viewer` (null = judge) see which card this is? */
export function canSee(src: Pick<ViewSource, 'ir'>, viewer: Player | null, card: Card): boolean {
  if (viewer === null) return true;
  if (card.revealedTo & (1 << viewer.index)) return true;
  const zone = zoneOf(card);
  if (!zone) return true;
  const holder = zone.player ?? card.owner;
  switch (src.ir.zones[zone.def]!.visibility) {
    case 'hidden':
      return false;
    case 'private':
      return holder === viewer;
    default:
      return !card.facedown || holder === viewer;
  }
}

/**
 * How a decision names a card to `viewer`: its name, or where it lies when it is hidden. A player
 * choosing among the cards of their own zone looks at them (searching one's own draw pile), so those
 * are named too; another player's hidden cards never are.
 */
export function cardLabel(src: Pick<ViewSource, 'ir'>, viewer: Player, card: Card): string {
  const zone = zoneOf(card);
  if (canSee(src, viewer, card) || zone?.player === viewer) return card.name;
  if (!zone) return 'a hidden card';
  const pos = zone.cards.indexOf(card);
  return `${card.facedown ? 'face-down card' : 'hidden card'} ${pos >= 0 ? `#${pos + 1} ` : ''}in ${zone.label}`;
}

/** The same as cardLabel, for the log: a hidden card as a phrase (log-entry.ts) its host words. */
export function cardWords(src: Pick<ViewSource, 'ir'>, viewer: Player, card: Card): LogArg {
  const zone = zoneOf(card);
  if (canSee(src, viewer, card) || zone?.player === viewer) return card.name;
  if (!zone) return phrase('card-hidden-nowhere');
  const pos = zone.cards.indexOf(card);
  return phrase(card.facedown ? 'card-face-down' : 'card-hidden', { zone: zone.label, pos: optional(pos >= 0, 'card-pos', { n: pos + 1 }) });
}

function cardView(src: ViewSource, viewer: Player | null, card: Card): CardView {
  const states: Record<string, unknown> = {};
  const fields = src.ir.cardFields;
  for (let i = 0; i < fields.length; i++) if (fields[i]!.kind === 'state' && card.f[i] !== null) states[fields[i]!.name] = plain(card.f[i]);
  const attached = card.attached.map((a) => cardView(src, viewer, a));
  if (!canSee(src, viewer, card)) return { facedown: card.facedown, states, attached };
  const values: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) if (fields[i]!.kind === 'value') values[fields[i]!.name] = plain(src.cardValue(card, i));
  return { id: card.id, name: card.name, facedown: card.facedown, states, values, attached };
}

/** Card and player references in states become names, so a view is plain JSON. */
function plain(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(plain);
  return String(v);
}

function zoneView(src: ViewSource, viewer: Player | null, zone: Zone): ZoneView {
  const vis = src.ir.zones[zone.def]!.visibility;
  // A hidden or private zone shows its list only when some of its cards were revealed to the
  // viewer; the other cards in it stay nameless.
  const seesList = viewer === null || vis === 'public' || (vis === 'private' && zone.player === viewer) || zone.cards.some((c) => c.revealedTo & (1 << viewer.index));
  return {
    zone: zone.name,
    label: zone.label,
    count: zone.cards.length,
    cards: seesList ? zone.cards.map((c) => cardView(src, viewer, c)) : null,
  };
}

/** The state as `viewer` may see it; `null` is the judge, who sees everything. */
export function viewFor(src: ViewSource, viewer: Player | null): PlayerView {
  return {
    viewer: viewer ? viewer.name : 'judge',
    turn: src.turn,
    active: src.active.name,
    players: src.players.map((p) => ({
      name: p.name,
      vars: Object.fromEntries(src.ir.playerStates.map((s, i) => [s.name, plain((src.ir.teams?.shared.includes(i) ? (src.teamSeatOf?.(p) ?? p) : p).vars[i] ?? null)])),
      zones: p.zones.filter((z): z is Zone => !!z).map((z) => zoneView(src, viewer, z)),
      ...(p.out ? { out: { place: p.place } } : {}),
    })),
    shared: src.sharedZones.filter((z): z is Zone => !!z).map((z) => zoneView(src, viewer, z)),
    stack: src.stackRequests().map((r) => ({
      id: r.id,
      action: src.actionName(r.action),
      controller: r.controller.name,
      cards: r.cards.map((c) => cardView(src, viewer, c)),
    })),
    result: src.result ? { winner: src.result.winner, reason: src.result.reason, ...(src.result.because ? { because: src.result.because } : {}) } : null,
  };
}
