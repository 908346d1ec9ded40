'use client';

import { useLocale, type AbstractIntlMessages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { MoreMessages } from './more-messages';
import type { Namespace } from './namespaces';

/** Each namespace's file is its own small chunk, fetched the first time a component asks for it. */
const loaded = new Map<string, Promise<AbstractIntlMessages>>();
export function loadNamespace(locale: string, namespace: Namespace) {
  const key = `${locale}/${namespace}`;
  let promise = loaded.get(key);
  if (!promise) {
    promise = import(`../../messages/${locale}/${namespace}.json`).then(
      (module: { default: AbstractIntlMessages }) => module.default,
    );
    loaded.set(key, promise);
  }
  return promise;
}

/**
 * The translations of components that are themselves loaded on demand (the sign-in dialog, the linked
 * accounts of the menus): fetched with them, so they are not in every page's HTML as the shell's are
 * (decision record 052). Renders nothing until they arrive, a moment after the component's own chunk.
 */
export function LazyMessages({ namespaces, children }: { namespaces: Namespace[]; children: ReactNode }) {
  const locale = useLocale();
  const key = `${locale}:${namespaces.join(',')}`;
  const [messages, setMessages] = useState<{ key: string; value: AbstractIntlMessages } | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all(namespaces.map((namespace) => loadNamespace(locale, namespace))).then((files) => {
      if (current) setMessages({ key, value: Object.fromEntries(namespaces.map((name, i) => [name, files[i]!])) });
    });
    return () => {
      current = false;
    };
    // `key` stands for the locale and the namespaces.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (messages?.key !== key) return null;
  return <MoreMessages messages={messages.value}>{children}</MoreMessages>;
}
