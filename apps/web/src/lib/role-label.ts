'use client';

import { useTranslations } from 'next-intl';

/** A staff role's name in the reader's language (messages: admin.roles); an unknown value shows as itself. */
export function useRoleLabel() {
  const t = useTranslations('admin.roles') as unknown as { (key: string): string; has(key: string): boolean };
  return (role: string) => (t.has(role) ? t(role) : role);
}
