import MarkdownIt, { type Token } from 'markdown-it';

/**
 * The parser (decision 042): markdown-it, whose every rule runs in time linear in the input (CommonMark's
 * pathological cases are in its own test suite). 20 levels of nesting, as its CommonMark preset: deeper
 * Markdown is cut there, never recursed into (the console refuses more than 8). Raw HTML is parsed so
 * that it can be dropped, and bare addresses become links as in GitHub's Markdown.
 */
const parser = new MarkdownIt({ html: true, linkify: true, maxNesting: 20 });
// Every address is checked by `safeUrl` below, as react-markdown (the renderer before) did.
parser.validateLink = () => true;
// Addresses are percent-encoded and shown as written, as micromark (the parser before) did.
parser.normalizeLink = (url) => parser.utils.lib.mdurl.encode(url);
parser.normalizeLinkText = (url) => url;
// Bare addresses that GitHub's Markdown links: http(s)://, mailto:, e-mail and www. (not ftp:, //, or
// example.com alone). linkify-it's fuzzy links would cost 2 µs a character on some shapes; this www. is linear.
const wwwTail = /^[\w-]+(?:\.[\w-]+)+(?:[/?#][^\s<>]*)?/;
/** How much of `text` after "www." is the address: trailing punctuation is the sentence's, as in GitHub's Markdown. */
function wwwLength(text: string) {
  let end = wwwTail.exec(text)?.[0].length ?? 0;
  while (end > 0 && '.,:;!?"\')]'.includes(text[end - 1]!)) end--;
  return end;
}
parser.linkify
  .set({ fuzzyLink: false })
  .add('ftp:', null)
  .add('//', null)
  .add('www.', {
    validate: (text, at) => wwwLength(text.slice(at)),
    normalize: (match) => {
      match.url = `http://${match.url}`;
    },
  });

/** Links and images keep only web, mail and relative addresses; any other (javascript:) becomes "". */
function safeUrl(url: string) {
  const colon = url.indexOf(':');
  const before = (char: string) => url.includes(char) && url.indexOf(char) < colon;
  if (colon === -1 || before('/') || before('?') || before('#')) return url;
  return /^(?:https?|ircs?|mailto|xmpp)$/i.test(url.slice(0, colon)) ? url : '';
}

/** The look of each element an article may hold; what is not listed is the plain element. */
const classes: Record<string, string> = {
  h2: 'mt-8 mb-3 text-2xl font-black text-royal',
  h3: 'mt-6 mb-2 text-xl font-black',
  p: 'my-4 leading-relaxed',
  ul: 'my-4 list-disc space-y-1 pl-6',
  ol: 'my-4 list-decimal space-y-1 pl-6',
  a: 'font-semibold text-royal underline underline-offset-2',
  blockquote: 'my-4 rounded-r-2xl border-l-4 border-gold bg-gold/10 px-4 py-1',
  table: 'w-full border-collapse overflow-hidden rounded-2xl text-left text-sm',
  th: 'bg-royal px-3 py-2 font-bold text-white',
  td: 'border-b border-ink/10 bg-white px-3 py-2',
  code: 'rounded bg-ink/10 px-1.5 py-0.5 font-mono text-sm',
  // Article images come from staff, so they are plain <img> with no layout promise; keep them in bounds.
  img: 'my-4 h-auto max-w-full rounded-2xl',
};

/** Each element as the article shows it: its classes, checked addresses, no title, alignment style or list start. */
function dress(token: Token) {
  if (token.tag === 's') token.tag = 'del';
  token.attrs = token.attrs?.filter(([name]) => name !== 'title' && name !== 'style' && name !== 'start') ?? null;
  if (token.type === 'image') {
    token.attrSet('src', safeUrl(String(token.attrGet('src') ?? '')));
    token.attrSet('loading', 'lazy');
  }
  if (token.nesting === 1 && classes[token.tag]) token.attrSet('class', classes[token.tag]!);
  if (token.type === 'image') token.attrSet('class', classes.img!);
  if (token.type === 'link_open') {
    const href = safeUrl(String(token.attrGet('href') ?? ''));
    token.attrSet('href', href);
    if (/^https?:\/\//.test(href)) {
      token.attrSet('target', '_blank');
      token.attrSet('rel', 'noopener noreferrer nofollow');
    }
  }
}

parser.core.ruler.push('article', (state) => {
  for (const token of state.tokens) {
    dress(token);
    token.children?.forEach(dress);
  }
});

// React's escaping, so that the HTML is the same as the renderer before gave.
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);
const rules = parser.renderer.rules;
parser.renderer.renderAttrs = (token) =>
  (token.attrs ?? []).map(([name, value]) => ` ${name}="${escape(String(value))}"`).join('');
rules.text = (tokens, at) => escape(tokens[at]!.content);
rules.code_inline = (tokens, at) => `<code class="${classes.code}">${escape(tokens[at]!.content)}</code>`;
rules.code_block = rules.fence = (tokens, at) => {
  // One final line break, also when a fence is left open at the end of the article.
  const code = tokens[at]!.content.replace(/\n$/, '');
  return `<pre><code class="${classes.code}">${code ? `${escape(code)}\n` : ''}</code></pre>\n`;
};
rules.image = (tokens, at, options, env, self) => {
  const token = tokens[at]!;
  token.attrSet('alt', self.renderInlineAsText(token.children ?? [], options, env));
  return `<img${self.renderAttrs(token)}/>`;
};
rules.hr = () => '<hr/>\n';
rules.hardbreak = () => '<br/>\n';
// Raw HTML is dropped: nothing in an article can run a script (the block keeps its line, as before).
rules.html_block = () => '\n';
rules.html_inline = () => '';
// A table scrolls sideways in its own box, with no whitespace between its rows and cells.
rules.table_open = (tokens, at, _, __, self) =>
  `<div class="my-4 overflow-x-auto"><table${self.renderAttrs(tokens[at]!)}>`;
rules.table_close = () => '</table></div>\n';
for (const part of ['thead', 'tbody', 'tr', 'th', 'td']) {
  rules[`${part}_open`] = (tokens, at, _, __, self) => `<${part}${self.renderAttrs(tokens[at]!)}>`;
  rules[`${part}_close`] = () => `</${part}>`;
}

/** An article's HTML: one pass of the parser and one of the renderer, each linear in the Markdown's length. */
export function renderMarkdown(markdown: string): string {
  return parser.render(markdown).replace(/\n$/, '');
}

/**
 * Renders Markdown (an article on the server, or its preview in the console). Every text and attribute
 * is escaped, raw HTML is dropped and unsafe addresses are emptied, so nothing in an article can run a
 * script; the HTML has no inline script or style (the CSP by hashes, decision 009).
 */
export function MarkdownBody({ markdown }: { markdown: string }) {
  return (
    <div
      className="text-base text-ink/90 md:text-lg"
      data-testid="article-body"
      dangerouslySetInnerHTML={{ __html: renderMarkdown(markdown) }}
    />
  );
}
