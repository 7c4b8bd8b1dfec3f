/**
 * The games that ship with the playground: each game's rules, cards and rulings, as text,
 * straight from rules/<game>/ and cards/<game>/ of this repository (one source of truth: the
 * playground shows the files the CLI and the tests use). Each game is its own chunk, loaded
 * when chosen.
 */

export interface GameFile {
  /** The path in the repository, e.g. `rules/trump/game.grim` (also its name in the workspace). */
  path: string;
  text: string;
}

// Vite turns these into one lazy loader per file; the keys are paths relative to this module.
const loaders = import.meta.glob(['../../../rules/*/**/*.grim', '../../../cards/*/**/*.grim', '../../../rules/*/rulings/**/*.yaml', '../../../rules/*/README.md'], {
  query: '?raw',
  import: 'default',
}) as Record<string, () => Promise<string>>;

const prefix = '../../../';

/** The games in the order a newcomer should meet them: the first is opened on a first visit. */
const preferredOrder = ['trump', 'summon-magic', 't-magic', 'spimate', 'skirmish', 'vanilla'];

export function gameNames(): string[] {
  const names = new Set<string>();
  for (const key of Object.keys(loaders)) {
    const m = /^rules\/([^/]+)\//.exec(key.slice(prefix.length));
    if (m && key.endsWith('.grim')) names.add(m[1]!);
  }
  const rank = (g: string) => (preferredOrder.includes(g) ? preferredOrder.indexOf(g) : preferredOrder.length);
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Every file of one game, sorted: rules first, then cards, then rulings. */
export async function loadGameFiles(game: string): Promise<GameFile[]> {
  const mine = Object.keys(loaders).filter((k) => {
    const p = k.slice(prefix.length);
    return p.startsWith(`rules/${game}/`) || p.startsWith(`cards/${game}/`);
  });
  const files = await Promise.all(mine.map(async (k) => ({ path: k.slice(prefix.length), text: await loaders[k]!() })));
  const rank = (p: string) => (p.endsWith('README.md') ? 0 : p.startsWith('rules/') && p.endsWith('.grim') ? 1 : p.startsWith('cards/') ? 2 : 3);
  return files.sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
}

/** Which files are compiled (the game's .grim files), which are scenarios (.yaml), which are notes. */
export function fileRole(path: string): 'source' | 'scenario' | 'note' {
  if (path.endsWith('.grim')) return 'source';
  if (path.endsWith('.yaml') || path.endsWith('.yml')) return 'scenario';
  return 'note';
}
