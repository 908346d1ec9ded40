// The staff's preview: the store and the home page as a player would see them at a chosen moment,
// drafts included as if published, read through the same rules as the public reads (decision record 038).
export { previewRoutes } from './routes';
