// Ticket images and staff's public pictures: upload, storage (local or S3-compatible), signed URLs, the
// sweep of unattached ticket images and the sweep of pictures nothing uses.
export { uploadRoutes } from './routes';
export { createUploadService, type UploadsDeps } from './service';
export { createUploadCleanup } from './cleanup';
export { createArtSweep } from './art-sweep';
export { imageStorage } from './image-storage';
export type { ImageStorage } from './storage';
export { createImageUrlSigner, type ImageUrlSigner } from './signed-urls';
