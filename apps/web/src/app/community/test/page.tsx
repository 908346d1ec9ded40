import { PageShell } from '@/components/layout/page-shell';

export const metadata = { title: 'Cộng đồng' };

export default function Page() {
  return (
    <PageShell title="Cộng đồng">
      <p className="text-center text-ink/70">Tính năng đang được hoàn thiện, vui lòng quay lại sau.</p>
    </PageShell>
  );
}
