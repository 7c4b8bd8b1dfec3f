// The playground's build: Vite serves playground/ on http://localhost:5173 (`npm start`).
// The game files under rules/ and cards/ are read as text (import.meta.glob '?raw'), so the
// repository root must be reachable by the dev server.
import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { existsSync, realpathSync } from 'node:fs';
import { buildReportPage, reportPageEntry } from '../cli/report-page-build.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));
/**
 * Where the web font's files really are: the dev server serves files under `repo` only, and an
 * installed package may live elsewhere behind a link (node_modules linked from another checkout,
 * pnpm's store) — then the font's files would be refused (403) and Japanese drawn as boxes.
 */
const fontFiles = join(repo, 'node_modules/@fontsource/noto-sans-jp');
const fontDir = existsSync(fontFiles) ? realpathSync(fontFiles) : null;

/** After Vite's own address lines, tell a newcomer what to do with them. */
function openMe(): Plugin {
  const say = (urls: { local: string[] } | null, info: (m: string) => void) => {
    const url = urls?.local[0];
    if (url) info(`\n  Open ${url} in your browser to use the Grimoire playground: pick a game, edit a card,\n  see its errors as you type, run a scenario. (Ctrl+C stops the server.)\n`);
  };
  return {
    name: 'grimoire-open-me',
    configureServer(server) {
      const print = server.printUrls.bind(server);
      server.printUrls = () => {
        print();
        say(server.resolvedUrls, (m) => server.config.logger.info(m));
      };
    },
    configurePreviewServer(server) {
      const print = server.printUrls.bind(server);
      server.printUrls = () => {
        print();
        say(server.resolvedUrls, (m) => server.config.logger.info(m));
      };
    },
  };
}

/**
 * `virtual:balance-report-page`: the HTML report's script (balance/report-page.ts with Plot and
 * d3, one minified IIFE) as a string, for the Simulate panel's "Download report" — bundled by
 * esbuild with the very options the CLI uses (cli/report-page-build.js), so the file the
 * playground saves is the file `grimoire balance --html` writes. The panel imports it lazily:
 * it is a chunk of its own, fetched on the first download.
 */
function balanceReportPage(): Plugin {
  const id = 'virtual:balance-report-page';
  return {
    name: 'grimoire-balance-report-page',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    async load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const entry = reportPageEntry();
      this.addWatchFile(entry);
      return `export default ${JSON.stringify(await buildReportPage(entry))};`;
    },
  };
}

/**
 * The Japanese web font (@fontsource/noto-sans-jp, imported by src/main.ts): its CSS offers each
 * unicode-range subset as woff2 then woff. Every browser the playground supports reads woff2, so
 * the woff fallback is dropped here, before Vite copies the files it names into the build: the
 * build carries ~4 MB of woff2 subsets instead of ~9 MB, and a page fetches only the subsets of
 * the characters it shows.
 */
function woff2Only(): Plugin {
  return {
    name: 'grimoire-woff2-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/@fontsource[\\/][^?]*\.css(\?|$)/.test(id)) return null;
      return { code: code.replace(/,\s*url\([^)]*\.woff\)\s*format\((['"])woff\1\)/g, ''), map: null };
    },
  };
}

/**
 * "Play online" talks to a `grimoire serve` at the page's own address by default: in development
 * (`npm start`) this server passes /api and /ws on to one on port 8080 (GRIMOIRE_SERVE=http://host:port
 * for another), so `npx grimoire serve` beside `npm start` is all a designer runs.
 */
const serveTarget = process.env.GRIMOIRE_SERVE ?? 'http://127.0.0.1:8080';

/**
 * One chunk per game for its files' texts (rules/<game>/…, cards/<game>/…, read by
 * src/workspace/games.ts as `?raw`), not one per file: opening trump fetched and ran some 160
 * modules of a few hundred bytes each — a request, a parse and a module record apiece, about a
 * second of the browser's CPU for every page load. Still loaded only when the game is opened.
 */
function gameChunk(id: string): string | null {
  const m = /[\\/](?:rules|cards)[\\/]([^\\/]+)[\\/][^?]*\?raw$/.exec(id);
  return m ? `game-${m[1]}` : null;
}

export default defineConfig({
  root,
  base: './',
  plugins: [openMe(), balanceReportPage(), woff2Only()],
  // 5173, or the next free port when it is taken (the address printed is the one to open).
  server: { port: 5173, strictPort: false, fs: { allow: fontDir ? [repo, fontDir] : [repo] }, proxy: { '/api': serveTarget, '/ws': { target: serveTarget, ws: true } } },
  preview: { port: 5173, strictPort: true },
  worker: { format: 'es' },
  // Dependencies only the workers import are found late by the dev server's scan, which then
  // reloads the page once on a first start; named here, they are bundled before the page loads.
  optimizeDeps: { include: ['yaml'] },
  build: { outDir: fileURLToPath(new URL('../dist/playground', import.meta.url)), emptyOutDir: true, chunkSizeWarningLimit: 4096, rolldownOptions: { output: { codeSplitting: { groups: [{ name: gameChunk }] } } } },
});
