#!/usr/bin/env node
// The `grimoire` command: runs the TypeScript sources through tsx (no build step).
import { register } from 'tsx/esm/api';
register();
await import('./main.ts');
