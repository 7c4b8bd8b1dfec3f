/**
 * Go to definition and find references. A definition is read like the playground's (the name's
 * meaning at the cursor: services/cursor.ts over the game's names, a local name's binding in the
 * same file); references need every file of the game, read by compiler/references.ts (the same
 * answer the playground's compile worker gives).
 */
import type { Location, Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { symbolAt } from '../services/cursor.ts';
import type { Game } from './game.ts';
import { rangeOfLoc } from './positions.ts';
import type { Workspace } from './workspace.ts';

export function definition(doc: TextDocument, position: Position, game: Game, workspace: Workspace): Location[] {
  const at = symbolAt(doc.getText(), doc.offsetAt(position), game.names);
  if (!at) return [];
  if (at.binding) return [{ uri: doc.uri, range: { start: doc.positionAt(at.binding.start), end: doc.positionAt(at.binding.end) } }];
  return at.defs.map((s) => ({ uri: workspace.uriOf(game.key.root, s.loc.file), range: rangeOfLoc(s.loc) }));
}

export function references(doc: TextDocument, position: Position, file: string, includeDeclaration: boolean, game: Game, workspace: Workspace): Location[] {
  const r = game.references().names.referencesAt(file, doc.offsetAt(position));
  if (!r) return [];
  return r.references.filter((x) => includeDeclaration || !x.definition).map((x) => ({ uri: workspace.uriOf(game.key.root, x.loc.file), range: rangeOfLoc(x.loc) }));
}
