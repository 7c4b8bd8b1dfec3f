/**
 * One game as the server keeps it between requests, like the playground's compile worker does:
 * each file's parse (reused while its text is unchanged, so typing re-parses one file), the names
 * of the last check (kept through files with syntax errors: services/names.ts), the rulings'
 * parses (services/scenario-checks.ts), and the names read for find references and rename
 * (compiler/references.ts), kept while the texts are the same.
 */
import { checkGame, parseSources, type ParseCache, type SourceText } from '../compiler/compile.ts';
import type { Diagnostic } from '../compiler/diagnostics.ts';
import { GameNames } from '../compiler/references.ts';
import { indexSymbols } from '../compiler/symbols.ts';
import { mergeSymbols, NameTable } from '../services/names.ts';
import { ScenarioChecks } from '../services/scenario-checks.ts';
import type { GameKey, Workspace } from './workspace.ts';

export interface Checked {
  sources: SourceText[];
  rulings: SourceText[];
  diagnostics: Diagnostic[];
}

export class Game {
  private cache: ParseCache = new Map();
  private scenarioChecks = new ScenarioChecks();
  private table = new NameTable([]);
  private checked = false;
  private last: { sources: SourceText[]; names: GameNames; parsed: ReturnType<typeof parseSources>['files'] } | null = null;

  constructor(
    readonly key: GameKey,
    private readonly workspace: Workspace,
    /** The files of another game of the same root (a revision's base), open buffers over the disk. */
    private readonly loadBase: (name: string) => SourceText[] | undefined,
  ) {}

  /** Compiles the game as the editor has it, checks its rulings, and updates the names. */
  check(): Checked {
    const sources = this.workspace.sources(this.key);
    const rulings = this.workspace.rulings(this.key);
    let diagnostics: Diagnostic[];
    try {
      const result = checkGame({ sources, loadBase: this.loadBase }, this.cache);
      const broken = new Set(result.diagnostics.filter((d) => d.code.startsWith('syntax/') || d.code === 'file/unreadable').map((d) => d.loc.file));
      this.table = new NameTable(mergeSymbols(this.table.all, indexSymbols(result.files).all, broken));
      diagnostics = [...result.diagnostics, ...this.scenarioChecks.check(rulings, result.ir)];
    } catch (e) {
      this.cache.clear();
      throw e;
    }
    this.checked = true;
    return { sources, rulings, diagnostics };
  }

  /** The game's names for completion, hover and definition (checking once if never checked). */
  get names(): NameTable {
    if (!this.checked) this.check();
    return this.table;
  }

  /** The names over every file, for references and rename, with the texts they were read from. */
  references(): { names: GameNames; sources: SourceText[]; parsed: ReturnType<typeof parseSources>['files']; rulings: SourceText[] } {
    const sources = this.workspace.sources(this.key);
    const same = this.last && this.last.sources.length === sources.length && this.last.sources.every((s, i) => s.path === sources[i]!.path && s.text === sources[i]!.text);
    if (!same || !this.last) {
      const parsed = parseSources(sources, this.cache).files;
      this.last = { sources, names: new GameNames({ sources, files: parsed }), parsed };
    }
    return { ...this.last, rulings: this.workspace.rulings(this.key) };
  }
}
