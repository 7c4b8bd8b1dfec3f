/**
 * Every game's IR and every file's parse, pinned by hash (issue 31, "split by construct"): the
 * parser and the lowering were split into one file per construct family with no change of
 * behaviour, and this test proves it — test/golden/ir-hashes.json was written by the code before
 * the split. It covers every game under rules/ and the test fixtures' games (their IR, or their
 * diagnostics when they do not compile), the parse (AST and syntax diagnostics) of every .grim file
 * and of every `grim` example in docs/, and fixed samples of the generated games and mistakes
 * (test/generated-games.ts). A change that is meant to change the IR or the AST (a new construct,
 * a rules fix, a generator that grows) updates the file: `npx vitest run test/ir-unchanged.test.ts --update`
 * — check that only the entries you expect moved.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGame, type SourceText } from '../compiler/compile.ts';
import { gameSources, grimFiles, listGames, readSources } from '../compiler/project.ts';
import { parseFile } from '../grammar/parse.ts';
import { gameArb, mangledArb } from './generated-games.ts';
import { root } from './helpers.ts';

const hash = (v: unknown): string => createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 16);

function compiledHash(sources: SourceText[], projectRoot: string): string {
  const r = compileGame({ sources, loadBase: (n) => gameSources(projectRoot, n) ?? gameSources(root, n) });
  return r.ir ? `ir ${hash(r.ir)}` : `diagnostics ${hash(r.diagnostics)}`;
}

/** Project roots holding rules/<game>/: the repository and the fixtures laid out the same way. */
const projectRoots = [root, ...readdirSync(join(root, 'test/fixtures')).map((d) => join(root, 'test/fixtures', d)).filter((d) => statSync(d).isDirectory() && listGames(d).length > 0)];

/** The fixtures that are a game in one file (or a revision folder), outside any rules/ folder. */
const looseGames = grimFiles(join(root, 'test/fixtures')).filter((f) => !relative(join(root, 'test/fixtures'), f).split('/').includes('rules') && !relative(join(root, 'test/fixtures'), f).split('/').includes('cards'));

function docExamples(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const f of readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.md')).sort()) {
    const text = readFileSync(join(root, 'docs', f), 'utf8');
    let k = 0;
    for (const m of text.matchAll(/```grim\n([\s\S]*?)```/g)) out.push({ path: `docs/${f}#${k++}`, text: m[1]! });
  }
  return out;
}

function allHashes(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of projectRoots) {
    for (const game of listGames(r)) out[`game ${relative(root, join(r, 'rules', game)) || game}`] = compiledHash(gameSources(r, game)!, r);
  }
  for (const f of looseGames) out[`game ${relative(root, f)}`] = compiledHash(readSources([f], root), root);
  const files = [...grimFiles(join(root, 'rules')), ...grimFiles(join(root, 'cards')), ...grimFiles(join(root, 'test/fixtures'))];
  for (const s of readSources(files, root)) out[`parse ${s.path}`] = hash(parseFile(s.path, s.text));
  for (const s of docExamples()) out[`parse ${s.path}`] = hash(parseFile(s.path, s.text));
  const games = fc.sample(gameArb, { seed: 20261128, numRuns: 60 });
  out['generated games (60, seed 20261128)'] = hash(games.map((g) => compileGame({ sources: [{ path: 'gen.grim', text: g.text }] })));
  const mangled = fc.sample(mangledArb, { seed: 20261128, numRuns: 150 });
  out['generated mistakes (150, seed 20261128)'] = hash(mangled.map((text) => [parseFile('gen.grim', text), compileGame({ sources: [{ path: 'gen.grim', text }] }).diagnostics]));
  return out;
}

describe('the IR and the parses are unchanged', () => {
  it('match test/golden/ir-hashes.json', async () => {
    const hashes = allHashes();
    expect(Object.keys(hashes).length).toBeGreaterThan(100);
    await expect(JSON.stringify(hashes, null, 1) + '\n').toMatchFileSnapshot('golden/ir-hashes.json');
  });
});
