/**
 * The store a `--db` names: a PostgreSQL connection string (`postgres://…`, `postgresql://…`) opens
 * the shared back end (pg-store.ts), anything else an SQLite file (sqlite-store.ts; `:memory:`
 * keeps nothing). The server sees only the MatchStore interface (store.ts).
 */
import type { MatchStore } from './store.ts';

export const isPostgresUrl = (db: string): boolean => /^postgres(ql)?:\/\//.test(db);

/** A connection string with its password hidden, for messages. */
export function shownUrl(url: string): string {
  if (!isPostgresUrl(url)) return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/** Opens the store; rejects with the database's own error when it cannot be opened (the caller words it). */
export async function openStore(db: string): Promise<MatchStore> {
  if (isPostgresUrl(db)) {
    const { PgStore } = await import('./pg-store.ts');
    return PgStore.open(db);
  }
  const { SqliteStore } = await import('./sqlite-store.ts');
  return new SqliteStore(db);
}
