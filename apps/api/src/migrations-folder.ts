import { fileURLToPath } from 'node:url';

// Resolved from this module's folder: src/ when run from the sources, dist/ in the compiled bundle
// (build.mjs); both sit beside migrations/.
export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
