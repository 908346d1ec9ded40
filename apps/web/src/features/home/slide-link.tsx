import Link from 'next/link';
import type { ReactNode } from 'react';

/** A slide with a link staff set opens it (a page of the site, or another site in a new tab); else it is plain. */
export function SlideLink({
  link,
  className,
  children,
}: {
  link?: string | null;
  className?: string;
  children: ReactNode;
}) {
  if (!link) return children;
  if (link.startsWith('/')) {
    return (
      <Link href={link} className={`block ${className ?? ''}`}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" className={`block ${className ?? ''}`}>
      {children}
    </a>
  );
}
