/**
 * The compile worker: the real compiler, off the page's thread. Each request carries the whole
 * game's sources and rulings; the reply carries every diagnostic — the rulings' mistakes against
 * the compiled rules too (services/scenario-checks.ts) — the symbol index and, when the rules compile, the
 * game's formats and parameters (variants.ts) for the run panel, and its card faces (card-faces.ts:
 * faces/'s SVG of every card, sent again only when they changed) for the gallery, board and hover.
 *
 * One parse per check: `checkGame` hands back the parsed files it compiled, and the symbol index
 * is built from them (they exist even when a file has errors — the parser recovers). Parses of
 * files whose text did not change since the last check are reused (`cache`): typing in one file
 * re-parses that file only.
 *
 * It also answers the editor's questions that need every file — find all references, where a
 * rename starts and its edits (compiler/references.ts) — over the files the question carries,
 * reusing the same parses; the names read for one version of the files serve the next question
 * about the same texts (peek, then rename). A rename also edits the game's scenarios (the YAML
 * files the request carries) where they write the renamed name (scenario/rename.ts).
 *
 * A revision compiles over its base game as shipped with the playground (base-games.ts).
 * Files too big to check as you type are not checked, and a check sends the page its first
 * diagnostics only (budget.ts), so that a pasted 5 MB file never slows the editor.
 */
import './language.ts'; // first: the page's language, before anything is worded
import { checkGame, parseSources, type ParseCache } from '../../../compiler/compile.ts';
import { GameNames } from '../../../compiler/references.ts';
import { renameInGame } from '../../../scenario/rename.ts';
import { indexSymbols } from '../../../compiler/symbols.ts';
import type { CompileReply, CompileRequest, ServiceReply, ServiceRequest, WorkspaceFile } from './protocol.ts';
import { ScenarioChecks } from '../../../services/scenario-checks.ts';
import { formatFile } from './format-file.ts';
import { variantsOf } from './variants.ts';
import { loadBase, loadBasesFor } from './base-games.ts';
import { shownDiagnostics, tooBigToCheck } from './budget.ts';
import { FaceSets } from './card-faces.ts';

const cache: ParseCache = new Map();
const scenarioChecks = new ScenarioChecks();
const faceSets = new FaceSets();

/** The names of the files of the last question, kept while the next one carries the same texts. */
let last: { files: WorkspaceFile[]; names: GameNames; parsed: ReturnType<typeof parseSources>['files'] } | null = null;

function namesOf(files: WorkspaceFile[]): { names: GameNames; parsed: ReturnType<typeof parseSources>['files'] } {
  const same = last && last.files.length === files.length && last.files.every((f, i) => f.path === files[i]!.path && f.text === files[i]!.text);
  if (!same || !last) {
    const parsed = parseSources(files, cache).files;
    last = { files, names: new GameNames({ sources: files, files: parsed }), parsed };
  }
  return last;
}

function answer(req: ServiceRequest): ServiceReply {
  try {
    if (req.type === 'format') return { type: 'answer', id: req.id, result: formatFile(req.files, req.path) };
    const { names, parsed } = namesOf(req.files);
    const result =
      req.type === 'references'
        ? (names.referencesAt(req.path, req.offset) ?? null)
        : req.type === 'renameLocation'
          ? names.renameLocation(req.path, req.offset)
          : renameInGame(names, { sources: req.files, files: parsed }, req.path, req.offset, req.newName, req.scenarios);
    return { type: 'answer', id: req.id, result };
  } catch (e) {
    last = null;
    return { type: 'answer', id: req.id, error: String((e as Error)?.stack ?? e) };
  }
}

/** One request at a time, in order: a check may first wait for a revision's base game to load. */
let queue: Promise<void> = Promise.resolve();
self.onmessage = (ev: MessageEvent<CompileRequest>) => {
  queue = queue.then(() => handle(ev.data));
};

async function handle(req: CompileRequest): Promise<void> {
  if (req.type !== 'check') {
    (self as unknown as Worker).postMessage(answer(req));
    return;
  }
  const t0 = performance.now();
  let reply: CompileReply;
  const tooBig = tooBigToCheck(req.files);
  if (tooBig) {
    cache.clear(); // let go of the parses of the files as they were before
    (self as unknown as Worker).postMessage({ type: 'checked', id: req.id, diagnostics: [], symbols: [], variants: null, ms: performance.now() - t0, gaveUp: tooBig, faces: null } satisfies CompileReply);
    return;
  }
  try {
    await loadBasesFor(req.files);
    const result = checkGame({ sources: req.files, loadBase }, cache);
    const symbols = indexSymbols(result.files).all;
    const diagnostics = [...result.diagnostics, ...scenarioChecks.check(req.scenarios, result.ir)];
    const faces = result.ir ? faceSets.next(result.ir, req.facesVersion) : null;
    reply = { type: 'checked', id: req.id, ...shownDiagnostics(diagnostics), symbols, variants: result.ir ? variantsOf(result.ir) : null, ms: performance.now() - t0, faces };
  } catch (e) {
    cache.clear();
    reply = { type: 'checked', id: req.id, diagnostics: [], symbols: [], variants: null, ms: performance.now() - t0, crash: String((e as Error)?.stack ?? e), faces: null };
  }
  (self as unknown as Worker).postMessage(reply);
}
