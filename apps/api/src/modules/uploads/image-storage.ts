import type { Config } from '../../config';
import { s3Storage } from './s3-storage';
import { localStorage, type ImageStorage } from './storage';

/** UPLOAD_STORAGE picks the store; loadConfig has already refused s3 with a missing setting. */
export function imageStorage(config: Config): ImageStorage {
  if (config.UPLOAD_STORAGE === 'local') return localStorage(config.UPLOAD_DIR);
  return s3Storage({
    endpoint: config.S3_ENDPOINT!,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET!,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
