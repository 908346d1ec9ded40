import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const components: Components = {
  h2: ({ children }) => <h2 className="mt-8 mb-3 text-2xl font-black text-royal">{children}</h2>,
  h3: ({ children }) => <h3 className="mt-6 mb-2 text-xl font-black">{children}</h3>,
  p: ({ children }) => <p className="my-4 leading-relaxed">{children}</p>,
  ul: ({ children }) => <ul className="my-4 list-disc space-y-1 pl-6">{children}</ul>,
  ol: ({ children }) => <ol className="my-4 list-decimal space-y-1 pl-6">{children}</ol>,
  a: ({ href, children }) => {
    const external = href ? /^https?:\/\//.test(href) : false;
    return (
      <a
        href={href}
        className="font-semibold text-royal underline underline-offset-2"
        {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
      >
        {children}
      </a>
    );
  },
  blockquote: ({ children }) => (
    <blockquote className="my-4 rounded-r-2xl border-l-4 border-gold bg-gold/10 px-4 py-1">{children}</blockquote>
  ),
  table: ({ children }) => (
    <div className="my-4 overflow-x-auto">
      <table className="w-full border-collapse overflow-hidden rounded-2xl text-left text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="bg-royal px-3 py-2 font-bold text-white">{children}</th>,
  td: ({ children }) => <td className="border-b border-ink/10 bg-white px-3 py-2">{children}</td>,
  code: ({ children }) => <code className="rounded bg-ink/10 px-1.5 py-0.5 font-mono text-sm">{children}</code>,
  // Article images come from staff, so they are plain <img> with no layout promise; keep them in bounds.
  img: ({ src, alt }) =>
    typeof src === 'string' ? (
      // eslint-disable-next-line @next/next/no-img-element
      <img src={src} alt={alt ?? ''} loading="lazy" className="my-4 h-auto max-w-full rounded-2xl" />
    ) : null,
};

/**
 * Renders Markdown (an article, or its preview in the console). Raw HTML in the Markdown is not rendered (react-markdown
 * drops it unless rehype-raw is added) and unsafe URLs (javascript:) are removed, so nothing in an
 * article can run a script.
 */
export function MarkdownBody({ markdown }: { markdown: string }) {
  return (
    <div className="text-base text-ink/90 md:text-lg" data-testid="article-body">
      <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
