/**
 * Compiled games shared between test files and runs (issue 31: "a suite that runs in minutes").
 * Each test file runs in a process of its own, and about forty of them compile the same seed
 * games: a compile of one takes about a second of CPU before the JIT is warm, reading its result
 * a few milliseconds. The cache is on disk, under node_modules/.cache/grimoire-compile/, one file
 * per compile, named by a hash of everything the result depends on:
 * - the compiler: every file of grammar/, compiler/ and i18n/ (its code and its messages) and
 *   package-lock.json (the parser library's version), read once per process;
 * - the game's own files, path and text;
 * - the files of the games a revision revises, by name: recorded with the entry and compared
 *   before it is used (loadBase is asked again), since which bases a game needs is known only
 *   by compiling it.
 * So an entry is never stale: any change of any of those is another name or a refused entry.
 * Stored with v8's serializer (undefined fields, Infinity and -0 survive, unlike JSON).
 *
 * Off under mutation testing (vitest.mutate.config.ts sets GRIMOIRE_COMPILE_CACHE=off): Stryker
 * switches its mutants on at run time in the same files, so the files' hash would not tell one
 * mutant's compile from another's.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { compileGame, type CompileInput, type CompileResult, type SourceText } from '../compiler/compile.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'node_modules', '.cache', 'grimoire-compile');
/** Kept: the newest entries (a compile of every game is ~20 files; node_modules may be shared by several checkouts). */
const KEEP = 400;

let fingerprint: string | undefined;
const compilerFingerprint = () => (fingerprint ??= compilerFingerprintOf(root));

/** A hash of the compiler's code and messages and of the installed packages' versions, in a checkout at `root`. */
export function compilerFingerprintOf(root: string): string {
  const h = createHash('sha256');
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else h.update(relative(root, p)).update('\0').update(readFileSync(p)).update('\0');
    }
  };
  for (const d of ['grammar', 'compiler', 'i18n']) walk(join(root, d));
  h.update(readFileSync(join(root, 'package-lock.json')));
  return h.digest('hex');
}

const sourcesHash = (sources: SourceText[] | undefined): string =>
  sources === undefined ? 'none' : createHash('sha256').update(JSON.stringify(sources.map((s) => [s.path, s.text, s.notUtf8 ?? null]))).digest('hex');

interface Entry {
  /** Each base game the compile asked for, with the hash of the files it got. */
  bases: [string, string][];
  result: CompileResult;
}

const enabled = () => process.env.GRIMOIRE_COMPILE_CACHE !== 'off' && !(globalThis as Record<string, unknown>).__stryker__;

/** compileGame, or the result of the same compile by another test file or run; `hit` says which (for the cache's own test). */
export function compileCached(input: CompileInput, hit?: { hit: boolean }): CompileResult {
  if (!enabled()) return compileGame(input);
  const key = createHash('sha256').update(compilerFingerprint()).update(sourcesHash(input.sources)).digest('hex');
  const file = join(dir, `${key}.bin`);
  const entry = read(file);
  if (entry && entry.bases.every(([name, hash]) => sourcesHash(input.loadBase?.(name)) === hash)) {
    if (hit) hit.hit = true;
    return entry.result;
  }
  if (hit) hit.hit = false;
  const bases: [string, string][] = [];
  const result = compileGame({
    sources: input.sources,
    loadBase: (name) => {
      const loaded = input.loadBase?.(name);
      bases.push([name, sourcesHash(loaded)]);
      return loaded;
    },
  });
  write(file, { bases, result });
  return result;
}

function read(file: string): Entry | undefined {
  try {
    return deserialize(readFileSync(file)) as Entry;
  } catch {
    return undefined; // not there (or unreadable): compiled again
  }
}

function write(file: string, entry: Entry): void {
  try {
    mkdirSync(dir, { recursive: true });
    // Written beside, then renamed: a test file reading at the same time never sees half an entry.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, serialize(entry));
    renameSync(temp, file);
    prune();
  } catch {
    // A cache that cannot be written only makes the next run compile again.
  }
}

function prune(): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.bin'));
  if (files.length <= KEEP) return;
  const byAge = files.map((f) => ({ f, t: statSync(join(dir, f), { throwIfNoEntry: false })?.mtimeMs ?? 0 })).sort((a, b) => a.t - b.t);
  for (const { f } of byAge.slice(0, files.length - KEEP)) if (existsSync(join(dir, f))) rmSync(join(dir, f), { force: true });
}
