/**
 * No user-facing string escapes the catalogs (i18n/) in the files converted so far: a string or
 * template literal with words of prose handed straight to the output — console.log/error, a
 * diagnostic (diag, this.error, this.warning, report), a scenario failure (fail,
 * failures.push, ScenarioError), a usage error — is flagged. A literal that is not for a reader
 * (a fallback, a protocol word) says so with `// i18n-ok: why` on its line. The list of files
 * grows as each is converted (docs/languages.md says what speaks one language still).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers.ts';

/** The files whose every user-facing string comes from the catalogs. */
const converted = [
  'grammar/parse.ts',
  'grammar/parser.ts',
  'grammar/parser-base.ts',
  'grammar/parser-messages.ts',
  'grammar/parser-expressions.ts',
  'grammar/parser-statements.ts',
  'grammar/parser-abilities.ts',
  'grammar/parser-faces.ts',
  'grammar/parser-cards.ts',
  'grammar/parser-match.ts',
  'grammar/parser-revisions.ts',
  'grammar/parser-declarations.ts',
  'compiler/compile.ts',
  'compiler/faces.ts',
  'compiler/label-values.ts',
  'compiler/lower.ts',
  'compiler/lower-base.ts',
  'compiler/lower-expressions.ts',
  'compiler/lower-statements.ts',
  'compiler/lower-abilities.ts',
  'compiler/lower-cards.ts',
  'compiler/lower-declarations.ts',
  'compiler/lower-match.ts',
  'compiler/resolve.ts',
  'compiler/revise.ts',
  'compiler/templates.ts',
  'compiler/text-drift.ts',
  'cli/render.ts',
  'cli/diagnostic-json.ts',
  'cli/language-option.ts',
  'cli/faq.ts',
  'cli/explain.ts',
  'cli/main.ts',
  'cli/options.ts',
  'cli/play-options.ts',
  'cli/games.ts',
  'cli/output-file.ts',
  'cli/serve.ts',
  'scenario/faq.ts',
  'scenario/faq-render.ts',
  'scenario/expectation-words.ts',
  'scenario/check.ts',
  'scenario/explain.ts',
  'lsp/diagnostics.ts',
  'lsp/server.ts',
  'scenario/files.ts',
  'scenario/run.ts',
];

/** Calls whose argument is read by a person. */
const sinks = /(?:console\.(?:log|error|warn)|\bfail|failures\.push|new (?:ScenarioError|UsageError)|\bdiag|this\.error|this\.warning|\breport|\bsay|strayWords\.push)\(/g;
/** Prose: two words of letters in a row, apart (a code such as 'name/unknown' is no prose). */
const prose = /[A-Za-z]{2,}[,;:'’]? +[A-Za-z]{2,}/;

/** The literal arguments of the sinks on each line (a call's first lines: enough for the codebase's style). */
function escapes(file: string): string[] {
  const found: string[] = [];
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (/i18n-ok/.test(line) || /^\s*(\*|\/\/)/.test(line)) return;
    for (const m of line.matchAll(sinks)) {
      // The text after the call's parenthesis, and the next line (a call broken after its first argument).
      const own = line.slice(m.index! + m[0].length);
      const open = (own.match(/\(/g) ?? []).length + 1 - (own.match(/\)/g) ?? []).length;
      const rest = open > 0 ? `${own} ${lines[i + 1] ?? ''}` : own;
      // Only literals directly inside the call (not inside t(…) / msg(…), which are the catalogs).
      const direct = rest.replace(/\b(?:t|msg|format|didYouMeanNote)\((?:[^()]|\([^()]*\))*\)/g, '');
      for (const lit of direct.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)) {
        const text = lit[2]!.replace(/\$\{[^}]*\}/g, ' ');
        if (prose.test(text)) found.push(`${file}:${i + 1}: ${lit[0].slice(0, 80)}`);
      }
    }
  });
  return found;
}

describe('the catalogs', () => {
  it('hold every user-facing string of the converted files (i18n-ok marks a deliberate exception)', () => {
    expect(converted.flatMap(escapes)).toEqual([]);
  });

  it('the lint finds an English string handed to the output', () => {
    // The lint itself, on a line it must flag and lines it must let pass.
    const flagged = (line: string) => {
      const m = [...line.matchAll(sinks)][0];
      if (!m) return false;
      const direct = line.slice(m.index! + m[0].length).replace(/\b(?:t|msg|format|didYouMeanNote)\((?:[^()]|\([^()]*\))*\)/g, '');
      return [...direct.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)].some((l) => prose.test(l[2]!.replace(/\$\{[^}]*\}/g, ' ')));
    };
    expect(flagged("console.log(`${n} games played`)")).toBe(true);
    expect(flagged("this.error('name/unknown', loc, `unknown zone '${n}'`)")).toBe(true);
    expect(flagged("this.error('name/unknown', loc, msg('name/unknown.unknown-zone', { n }))")).toBe(false);
    expect(flagged("console.log(t('scenario.summary', counts))")).toBe(false);
  });
});
