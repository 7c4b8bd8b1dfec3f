#!/usr/bin/env node
// The `grimoire` command. Runs a bundle of the TypeScript sources (cli/bundle.js, rebuilt when a
// source changes); if bundling fails, runs the sources directly through tsx.
import { bundled, root } from './bundle.js';

process.env.GRIMOIRE_ROOT ??= root;
let entry;
try {
  entry = (await bundled()).main;
} catch (e) {
  process.stderr.write(`grimoire: could not bundle the sources (${e.message.split('\n')[0]}); running them through tsx\n`);
}
if (entry) await import(entry);
else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./main.ts');
}
