// Bundles the TypeScript sources with esbuild into node_modules/.cache/grimoire/ whenever a
// source file is newer than the bundle, and returns the bundle's entry files.
//
// Why not run the sources through tsx? tsx compiles with esbuild's keepNames, which wraps every
// closure in a naming call; the parser creates closures on every rule call, so parsing runs
// about twice as slow. The bundle is the same code without that wrapper.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sourceDirs = ['grammar', 'i18n', 'compiler', 'runtime', 'balance', 'scenario', 'cli', 'bench', 'services', 'lsp', 'faces', 'server', 'playground/src'];
const entries = { main: 'cli/main.ts', 'play-worker': 'cli/play-worker.ts', 'hint-worker': 'server/hint-worker.ts', bench: 'bench/run.ts', ladder: 'bench/ladder.ts', 'report-page': 'balance/report-page.ts' };
// One cache folder per checkout: node_modules may be shared (a symlink) between checkouts.
const outdir = join(root, 'node_modules', '.cache', 'grimoire', createHash('sha1').update(root).digest('hex').slice(0, 12));

function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'results') walk(p);
      } else if (/\.(ts|json)$/.test(e.name)) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const d of sourceDirs) walk(join(root, d));
  newest = Math.max(newest, statSync(join(root, 'package.json')).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs, statSync(join(root, 'cli/report-page-build.js')).mtimeMs);
  return newest;
}

/** Paths of the bundled entries ({ main, 'play-worker', 'hint-worker', bench, ladder, 'report-page' }), rebuilt when stale. */
export async function bundled() {
  const out = Object.fromEntries(Object.keys(entries).map((k) => [k, join(outdir, `${k}.mjs`)]));
  const wanted = Object.entries(out).filter(([k]) => existsSync(join(root, entries[k]))).map(([, p]) => p);
  const built = wanted.every((p) => existsSync(p)) ? Math.min(...wanted.map((p) => statSync(p).mtimeMs)) : 0;
  if (built > newestSource()) return out;
  // esbuild is loaded only to rebuild: a run from a fresh bundle does not pay for it.
  const { build } = await import('esbuild');
  const { reportPageOptions } = await import('./report-page-build.js');
  mkdirSync(outdir, { recursive: true });
  // Build beside the cache, then rename into it: another grimoire process reading the bundle
  // never sees a half-written file.
  const staging = mkdtempSync(join(outdir, '.build-'));
  const common = { absWorkingDir: root, outdir: staging, outExtension: { '.js': '.mjs' }, bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: 'linked', logLevel: 'warning' };
  const { main, 'play-worker': worker, 'hint-worker': hintWorker, bench, ladder } = entries;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const deps = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  // Start-up time is most of a short command's time (and of the tests, which run hundreds):
  // - chevrotain is bundled in: its ESM build loads lodash-es as hundreds of small files, which
  //   took longer than the rest of the start; bundled, only the lodash functions it uses remain;
  // - splitting: the code a command loads on demand (serve, lsp, the queue) is a chunk of its
  //   own, so its packages (ws, better-sqlite3, vscode-languageserver, bullmq) load only then.
  const inlined = new Set(['chevrotain']);
  const external = deps.filter((n) => !inlined.has(n));
  await build({ ...common, entryPoints: { main, 'play-worker': worker, 'hint-worker': hintWorker, ...(existsSync(join(root, ladder)) ? { ladder } : {}) }, external: [...external, ...external.map((n) => `${n}/*`)], splitting: true, chunkNames: 'chunk-[hash]' });
  if (existsSync(join(root, bench))) {
    // boardgame.io (a benchmark baseline) is bundled in: its packages use directory imports
    // that Node's ESM loader refuses. Every other package stays external.
    const external = deps.filter((n) => n !== 'boardgame.io');
    const banner = { js: "import { createRequire as __grimoireRequire } from 'node:module'; const require = __grimoireRequire(import.meta.url);" };
    await build({ ...common, entryPoints: { bench }, banner, external: [...external, ...external.map((n) => `${n}/*`)] });
  }
  // The HTML report's charts script (cli/balance-html.ts reads it beside main.mjs): for a
  // browser, one minified IIFE with Plot and d3 inside (report-page-build.js).
  await build({ ...reportPageOptions, absWorkingDir: root, entryPoints: { 'report-page': entries['report-page'] }, outdir: staging, outExtension: { '.js': '.mjs' } });
  // Chunks first (their names are their content's hash): an entry renamed in never imports a chunk not there yet.
  const files = readdirSync(staging).sort((a, b) => Number(b.startsWith('chunk-')) - Number(a.startsWith('chunk-')));
  for (const f of files) renameSync(join(staging, f), join(outdir, f));
  rmSync(staging, { recursive: true, force: true });
  // Chunks of earlier builds: removed once no command started from them can still be loading
  // one (a command loads its chunks as it starts; an hour is far more than that).
  const fresh = new Set(files);
  for (const f of readdirSync(outdir)) {
    const p = join(outdir, f);
    if (f.startsWith('chunk-') && !fresh.has(f) && Date.now() - statSync(p).mtimeMs > 3_600_000) rmSync(p, { force: true });
  }
  return out;
}

export { root };
