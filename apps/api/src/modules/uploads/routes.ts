import multipart from '@fastify/multipart';
import {
  codes,
  envelope,
  homeArtQuerySchema,
  homeArtSchema,
  newsCoverSchema,
  idSchema,
  packArtSchema,
  ticketLimits,
  ticketMessages,
  uploadedFileSchema,
} from '@carabala/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Permission } from '@carabala/contracts/permissions';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { idParams } from '../../lib/routes';
import { AppError, notFound } from '../../plugins/errors';
import { uploadsMessages } from './messages';
import { fileRefusal, publicArtFolders, uploadUrl } from './service';

const isPublicArtFolder = (folder: string): folder is (typeof publicArtFolders)[number] =>
  (publicArtFolders as readonly string[]).includes(folder);

/** Busboy's refusals, said with the ticket form's image messages (too many, too large, wrong type). */
function multipartRefusal(error: unknown): AppError {
  switch ((error as { code?: string }).code) {
    case 'FST_FILES_LIMIT':
      return fileRefusal(ticketMessages.tooManyFiles);
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileRefusal(ticketMessages.fileTooLarge);
    default:
      // Anything else failed while reading the client's body (busboy's "Unexpected end of multipart
      // data", a missing boundary, a limit): a malformed or truncated upload, not a server fault.
      return new AppError(400, codes.validation, uploadsMessages.noImage, { files: [uploadsMessages.noImage] });
  }
}

/** The most an upload may declare: its files at their largest, and room for the parts' headers and fields. */
const MAX_UPLOAD_BYTES = ticketLimits.maxFiles * ticketLimits.maxFileBytes + 64 * 1024;

/** Refuses a body that says it is larger than any upload can be, before a byte of it is read. */
function refuseDeclaredOversize(request: FastifyRequest) {
  if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES) {
    throw new AppError(413, codes.validation, ticketMessages.fileTooLarge, { files: [ticketMessages.fileTooLarge] });
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
        if (part.fieldname === 'files' || part.fieldname === 'file') files.push(body);
      } else if (part.fieldname === 'folder' && typeof part.value === 'string') {
        folder = part.value;
      }
    }
  } catch (error) {
    throw multipartRefusal(error);
  }
  return { folder, files };
}

export async function uploadRoutes(app: FastifyInstance) {
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
  const service = app.services.uploads;
  const imageUrls = app.services.imageUrls;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/upload/:id/public-images',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Upload up to 3 images (multipart, repeated field `files`, field `folder` = supports)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: envelope(z.array(uploadedFileSchema)) },
      },
    },
    async (request) => {
      service.assertOwner(request.user!, request.params.id);
      refuseDeclaredOversize(request);
      return ok(await service.uploadImages(request.user!, () => readImageParts(request)));
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
          'The generic upload call: the same checks as ticket images (type from the bytes, size, ' +
          'pixels, re-encoded without metadata). `folder` must be an allowed folder (`supports`).',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.array(uploadedFileSchema)) },
      },
    },
    async (request) => {
      refuseDeclaredOversize(request);
      return ok(await service.uploadImages(request.user!, () => readImageParts(request)));
    },
  );

  staffPictureRoutes(app);

  routes.get(
    '/uploads/:folder/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A stored image, served with no-sniff and a sandboxing CSP',
        params: z.object({ folder: z.string().max(30), name: z.string().max(64) }),
        querystring: z.object({
          ticket: idSchema.optional(),
          expires: z.coerce.number().int().optional(),
          signature: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      // A ticket image: only the signed address given with a ticket to its owner or staff opens it,
      // while that ticket exists and lists it.
      const { folder, name } = request.params;
      if (isPublicArtFolder(folder)) {
        // A pack's or a home slide's picture is public; its name is random and never reused, so it is cached for good.
        return reply
          .header('content-type', 'image/webp')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(await service.readPublicArt(folder, name));
      }
      const { ticket } = request.query;
      const left = imageUrls.remaining(uploadUrl(folder, name), request.query);
      if (left === null || ticket === undefined) throw notFound();
      const image = await service.readTicketImage(ticket, folder, name);
      return reply
        .header('content-type', image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cache-control', `private, max-age=${left}`)
        .send(image.body);
    },
  );
}

const PIPELINE = 'The upload pipeline (type from the bytes, size, pixels, metadata dropped), then ';

/** The pictures staff upload for public pages (packs' art, home slides, news covers): WebP at their pages' sizes. */
function staffPictureRoutes(app: FastifyInstance) {
  const service = app.services.uploads;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** One multipart upload of one image in `file`, stored by `store`; the answer is the paths to put in the record. */
  function picture<Q extends z.ZodType>(
    path: string,
    permission: Permission,
    schema: { tag: string; summary: string; description: string; querystring?: Q; data: z.ZodType },
    store: (file: Buffer | undefined, query: z.infer<Q>) => Promise<unknown>,
  ) {
    routes.post(
      path,
      {
        onRequest: app.requirePermission(permission),
        // A stored picture shows nowhere until a pack, a slide or an article names it, by its own call.
        config: { stepUp: { exempt: 'Stores a picture only: the call that uses it is declared on its own' } },
        schema: {
          tags: [schema.tag],
          summary: schema.summary,
          description: PIPELINE + schema.description,
          consumes: ['multipart/form-data'],
          ...(schema.querystring && { querystring: schema.querystring }),
          response: { 200: envelope(schema.data) },
        },
      },
      async (request) => {
        refuseDeclaredOversize(request);
        const { files } = await readImageParts(request);
        return ok(await store(files[0], request.query as z.infer<Q>));
      },
    );
  }

  picture(
    '/internal/catalogue/art',
    'catalogue.write',
    {
      tag: 'catalogue',
      summary: "Upload a pack's picture (multipart, one image in `file`): WebP at the store's sizes",
      description:
        'a 480 x 480 thumbnail and a 1200 x 450 banner in WebP, cropped to their shapes; answers the paths to ' +
        "put in the pack's `art`. Served publicly at /api/uploads/packs/{name}.",
      data: packArtSchema,
    },
    (file) => service.storePackArt(file),
  );

  picture(
    '/internal/home/art',
    'home.write',
    {
      tag: 'home',
      summary:
        "Upload a home page picture (multipart, one image in `file`, `kind` in the query): WebP at its carousel's size",
      description:
        "one WebP cropped to the kind's shape: `banner` 1840 x 1200, `mobileBanner` 720 x 800, `news` 1120 x 630, " +
        '`collection` 800 x 800, `character` 800 x 1120, `feature` 1080 x 608. Answers the path to put in the ' +
        'slide. Served publicly at /api/uploads/home/{name}.',
      querystring: homeArtQuerySchema,
      data: homeArtSchema,
    },
    (file, query) => service.storeHomeArt(file, query.kind),
  );

  picture(
    '/internal/news/cover',
    'news.write',
    {
      tag: 'news',
      summary: "Upload an article's cover (multipart, one image in `file`): WebP at 1200 x 630",
      description:
        "one WebP cropped to 1200 x 630; answers the path to put in the article's `coverImage`. Served " +
        'publicly at /api/uploads/news/{name}.',
      data: newsCoverSchema,
    },
    (file) => service.storeNewsCover(file),
  );
}
