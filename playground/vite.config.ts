// The playground's build: Vite serves playground/ on http://localhost:5173 (`npm start`).
// The game files under rules/ and cards/ are read as text (import.meta.glob '?raw'), so the
// repository root must be reachable by the dev server.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  base: './',
  server: { port: 5173, strictPort: true, fs: { allow: [repo] } },
  preview: { port: 5173, strictPort: true },
  worker: { format: 'es' },
  build: { outDir: fileURLToPath(new URL('../dist/playground', import.meta.url)), emptyOutDir: true, chunkSizeWarningLimit: 4096 },
});
