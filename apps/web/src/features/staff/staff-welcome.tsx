'use client';

import { useTranslations } from 'next-intl';
import { useSession } from '@/lib/auth';
import { useRoleLabel } from '@/lib/role-label';

/** The console's first page for a role without the overview (content): who is signed in, as what. */
export function StaffWelcome() {
  const t = useTranslations('admin');
  const roleLabel = useRoleLabel();
  const { user } = useSession();
  if (!user) return null;
  return (
    <section className="rounded-2xl bg-white p-6 ring-1 ring-ink/10">
      <h1 className="text-2xl font-black">{t('welcomeTitle', { name: user.displayName })}</h1>
      <p className="mt-2 text-ink/70">{t('welcomeText', { role: roleLabel(user.role) })}</p>
    </section>
  );
}
