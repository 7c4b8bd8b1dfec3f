/**
 * The page's card faces: the last face set the compile worker sent (worker/card-faces.ts) — every
 * card of the open game as faces/ draws it — and whether it is stale (the rules have errors now,
 * so these are the faces of the last check without errors). The Cards gallery, the board and the
 * editor's hover read them here; each check's reply updates them (editor/diagnostics.ts).
 */
import type { CardFace, FaceSet } from '../worker/card-faces.ts';

export type { CardFace };

/** Why the faces are not current, in words (shown above the gallery). */
export type Staleness = 'errors' | 'not checked' | null; // i18n-ok: states, not words

export class CardFaces {
  private set: FaceSet | null = null;
  private byName = new Map<string, CardFace>();
  private listeners: (() => void)[] = [];
  /** Why the faces shown are not those of the text as it is now; null when they are. */
  stale: Staleness = null;

  /** The version held, sent with each check (0: none). */
  get version(): number {
    return this.set?.version ?? 0;
  }

  /** The cards, in the game's order; empty before the first check without errors. */
  get cards(): readonly CardFace[] {
    return this.set?.cards ?? [];
  }

  /** The back every card shares (SVG); '' before the first set. */
  get back(): string {
    return this.set?.back ?? '';
  }

  /** A card whose face faces/ could not draw, in words. */
  get problem(): string | undefined {
    return this.set?.problem;
  }

  /** Whether any set was received since the game opened. */
  get loaded(): boolean {
    return this.set !== null;
  }

  face(name: string): CardFace | undefined {
    return this.byName.get(name);
  }

  /** Whether the board draws a zone as a pile for every viewer: nobody may look into it (a deck). */
  pile(zone: string): boolean {
    return this.set?.piles.includes(zone) ?? false;
  }

  /** A check's faces: a new set, 'unchanged', or null (not compiled: `why`). */
  take(faces: FaceSet | 'unchanged' | null, why: Exclude<Staleness, null> = 'errors'): void {
    const stale: Staleness = faces === null ? why : null;
    if (faces === 'unchanged' || faces === null) {
      if (stale === this.stale) return;
      this.stale = stale;
    } else {
      this.set = faces;
      this.byName = new Map(faces.cards.map((c) => [c.name, c]));
      this.stale = null;
    }
    for (const f of this.listeners) f();
  }

  /** Another game opened: nothing to show until its first check. */
  clear(): void {
    this.set = null;
    this.byName.clear();
    this.stale = null;
    for (const f of this.listeners) f();
  }

  onChange(f: () => void): void {
    this.listeners.push(f);
  }
}
