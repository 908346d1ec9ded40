'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { publicConfig } from '@/config';
import { addTranslator } from '@/lib/api-client';

/**
 * Says the API's refusals and the forms' field messages (catalogue keys, decision record 049) in the
 * reader's language, from these namespaces of the surrounding messages: `errors` everywhere, and
 * `adminErrors` in the console. Renders nothing.
 */
export function ErrorWords({ namespaces }: { namespaces: readonly ('errors' | 'adminErrors')[] }) {
  // Keys come from the API and the contracts at run time, not from this app's typed messages.
  const t = useTranslations() as unknown as {
    (key: string, values: Record<string, string | number>): string;
    has(key: string): boolean;
  };
  const joined = namespaces.join(' ');
  useEffect(
    () =>
      addTranslator((key, params) => {
        for (const namespace of joined.split(' ')) {
          const path = `${namespace}.${key}`;
          if (t.has(path)) return t(path, { brand: publicConfig.brand, ...params });
        }
        return undefined;
      }),
    [t, joined],
  );
  return null;
}
