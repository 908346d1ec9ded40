import { notFound } from 'next/navigation';
import { MessagesPage, translatedTitle } from '@/components/layout/messages-page';
import { EventPage } from '@/features/topup-event/event-page';
import { pageLocale } from '@/i18n/routing';

export const generateMetadata = translatedTitle('topupEvent', 'pageTitle');

/** "Sự kiện nạp tích lũy": a spend-milestones promotion's page; its content and the player's progress are read in the browser. */
export default async function Page({ params }: { params: Promise<{ locale: string; id: string }> }) {
  await pageLocale(params);
  const { id } = await params;
  if (!/^[1-9][0-9]{0,9}$/.test(id)) notFound();
  return (
    <MessagesPage namespace="topupEvent" title="pageTitle" subtitle="pageSubtitle">
      <EventPage id={Number(id)} />
    </MessagesPage>
  );
}
