/**
 * The embedded store: one SQLite file (better-sqlite3), no setup. `:memory:` keeps nothing past
 * the process (tests). Statements are prepared once; the calls are synchronous underneath, so a
 * match's answers are written in the order they are appended.
 */
import Database from 'better-sqlite3';
import type { GameIR } from '../compiler/ir.ts';
import type { AnswerRecord, MatchRecord, MatchResult, MatchStore, RuleSource, SeatRecord } from './store.ts';

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
  seed integer not null,
  format text,
  params text not null,
  decks text not null,
  options text not null,
  players text not null,
  created_at text not null,
  result text
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
  option integer not null,
  by text not null,
  at text not null,
  primary key (match, seq)
);
`;

interface MatchRow {
  id: string;
  game: string;
  rules: string;
  seed: number;
  format: string | null;
  params: string;
  decks: string;
  options: string;
  players: string;
  created_at: string;
  result: string | null;
}

function matchOf(r: MatchRow): MatchRecord {
  return {
    id: r.id,
    game: r.game,
    rules: r.rules,
    seed: r.seed,
    format: r.format,
    params: JSON.parse(r.params),
    decks: JSON.parse(r.decks),
    options: JSON.parse(r.options),
    players: JSON.parse(r.players),
    createdAt: r.created_at,
    result: r.result ? JSON.parse(r.result) : null,
  };
}

export class SqliteStore implements MatchStore {
  private readonly db: Database.Database;
  private readonly stmt;

  constructor(file: string) {
    this.db = new Database(file);
    // WAL: readers (a replay, an export) do not block the writer of answers.
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
    const db = this.db;
    this.stmt = {
      putRules: db.prepare('insert or ignore into rules (fingerprint, game, ir) values (?, ?, ?)'),
      getRules: db.prepare<[string], { ir: string }>('select ir from rules where fingerprint = ?'),
      putSources: db.prepare('insert or ignore into rule_sources (fingerprint, sources) values (?, ?)'),
      getSources: db.prepare<[string], { sources: string }>('select sources from rule_sources where fingerprint = ?'),
      insertMatch: db.prepare('insert into matches (id, game, rules, seed, format, params, decks, options, players, created_at, result) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null)'),
      insertSeat: db.prepare('insert into seats (match, seat, token_hash) values (?, ?, ?)'),
      getMatch: db.prepare<[string], MatchRow>('select * from matches where id = ?'),
      listMatches: db.prepare<[], MatchRow>('select * from matches order by created_at, id'),
      seatByToken: db.prepare<[string], { match: string; seat: string; token_hash: string }>('select match, seat, token_hash from seats where token_hash = ?'),
      appendAnswer: db.prepare('insert into answers (match, seq, seat, option, by, at) values (?, ?, ?, ?, ?, ?)'),
      answers: db.prepare<[string], AnswerRecord>('select seq, seat, option, by, at from answers where match = ? order by seq'),
      finish: db.prepare('update matches set result = ? where id = ?'),
    };
  }

  async putRules(fingerprint: string, game: string, ir: GameIR, sources: RuleSource[]): Promise<void> {
    this.db.transaction(() => {
      this.stmt.putRules.run(fingerprint, game, JSON.stringify(ir));
      this.stmt.putSources.run(fingerprint, JSON.stringify(sources));
    })();
  }

  async getSources(fingerprint: string): Promise<RuleSource[] | null> {
    const row = this.stmt.getSources.get(fingerprint);
    return row ? (JSON.parse(row.sources) as RuleSource[]) : null;
  }

  async getRules(fingerprint: string): Promise<GameIR | null> {
    const row = this.stmt.getRules.get(fingerprint);
    return row ? (JSON.parse(row.ir) as GameIR) : null;
  }

  async createMatch(m: MatchRecord, seats: SeatRecord[]): Promise<void> {
    this.db.transaction(() => {
      this.stmt.insertMatch.run(m.id, m.game, m.rules, m.seed, m.format, JSON.stringify(m.params), JSON.stringify(m.decks), JSON.stringify(m.options), JSON.stringify(m.players), m.createdAt);
      for (const s of seats) this.stmt.insertSeat.run(s.match, s.seat, s.tokenHash);
    })();
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const row = this.stmt.getMatch.get(id);
    return row ? matchOf(row) : null;
  }

  async listMatches(): Promise<MatchRecord[]> {
    return this.stmt.listMatches.all().map(matchOf);
  }

  async seatByToken(tokenHash: string): Promise<SeatRecord | null> {
    const row = this.stmt.seatByToken.get(tokenHash);
    return row ? { match: row.match, seat: row.seat, tokenHash: row.token_hash } : null;
  }

  async appendAnswer(match: string, a: AnswerRecord): Promise<void> {
    this.stmt.appendAnswer.run(match, a.seq, a.seat, a.option, a.by, a.at);
  }

  async answers(match: string): Promise<AnswerRecord[]> {
    return this.stmt.answers.all(match);
  }

  async finish(match: string, result: MatchResult): Promise<void> {
    this.stmt.finish.run(JSON.stringify(result), match);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
