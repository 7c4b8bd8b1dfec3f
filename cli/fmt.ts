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
import { render, t } from '../i18n/format.ts';

export function cmdFmt(paths: string[], check: boolean): number {
  if (paths.length === 0) throw new UsageError(t('cli.fmt.needs-paths'));
  const files: string[] = [];
  for (const p of paths) {
    const abs = resolve(p);
    if (!existsSync(abs)) throw new UsageError(t('cli.fmt.no-such', { path: p }), false);
    // A folder: its .grim files (none is fine); a file: it must be a .grim file.
    if (!statSync(abs).isDirectory() && !abs.endsWith('.grim')) throw new UsageError(t('cli.fmt.not-grim', { path: p }), false);
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
      console.error(t('cli.fmt.not-parsed', { at: `${name}:${d.loc.line}:${d.loc.col}`, internal: r.internal ? 'yes' : 'no', message: d.text ? render(d.text) : d.message, more: r.diagnostics.length - 1 }));
      continue;
    }
    if (!r.changed) continue;
    changed++;
    if (check) console.log(t('cli.fmt.would-change', { name }));
    else {
      writeFileSync(f, r.text);
      console.log(t('cli.fmt.formatted', { name }));
    }
  }
  const summary = t('cli.fmt.summary', { files: files.length, changed, check: check ? 'yes' : 'no', failed });
  if (check && changed > 0) console.log(t('cli.fmt.run-it', { summary, paths: paths.join(' ') }));
  else if (changed > 0 || failed > 0) console.log(summary);
  return failed > 0 || (check && changed > 0) ? 1 : 0;
}
