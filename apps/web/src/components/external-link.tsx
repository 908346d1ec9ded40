import type { ComponentProps } from 'react';

/** A link to another site: it opens in a new tab, and that page gets no handle on this one. */
export function ExternalLink(props: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  return <a target="_blank" rel="noopener noreferrer" {...props} />;
}
