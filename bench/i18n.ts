/**
 * `npx tsx bench/i18n.ts`: what the catalogs cost. Messages worded per second, cached (every
 * call after a message's first, as a CLI running thousands of games or a check with thousands of
 * errors makes them) against parsing the ICU message at each call (what caching saves), in
 * English and Japanese; and the time to check a file with 5,000 errors (bench/gen-mistakes.ts)
 * with its diagnostics worded in each language. Timings only: tests assert none.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogs } from '../i18n/catalogs.ts';
import { format } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';

const N = 200_000;
const key = 'type/mismatch.expected-here-but-this-is' as const;
const values = { p: { key: 'type.number' as const }, p2: "'x'" };

function rate(label: string, run: () => void, n: number): void {
  run(); // warm
  const t0 = performance.now();
  run();
  const ms = performance.now() - t0;
  console.log(`${label.padEnd(46)} ${Math.round((n / ms) * 1000).toLocaleString('en')} messages/s`);
}

for (const lang of ['en', 'ja'] as Language[]) {
  rate(`${lang}: t(), cached`, () => {
    for (let i = 0; i < N; i++) format(lang, key, values);
  }, N);
  const n = N / 50;
  rate(`${lang}: a new IntlMessageFormat per call`, () => {
    for (let i = 0; i < n; i++) new IntlMessageFormat(catalogs[lang][key], lang, undefined, { ignoreTag: true }).format({ p: 'a number', p2: "'x'" });
  }, n);
}

// A check of 5,000 mistakes, compiled and rendered for the terminal in each language (CPU ms, best of 3).
const { poolWithMistakes } = await import('./gen-mistakes.ts');
const { compileGame } = await import('../compiler/compile.ts');
const { renderDiagnostics } = await import('../cli/render.ts');
const { setLanguage } = await import('../i18n/format.ts');
const text = poolWithMistakes(5000, 5000);
for (const lang of ['en', 'ja', 'en'] as Language[]) {
  setLanguage(lang);
  const times: number[] = [];
  let n = 0;
  for (let k = 0; k < 3; k++) {
    const before = process.cpuUsage();
    const sources = [{ path: 'big.grim', text }];
    const r = compileGame({ sources });
    for (const s of renderDiagnostics(r.diagnostics, sources, false)) n += s.length;
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  console.log(`${lang}: check of ${(text.length / 1e6).toFixed(1)} MB with 5,000 mistakes, rendered`.padEnd(46), `${Math.min(...times).toFixed(0)} ms CPU (${n} chars)`);
}
