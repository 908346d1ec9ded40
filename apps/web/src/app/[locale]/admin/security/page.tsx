import { SecurityPage } from '@/features/staff/security-page';

export default function Page() {
  return <SecurityPage />;
}
