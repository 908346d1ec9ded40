import { PageShell } from '@/components/layout/page-shell';

export const metadata = { title: 'Tin tức' };

export default function Page() {
  return (
    <PageShell title="Tin tức">
      <p className="text-center text-ink/70">Tính năng đang được hoàn thiện, vui lòng quay lại sau.</p>
    </PageShell>
  );
}
