import { notFound } from 'next/navigation';

/** Any other path under a locale is this locale's 404 page (inside the layout, translated). */
export default function UnknownPage() {
  notFound();
}
