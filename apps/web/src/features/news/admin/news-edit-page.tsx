'use client';

import { Spinner } from '@/components/ui/spinner';
import { useStaffArticle } from '../api/staff';
import { NewsEditor } from './news-editor';

export function NewsEditPage({ id }: { id: string }) {
  const query = useStaffArticle(id);
  if (query.isPending) return <Spinner className="size-6" />;
  if (query.isError) return <p className="text-ruby">{query.error.message}</p>;
  return <NewsEditor key={`${query.data.id}:${query.data.updatedAt}:${query.data.published}`} article={query.data} />;
}
