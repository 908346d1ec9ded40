'use client';

import { createTranslator, useLocale } from 'next-intl';
import { useEffect } from 'react';
import { publicConfig } from '@/config';
import { loadNamespace } from '@/i18n/lazy-messages';
import { addTranslator, loadingWords, wordsLoaded } from '@/lib/api-client';

type Words = {
  (key: string, values: Record<string, string | number>): string;
  has(key: string): boolean;
};

/**
 * Says the API's refusals and the forms' field messages (catalogue keys, decision record 053) in the
 * reader's language: fetches these namespaces' files as their own small chunks (as LazyMessages does,
 * so they are in no page's HTML), `errors` on every page and `adminErrors` in the console, when first
 * needed, and hands the API client a translator over them. Renders nothing.
 */
export function ErrorWords({ namespaces }: { namespaces: readonly ('errors' | 'adminErrors')[] }) {
  const locale = useLocale();
  const joined = namespaces.join(' ');
  useEffect(() => {
    const names = joined.split(' ') as ('errors' | 'adminErrors')[];
    let remove: (() => void) | undefined;
    let current = true;
    const load = () =>
      Promise.all(names.map((name) => loadNamespace(locale, name))).then((loaded) => {
        if (!current) return;
        const messages = Object.fromEntries(names.map((name, index) => [name, loaded[index]!]));
        const t = createTranslator({ locale, messages }) as unknown as Words;
        remove = addTranslator((key, params) => {
          const path = names.map((name) => `${name}.${key}`).find((candidate) => t.has(candidate));
          return path ? t(path, { brand: publicConfig.brand, ...params }) : undefined;
        });
      });
    loadingWords(load);
    // Fetched at the reader's first touch or key (before a form can refuse anything), or by the first
    // refusal that needs them: never on the page's first load.
    const start = () => void wordsLoaded();
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    for (const event of events) window.addEventListener(event, start, { once: true, capture: true, passive: true });
    return () => {
      current = false;
      for (const event of events) window.removeEventListener(event, start, { capture: true });
      remove?.();
    };
  }, [locale, joined]);
  return null;
}
