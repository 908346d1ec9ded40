import { NewsEditPage } from '@/features/admin/pages/news-pages';

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <NewsEditPage id={id} />;
}
