/**
 * The messages between the page and its workers — one place for their types.
 *
 * The compile worker (compile.worker.ts) checks the game's files on every (coalesced) edit and
 * returns diagnostics, the symbol index, the game's formats and parameters and its card faces. The run worker (run.worker.ts) runs a scenario or a
 * random game; the page terminates it to cancel. The compile worker also answers the editor's
 * questions that need every file: find all references and rename (compiler/references.ts), and
 * formats a file (grammar/format.ts needs the parser, which stays in the worker).
 */
import type { Diagnostic } from '../../../compiler/diagnostics.ts';
import type { SymbolInfo } from '../../../compiler/symbols.ts';
import type { ReferencesResult, RenameLocation } from '../../../compiler/references.ts';
import type { GameRenameResult } from '../../../scenario/rename.ts';
import type { GameVariants } from './variants.ts';
import type { FaceSet } from './card-faces.ts';

export interface WorkspaceFile {
  path: string;
  text: string;
}

export type CompileRequest = CheckRequest | ServiceRequest;

export type CheckRequest = {
  type: 'check';
  /** Increases with every request; a reply to an older one is ignored. */
  id: number;
  /** The game's source files (.grim). */
  files: WorkspaceFile[];
  /** The game's rulings (.yaml), checked against the compiled rules: their mistakes come back as diagnostics too. */
  scenarios: WorkspaceFile[];
  /** The version of the card faces the page holds (0: none): unchanged faces are not sent again. */
  facesVersion: number;
};

/**
 * A question about the name at a place (0-based offset) of a file, over the files as they are now;
 * a rename also carries the game's scenarios (their names are renamed too: scenario/rename.ts).
 */
export type ServiceRequest = { id: number; files: WorkspaceFile[]; path: string; offset: number } & (
  | { type: 'references' }
  | { type: 'renameLocation' }
  | { type: 'format' }
  | { type: 'rename'; newName: string; scenarios: WorkspaceFile[] }
);

/** What each question is answered with. */
export interface ServiceResults {
  references: ReferencesResult | null;
  renameLocation: RenameLocation;
  /** The file in the canonical layout (grammar/format.ts), or why it was not formatted (a syntax error). */
  format: { text: string } | { refused: string };
  /** The .grim edits and the scenarios' (rules/<game>/rulings/*.yaml), with what could not be renamed in them. */
  rename: GameRenameResult;
}

/** The answer to a ServiceRequest (same id); `error` (and no result) when the worker failed on it. */
export type ServiceReply = { type: 'answer'; id: number; result?: ServiceResults[keyof ServiceResults]; error?: string };

export type CompileWorkerReply = CompileReply | ServiceReply;

export type CompileReply = {
  type: 'checked';
  id: number;
  diagnostics: Diagnostic[];
  /** Every definition of the game, for hover, completion and go to definition. */
  symbols: SymbolInfo[];
  /** The game's formats and rule parameters, when the rules compile (else null): the run panel's choices. */
  variants: GameVariants | null;
  /** Compute time in the worker, ms. */
  ms: number;
  /** The compiler itself failed (a bug): shown in the page, never only in the console. */
  crash?: string;
  /** Diagnostics found but not sent (budget.ts: the page shows the first ones), by severity. */
  omitted?: { errors: number; warnings: number };
  /** The files are too big to check as you type (budget.ts): why, in words. Nothing was checked. */
  gaveUp?: string;
  /**
   * The card faces (card-faces.ts) when the rules compile: a new set, or 'unchanged' (the page's
   * version is current); null when the rules do not compile — the page keeps its faces, marked stale.
   */
  faces: FaceSet | 'unchanged' | null;
};
