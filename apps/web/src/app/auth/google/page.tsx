import { PageShell } from '@/components/layout/page-shell';

export const metadata = { title: 'Đăng nhập Google' };

export default function Page() {
  return (
    <PageShell title="Đăng nhập Google">
      <p className="text-center text-ink/70">Tính năng đang được hoàn thiện, vui lòng quay lại sau.</p>
    </PageShell>
  );
}
