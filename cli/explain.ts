/**
 * `grimoire explain <scenario.yaml> [--game NAME]`: a ruling's answer in a few lines and the steps
 * that decided it, each with its rule text (scenario/explain.ts). A file with mistakes is not run:
 * its mistakes are printed as `grimoire scenario` prints them. Exit 0 when the ruling passes, 1
 * when it fails or has mistakes, 2 for a usage error.
 */
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import { explainScenario } from '../scenario/explain.ts';
import { checkScenarioInRepo, runScenarioInRepo } from '../scenario/files.ts';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';

export function cmdExplain(files: string[], opts: { root: string; game?: string; render: (d: Diagnostic, text: string) => string }): number {
  if (files.length !== 1) throw new UsageError(t('cli.explain.explain-needs-one-scenario-file'));
  const file = files[0]!;
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch {
    throw new UsageError(t('cli.explain.no-such-file', { file }), false);
  }
  if (!isFile) throw new UsageError(t('cli.explain.is-a-folder-explain-takes', { file }), false);
  const path = relative(opts.root, file) || file;
  const text = readFileSync(file, 'utf8');
  const mistakes = checkScenarioInRepo(opts.root, path, text, { game: opts.game });
  if (mistakes.length) {
    for (const d of mistakes) console.log(opts.render(d, text) + '\n');
    console.log(t('cli.explain.mistake-in-docs-scenarios-md', { mistakesCount: mistakes.length, path }));
    return 1;
  }
  const outcome = runScenarioInRepo(opts.root, path, text, { game: opts.game });
  for (const line of explainScenario(outcome).lines) console.log(line);
  console.log(t('cli.explain.the-whole-log-grimoire-scenario', { path }));
  return outcome.passed ? 0 : 1;
}
