import { PageShell } from '@/components/layout/page-shell';

export const metadata = { title: 'Chi tiết yêu cầu' };

export default function Page() {
  return (
    <PageShell title="Chi tiết yêu cầu">
      <p className="text-center text-ink/70">Tính năng đang được hoàn thiện, vui lòng quay lại sau.</p>
    </PageShell>
  );
}
