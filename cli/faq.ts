/**
 * `grimoire faq <game> [--out FILE.md|FILE.html]`: the game's casebook (rules/<game>/rulings) as
 * a rulings document grouped by rule id (scenario/faq.ts, scenario/faq-render.ts) — Markdown on
 * stdout, or a file whose extension says Markdown or HTML.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { faqDocument, faqEntry } from '../scenario/faq.ts';
import { faqHtml, faqMarkdown } from '../scenario/faq-render.ts';
import { runScenarioInRepo, scenarioFiles } from '../scenario/files.ts';
import { projectRoot, requireIR } from './games.ts';
import { claimOutputFile } from './output-file.ts';
import { UsageError } from './usage-error.ts';
import { t } from '../i18n/format.ts';

export function cmdFaq(game: string | undefined, out: string | undefined): number {
  if (!game) throw new UsageError(t('cli.faq.needs-a-game'));
  if (out !== undefined && !/\.(md|html?)$/i.test(out)) throw new UsageError(t('cli.faq.out-extension', { out }), false);
  const ir = requireIR(game);
  const folder = join(projectRoot, 'rules', game, 'rulings');
  if (!existsSync(folder)) throw new UsageError(t('cli.faq.no-casebook', { game }), false);
  claimOutputFile('--out', out);
  const version = `${ir.game.title} ${ir.game.version}`.trim();
  const entries = scenarioFiles([folder]).map((file) => {
    const path = relative(projectRoot, file);
    const text = readFileSync(file, 'utf8');
    return faqEntry(text, runScenarioInRepo(projectRoot, path, text), t('faq.version', { version: ir.game.version }));
  });
  if (entries.length === 0) throw new UsageError(t('cli.faq.no-scenarios', { game }), false);
  const doc = faqDocument(game, ir.game.title, version, entries);
  const text = out && /\.html?$/i.test(out) ? faqHtml(doc) : faqMarkdown(doc);
  if (out) {
    writeFileSync(out, text);
    console.error(t('cli.faq.wrote', { out, rulings: doc.rulings, rules: doc.sections.length, passed: doc.passed }));
  } else process.stdout.write(text);
  return 0;
}
