/**
 * The lines a code frame shows, made safe for a terminal: a file's lines found once (not once per
 * diagnostic — a 5 MB file with thousands of errors would be split thousands of times), each
 * shown line cut to a window around the reported column (a 5 MB line would flood the terminal),
 * and every control character escaped (a file's own escape codes could retitle or clear the
 * terminal, or a bidi override reorder what the reader sees).
 */

/** A file's text with its line starts, computed on first use. Lines end as the lexer ends them: \n, \r\n or \r. */
export class SourceLines {
  private starts: number[] | undefined;

  constructor(readonly text: string) {}

  get count(): number {
    return this.lineStarts().length;
  }

  /** Line `n` (1-based) without its line break; '' past the end. */
  line(n: number): string {
    const starts = this.lineStarts();
    if (n < 1 || n > starts.length) return '';
    const from = starts[n - 1]!;
    let to = n < starts.length ? starts[n]! - 1 : this.text.length;
    if (n < starts.length && this.text.charCodeAt(to) === 10 && this.text.charCodeAt(to - 1) === 13) to--;
    return this.text.slice(from, to);
  }

  private lineStarts(): number[] {
    if (this.starts) return this.starts;
    const starts = [0];
    const t = this.text;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (t.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.starts = starts;
    return starts;
  }
}

/** The widest piece of a line shown, in characters as shown; a longer line is cut around the column. */
export const EXCERPT_WIDTH = 120;
/** How much of a cut line is shown before the reported column. */
const LEAD = 40;
const ELLIPSIS = '…';

/**
 * Where the shown part of a frame's lines starts (an index into each line): 0 when the marked
 * line's text before the column fits in the first EXCERPT_WIDTH - LEAD characters as shown,
 * else LEAD shown characters before the column. The same start for every line of one frame, so
 * the columns stay aligned.
 */
export function excerptStart(marked: string, col: number): number {
  const at = Math.min(Math.max(0, col - 1), marked.length);
  let width = 0;
  let i = at;
  while (i > 0 && width + shownWidth(marked.charCodeAt(i - 1)) <= EXCERPT_WIDTH - LEAD) width += shownWidth(marked.charCodeAt(--i));
  if (i === 0) return 0;
  width = 0;
  i = at;
  while (i > 0 && width + shownWidth(marked.charCodeAt(i - 1)) <= LEAD) width += shownWidth(marked.charCodeAt(--i));
  return i;
}

/**
 * A character a terminal would act on rather than print, or that changes how the text around it
 * is displayed: C0 controls but tab, DEL, C1 controls, line and paragraph separators, and the
 * bidirectional marks and overrides.
 */
function isUnsafe(c: number): boolean {
  return (
    (c < 0x20 && c !== 9) ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0x200e ||
    c === 0x200f ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069) ||
    c === 0x2028 ||
    c === 0x2029
  );
}

function shownWidth(c: number): number {
  return isUnsafe(c) ? escaped(c).length : 1;
}

function escaped(c: number): string {
  return c <= 0xff ? `\\x${c.toString(16).padStart(2, '0')}` : `\\u${c.toString(16).padStart(4, '0')}`;
}

/** Escapes the unsafe characters of a message or a file name (any text that is not a code frame line). */
export function escapeControls(text: string): string {
  let out = '';
  let plain = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isUnsafe(c)) continue;
    out += text.slice(plain, i) + escaped(c);
    plain = i + 1;
  }
  return plain === 0 ? text : out + text.slice(plain);
}

/**
 * A line as shown from index `from` — cut ends marked with '…', unsafe characters escaped — and
 * where 1-based columns of the original line land in it (for the frame's marker). The shown text
 * stops at EXCERPT_WIDTH characters, but never before the character at index `through`.
 */
export function showLine(line: string, from: number, through = from): { text: string; column: (col: number) => number } {
  const end = line.length;
  const before = from > 0 ? ELLIPSIS : '';
  const positions: number[] = []; // positions[i]: where line[from + i] starts in the shown text
  let text = before;
  let i = from;
  // Escapes widen the text (a binary line is mostly escapes): the shown width is bounded too.
  for (; i < end && (text.length < EXCERPT_WIDTH || i <= through); i++) {
    positions.push(text.length);
    const c = line.charCodeAt(i);
    text += isUnsafe(c) ? escaped(c) : line[i];
  }
  positions.push(text.length);
  if (i < line.length) text += ELLIPSIS;
  const column = (col: number): number => {
    const i = Math.max(0, Math.min(col - 1 - from, positions.length - 1));
    return positions[i]! + 1;
  };
  return { text, column };
}
