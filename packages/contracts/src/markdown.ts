/**
 * The budget an article's Markdown keeps (decision 042). The web renders any body in time linear in its
 * length; this budget only refuses what no article needs and what would be cut when rendered: containers
 * nested deeper than the renderer nests (8 here, against its 20 token levels, a list taking two), and
 * lines that are mostly emphasis markers. Each check is one pass over the text.
 */
export const MARKDOWN_MAX_NESTING = 8;
export const MARKDOWN_MAX_MARKERS_PER_LINE = 100;

export const markdownBudgetMessages = {
  nesting: 'markdown.nesting',
  emphasis: 'markdown.emphasis',
} as const;

const isBlank = (code: number) => code === 0x20 || code === 0x09;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** How deep one line sits: its indentation (two columns a level), then each `>` and list marker before its text. */
function lineDepth(text: string, start: number, end: number): number {
  let at = start;
  let columns = 0;
  for (; at < end && isBlank(text.charCodeAt(at)); at++)
    columns += text.charCodeAt(at) === 0x09 ? 4 - (columns % 4) : 1;
  let depth = Math.floor(columns / 2);
  while (at < end) {
    const code = text.charCodeAt(at);
    let next = at + 1;
    if (code === 0x2d || code === 0x2b || code === 0x2a) {
      // -, + or * opens a list item only when a blank or the line's end follows it.
      if (next < end && !isBlank(text.charCodeAt(next))) break;
    } else if (isDigit(code)) {
      while (next < end && isDigit(text.charCodeAt(next))) next++;
      const mark = text.charCodeAt(next);
      if ((mark !== 0x2e && mark !== 0x29) || (next + 1 < end && !isBlank(text.charCodeAt(next + 1)))) break;
      next++;
    } else if (code !== 0x3e) {
      break;
    }
    depth++;
    at = next;
    while (at < end && isBlank(text.charCodeAt(at))) at++;
  }
  return depth;
}

/** Which budget `markdown` exceeds first, or null when it keeps both. */
export function markdownBudgetExceeded(markdown: string): keyof typeof markdownBudgetMessages | null {
  let brackets = 0;
  let lineStart = 0;
  while (lineStart <= markdown.length) {
    let lineEnd = markdown.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = markdown.length;
    if (lineDepth(markdown, lineStart, lineEnd) > MARKDOWN_MAX_NESTING) return 'nesting';
    let markers = 0;
    let blank = true;
    for (let at = lineStart; at < lineEnd; at++) {
      const char = markdown[at];
      if (char === '\\') at++;
      else if (char === '*' || char === '_' || char === '~') markers++;
      else if (char === '[') brackets++;
      else if (char === ']') brackets = Math.max(0, brackets - 1);
      if (brackets > MARKDOWN_MAX_NESTING) return 'nesting';
      if (blank && !isBlank(markdown.charCodeAt(at)) && char !== '\r') blank = false;
    }
    if (markers > MARKDOWN_MAX_MARKERS_PER_LINE) return 'emphasis';
    // A blank line ends a paragraph, and with it any bracket left open.
    if (blank) brackets = 0;
    lineStart = lineEnd + 1;
  }
  return null;
}
