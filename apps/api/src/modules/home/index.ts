// The home page's content: the slides of every carousel (draft and published), the staff's calls, the
// page's cached read, and the window ends the catalogue's schedule revalidates the page at.
export { homeRoutes } from './routes';
export { createHomeService, homeBoundaries } from './service';
export { homeArtReferences } from './repository';
