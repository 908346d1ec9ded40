import { PlayerPage } from '@/features/staff/player-page';

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <PlayerPage id={id} />;
}
