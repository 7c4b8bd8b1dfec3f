/**
 * Big files full of mistakes, for `grimoire check` at scale (test/check-scale.test.ts and
 * `npm run bench`): a generated pool whose cards misspell their element, and copies of a rules
 * file whose every definition is then defined again.
 */
import { generatePool } from './gen-pool.ts';

/**
 * The generated pool of `cards` cards (gen-pool.ts, about 230 bytes a card) in which `mistakes`
 * cards, spread evenly, misspell their element (`element = firx`): each is a name/unknown error
 * with a "did you mean".
 */
export function poolWithMistakes(cards: number, mistakes: number): string {
  let card = 0;
  return generatePool(cards).replace(/^(card C\d+ .*?element = )(\w+)/gm, (line, head: string, element: string) => {
    const wrong = Math.floor(((card + 1) * mistakes) / cards) > Math.floor((card * mistakes) / cards);
    card++;
    return wrong ? head + element.slice(0, -1) + 'x' : line;
  });
}

/** `copies` copies of one file's text: from the second copy on, every definition is a name/duplicate. */
export function duplicatedText(text: string, copies: number): string {
  return text.repeat(copies);
}
