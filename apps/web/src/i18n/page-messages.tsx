import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { MoreMessages } from './more-messages';
import type { Namespace } from './namespaces';

/**
 * The translations a page's client components need, added to the shell's (see SHELL_NAMESPACES):
 * only these namespaces travel to the browser, in the page's HTML. A page whose client components
 * call useTranslations('x') wraps them in <PageMessages namespaces={['x']}>; server components
 * (getTranslations) need nothing here.
 */
export async function PageMessages({ namespaces, children }: { namespaces: Namespace[]; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <MoreMessages messages={Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]))}>
      {children}
    </MoreMessages>
  );
}
