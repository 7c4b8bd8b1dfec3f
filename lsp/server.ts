/**
 * `grimoire lsp`: the language server, over stdio (JSON-RPC, the Language Server Protocol).
 * The connection and the open documents; each request finds the game of its file
 * (workspace.ts) and answers from the code the playground uses (services/, compiler/,
 * scenario/rename.ts) — one file per feature beside this one.
 *
 * Nothing but the protocol may be written to stdout: console.log and console.info go to stderr
 * while the server runs (a stray print would corrupt a message).
 *
 * Formatting is `grimoire fmt`'s (grammar/format.ts): one edit replacing the whole document by
 * its formatted text, or no edit when the file does not parse (its diagnostics say why).
 */
import { createConnection, TextDocuments, TextDocumentSyncKind, type Connection, type InitializeResult, type TextDocumentPositionParams } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatGrim } from '../grammar/format.ts';
import { Completions } from './completion.ts';
import { DiagnosticsPublisher } from './diagnostics.ts';
import { Game } from './game.ts';
import { hover } from './hover.ts';
import { definition, references } from './navigation.ts';
import { prepareRename, rename } from './rename.ts';
import { legend, semanticTokens } from './semantic-tokens.ts';
import { documentSymbols } from './symbols.ts';
import { gameOfPath, keyOf, pathOfUri, Workspace, type GameKey } from './workspace.ts';
import { join } from 'node:path';
import { setLanguage } from '../i18n/format.ts';
import { languageOf } from '../i18n/language.ts';

export function startLanguageServer(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Connection {
  console.log = console.info = console.error;
  const connection = createConnection(input, output);
  const documents = new TextDocuments(TextDocument);
  const workspace = new Workspace(() => documents.all());
  const games = new Map<string, Game>();
  const publisher = new DiagnosticsPublisher(connection, workspace);
  const completions = new Completions();

  const gameFor = (k: GameKey): Game => {
    let g = games.get(keyOf(k));
    if (!g) {
      g = new Game(k, workspace, (name) => (gameOfPath(join(k.root, 'rules', name, 'x')) ? workspace.sources({ root: k.root, game: name }) : undefined));
      games.set(keyOf(k), g);
    }
    return g;
  };

  /** The game of a document and the document's root-relative path (`rules/trump/game.grim`). */
  const located = (uri: string): { game: Game; file: string; doc: TextDocument } | undefined => {
    const doc = documents.get(uri);
    const path = pathOfUri(uri);
    const k = path ? gameOfPath(path) : undefined;
    if (!doc || !path || !k) return undefined;
    return { game: gameFor(k), file: workspace.relative(k.root, path), doc };
  };
  const grim = (uri: string) => uri.endsWith('.grim');
  const at = (p: TextDocumentPositionParams) => (grim(p.textDocument.uri) ? located(p.textDocument.uri) : undefined);

  connection.onInitialize(
    (params): InitializeResult => {
      // The editor's locale (VS Code's display language) chooses the words; a locale without a
      // catalog gives English. Without one, the language the command line chose (--lang, the environment).
      if (params.locale) setLanguage(languageOf(params.locale) ?? 'en');
      return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['.'], resolveProvider: true },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        semanticTokensProvider: { legend, full: true },
        documentFormattingProvider: true,
      },
      serverInfo: { name: 'grimoire' },
      };
    },
  );

  // Diagnostics as you type: every change to a game's .grim or ruling file re-checks the game.
  const changed = (uri: string) => {
    const l = located(uri) ?? (() => {
      const path = pathOfUri(uri);
      const k = path ? gameOfPath(path) : undefined;
      return k ? { game: gameFor(k) } : undefined;
    })();
    if (l && /\.(grim|ya?ml)$/.test(uri)) publisher.schedule(l.game);
  };
  documents.onDidOpen((e) => changed(e.document.uri));
  documents.onDidChangeContent((e) => changed(e.document.uri));
  documents.onDidClose((e) => changed(e.document.uri));
  connection.onDidChangeWatchedFiles((e) => e.changes.forEach((c) => changed(c.uri)));

  connection.onCompletion((p) => {
    const l = at(p);
    return l ? completions.complete(l.doc, p.position, l.game.names, l.file) : null;
  });
  connection.onCompletionResolve((item) => completions.resolve(item));
  connection.onHover((p) => {
    const l = at(p);
    return l ? hover(l.doc, p.position, l.game.names, l.file) : null;
  });
  connection.onDefinition((p) => {
    const l = at(p);
    return l ? definition(l.doc, p.position, l.game, workspace) : null;
  });
  connection.onReferences((p) => {
    const l = at(p);
    return l ? references(l.doc, p.position, l.file, p.context.includeDeclaration, l.game, workspace) : null;
  });
  connection.onPrepareRename((p) => {
    const l = at(p);
    return l ? prepareRename(l.doc, p.position, l.file, l.game) : null;
  });
  connection.onRenameRequest((p) => {
    const l = at(p);
    return l ? rename(l.doc, p.position, l.file, p.newName, l.game, workspace, connection) : null;
  });
  connection.onDocumentSymbol((p) => {
    const l = grim(p.textDocument.uri) ? located(p.textDocument.uri) : undefined;
    return l ? documentSymbols(l.game.names, l.file) : null;
  });
  connection.languages.semanticTokens.on((p) => {
    const l = grim(p.textDocument.uri) ? located(p.textDocument.uri) : undefined;
    return l ? semanticTokens(l.doc.getText(), l.game.names) : { data: [] };
  });

  connection.onDocumentFormatting((p) => {
    const doc = documents.get(p.textDocument.uri);
    if (!doc || !grim(p.textDocument.uri)) return null;
    const text = doc.getText();
    const r = formatGrim(text, pathOfUri(p.textDocument.uri) ?? 'document.grim');
    if (!r.ok || r.text === text) return [];
    return [{ range: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) }, newText: r.text }];
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
