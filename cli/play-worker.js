// Entry of a `grimoire play --workers` thread: the TypeScript sources run through tsx, as in bin.js.
import { register } from 'tsx/esm/api';
register();
await import('./play-worker.ts');
