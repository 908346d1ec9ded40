import { SessionsPage } from '@/features/staff/sessions-page';

export default function Page() {
  return <SessionsPage />;
}
