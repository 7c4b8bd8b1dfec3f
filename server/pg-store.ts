/**
 * The shared back end: PostgreSQL (`grimoire serve --db postgres://user@host:port/db`), through
 * `pg` (node-postgres: pure JavaScript, a pool of connections). The same tables as the embedded
 * store (sqlite-store.ts), made on first use; the structured columns (parameters, decks, options,
 * players, result) are jsonb, so a shared server's games can be queried in SQL; the IR and the
 * sources stay text, kept exactly as compiled. A match's answers are written in the order they are
 * appended: the match (live-match.ts) chains its writes, one after the other.
 */
import pg from 'pg';
import type { GameIR } from '../compiler/ir.ts';
import type { AnswerRecord, MatchRecord, MatchResult, MatchStore, RuleSource, SeatRecord } from './store.ts';
import { t } from '../i18n/format.ts';

const SCHEMA = `
create table if not exists rules (
  fingerprint text primary key,
  game text not null,
  ir text not null
);
create table if not exists rule_sources (
  fingerprint text primary key references rules(fingerprint),
  sources text not null
);
create table if not exists matches (
  id text primary key,
  game text not null,
  rules text not null references rules(fingerprint),
  seed bigint not null,
  format text,
  params jsonb not null,
  decks jsonb not null,
  options jsonb not null,
  players jsonb not null,
  created_at text not null,
  result jsonb
);
create table if not exists seats (
  match text not null references matches(id),
  seat text not null,
  token_hash text not null unique,
  primary key (match, seat)
);
create table if not exists answers (
  match text not null references matches(id),
  seq integer not null,
  seat text not null,
  "option" integer not null,
  "by" text not null,
  at text not null,
  primary key (match, seq)
);
`;

/** Held while the tables are made, so that two servers starting on one database do not race. */
const SCHEMA_LOCK = 0x6772696d; // "grim"

interface MatchRow {
  id: string;
  game: string;
  rules: string;
  seed: string;
  format: string | null;
  params: MatchRecord['params'];
  decks: MatchRecord['decks'];
  options: MatchRecord['options'];
  players: string[];
  created_at: string;
  result: MatchResult | null;
}

function matchOf(r: MatchRow): MatchRecord {
  return { id: r.id, game: r.game, rules: r.rules, seed: Number(r.seed), format: r.format, params: r.params, decks: r.decks, options: r.options, players: r.players, createdAt: r.created_at, result: r.result };
}

export class PgStore implements MatchStore {
  private constructor(private readonly pool: pg.Pool) {}

  /** Connects to the database at `url` and makes the tables if they are missing; rejects with what went wrong. */
  static async open(url: string): Promise<PgStore> {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    // An idle connection the server drops (a restart) is an error of the pool, not of a query: kept from crashing the process.
    pool.on('error', (e) => console.error(t('serve.log.postgres', { error: e.message })));
    const client = await pool.connect().catch(async (e: Error) => {
      await pool.end().catch(() => undefined);
      throw e;
    });
    try {
      await client.query('select pg_advisory_lock($1)', [SCHEMA_LOCK]);
      await client.query(SCHEMA);
      await client.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK]);
    } finally {
      client.release();
    }
    return new PgStore(pool);
  }

  async putRules(fingerprint: string, game: string, ir: GameIR, sources: RuleSource[]): Promise<void> {
    await this.transaction(async (c) => {
      await c.query('insert into rules (fingerprint, game, ir) values ($1, $2, $3) on conflict do nothing', [fingerprint, game, JSON.stringify(ir)]);
      await c.query('insert into rule_sources (fingerprint, sources) values ($1, $2) on conflict do nothing', [fingerprint, JSON.stringify(sources)]);
    });
  }

  async getRules(fingerprint: string): Promise<GameIR | null> {
    const r = await this.pool.query<{ ir: string }>('select ir from rules where fingerprint = $1', [fingerprint]);
    return r.rows[0] ? (JSON.parse(r.rows[0].ir) as GameIR) : null;
  }

  async getSources(fingerprint: string): Promise<RuleSource[] | null> {
    const r = await this.pool.query<{ sources: string }>('select sources from rule_sources where fingerprint = $1', [fingerprint]);
    return r.rows[0] ? (JSON.parse(r.rows[0].sources) as RuleSource[]) : null;
  }

  async createMatch(m: MatchRecord, seats: SeatRecord[]): Promise<void> {
    await this.transaction(async (c) => {
      await c.query('insert into matches (id, game, rules, seed, format, params, decks, options, players, created_at, result) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, null)', [m.id, m.game, m.rules, m.seed, m.format, JSON.stringify(m.params), JSON.stringify(m.decks), JSON.stringify(m.options), JSON.stringify(m.players), m.createdAt]);
      for (const s of seats) await c.query('insert into seats (match, seat, token_hash) values ($1, $2, $3)', [s.match, s.seat, s.tokenHash]);
    });
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const r = await this.pool.query<MatchRow>('select * from matches where id = $1', [id]);
    return r.rows[0] ? matchOf(r.rows[0]) : null;
  }

  async listMatches(): Promise<MatchRecord[]> {
    const r = await this.pool.query<MatchRow>('select * from matches order by created_at, id');
    return r.rows.map(matchOf);
  }

  async seatByToken(tokenHash: string): Promise<SeatRecord | null> {
    const r = await this.pool.query<{ match: string; seat: string; token_hash: string }>('select match, seat, token_hash from seats where token_hash = $1', [tokenHash]);
    const row = r.rows[0];
    return row ? { match: row.match, seat: row.seat, tokenHash: row.token_hash } : null;
  }

  async appendAnswer(match: string, a: AnswerRecord): Promise<void> {
    await this.pool.query('insert into answers (match, seq, seat, "option", "by", at) values ($1, $2, $3, $4, $5, $6)', [match, a.seq, a.seat, a.option, a.by, a.at]);
  }

  async answers(match: string): Promise<AnswerRecord[]> {
    const r = await this.pool.query<AnswerRecord>('select seq, seat, "option" as option, "by" as by, at from answers where match = $1 order by seq', [match]);
    return r.rows;
  }

  async finish(match: string, result: MatchResult): Promise<void> {
    await this.pool.query('update matches set result = $1 where id = $2', [JSON.stringify(result), match]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async transaction(work: (c: pg.PoolClient) => Promise<void>): Promise<void> {
    const c = await this.pool.connect();
    try {
      await c.query('begin');
      await work(c);
      await c.query('commit');
    } catch (e) {
      await c.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }
}
