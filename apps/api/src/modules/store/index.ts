// The player's store: packs, buying, the transfer details and the order history.
export { storeRoutes } from './routes';
export { createStoreService, type StoreDeps } from './service';
