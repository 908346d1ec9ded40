import Link from 'next/link';
import type { ElementType } from 'react';
import { buttonClass } from '@/components/ui/button';

/** "404", what was not found, and one way on: the site's page and a missing record say it alike. */
export function NotFoundPanel({
  title,
  text,
  link,
  heading: Heading = 'h2',
  className = 'py-12',
  testId,
}: {
  title: string;
  text: string;
  link: { href: string; label: string };
  /** `h1` when the panel is the page. */
  heading?: ElementType;
  className?: string;
  testId?: string;
}) {
  return (
    <section className={`mx-auto max-w-lg text-center ${className}`} data-testid={testId}>
      <p className="text-7xl font-black text-royal">404</p>
      <Heading className="mt-4 text-2xl font-black">{title}</Heading>
      <p className="mt-2 text-ink/70">{text}</p>
      <Link href={link.href} className={buttonClass('primary', 'mt-6')}>
        {link.label}
      </Link>
    </section>
  );
}
