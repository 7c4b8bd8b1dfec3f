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

export function cmdExplain(files: string[], opts: { root: string; game?: string; render: (d: Diagnostic, text: string) => string }): number {
  if (files.length !== 1) throw new UsageError('explain needs one scenario file, e.g. grimoire explain rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml');
  const file = files[0]!;
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch {
    throw new UsageError(`no such file: ${file}`, false);
  }
  if (!isFile) throw new UsageError(`${file} is a folder: explain takes one scenario file (grimoire scenario runs a folder)`, false);
  const path = relative(opts.root, file) || file;
  const text = readFileSync(file, 'utf8');
  const mistakes = checkScenarioInRepo(opts.root, path, text, { game: opts.game });
  if (mistakes.length) {
    for (const d of mistakes) console.log(opts.render(d, text) + '\n');
    console.log(`${mistakes.length} mistake${mistakes.length > 1 ? 's' : ''} in ${path} (docs/scenarios.md): it is not run`);
    return 1;
  }
  const outcome = runScenarioInRepo(opts.root, path, text, { game: opts.game });
  for (const line of explainScenario(outcome).lines) console.log(line);
  console.log(`\nThe whole log: grimoire scenario ${path} --verbose`);
  return outcome.passed ? 0 : 1;
}
