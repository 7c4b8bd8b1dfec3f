/**
 * Card conservation: every card the game made is in exactly one place — lying in a zone, or
 * attached under a card that is in one — and each card's own record of its place (its zone or
 * its host) agrees with the list it is found in.
 *
 * `conservationProblems` describes every breach in words (the end of each game, and the report
 * of a breach). `ConservationWatch` is the cheap test that `play --check-invariants` runs at every
 * step: one pass over the zones marking card ids in a reused array, no strings, no maps.
 */
import type { SrcLoc } from '../compiler/ir.ts';
import type { Engine } from './engine.ts';
import type { Card, Zone } from './model.ts';

/** Every breach of conservation, in words naming the card and the places (empty: none). */
export function conservationProblems(engine: Engine): string[] {
  const seen = new Map<Card, string>();
  const problems: string[] = [];
  const visit = (c: Card, where: string, zone: Zone | null, host: Card | null) => {
    if (seen.has(c)) {
      problems.push(`${c.name}#${c.id} is both in ${seen.get(c)} and in ${where}`);
      return;
    }
    seen.set(c, where);
    if (c.zone !== zone || c.host !== host) problems.push(`${c.name}#${c.id} is in ${where} but its own record says ${c.host ? `under ${c.host.name}#${c.host.id}` : c.zone ? c.zone.label : 'nowhere'}`);
    for (const a of c.attached) visit(a, `${where} (under ${c.name}#${c.id})`, null, c);
  };
  for (const p of engine.players) for (const z of p.zones) if (z) for (const c of z.cards) visit(c, z.label, z, null);
  for (const z of engine.sharedZones) if (z) for (const c of z.cards) visit(c, z.label, z, null);
  for (const c of engine.allCards()) if (!seen.has(c)) problems.push(`${c.name}#${c.id} is nowhere (lost)`);
  return problems;
}

/** A breach of conservation found during a game (`play --check-invariants`). */
export class ConservationBroken extends Error {}

/**
 * The per-step test: `holds` answers whether conservation holds, in one pass over the zones that
 * stamps each card's id in a reused array (a card met twice, or unknown, or a card not met, is a
 * breach). Only when it does not hold are the words built (`check`).
 */
export class ConservationWatch {
  private seenAt = new Int32Array(256);
  private stamp = 0;

  holds(engine: Engine): boolean {
    const cards = engine.allCards();
    if (this.seenAt.length <= cards.length) this.seenAt = new Int32Array(cards.length * 2 + 1);
    if (this.stamp === 0x7fffffff) {
      this.seenAt.fill(0);
      this.stamp = 0;
    }
    const stamp = ++this.stamp;
    let met = 0;
    const mark = (c: Card, zone: Zone | null, host: Card | null): boolean => {
      const id = c.id;
      if (id < 1 || id > cards.length || cards[id - 1] !== c || this.seenAt[id] === stamp) return false;
      if (c.zone !== zone || c.host !== host) return false;
      this.seenAt[id] = stamp;
      met++;
      const under = c.attached;
      for (let i = 0; i < under.length; i++) if (!mark(under[i]!, null, c)) return false;
      return true;
    };
    for (const p of engine.players) {
      for (const z of p.zones) {
        if (!z) continue;
        const list = z.cards;
        for (let i = 0; i < list.length; i++) if (!mark(list[i]!, z, null)) return false;
      }
    }
    for (const z of engine.sharedZones) {
      if (!z) continue;
      const list = z.cards;
      for (let i = 0; i < list.length; i++) if (!mark(list[i]!, z, null)) return false;
    }
    return met === cards.length;
  }

  /** Throws ConservationBroken naming the step, the card and the places when conservation does not hold. */
  check(engine: Engine, loc: SrcLoc | null): void {
    if (this.holds(engine)) return;
    const where = loc ? `, ${engine.ir.files[loc[0]] ?? '?'}:${loc[1]}` : '';
    const problems = conservationProblems(engine);
    throw new ConservationBroken(`conservation broken at step ${engine.steps} (turn ${engine.turn}${where}): ${problems.join('; ') || 'a card is not where its own record says'}`);
  }
}
