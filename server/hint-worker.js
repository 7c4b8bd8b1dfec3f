// Entry of a Hint thread (server/hint-pool.ts) run from the sources: the TypeScript through tsx, as cli/play-worker.js.
import { register } from 'tsx/esm/api';
register();
await import('./hint-worker.ts');
