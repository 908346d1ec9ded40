import multipart from '@fastify/multipart';
import { codes, envelope, ticketLimits, ticketMessages, uploadedFileSchema } from '@carabala/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../lib/reply';
import { AppError } from '../../plugins/errors';
import { createUploadService, fileRefusal } from './service';
import { s3Storage } from './s3-storage';
import { localStorage, type ImageStorage } from './storage';

/** Busboy's refusals, said with the messages of point 5. */
function multipartRefusal(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
      return fileRefusal(ticketMessages.tooManyFiles);
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileRefusal(ticketMessages.fileTooLarge);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(400, codes.validation, 'Vui lòng chọn hình ảnh.', { files: ['Vui lòng chọn hình ảnh.'] });
    default:
      return error;
  }
}

/** Reads the repeated `files` field into memory (at most 3 x 10 MB) and the optional `folder` field. */
async function readImageParts(request: FastifyRequest): Promise<{ folder: string; files: Buffer[] }> {
  let folder: string = ticketLimits.uploadFolder;
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // The client's file name and declared type are ignored: the bytes decide.
        const body = await part.toBuffer();
        if (part.fieldname === 'files') files.push(body);
      } else if (part.fieldname === 'folder' && typeof part.value === 'string') {
        folder = part.value;
      }
    }
  } catch (error) {
    throw multipartRefusal(error);
  }
  return { folder, files };
}

/** UPLOAD_STORAGE picks the store; loadConfig has already refused s3 with a missing setting. */
function imageStorage(config: Config): ImageStorage {
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

export async function uploadRoutes(app: FastifyInstance, { config }: { config: Config }) {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      files: ticketLimits.maxFiles,
      fileSize: ticketLimits.maxFileBytes - 1,
      fields: 5,
      fieldSize: 200,
      parts: ticketLimits.maxFiles + 5,
      headerPairs: 50,
    },
  });
  const service = createUploadService(app, imageStorage(config), {
    maxPixels: config.UPLOAD_MAX_PIXELS,
    perWindow: config.UPLOADS_PER_WINDOW,
    windowSeconds: config.TICKET_WINDOW_SECONDS,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/upload/:id/public-images',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Upload up to 3 images (multipart, repeated field `files`, field `folder` = supports)',
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: envelope(z.array(uploadedFileSchema)) },
      },
    },
    async (request) => {
      service.assertOwner(request.user!, request.params.id);
      const { folder, files } = await readImageParts(request);
      return ok(await service.uploadImages(request.user!, folder, files));
    },
  );

  routes.post(
    '/upload',
    {
      onRequest: app.requireUser,
      schema: {
        operationId: 'uploadImages',
        tags: ['uploads'],
        summary: 'Upload up to 3 images for the signed-in player (multipart, repeated field `files`, field `folder`)',
        description:
          'The generic upload call of point 7: the same checks as ticket images (type from the bytes, size, ' +
          'pixels, re-encoded without metadata). `folder` must be an allowed folder (`supports`).',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.array(uploadedFileSchema)) },
      },
    },
    async (request) => {
      const { folder, files } = await readImageParts(request);
      return ok(await service.uploadImages(request.user!, folder, files));
    },
  );

  routes.get(
    '/uploads/:folder/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A stored image, served with no-sniff and a sandboxing CSP',
        params: z.object({ folder: z.string().max(30), name: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const image = await service.readImage(request.params.folder, request.params.name);
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.body);
    },
  );
}
