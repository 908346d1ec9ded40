import { HealthPage } from '@/features/health/health-page';

export default function Page() {
  return <HealthPage />;
}
