import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { notFound } from 'next/navigation';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Providers } from '@/components/providers';
import { publicConfig } from '@/config';
import { SignInProvider } from '@/features/auth/sign-in-provider';
import { SHELL_NAMESPACES } from '@/i18n/namespaces';
import { isLocale, pageLocale, type LocaleProps } from '@/i18n/routing';
import { ACCESS_TOKEN } from '@/lib/storage';
import './globals.css';

export async function generateMetadata({ params }: LocaleProps): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('common.meta');
  const brand = publicConfig.brand;
  return {
    title: { default: t('title', { brand }), template: `%s | ${brand}` },
    description: t('description', { brand }),
    icons: { icon: '/brand/favicon.svg' },
  };
}

/**
 * Runs before the first paint: whether this browser holds a session, for the `session-out:` styles
 * (globals.css). Inline, so nothing waits for a download; the CSP lists its hash (security.mjs).
 */
const SESSION_HINT = `try{document.documentElement.dataset.session=localStorage.getItem(${JSON.stringify(ACCESS_TOKEN)})?'in':'out'}catch(e){}`;

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
    // The session hint's attribute is written before React starts: not a mismatch.
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: SESSION_HINT }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <NextIntlClientProvider messages={shellMessages}>
          <Providers>
            {/* Sign-in's dialog, gate and linked accounts, for the header and every feature that shows them. */}
            {/* The player site (app/[locale]/(site)) and the console (app/[locale]/admin) each lay out their own page. */}
            <SignInProvider>{children}</SignInProvider>
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
