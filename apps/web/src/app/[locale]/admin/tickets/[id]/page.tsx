import { TicketDetailPage } from '@/features/tickets/admin/ticket-detail-page';

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TicketDetailPage id={id} />;
}
