import { storePacksSchema } from '@carabala/contracts';
import { CATALOGUE_TAG, serverGet } from '@/lib/server-api';

/** The packs on sale now, read by the store page's server render and cached under the catalogue tag. */
export const getStorePacks = () => serverGet('/store/packs', [CATALOGUE_TAG], storePacksSchema);
