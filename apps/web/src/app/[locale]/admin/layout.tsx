import type { ReactNode } from 'react';
import { AdminGuard, SectionGuard } from '@/features/staff/admin-guard';
import { AdminNav } from '@/features/staff/admin-nav';
import { ConsoleHeader } from '@/features/staff/console-header';
import { NewDeviceNotice } from '@/features/staff/new-device-notice';
import { StaffWelcome } from '@/features/staff/staff-welcome';
import { ErrorWords } from '@/components/error-words';
import { translatedTitle } from '@/components/layout/messages-page';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale } from '@/i18n/routing';

export const generateMetadata = translatedTitle('common', 'console', { robots: { index: false } });

const CONSOLE_ERRORS = ['adminErrors'] as const;

/** The console is a workplace of its own: its top bar and navigation, none of the player site's header or footer. */
export default async function AdminLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  // The layout renders apart from the page: it sets the locale itself before PageMessages reads it.
  await pageLocale(params);
  return (
    <PageMessages
      namespaces={[
        'admin',
        'adminOps',
        'adminPayments',
        'adminAnalytics',
        'tickets',
        'store',
        'auth',
        'social',
        'news',
      ]}
    >
      <ErrorWords namespaces={CONSOLE_ERRORS} />
      <ConsoleHeader />
      <main className="flex-1">
        <AdminGuard>
          <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 md:flex-row md:gap-8 md:px-6">
            <AdminNav />
            <div className="min-w-0 flex-1">
              <NewDeviceNotice />
              <SectionGuard welcome={<StaffWelcome />}>{children}</SectionGuard>
            </div>
          </div>
        </AdminGuard>
      </main>
    </PageMessages>
  );
}
