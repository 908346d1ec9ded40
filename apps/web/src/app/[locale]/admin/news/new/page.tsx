import { NewsEditor } from '@/features/news/admin/news-editor';

export default function Page() {
  return <NewsEditor />;
}
