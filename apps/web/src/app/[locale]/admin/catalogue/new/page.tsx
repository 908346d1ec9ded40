import { PackCreatePage } from '@/features/store/admin/pack-edit-page';

/** A new pack; its preview is the store's card, in the store's words. */
export default function Page() {
  return <PackCreatePage />;
}
