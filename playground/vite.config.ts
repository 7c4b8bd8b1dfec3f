// The playground's build: Vite serves playground/ on http://localhost:5173 (`npm start`).
// The game files under rules/ and cards/ are read as text (import.meta.glob '?raw'), so the
// repository root must be reachable by the dev server.
import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

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

export default defineConfig({
  root,
  base: './',
  plugins: [openMe()],
  // 5173, or the next free port when it is taken (the address printed is the one to open).
  server: { port: 5173, strictPort: false, fs: { allow: [repo] } },
  preview: { port: 5173, strictPort: true },
  worker: { format: 'es' },
  // Dependencies only the workers import are found late by the dev server's scan, which then
  // reloads the page once on a first start; named here, they are bundled before the page loads.
  optimizeDeps: { include: ['yaml'] },
  build: { outDir: fileURLToPath(new URL('../dist/playground', import.meta.url)), emptyOutDir: true, chunkSizeWarningLimit: 4096 },
});
