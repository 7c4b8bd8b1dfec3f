/**
 * `grimoire serve [--port P] [--db FILE] [--host H] [--playground DIR]`: the playtest server
 * (server/, docs/serve.md) — matches of any game in rules/ between people, each seeing only their
 * seat, every game kept in an embedded database (or PostgreSQL: --db postgres://…); and, once built (`npm run build:playground`),
 * the playground at its address, whose "Play online" is the client. Prints the address and runs until Ctrl-C.
 */
import { parseArgs } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { PlaytestServer } from '../server/server.ts';
import { isPostgresUrl, openStore, shownUrl } from '../server/open-store.ts';
import type { MatchStore } from '../server/store.ts';
import { projectRoot } from './games.ts';
import { wholeNumberOption } from './options.ts';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';

/** The database a server keeps its games in when --db names none. */
export const DEFAULT_DB = 'grimoire-games.sqlite';
/** Where `npm run build:playground` puts the playground, under the project root. */
export const DEFAULT_PLAYGROUND = 'dist/playground';

export async function cmdServe(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { port: { type: 'string' }, db: { type: 'string' }, host: { type: 'string' }, playground: { type: 'string' } } });
  if (positionals.length) throw new UsageError(t('cli.serve.takes-no-arguments', { p: positionals[0] }), false);
  const port = wholeNumberOption('--port', values.port, 8080, 0, 65535);
  const db = values.db ?? DEFAULT_DB;
  const postgres = isPostgresUrl(db);
  const file = postgres || db === ':memory:' ? db : resolve(db);
  if (!postgres && file !== ':memory:' && !existsSync(dirname(file))) throw new UsageError(t('cli.serve.no-such-folder', { p: dirname(file) }), false);
  // The built playground, served at `/` when there is one: the page's "Play online" then needs no address.
  const playground = values.playground !== undefined ? resolve(values.playground) : join(projectRoot, DEFAULT_PLAYGROUND);
  if (values.playground !== undefined && !existsSync(join(playground, 'index.html'))) throw new UsageError(t('cli.serve.no-playground', { p: playground }), false);
  const served = existsSync(join(playground, 'index.html')) ? playground : null;
  let store: MatchStore;
  try {
    store = await openStore(file);
  } catch (e) {
    console.error(t(postgres ? 'cli.serve.no-postgres' : 'cli.serve.no-database', { db: postgres ? shownUrl(db) : file, message: (e as Error).message }));
    return 1;
  }
  const server = new PlaytestServer({ root: projectRoot, store, playground: served });
  let address: string;
  try {
    address = await server.listen(port, values.host ?? '127.0.0.1');
  } catch (e) {
    const code = (e as { code?: string }).code;
    console.error(t('cli.serve.cannot-listen', { port, p: code === 'EADDRINUSE' ? t('cli.serve.port-in-use') : (e as Error).message }));
    await server.close().catch(() => undefined);
    return 1;
  }
  console.log(t('cli.serve.listening', { address, db: postgres ? shownUrl(db) : file, example: `'{"game":"trump"}'` }));
  console.log(served ? t('cli.serve.playground', { address }) : t('cli.serve.no-playground-built'));
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await server.close();
  console.log(t('cli.serve.stopped'));
  return 0;
}
