import { NewsEditPage } from '@/features/news/admin/news-edit-page';

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <NewsEditPage id={id} />;
}
