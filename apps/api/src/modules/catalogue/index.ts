// The catalogue: the packs table (draft and published), the staff's calls, the store's cached read,
// what a product id sells now (`findProductOnSale`, for the store and staff grants), the console's names of
// product ids (`findProductTitles`, for the promotions' targets) and the schedule
// that revalidates the pages at every window or sale boundary.
export { catalogueRoutes } from './routes';
export {
  createCatalogueService,
  findPackProductsOnSale,
  findProductOnSale,
  findProductsOnSale,
  orderSnapshot,
  type ProductOnSale,
} from './service';
export { createCatalogueSchedule, type CatalogueSchedule } from './schedule';
export { findProductTitles, lockPackForSale, packArtReferences } from './repository';
