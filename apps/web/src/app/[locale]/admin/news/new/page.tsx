import { NewsEditor } from '@/features/admin/pages/news-pages';

export default function Page() {
  return <NewsEditor />;
}
