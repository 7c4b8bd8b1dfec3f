/**
 * No user-facing string escapes the catalogs (i18n/) in the files converted so far: a string or
 * template literal with words of prose handed straight to the output — console.log/error, a
 * diagnostic (diag, this.error, this.warning, report), a scenario failure (fail,
 * failures.push, ScenarioError), a usage error — is flagged. A literal that is not for a reader
 * (a fallback, a protocol word) says so with `// i18n-ok: why` on its line. The list of files
 * grows as each is converted (docs/languages.md says what speaks one language still).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
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
  'cli/why-not.ts',
  'cli/cards.ts',
  'cli/fmt.ts',
  'cli/diff.ts',
  'cli/coverage.ts',
  'cli/merge.ts',
  'scenario/faq.ts',
  'scenario/faq-render.ts',
  'scenario/expectation-words.ts',
  'scenario/check.ts',
  'scenario/explain.ts',
  'lsp/diagnostics.ts',
  'lsp/server.ts',
  'scenario/files.ts',
  'scenario/run.ts',
  'scenario/log-words.ts',
  'scenario/why-not.ts',
  'server/match-host.ts',
  'scenario/coverage.ts',
  'cli/balance.ts',
  'cli/balance-text.ts',
  'cli/balance-html.ts',
  'cli/balance-replacements.ts',
  'cli/tune.ts',
  'cli/new-game.ts',
  ...sourceFiles('balance'),
  ...sourceFiles('services'),
  // Whole folders, as issue 32 asks: every file of the command line, the scenario runner, the
  // language server and the playtest server (the ones named above too).
  ...sourceFiles('cli'),
  ...sourceFiles('scenario'),
  ...sourceFiles('lsp'),
  ...sourceFiles('server'),
].filter((f, i, all) => all.indexOf(f) === i);

/** The TypeScript files of a folder (its subfolders too). */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []))
    .sort();
}

/**
 * The runtime words nothing itself (it knows no language): its log entries, the reasons of a
 * declaration that is impossible and the reasons of why-not are codes and arguments
 * (runtime/log-entry.ts), worded by scenario/log-words.ts. In every runtime file, a literal of
 * prose handed to the log (`emitLog`, `note`), to `Impossible` or to a why-not reason is flagged.
 */
const runtimeSinks = /(?:emitLog|\bnote|new Impossible|reasons\.push)\(/g;

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

/**
 * The playground (playground/src/): every literal with words of prose in its code is a label, a
 * message or a notice a reader meets — so every one is flagged, wherever it goes, except a CSS
 * class list and a line marked `// i18n-ok: why`. The files not yet converted keep English
 * strings: `pendingPlayground` counts them, a ratchet — a file may only go down (lower its number
 * when you convert one), and a new English string in any file fails here.
 */
const pendingPlayground: Record<string, number> = {
  // Every file of playground/src is converted (issue 32). A file converted in part would be listed here with its count.
};

/** The playground's source files. */
function playgroundFiles(dir = 'playground/src'): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? playgroundFiles(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []))
    .sort();
}

/** The literals with prose of a playground file (outside comments, t(…), class lists, i18n-ok lines). */
function playgroundEscapes(file: string): string[] {
  const found: string[] = [];
  let inComment = false;
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const trimmed = line.trim();
      if (inComment || trimmed.startsWith('/*')) {
        inComment = !trimmed.includes('*/');
        return;
      }
      if (/i18n-ok/.test(line) || /^(\*|\/\/|import )/.test(trimmed)) return;
      const code = line.replace(/\/\/ .*$/, '').replace(/\b(?:t|format)\((?:[^()]|\([^()]*\))*\)/g, '');
      for (const lit of code.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)) {
        // A class list: `className = 'problem error'`, `class: 'badge out'`, `el('span', 'card unknown')`, `item('run-note checkpoint', …)`.
        if (/(?:className\s*=\s*|class:\s*|el\('\w+',\s*|item\()$/.test(code.slice(0, lit.index))) continue;
        if (prose.test(lit[2]!.replace(/\$\{[^}]*\}/g, ' '))) found.push(`${file}:${i + 1}: ${lit[0].slice(0, 80)}`);
      }
    });
  return found;
}

/** The prose literals handed to the runtime's log sinks in `file` (those inside `phrase(…)` are codes, not prose). */
function runtimeEscapes(file: string): string[] {
  const found: string[] = [];
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (/i18n-ok/.test(line) || /^\s*(\*|\/\/)/.test(line)) return;
    for (const m of line.matchAll(runtimeSinks)) {
      for (const lit of line.slice(m.index! + m[0].length).matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)) {
        if (prose.test(lit[2]!.replace(/\$\{[^}]*\}/g, ' '))) found.push(`${file}:${i + 1}: ${lit[0].slice(0, 80)}`);
      }
    }
  });
  return found;
}

const runtimeFiles = () => readdirSync(join(root, 'runtime')).filter((f) => f.endsWith('.ts')).map((f) => `runtime/${f}`);

/**
 * The balance lab (balance/): what it returns is read — a verdict, a caption, a note, an error a
 * command prints — so, as in the playground, every literal with prose in its code is flagged
 * wherever it goes (a class list and a line marked `// i18n-ok: why` aside: a name kept in the
 * JSON, a value other code matches).
 */
const proseEverywhere = () => sourceFiles('balance').filter((f) => !markup.includes(f));
/** Markup and styles, whose literals are HTML attributes and font names (report-html.ts's words are checked as a converted file's). */
const markup = ['balance/report-css.ts', 'balance/report-html.ts'];

describe('the catalogs', () => {
  it("hold every word of the engine's log and reasons: the runtime hands its sinks codes, not prose", () => {
    expect(runtimeFiles().length).toBeGreaterThan(40);
    expect(runtimeFiles().flatMap(runtimeEscapes)).toEqual([]);
    // The check itself: the English the engine once wrote is flagged, a phrase is not.
    const dir = mkdtempSync(join(root, 'runtime', '.lint-'));
    const file = join(dir, 'x.ts');
    writeFileSync(file, ["this.emitLog('end-turn', `${ctx.me.name} ends the turn`, ctx.me, ctx.cite, loc);", "this.emitLog('end-turn', phrase('end-turn', { player: ctx.me.name }), ctx.me, ctx.cite, loc);", "throw new Impossible('step limit');"].join('\n'));
    expect(runtimeEscapes(relative(root, file)).map((l) => l.replace(/^.*?:(\d+):.*$/, '$1'))).toEqual(['1', '3']);
    rmSync(dir, { recursive: true, force: true });
  });

  it('hold every word of the balance lab (balance/): no literal of prose in its code', () => {
    expect(proseEverywhere().flatMap(playgroundEscapes)).toEqual([]);
  });

  it('hold every label and message of the playground but those of the files still pending, whose English only shrinks', () => {
    const over: string[] = [];
    const lower: string[] = [];
    for (const file of playgroundFiles()) {
      const found = playgroundEscapes(file);
      const allowed = pendingPlayground[file] ?? 0;
      if (found.length > allowed) over.push(...found);
      else if (found.length < allowed) lower.push(`${file}: ${found.length} English strings now — lower its number in pendingPlayground`);
    }
    expect(over).toEqual([]);
    expect(lower).toEqual([]);
  });

  it('the playground lint flags an English label and lets a catalog message or a class list pass', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-lint-'));
    const file = join(dir, 'x.ts');
    writeFileSync(file, ["b.textContent = 'Run scenario';", "el('button', {}, 'Play a random game');", "b.textContent = t('pg.run.run-scenario');", "div.className = 'problem error';", "el('span', 'badge out', t('pg.board.active'));"].join('\n'));
    expect(playgroundEscapes(relative(root, file)).map((l) => l.replace(/^.*?:(\d+):.*$/, '$1'))).toEqual(['1', '2']);
    rmSync(dir, { recursive: true, force: true });
  });

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
