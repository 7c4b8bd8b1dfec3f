/**
 * Rename across the game's .grim files and its rulings: compiler/references.ts says where a
 * rename starts (prepareRename) and refuses what is not a name of the game; scenario/rename.ts
 * (`renameInGame`, as the playground's worker) edits the .grim files and the YAML rulings where
 * they write the name. A refusal is an error answer the editor shows; what could not be renamed
 * in the rulings (a file that is not YAML, a log text) is a warning message beside the edit.
 */
import { ErrorCodes, ResponseError, type Connection, type Position, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { renameInGame } from '../scenario/rename.ts';
import type { Game } from './game.ts';
import { rangeOfLoc } from './positions.ts';
import type { Workspace } from './workspace.ts';

export function prepareRename(doc: TextDocument, position: Position, file: string, game: Game): { range: Range; placeholder: string } {
  const r = game.references().names.renameLocation(file, doc.offsetAt(position));
  if ('refused' in r) throw new ResponseError(ErrorCodes.InvalidRequest, r.refused);
  return { range: rangeOfLoc(r.loc), placeholder: r.text };
}

export function rename(doc: TextDocument, position: Position, file: string, newName: string, game: Game, workspace: Workspace, connection: Connection): WorkspaceEdit {
  const { names, sources, parsed, rulings } = game.references();
  const r = renameInGame(names, { sources, files: parsed }, file, doc.offsetAt(position), newName, rulings);
  if ('refused' in r) throw new ResponseError(ErrorCodes.InvalidRequest, `Not renamed: ${r.refused}`);
  if (r.warnings.length) void connection.window.showWarningMessage(`Renamed, but: ${r.warnings.join(' ')}`);
  const changes: Record<string, TextEdit[]> = {};
  for (const e of r.edits) (changes[workspace.uriOf(game.key.root, e.loc.file)] ??= []).push({ range: rangeOfLoc(e.loc), newText: e.text });
  return { changes };
}
