import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ComponentType, ReactNode } from 'react';
import { PageMessages } from '@/i18n/page-messages';
import type { Namespace } from '@/i18n/namespaces';
import { pageLocale, type LocaleProps } from '@/i18n/routing';
import { PageShell } from './page-shell';

/**
 * An inner page whose client components read one namespace: the PageShell titled with that
 * namespace's `title` (and `subtitle`) keys, and the namespace's messages sent to the browser.
 */
export async function MessagesPage({
  namespace,
  title,
  subtitle,
  children,
}: {
  namespace: Namespace;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const t = await getTranslations(namespace);
  return (
    <PageShell title={t(title)} subtitle={subtitle && t(subtitle)}>
      <PageMessages namespaces={[namespace]}>{children}</PageMessages>
    </PageShell>
  );
}

/** A page that is only `Content` in a MessagesPage, as its default export: `export default messagesPage(…)`. */
export const messagesPage = (namespace: Namespace, title: string, Content: ComponentType, subtitle?: string) =>
  async function Page({ params }: LocaleProps) {
    await pageLocale(params);
    return (
      <MessagesPage namespace={namespace} title={title} subtitle={subtitle}>
        <Content />
      </MessagesPage>
    );
  };

/** A page's `generateMetadata` whose title is the `key` of `namespace` in the page's locale. */
export const translatedTitle =
  (namespace: Namespace, key: string, more: Metadata = {}) =>
  async ({ params }: LocaleProps): Promise<Metadata> => {
    await pageLocale(params);
    const t = await getTranslations(namespace);
    return { title: t(key), ...more };
  };
