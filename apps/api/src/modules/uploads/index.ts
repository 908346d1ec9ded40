// Ticket images: upload, storage (local or S3-compatible), signed URLs and the sweep of unattached files.
export { uploadRoutes } from './routes';
export { createUploadService, type UploadsDeps } from './service';
export { createUploadCleanup } from './cleanup';
export { imageStorage } from './image-storage';
export type { ImageStorage } from './storage';
export { createImageUrlSigner, type ImageUrlSigner } from './signed-urls';
