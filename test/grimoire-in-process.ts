/**
 * `grimoire` run in the test's own process: cli/main.ts's runGrimoire with the working folder and
 * environment a subprocess would have had, its stdout and stderr captured, the result shaped like
 * spawnSync's — so a test changes one line:
 *
 *   spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd, env, encoding: 'utf8' })
 *   await grimoireInProcess(args, { cwd, env })
 *
 * A subprocess costs a Node start, the bundle's check and the parser's construction (0.5–1 s of
 * CPU) before the command does anything, and the suite ran hundreds. Keep the subprocess where it
 * is what is tested: cli/bin.js and its bundle, the exit code a shell sees, signals, a closed
 * pipe, a terminal, `--workers` threads started from the bundle, `lsp` and `serve` (which keep
 * running). test/README.md lists the tests that keep one.
 *
 * What a process gives each command and one process shared by many would leak, handled here or
 * at the command's start (runGrimoire): the working folder (process.chdir: vitest runs test files
 * in forked processes, where it is allowed), the environment (GRIMOIRE_ROOT, GRIMOIRE_LANG, LANG,
 * NO_COLOR…: replaced for the call, as spawnSync's `env` replaces it, and put back), the language
 * (set by the command, put back for the test), the terminal (stdout and stderr are no TTY, as a
 * pipe is not: no colour, no progress bar), console (vitest's own is replaced by one writing to
 * the captured streams), the exit code, the project root, --queue and the games compiled
 * (runGrimoire reads or forgets them at each command's start). Calls run one at a time.
 */
import { Console } from 'node:console';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { join, resolve } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { language, setLanguage } from '../i18n/format.ts';
import { root } from './helpers.ts';

export interface InProcessOptions {
  /** The command's working folder (spawnSync's `cwd`); the test's own when not given. */
  cwd?: string;
  /** The command's whole environment (spawnSync's `env`); the test's own when not given. */
  env?: Record<string, string | undefined>;
}

type RunGrimoire = (argv: string[]) => Promise<number>;
let runGrimoire: RunGrimoire | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Runs `grimoire ...args` in this process; resolves to { status, stdout, stderr } as spawnSync's with encoding 'utf8'. */
export function grimoireInProcess(args: string[], options: InProcessOptions = {}): Promise<SpawnSyncReturns<string>> {
  // A worker thread cannot change the working folder (process.chdir throws there). vitest runs our
  // test files in forked processes, but StrykerJS's vitest runner (npm run mutate) forces threads:
  // there, a command for another folder runs as the subprocess it stands for.
  if (!isMainThread && options.cwd !== undefined && resolve(options.cwd) !== process.cwd()) {
    return Promise.resolve(spawnSync(process.execPath, [join(root, 'cli/bin.js'), ...args], { cwd: options.cwd, env: options.env ?? process.env, encoding: 'utf8' }));
  }
  const run = queue.then(() => runOnce(args, options));
  queue = run.catch(() => undefined);
  return run;
}

async function commands(): Promise<RunGrimoire> {
  if (!runGrimoire) {
    // cli/main.ts runs the process's own arguments when imported, unless told it is imported for this.
    (globalThis as Record<symbol, unknown>)[Symbol.for('grimoire.commands-in-process')] = true;
    runGrimoire = (await import('../cli/main.ts')).runGrimoire;
  }
  return runGrimoire;
}

async function runOnce(args: string[], options: InProcessOptions): Promise<SpawnSyncReturns<string>> {
  const run = await commands();
  const stdout: string[] = [];
  const stderr: string[] = [];
  const restore = [useEnvironment(options.env), useFolder(options.cwd), captureStream(process.stdout, stdout), captureStream(process.stderr, stderr), useConsole()];
  const lang = language();
  const exitCode = process.exitCode;
  let status: number;
  try {
    status = await run(args);
  } finally {
    for (const undo of restore.reverse()) undo();
    setLanguage(lang);
    process.exitCode = exitCode;
  }
  const out = stdout.join('');
  const err = stderr.join('');
  return { pid: 0, output: [null, out, err], stdout: out, stderr: err, status, signal: null };
}

/** Replaces process.env's contents with `env` (GRIMOIRE_ROOT defaulting to this repo, as cli/bin.js does); returns the undo. */
function useEnvironment(env: Record<string, string | undefined> | undefined): () => void {
  const saved = { ...process.env };
  if (env) setEnvironment(env);
  process.env.GRIMOIRE_ROOT ??= root;
  return () => setEnvironment(saved);
}

function setEnvironment(env: Record<string, string | undefined>): void {
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

function useFolder(cwd: string | undefined): () => void {
  const saved = process.cwd();
  if (cwd === undefined || resolve(cwd) === saved) return () => undefined;
  process.chdir(cwd);
  return () => process.chdir(saved);
}

/** Collects what is written to the stream, which says it is no terminal; returns the undo. */
function captureStream(stream: NodeJS.WriteStream, into: string[]): () => void {
  const write = stream.write;
  const tty = Object.getOwnPropertyDescriptor(stream, 'isTTY');
  stream.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((e?: Error | null) => void), done?: (e?: Error | null) => void) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8'));
    const callback = typeof encoding === 'function' ? encoding : done;
    if (callback) process.nextTick(callback);
    return true;
  }) as typeof stream.write;
  Object.defineProperty(stream, 'isTTY', { value: false, configurable: true, writable: true });
  return () => {
    stream.write = write;
    if (tty) Object.defineProperty(stream, 'isTTY', tty);
    else delete (stream as { isTTY?: boolean }).isTTY;
  };
}

/** A console writing to process.stdout and process.stderr (vitest's own reports to the test runner instead); returns the undo. */
function useConsole(): () => void {
  const saved = globalThis.console;
  globalThis.console = new Console({ stdout: process.stdout, stderr: process.stderr, colorMode: false });
  return () => {
    globalThis.console = saved;
  };
}
