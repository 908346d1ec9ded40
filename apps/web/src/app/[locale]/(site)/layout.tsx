import type { ReactNode } from 'react';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { pageLocale } from '@/i18n/routing';

/** The player site's frame: the header with its navigation, the page, the footer. The console has its own (admin/layout.tsx). */
export default async function SiteLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  // The layout renders apart from the page: it sets the locale itself before the footer reads it.
  await pageLocale(params);
  return (
    <>
      <Header />
      <main className="flex-1">{children}</main>
      <Footer />
    </>
  );
}
