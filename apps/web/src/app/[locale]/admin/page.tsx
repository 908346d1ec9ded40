import { OverviewPage } from '@/features/admin/pages/overview-page';

export default function Page() {
  return <OverviewPage />;
}
