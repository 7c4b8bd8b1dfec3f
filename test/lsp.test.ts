// `grimoire lsp` driven through the Language Server Protocol, as an editor drives it: the server
// runs as its own process and this test is its client (test/lsp-harness.ts). Every wait is for a
// message (a reply, a notification), never a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatGrim } from '../grammar/format.ts';
import type { CompletionList, Diagnostic, DocumentSymbol, Hover, Location, ProtocolConnection, SemanticTokens, WorkspaceEdit } from 'vscode-languageserver-protocol/node';
import { root } from './helpers.ts';
import { startLsp, uriOf, type LspSession } from './lsp-harness.ts';

const GAME = 'rules/trump/game.grim';
const BASIC = 'rules/trump/basic.grim';
const gameText = readFileSync(join(root, GAME), 'utf8');
const basicText = readFileSync(join(root, BASIC), 'utf8');

let lsp: LspSession;
let client: ProtocolConnection;
const change = (uri: string, text: string): void => lsp.change(uri, text);
const diagnosticsFor = (uri: string, test: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> => lsp.diagnosticsFor(uri, test);

/** Line and character (0-based, UTF-16) of the n-th occurrence of `needle` in `text`, plus `shift` characters. */
function positionOf(text: string, needle: string, shift = 0, nth = 0): { line: number; character: number } {
  let at = -1;
  for (let k = 0; k <= nth; k++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`not found: ${needle}`);
  const before = text.slice(0, at + shift);
  return { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 };
}

beforeAll(async () => {
  lsp = await startLsp();
  client = lsp.client;
  expect(lsp.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, referencesProvider: true, renameProvider: { prepareProvider: true } });
  for (const [path, text] of [[GAME, gameText], [BASIC, basicText]] as const) await lsp.open(uriOf(path), text);
});

afterAll(async () => {
  await lsp?.stop();
});

describe('grimoire lsp over the protocol', () => {
  it('publishes diagnostics as you type: an error with its range (UTF-16, after kanji), then none once fixed', async () => {
    const clean = await diagnosticsFor(uriOf(GAME), () => true);
    expect(clean, lsp.stderr()).toEqual([]);

    // A zone the game does not have, after a comment holding kanji on the same line: the range
    // counts UTF-16 code units (20), not bytes (a byte count would put it at 26).
    const broken = gameText.replace('  leftover graveyard', '  leftover /* 墓地 */ 墓地ゾーン');
    change(uriOf(GAME), broken);
    const [d, ...more] = await diagnosticsFor(uriOf(GAME), (list) => list.length > 0);
    expect(more).toEqual([]);
    expect(d).toMatchObject({ code: 'name/unknown', severity: 1, source: 'grimoire', message: expect.stringContaining("unknown zone '墓地ゾーン'") });
    const line = positionOf(gameText, '  leftover graveyard').line;
    expect(d!.range).toEqual({ start: { line, character: 20 }, end: { line, character: 25 } });

    change(uriOf(GAME), gameText);
    expect(await diagnosticsFor(uriOf(GAME), (list) => list.length === 0)).toEqual([]);
  });

  it('checks with the unsaved text of every open file: a zone renamed in one buffer breaks its uses in another', async () => {
    change(uriOf(GAME), gameText.replace('zone fog per player', 'zone mist per player'));
    const uses = await diagnosticsFor(uriOf(BASIC), (list) => list.some((d) => String(d.message).includes("'fog'")));
    const first = positionOf(basicText, 'p.fog', 2);
    expect(uses.find((d) => d.range.start.line === first.line)?.range).toEqual({ start: first, end: { line: first.line, character: first.character + 3 } });
    change(uriOf(GAME), gameText);
    await diagnosticsFor(uriOf(BASIC), (list) => list.length === 0);
  });

  it('checks a ruling as it is typed, against the compiled rules, and clears it when fixed', async () => {
    const path = 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml';
    const text = readFileSync(join(root, path), 'utf8');
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: uriOf(path), languageId: 'yaml', version: 1, text } });
    change(uriOf(path), text.replace('p2.graveyard:', 'p2.cemetery:'));
    const [d] = await diagnosticsFor(uriOf(path), (list) => list.length > 0);
    expect(d!.range.start).toEqual(positionOf(text, 'p2.graveyard:')); // the key, `p2.cemetery`
    expect(d!.message).toContain('cemetery');
    change(uriOf(path), text);
    await diagnosticsFor(uriOf(path), (list) => list.length === 0);
    await client.sendNotification('textDocument/didClose', { textDocument: { uri: uriOf(path) } });
  });

  it("serves a designer's own project too: the game is found from the file's path (rules/<game>/ under any root)", async () => {
    const project = mkdtempSync(join(tmpdir(), 'grim-lsp-'));
    expect(spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'new', 'my-game'], { cwd: project, env: { ...process.env, GRIMOIRE_ROOT: project } }).status).toBe(0);
    const path = join(project, 'rules/my-game/game.grim');
    const uri = pathToFileURL(path).href;
    const text = readFileSync(path, 'utf8');
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'grimoire', version: 1, text } });
    expect(await diagnosticsFor(uri, () => true)).toEqual([]);
    change(uri, `${text}\nzone 山札 per player hidden\nzone 山札 per player hidden\n`);
    const [d] = await diagnosticsFor(uri, (list) => list.length > 0);
    const line = text.split('\n').length + 1; // the second declaration, 0-based
    expect(d!.range).toEqual({ start: { line, character: 5 }, end: { line, character: 7 } });
    await client.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('checks a revision over its base game, with the base game as the editor has it', async () => {
    const rev = uriOf('rules/trump-82/revision.grim');
    const text = readFileSync(join(root, 'rules/trump-82/revision.grim'), 'utf8');
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: rev, languageId: 'grimoire', version: 1, text } });
    expect(await diagnosticsFor(rev, () => true)).toEqual([]);
    await client.sendNotification('textDocument/didClose', { textDocument: { uri: rev } });
  });

  it('completes a zone name after `p.`', async () => {
    // `move p.fog to p.gra|veyard` in basic.grim: the cursor after `gra`.
    const position = positionOf(basicText, 'p.graveyard', 'p.gra'.length);
    const list = (await client.sendRequest('textDocument/completion', { textDocument: { uri: uriOf(BASIC) }, position })) as CompletionList;
    const item = list.items.find((i) => i.label === 'graveyard');
    expect(item).toMatchObject({ kind: 19 /* Folder: a zone, as in the playground */, labelDetails: { description: 'zone' } });
    expect(item!.textEdit).toEqual({ range: { start: { line: position.line, character: position.character - 3 }, end: position }, newText: 'graveyard' });
    const resolved = (await client.sendRequest('completionItem/resolve', item)) as { documentation?: { kind: string; value: string } };
    // Where the zone is declared, read from the file (its line moves when the header grows).
    const zoneLine = readFileSync(join(root, 'rules/trump/game.grim'), 'utf8').split('\n').findIndex((l) => l.startsWith('zone graveyard')) + 1;
    expect(zoneLine).toBeGreaterThan(0);
    expect(resolved.documentation?.value).toMatch(new RegExp(`\\*defined at\\* rules.*game.*${zoneLine}.*6$`));
    expect(resolved.documentation?.value).toContain('墓地'); // the zone's title, written in the game
  });

  it('hovers a name with its kind, signature and place', async () => {
    const h = (await client.sendRequest('textDocument/hover', { textDocument: { uri: uriOf(BASIC) }, position: positionOf(basicText, 'p.graveyard', 4) })) as Hover;
    const value = (h.contents as { value: string }).value;
    expect(value).toContain('**zone**');
    expect(value).toContain('zone graveyard');
  });

  it('goes to the definition of a zone in another file', async () => {
    const defs = (await client.sendRequest('textDocument/definition', { textDocument: { uri: uriOf(BASIC) }, position: positionOf(basicText, 'p.graveyard', 4) })) as Location[];
    const decl = positionOf(gameText, 'zone graveyard', 5);
    expect(defs).toEqual([{ uri: uriOf(GAME), range: { start: decl, end: { line: decl.line, character: decl.character + 'graveyard'.length } } }]);
  });

  it('finds the references of a zone across the game', async () => {
    const refs = (await client.sendRequest('textDocument/references', { textDocument: { uri: uriOf(BASIC) }, position: positionOf(basicText, 'p.graveyard', 4), context: { includeDeclaration: true } })) as Location[];
    const files = new Set(refs.map((r) => r.uri));
    expect(files).toContain(uriOf(GAME));
    expect(files).toContain(uriOf(BASIC));
    expect(refs.length).toBeGreaterThan(5);
    const withoutDecl = (await client.sendRequest('textDocument/references', { textDocument: { uri: uriOf(BASIC) }, position: positionOf(basicText, 'p.graveyard', 4), context: { includeDeclaration: false } })) as Location[];
    expect(withoutDecl.length).toBe(refs.length - 1);
  });

  it('renames a zone across the .grim files and the rulings', async () => {
    const position = positionOf(basicText, 'p.graveyard', 4);
    const prepared = await client.sendRequest('textDocument/prepareRename', { textDocument: { uri: uriOf(BASIC) }, position });
    expect(prepared).toMatchObject({ placeholder: 'graveyard', range: { start: { line: position.line, character: position.character - 2 } } });
    const edit = (await client.sendRequest('textDocument/rename', { textDocument: { uri: uriOf(BASIC) }, position, newName: 'cemetery' })) as WorkspaceEdit;
    const uris = Object.keys(edit.changes ?? {});
    expect(uris).toContain(uriOf(GAME));
    expect(uris).toContain(uriOf(BASIC));
    const ruling = uriOf('rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml');
    expect(uris).toContain(ruling);
    // `  p2.graveyard: [♡5]` in the ruling: the name after `p2.`.
    const yamlText = readFileSync(join(root, 'rules/trump/rulings/r-tr-02-soldier-vs-soldier.yaml'), 'utf8');
    const at = positionOf(yamlText, 'p2.graveyard', 3);
    expect(edit.changes![ruling]).toContainEqual({ range: { start: at, end: { line: at.line, character: at.character + 9 } }, newText: 'cemetery' });
    // The declaration itself.
    const decl = positionOf(gameText, 'zone graveyard', 5);
    expect(edit.changes![uriOf(GAME)]).toContainEqual({ range: { start: decl, end: { line: decl.line, character: decl.character + 9 } }, newText: 'cemetery' });
  });

  it('refuses to rename what is not a name of the game, with the reason', async () => {
    const position = positionOf(basicText, 'move p.fog', 1); // the keyword `move`
    await expect(client.sendRequest('textDocument/rename', { textDocument: { uri: uriOf(BASIC) }, position, newName: 'x' })).rejects.toThrow(/./);
  });

  it('outlines a file (document symbols)', async () => {
    const symbols = (await client.sendRequest('textDocument/documentSymbol', { textDocument: { uri: uriOf(GAME) } })) as DocumentSymbol[];
    const zone = symbols.find((s) => s.name === 'graveyard');
    expect(zone).toMatchObject({ kind: 18 /* Array */, detail: expect.stringContaining('zone graveyard') });
    expect(symbols.find((s) => s.name === 'Suit')).toMatchObject({ kind: 10 /* Enum */ });
  });

  it('colours names by what they are (semantic tokens)', async () => {
    const init = (await client.sendRequest('textDocument/semanticTokens/full', { textDocument: { uri: uriOf(GAME) } })) as SemanticTokens;
    const decoded: { line: number; character: number; length: number; type: number }[] = [];
    let line = 0;
    let character = 0;
    for (let i = 0; i < init.data.length; i += 5) {
      const [dl, dc, length, type] = init.data.slice(i, i + 4) as [number, number, number, number];
      line += dl;
      character = dl === 0 ? character + dc : dc;
      decoded.push({ line, character, length, type });
    }
    const legend = ['namespace', 'class', 'enum', 'interface', 'struct', 'parameter', 'variable', 'property', 'enumMember', 'event', 'function', 'method', 'keyword', 'comment', 'string', 'number'];
    const at = (p: { line: number; character: number }) => decoded.find((d) => d.line === p.line && d.character === p.character);
    const zoneWord = positionOf(gameText, 'zone graveyard');
    expect(legend[at(zoneWord)!.type]).toBe('keyword');
    expect(at({ line: zoneWord.line, character: zoneWord.character + 5 })).toMatchObject({ length: 9, type: legend.indexOf('variable') });
    expect(legend[at({ line: 0, character: 0 })!.type]).toBe('comment');
  });

  it('formats a document as grimoire fmt does (one edit for the whole text; none when it does not parse)', async () => {
    const project = mkdtempSync(join(tmpdir(), 'grim-lsp-fmt-'));
    expect(spawnSync(process.execPath, [join(root, 'cli/bin.js'), 'new', 'fmt-game'], { cwd: project, env: { ...process.env, GRIMOIRE_ROOT: project } }).status).toBe(0);
    const path = join(project, 'rules/fmt-game/game.grim');
    const uri = pathToFileURL(path).href;
    const messy = readFileSync(path, 'utf8').replace('zone hand per player private "Hand"', 'zone   hand  per player private   "Hand"').replace('players 2', 'players    2');
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'grimoire', version: 1, text: messy } });
    const edits = (await client.sendRequest('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })) as { newText: string; range: { start: { line: number } } }[];
    expect(edits).toHaveLength(1);
    expect(edits[0]!.range.start.line).toBe(0);
    expect(edits[0]!.newText).toBe(formatGrim(messy, path).text);
    expect(edits[0]!.newText).toContain('zone hand per player private "Hand"');
    change(uri, `${messy}
zone {`);
    expect(await client.sendRequest('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
    await client.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });
});
