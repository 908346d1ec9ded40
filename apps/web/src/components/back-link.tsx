import Link from 'next/link';

/** The link back to where a detail page was opened from: its list, or the page above it. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="inline-flex text-sm font-bold text-royal hover:underline">
      ← {label}
    </Link>
  );
}
