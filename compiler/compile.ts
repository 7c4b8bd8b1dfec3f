/**
 * The compiler pipeline in one function: sources → (parse) → ASTs → (resolve) → declarations
 * → (check and lower) → IR. Each phase stops the pipeline when it reports errors.
 */
import { newReparseMemory, reparseFile, type ReparseMemory } from '../grammar/reparse.ts';
import type { SourceFile } from '../grammar/ast.ts';
import { diag, type Diagnostic } from './diagnostics.ts';
import { msg, type Message } from '../i18n/format.ts';
import { resolveDeclarations, type Declarations } from './resolve.ts';
import { lowerGame } from './lower.ts';
import { lowerFaces } from './faces.ts';
import { checkTextDrift } from './text-drift.ts';
import { foldRemovedUses } from './revise.ts';
import type { GameIR } from './ir.ts';

export interface SourceText {
  path: string;
  text: string;
  /** Set by the reader when the bytes were not valid UTF-8: where the first bad byte is, in `text`. */
  notUtf8?: { offset: number; byte: number };
}

export interface CompileInput {
  /** The game's own files (rules and cards). */
  sources: SourceText[];
  /** For a revision: returns the files of the game it revises, or undefined if unknown. */
  loadBase?: (name: string) => SourceText[] | undefined;
}

export interface CompileResult {
  ir?: GameIR;
  diagnostics: Diagnostic[];
}

/**
 * The largest file checked, in characters. Checking takes time and memory linear in the text: a
 * 5 MB file with 5,000 errors takes 2–4 s of CPU and peaks at 220–350 MB (`npm run bench`); the
 * limit keeps a check within about twice that.
 */
const MAX_FILE_CHARS = 8 * 1024 * 1024;

/**
 * What an editor keeps between checks: each file's parse, by path, reused while its text is the
 * same (the compiler never changes an AST). Typing in one file then re-parses that file only,
 * and of that file only the declarations whose text changed (grammar/reparse.ts).
 */
export type ParseCache = Map<string, { text: string; ast: SourceFile; diagnostics: Diagnostic[]; memory: ReparseMemory }>;

/**
 * `compilerOnly`: for a compile whose trees no tool reads (compileGame): repeated abilities share
 * their clauses (grammar/repeats.ts; read clauses with `clausesOf`), and plain cards' names and
 * values are packed (grammar/packed-card.ts), which saves memory the collector would copy.
 */
export function parseSources(sources: SourceText[], cache?: ParseCache, compilerOnly = false): { files: SourceFile[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const files: SourceFile[] = [];
  for (const s of sources) {
    const problem = unreadable(s);
    if (problem) {
      diagnostics.push(diag('file/unreadable', locAt(s.path, s.text, problem.offset), problem.text));
      continue;
    }
    let parsed = cache?.get(s.path);
    if (!parsed || parsed.text !== s.text) {
      // Declaration by declaration even on a first parse: the same AST as parseFile, but only one
      // declaration's tokens are alive at a time (a 5 MB file's tokens alone take 200 MB). The
      // pieces are remembered only for a cache (an editor's next check).
      const memory = cache ? (parsed?.memory ?? newReparseMemory()) : null;
      const r = reparseFile(s.path, s.text, memory, compilerOnly && !cache);
      parsed = { text: s.text, ast: r.ast, diagnostics: r.diagnostics.map((d) => diag(d.code, d.loc, d.text ?? d.message)), memory: memory ?? newReparseMemory() };
      cache?.set(s.path, parsed);
    }
    diagnostics.push(...parsed.diagnostics);
    files.push(parsed.ast);
  }
  if (cache) for (const path of cache.keys()) if (!sources.some((s) => s.path === path)) cache.delete(path);
  return { files, diagnostics };
}

function unreadable({ text, notUtf8 }: SourceText): { text: Message; offset: number } | undefined {
  if (text.length > MAX_FILE_CHARS) return { offset: 0, text: msg('file/unreadable.too-large', { size: (text.length / 1024 / 1024).toFixed(1), max: MAX_FILE_CHARS / 1024 / 1024 }) };
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return { offset: nul, text: msg('file/unreadable.binary') };
  if (notUtf8) return { offset: notUtf8.offset, text: msg('file/unreadable.not-utf8', { byte: notUtf8.byte.toString(16).padStart(2, '0') }) };
  return undefined;
}

/** The position of one character of a file, for a diagnostic about the file as a whole. */
function locAt(file: string, text: string, offset: number): Diagnostic['loc'] {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const col = offset - lineStart + 1;
  return { file, line, col, offset, endLine: line, endCol: col, endOffset: offset + 1 };
}

export function compileGame(input: CompileInput): CompileResult {
  // Its trees are dropped once lowered: shared clauses and packed cards (parseSources).
  const { ir, diagnostics } = check(input, undefined, true);
  return ir ? { ir, diagnostics } : { diagnostics };
}

/**
 * compileGame for an editor: also returns the game's own parsed files — there even when they have
 * errors, since parsing recovers — so the editor's symbol index needs no second parse; `cache`
 * keeps the parses of unchanged files from one check to the next.
 */
export function checkGame(input: CompileInput, cache?: ParseCache): CompileResult & { files: SourceFile[] } {
  return check(input, cache, false);
}

function check(input: CompileInput, cache: ParseCache | undefined, compilerOnly: boolean): CompileResult & { files: SourceFile[] } {
  const own = parseSources(input.sources, cache, compilerOnly);
  if (own.diagnostics.some((d) => d.severity === 'error')) return { diagnostics: own.diagnostics, files: own.files };
  const layers = loadLayers(input, own.files, compilerOnly);
  if ('diagnostics' in layers) return { diagnostics: layers.diagnostics, files: own.files };
  const { baseFiles, baseSources } = layers;
  const resolved = resolveDeclarations(baseFiles, own.files);
  if (resolved.diagnostics.some((d) => d.severity === 'error')) return { diagnostics: resolved.diagnostics, files: own.files };

  const allSources = [...baseSources, ...input.sources];
  const fileList = allSources.map((s) => s.path);
  const lowered = lowerGame(resolved.decls, fileList);
  // A use of something a revision removed is reported once, at the `remove` (compiler/revise.ts).
  const folded = (list: Diagnostic[]) => foldRemovedUses(list, resolved.decls.removals ?? [], allSources);
  const diagnostics = [...resolved.diagnostics, ...lowered.diagnostics];
  if (!lowered.ir) return { diagnostics: folded(diagnostics), files: own.files };
  // How the cards look when printed (faces, printed texts), and the printed texts checked against
  // the abilities: presentation only, added to an IR whose rules are complete.
  // (The drift check reads the cards, not the faces: its warnings stay while a face has an error.)
  const faces = lowerFaces(resolved.decls, lowered.ir);
  diagnostics.push(...faces.diagnostics, ...checkTextDrift(resolved.decls, lowered.ir));
  if (faces.diagnostics.some((d) => d.severity === 'error')) return { diagnostics: folded(diagnostics), files: own.files };
  lowered.ir.faces = faces.faces;
  return { ir: lowered.ir, diagnostics: folded(diagnostics), files: own.files };
}

/**
 * A revision's base, and the base's base when it is a revision too (8.0 → 8.1 → 8.2): the
 * layers in order from the plain game up, each applying its overrides to the ones below.
 */
function loadLayers(input: CompileInput, ownFiles: SourceFile[], compilerOnly = false): { baseFiles: SourceFile[]; baseSources: SourceText[] } | { diagnostics: Diagnostic[] } {
  let baseFiles: SourceFile[] = [];
  let baseSources: SourceText[] = [];
  const revisionOf = (files: SourceFile[]) => {
    // (A loop, not a flatMap: a pool's file holds tens of thousands of declarations.)
    for (const f of files) for (const d of f.decls) if (d.kind === 'revision') return d;
    return undefined;
  };
  let revision = revisionOf(ownFiles);
  const chain: string[] = revision ? [revision.name.text] : [];
  while (revision) {
    const baseName = revision.base.text;
    if (chain.slice(1).includes(baseName) || chain.length > 32) {
      return { diagnostics: [diag('game/revision-cycle', revision.base.loc, msg('game/revision-cycle.revisions-revise-each-other-in', { p: [...chain, baseName].join(' → ') }))] };
    }
    chain.push(baseName);
    const loaded = input.loadBase?.(baseName);
    if (!loaded) {
      return { diagnostics: [diag('game/unknown-base', revision.base.loc, msg('game/unknown-base.revision-revises-but-there-is', { name: revision.name.text, baseName }))] };
    }
    const base = parseSources(loaded, undefined, compilerOnly);
    if (base.diagnostics.length) return { diagnostics: base.diagnostics };
    baseFiles = [...base.files, ...baseFiles];
    baseSources = [...loaded, ...baseSources];
    revision = revisionOf(base.files);
  }
  return { baseFiles, baseSources };
}

/**
 * A game's declarations after every layer's overrides and removals, with the sources of all its
 * layers (their text, for tools that show definitions: `grimoire diff`). Null when it does not
 * compile that far (the diagnostics say why).
 */
export function resolveGame(input: CompileInput): { decls: Declarations | null; sources: SourceText[]; diagnostics: Diagnostic[] } {
  const own = parseSources(input.sources);
  if (own.diagnostics.some((d) => d.severity === 'error')) return { decls: null, sources: input.sources, diagnostics: own.diagnostics };
  const layers = loadLayers(input, own.files);
  if ('diagnostics' in layers) return { decls: null, sources: input.sources, diagnostics: layers.diagnostics };
  const resolved = resolveDeclarations(layers.baseFiles, own.files);
  return { decls: resolved.diagnostics.some((d) => d.severity === 'error') ? null : resolved.decls, sources: [...layers.baseSources, ...input.sources], diagnostics: resolved.diagnostics };
}
