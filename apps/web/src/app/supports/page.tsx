import { PageShell } from '@/components/layout/page-shell';

export const metadata = { title: 'Hỗ trợ' };

export default function Page() {
  return (
    <PageShell title="Hỗ trợ">
      <p className="text-center text-ink/70">Tính năng đang được hoàn thiện, vui lòng quay lại sau.</p>
    </PageShell>
  );
}
