// News: the public list and article, the staff editor, the page cache and the web's revalidation.
export { newsRoutes } from './routes';
export { createNewsService, scheduledNewsBoundaries } from './service';
export { newsArtReferences } from './repository';
