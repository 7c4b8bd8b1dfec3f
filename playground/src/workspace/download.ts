/**
 * Download: every file of the game, as it is in the editor now, in one .zip whose paths are the
 * repository's (rules/<game>/…, cards/<game>/…), so unzipping it at the root of a Grimoire
 * checkout puts the edited files where the CLI reads them.
 *
 * The zip is written by fflate (8 kB, no dependencies, widely used and maintained) rather than by
 * hand: a correct zip needs CRC-32s, DOS dates, the UTF-8 name flag (file names may be Japanese)
 * and the central directory, which a small tested library already gets right.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Workspace } from './workspace.ts';

export function zipWorkspace(ws: Workspace): Uint8Array {
  const files: Zippable = {};
  for (const path of ws.paths()) files[path] = strToU8(ws.text(path) ?? '');
  return zipSync(files, { level: 6 });
}

export const zipName = (game: string) => `grimoire-${game}.zip`;

/** Hands bytes to the browser as a file download. */
export function saveBytes(name: string, bytes: Uint8Array, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
