#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts from the same bundle as the CLI (cli/bundle.js).
import { bundled, root } from '../cli/bundle.js';

process.env.GRIMOIRE_ROOT ??= root;
// boardgame.io reads NODE_ENV when it loads: the baseline runs it as in production.
process.env.NODE_ENV ??= 'production';
// `--ladder` (npm run bench:ladder): the search agents' strength ladder instead (bench/ladder.ts).
const entries = await bundled();
await import(process.argv.includes('--ladder') ? entries.ladder : entries.bench);
