/**
 * For the serve tests on PostgreSQL: Debian's PostgreSQL started here — a new cluster in a
 * temporary folder (initdb), on a free port, trusting local connections, fsync off — never the
 * packaged service, and a fresh database for each server a test starts. As root (this project's
 * machines) the cluster is run as the `postgres` user, since PostgreSQL refuses to run as root.
 *
 * Without PostgreSQL the PostgreSQL runs are skipped with one line saying how to get it — except
 * under CI=true (.ci/run installs it), where they fail with that line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';

export const ci = process.env.CI === 'true' || process.env.CI === '1';
export const installPostgres = 'apt-get install -y postgresql (macOS: brew install postgresql)';

/** The folder of initdb and pg_ctl: PG_BIN, PATH, or Debian's /usr/lib/postgresql/<newest>/bin; null when there is none. */
function findPgBin(): string | null {
  if (process.env.PG_BIN !== undefined) return process.env.PG_BIN || null;
  const has = (d: string) => ['initdb', 'pg_ctl'].every((b) => existsSync(join(d, b)));
  for (const d of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) if (has(d)) return d;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (has(join(debian, v, 'bin'))) return join(debian, v, 'bin');
  }
  return null;
}

export const pgBin = findPgBin();

/** A port the system calls free now (PostgreSQL takes no port 0: it is handed one). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program to its end — as `postgres` when we are root; its output on failure. */
function run(bin: string, args: string[], asUser: string | null): Promise<void> {
  const [cmd, argv] = asUser ? ['runuser', ['-u', asUser, '--', join(pgBin!, bin), ...args]] : [join(pgBin!, bin), args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${bin} ${args.join(' ')} failed (exit ${code}):\n${out}`))));
  });
}

const USER = 'grimoire';

export class TestPostgres {
  private databases = 0;

  private constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly asUser: string | null,
  ) {}

  /** A new cluster in a temporary folder, started on a free port (five ports tried). */
  static async start(): Promise<TestPostgres> {
    if (!pgBin) throw new Error(`The serve tests on PostgreSQL need Debian's PostgreSQL (initdb, pg_ctl), and it is not installed. Under CI=true a missing PostgreSQL fails the run: ${installPostgres}.`);
    const root = process.getuid?.() === 0;
    const asUser = root ? 'postgres' : null;
    const dir = mkdtempSync(join(tmpdir(), 'grimoire-pg-'));
    if (root) {
      const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      if (id.status !== 0) throw new Error('running as root, and there is no `postgres` user to run PostgreSQL as (PostgreSQL refuses root): install Debian\'s postgresql package, which makes it');
      chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
    }
    const data = join(dir, 'data');
    await run('initdb', ['-D', data, '-A', 'trust', '-U', USER, '-E', 'UTF8', '--no-sync', '--no-instructions'], asUser);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        await run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '120', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`, 'start'], asUser);
        return new TestPostgres(dir, port, asUser);
      } catch (e) {
        if (attempt === 5) throw new Error(`PostgreSQL would not start (five ports tried): ${(e as Error).message}`);
      }
    }
  }

  /** A connection string to a new, empty database. */
  async freshDatabase(): Promise<string> {
    const name = `grimoire_${++this.databases}`;
    const c = new pg.Client({ host: '127.0.0.1', port: this.port, user: USER, database: 'postgres' });
    await c.connect();
    try {
      await c.query(`create database ${name}`);
    } finally {
      await c.end();
    }
    return `postgres://${USER}@127.0.0.1:${this.port}/${name}`;
  }

  async stop(): Promise<void> {
    try {
      await run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop'], this.asUser);
    } finally {
      if (statSync(this.dir, { throwIfNoEntry: false })) rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
