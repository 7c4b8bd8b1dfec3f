// Writes syntaxes/grimoire.tmLanguage.json from the language's token definitions
// (grammar/textmate.ts). Run from the repository root: npm run build:vscode-grammar
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { textmateGrammarText } from '../../grammar/textmate.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), 'syntaxes', 'grimoire.tmLanguage.json');
writeFileSync(out, textmateGrammarText());
console.log(`wrote ${out}`);
