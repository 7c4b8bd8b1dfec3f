/**
 * The log as one player may read it, for a person playing in the playground.
 *
 * The engine's log is the judge's record: it names every card (a draw reads `♣10, ♠2 → p2.hand`).
 * A person playing p1 must not read p2's draws there, so each event's text is redacted as it is
 * logged, from the state at that moment (runtime/view.ts `canSee`): a card's name stays when the
 * player may see that card, else it reads `a hidden card`.
 *
 * Names are not unique (each player of trump has a whole pack): an event lists the ids of the
 * cards it names (LogEvent.cards), and each is judged by whether the reader may see that very
 * card. For a name an event does not list, which card it means is worked out from the event:
 *   - a move (`names → zone`): the cards of that name now in the zone they moved to;
 *   - a reveal: the cards of that name revealed to the reader (or to everyone);
 *   - any other event: the cards of that name that both the reader and the event's player may
 *     see (what the actor names and the reader could know it by); all cards of that name when
 *     the reader is the event's player (their own words) or the event has no player.
 * A name no such card lets the reader see is redacted. Coarse, but it errs on hiding.
 */
import type { Engine, LogEvent } from '../../../runtime/engine.ts';
import type { Card, Player, Zone } from '../../../runtime/model.ts';
import { canSee } from '../../../runtime/view.ts';
import { t } from '../../../i18n/format.ts';
import { logText } from '../../../scenario/log-words.ts';

export const hiddenCard = () => t('pg.log.hidden-card');

/** Makes, for one engine and one reader, the redacted text of each event as it is logged. */
export class PlayerLog {
  private readonly byName = new Map<string, Card[]>();
  private pattern: RegExp | null = null;
  /** How many of the engine's cards are in byName (cards are made as the setup deals them). */
  private known = 0;
  private readonly zones = new Map<string, Zone>();
  /** The redacted text of each event so far, by its seq. */
  readonly texts: string[] = [];

  constructor(
    private readonly engine: Engine,
    private readonly reader: Player,
  ) {
    for (const p of engine.players) for (const z of p.zones) if (z) this.zones.set(z.label, z);
    for (const z of engine.sharedZones) if (z) this.zones.set(z.label, z);
  }

  /** Call from the engine's onLog, with each event as it is logged. */
  logged(e: LogEvent): void {
    this.sync();
    this.texts[e.seq] = this.redact(e);
  }

  /** Takes in the cards made since the last event. */
  private sync(): void {
    const cards = this.engine.allCards();
    if (cards.length === this.known) return;
    let named = false;
    for (let i = this.known; i < cards.length; i++) {
      const c = cards[i]!;
      let list = this.byName.get(c.name);
      if (!list) {
        this.byName.set(c.name, (list = []));
        named = true;
      }
      list.push(c);
    }
    this.known = cards.length;
    if (!named) return;
    const names = [...this.byName.keys()].sort((a, b) => b.length - a.length);
    // A name is a whole word of the text: not part of a longer name (♠1 inside ♠10).
    this.pattern = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${names.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  }

  private redact(e: LogEvent): string {
    const text = logText(e);
    if (!this.pattern) return text;
    const reader = this.reader;
    const engine = this.engine;
    let seen: (name: string) => boolean;
    if (e.code === 'move') {
      const to = this.zones.get(e.args.to as string);
      const cards = to ? cardsIn(to) : [];
      seen = (name) => cards.some((c) => c.name === name && canSee(engine, reader, c));
    } else if (e.kind === 'reveal') {
      // The cards of that name just revealed to the reader (or to everyone).
      const bit = 1 << reader.index;
      seen = (name) => (this.byName.get(name) ?? []).some((c) => (c.revealedTo & bit) !== 0);
    } else {
      const actor = e.player === null ? null : engine.players.find((p) => p.name === e.player) ?? null;
      const own = actor === null || actor === reader;
      seen = (name) => (this.byName.get(name) ?? []).some((c) => canSee(engine, reader, c) && (own || canSee(engine, actor, c)));
    }
    // The event lists the very cards it names (LogEvent.cards): a name is shown when the reader
    // may see one of those cards of that name; the heuristics above serve only names it does not list.
    if (e.cards?.length) {
      const all = engine.allCards();
      const listed = e.cards.map((id) => all[id - 1]).filter((c): c is Card => c !== undefined);
      const guess = seen;
      seen = (name) => {
        const mine = listed.filter((c) => c.name === name);
        return mine.length ? mine.some((c) => canSee(engine, reader, c)) : guess(name);
      };
    }
    return text.replace(this.pattern, (name: string) => (seen(name) ? name : hiddenCard()));
  }
}

/** A zone's cards and the cards attached to them, at any depth. */
function cardsIn(z: Zone): Card[] {
  const out: Card[] = [];
  const add = (c: Card) => {
    out.push(c);
    for (const a of c.attached) add(a);
  };
  for (const c of z.cards) add(c);
  return out;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
