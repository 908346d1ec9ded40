import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { notFound } from 'next/navigation';
import { getMessages, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { Providers } from '@/components/providers';
import { publicConfig } from '@/config';
import { SHELL_NAMESPACES } from '@/i18n/request';
import { isLocale } from '@/i18n/routing';
import './globals.css';

export const metadata: Metadata = {
  title: { default: `${publicConfig.brand} - Đập trứng săn thú huyền thoại`, template: `%s | ${publicConfig.brand}` },
  description: `Trang chủ chính thức của ${publicConfig.brand}: tin tức, sự kiện, giftcode, cửa hàng và hỗ trợ người chơi.`,
  icons: { icon: '/brand/favicon.svg' },
};

export const viewport: Viewport = { themeColor: '#1b1140', width: 'device-width', initialScale: 1 };

/**
 * Every page is rendered on its first visit per locale and then served from cache (nothing at build
 * time: the news pages need the API, which does not run during the build). See docs/decisions/011.
 */
export function generateStaticParams() {
  return [];
}

export default async function RootLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  // Only the shell's translations go to the browser here; each page adds its own (i18n/page-messages.tsx).
  const messages = await getMessages();
  const shellMessages = Object.fromEntries(SHELL_NAMESPACES.map((namespace) => [namespace, messages[namespace]]));
  return (
    <html lang={locale}>
      <body className="flex min-h-dvh flex-col">
        <NextIntlClientProvider messages={shellMessages}>
          <Providers>
            <Header />
            <main className="flex-1">{children}</main>
            <Footer />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
