// Entry of a `grimoire play --workers` thread started from the sources (tests, tsx; bin.js starts
// the bundled play-worker.mjs directly): the bundle of the same sources (bundle.js, rebuilt when a
// source is newer), which a thread starts in a tenth of the CPU the sources through tsx take
// (0.06 s against 0.45 s, measured); if bundling fails, the sources through tsx, as in bin.js.
import { bundled } from './bundle.js';

let entry;
try {
  entry = (await bundled())['play-worker'];
} catch {
  // (bin.js says why once; a thread stays quiet and takes the sources.)
}
if (entry) await import(entry);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./play-worker.ts');
}
