import { OverviewPage } from '@/features/staff/overview-page';

export default function Page() {
  return <OverviewPage />;
}
