/**
 * `grimoire fmt [--check] <paths…>`: the .grim files under the paths in the canonical layout
 * (grammar/format.ts). Rewrites the files that change and names them; --check writes nothing,
 * names the files that would change and exits 1 if there are any. A file that does not parse is
 * left as it is, with its diagnostic (file:line:col), and the exit code is 1.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { grimFiles } from '../compiler/project.ts';
import { formatGrim } from '../grammar/format.ts';
import { UsageError } from './usage-error.ts';

export function cmdFmt(paths: string[], check: boolean): number {
  if (paths.length === 0) throw new UsageError('fmt needs at least one file or folder, e.g. grimoire fmt rules cards (--check: only list the files that would change)');
  const files: string[] = [];
  for (const p of paths) {
    const abs = resolve(p);
    if (!existsSync(abs)) throw new UsageError(`no such file or folder: ${p}`, false);
    // A folder: its .grim files (none is fine); a file: it must be a .grim file.
    if (!statSync(abs).isDirectory() && !abs.endsWith('.grim')) throw new UsageError(`fmt formats .grim files: ${p} is not one`, false);
    const found = grimFiles(abs);
    for (const f of found) if (!files.includes(f)) files.push(f);
  }
  let changed = 0;
  let failed = 0;
  for (const f of files) {
    const name = relative(process.cwd(), f) || f;
    const text = readFileSync(f, 'utf8');
    const r = formatGrim(text, name);
    if (!r.ok) {
      failed++;
      const d = r.diagnostics[0]!;
      const more = r.diagnostics.length > 1 ? ` (and ${r.diagnostics.length - 1} more)` : '';
      console.error(`${name}:${d.loc.line}:${d.loc.col}: ${r.internal ? 'internal error' : 'error'}: ${d.message}${more} — not formatted`);
      continue;
    }
    if (!r.changed) continue;
    changed++;
    if (check) console.log(`${name}: not formatted`);
    else {
      writeFileSync(f, r.text);
      console.log(`formatted ${name}`);
    }
  }
  const summary = `${files.length} file${files.length === 1 ? '' : 's'}: ${changed} ${check ? 'would change' : 'formatted'}${failed ? `, ${failed} not parsed` : ''}`;
  if (check && changed > 0) console.log(`${summary}; run grimoire fmt ${paths.join(' ')} to format them`);
  else if (changed > 0 || failed > 0) console.log(summary);
  return failed > 0 || (check && changed > 0) ? 1 : 0;
}
