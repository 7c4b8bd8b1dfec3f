/**
 * The game's names as the page knows them: the symbol list of the last check (compile worker →
 * `CheckResult.symbols`), looked up by name and by whose member a name is (a player's zones and
 * states, a card's fields, a request's states, a card's abilities). Pure — no Monaco — so the
 * editor's language services can be unit-tested.
 *
 * The list survives a file with errors: the worker indexes the parsed files, which recover, but a
 * half-typed declaration can still swallow what follows it; `mergeSymbols` keeps, for a file with
 * syntax errors, the names it had at the last check and has lost now, until the file is clean.
 */
import type { SymbolInfo } from '../compiler/symbols.ts';

export class NameTable {
  readonly byName = new Map<string, SymbolInfo[]>();
  /** Zones each player has and player states: what `p.` offers. */
  readonly playerMembers: SymbolInfo[] = [];
  /** Card fields, one per name (a name shared by two card types once), and numbered labels: what `c.` offers. */
  readonly cardMembers: SymbolInfo[] = [];
  /** Request states: what `r.` offers besides the built-in parts. */
  readonly requestMembers: SymbolInfo[] = [];
  /** Abilities by card name: what `ファイアドラゴン.` offers. */
  readonly abilities = new Map<string, SymbolInfo[]>();

  constructor(readonly all: readonly SymbolInfo[] = []) {
    const fieldSeen = new Set<string>();
    for (const s of all) {
      const list = this.byName.get(s.name);
      if (list) list.push(s);
      else this.byName.set(s.name, [s]);
      if ((s.kind === 'zone' && s.owner === 'player') || s.kind === 'player state') this.playerMembers.push(s);
      // A numbered label is a number of every card too (`c.王`).
      else if ((s.kind === 'card field' || (s.kind === 'label' && s.owner === 'card')) && !fieldSeen.has(s.name)) {
        fieldSeen.add(s.name);
        this.cardMembers.push(s);
      } else if (s.kind === 'request state') this.requestMembers.push(s);
      else if (s.kind === 'ability') {
        const dot = s.name.indexOf('.');
        const card = s.name.slice(0, dot);
        const abilities = this.abilities.get(card) ?? [];
        abilities.push(s);
        this.abilities.set(card, abilities);
      }
    }
  }

  get(name: string): SymbolInfo[] {
    return this.byName.get(name) ?? [];
  }

  /** The first definition of a name among some kinds. */
  find(name: string, ...kinds: SymbolInfo['kind'][]): SymbolInfo | undefined {
    return this.get(name).find((s) => kinds.includes(s.kind));
  }
}

/**
 * The symbols to use after a check: the new list, plus — for each file that now has syntax
 * errors — the definitions that file had before and lost (same kind and name), so a half-typed
 * declaration does not make the rest of its file vanish from completion and hover.
 */
export function mergeSymbols(previous: readonly SymbolInfo[], next: readonly SymbolInfo[], filesWithSyntaxErrors: ReadonlySet<string>): SymbolInfo[] {
  if (filesWithSyntaxErrors.size === 0) return [...next];
  const present = new Set(next.map((s) => `${s.loc.file}\u0000${s.kind}\u0000${s.name}`));
  const kept = previous.filter((s) => filesWithSyntaxErrors.has(s.loc.file) && !present.has(`${s.loc.file}\u0000${s.kind}\u0000${s.name}`));
  return [...next, ...kept];
}
