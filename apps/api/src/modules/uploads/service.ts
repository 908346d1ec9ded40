import { randomUUID } from 'node:crypto';
import {
  codes,
  ticketLimits,
  type HomeArtKind,
  ticketMessages,
  uploadUrlPattern,
  type UploadedFile,
} from '@carabala/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import type { Db, FailureCounter, Logger } from '../../lib/deps';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { AppError, forbidden, notFound, unavailable } from '../../plugins/errors';
import type { Words } from '../../lib/sentences';
import { ticketListsImage } from '../tickets';
import { deleteUnattachedUploads, findOwnedUploadNames, findUnattachedUploadsNamed, insertUploads } from './repository';
import { uploadsMessages } from './messages';
import type { ImageStorage } from './storage';

/** The formats we accept, judged by their bytes, and the extension we store them under. */
const imageFormats = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
type ImageMime = keyof typeof imageFormats;

const contentTypes: Record<string, ImageMime> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Folders a player may upload into (the product only uses `supports`). */
const uploadFolders = [ticketLimits.uploadFolder] as const;

export const uploadUrl = (folder: string, name: string) => `/api/uploads/${folder}/${name}`;

/** Where packs' pictures go: public, unlike ticket images (the store shows them to everyone). */
export const PACK_ART_FOLDER = 'packs';

/** Where the home page's uploaded pictures go: public too. */
export const HOME_ART_FOLDER = 'home';
/** Where news covers uploaded in the editor go: public too. */
export const NEWS_COVER_FOLDER = 'news';
export const publicArtFolders = [PACK_ART_FOLDER, HOME_ART_FOLDER, NEWS_COVER_FOLDER] as const;

/** A news cover's size: the 1200 x 630 of the pages and their Open Graph picture. */
const newsCoverSize = { width: 1200, height: 630 } as const;
type PublicArtFolder = (typeof publicArtFolders)[number];

/** The sizes the pages use for a pack's pictures (twice the largest CSS size, for sharp screens). */
const packArtSizes = { thumbnail: { width: 480, height: 480 }, banner: { width: 1200, height: 450 } } as const;

/** The sizes of the home page's pictures, twice the largest CSS size (a banner on phones: `mobileBanner`). */
const homeArtSizes = {
  banner: { width: 1840, height: 1200 },
  mobileBanner: { width: 720, height: 800 },
  news: { width: 1120, height: 630 },
  collection: { width: 800, height: 800 },
  character: { width: 800, height: 1120 },
  feature: { width: 1080, height: 608 },
} as const satisfies Record<HomeArtKind, { width: number; height: number }>;

/** A name the server gave a stored image. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif|webp)$/;

export const fileRefusal = (message: Words) => new AppError(400, codes.validation, message, { files: [message] });

interface PixelLimits {
  maxPixels: number;
  maxAnimatedPixels: number;
}

export interface UploadLimits extends PixelLimits {
  perWindow: number;
  windowSeconds: number;
}

interface Reencoded {
  body: Buffer;
  mime: ImageMime;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes an image. The type is read from the bytes; the header's dimensions are
 * checked before any pixel is decoded (decompression bombs), and the output carries no metadata
 * (EXIF, GPS, comments): sharp writes none unless asked.
 */
async function reencode(input: Buffer, limits: PixelLimits): Promise<Reencoded> {
  const { maxPixels, maxAnimatedPixels } = limits;
  const detected = await fileTypeFromBuffer(input);
  if (!detected || !(detected.mime in imageFormats)) throw fileRefusal(ticketMessages.fileType);
  const mime = detected.mime as ImageMime;
  const animated = mime === 'image/gif' || mime === 'image/webp';

  let metadata: Metadata;
  try {
    // Only the header is read here, so sharp's own pixel limit is lifted to let ours give the message.
    metadata = await sharp(input, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw fileRefusal(ticketMessages.fileType);
  }
  const frames = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if (!metadata.width || !frameHeight) throw fileRefusal(ticketMessages.fileType);
  // Cost grows with every frame decoded and re-encoded: an animation is bounded by frames x pixels,
  // under a budget that keeps one image to about half a second of CPU.
  const pixels = metadata.width * frameHeight * frames;
  if (pixels > maxPixels || (frames > 1 && pixels > maxAnimatedPixels))
    throw fileRefusal(uploadsMessages.tooManyPixels);

  let pipeline = sharp(input, { animated, limitInputPixels: maxPixels, failOn: 'error' });
  switch (mime) {
    case 'image/jpeg':
      // Applies the EXIF orientation to the pixels, since the EXIF block itself is dropped.
      pipeline = pipeline.rotate().jpeg({ quality: 85 });
      break;
    case 'image/png':
      pipeline = pipeline.png({ compressionLevel: 9 });
      break;
    case 'image/gif':
      pipeline = pipeline.gif();
      break;
    case 'image/webp':
      pipeline = pipeline.webp({ quality: 85 });
      break;
  }
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { body: data, mime, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    throw fileRefusal(ticketMessages.fileType);
  }
}

/** The public pictures staff upload (packs' art, the home page's slides), each kind at the size its page shows. */
function publicArtStore(storage: ImageStorage, limits: PixelLimits) {
  /** One WebP of `clean` at `size`, cropped to its shape, stored in `folder`: its public path. */
  async function storeWebp(clean: Buffer, folder: PublicArtFolder, size: { width: number; height: number }) {
    const body = await sharp(clean, { limitInputPixels: limits.maxPixels })
      .resize({ ...size, fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
    const name = `${randomUUID()}.webp`;
    try {
      await storage.put(folder, name, body, 'image/webp');
    } catch (error) {
      throw unavailable(error);
    }
    return uploadUrl(folder, name);
  }

  /**
   * The upload pipeline (type from the bytes, size, pixel limits, metadata dropped). Stored without
   * upload rows: the sweep of unattached ticket images must not take these pictures.
   */
  async function cleaned(file: Buffer | undefined): Promise<Buffer> {
    if (!file) throw fileRefusal(uploadsMessages.noImage);
    if (file.length >= ticketLimits.maxFileBytes) throw fileRefusal(ticketMessages.fileTooLarge);
    return (await reencode(file, limits)).body;
  }

  return {
    /** A pack's picture re-encoded to WebP at the thumbnail and banner sizes. */
    async storePackArt(file: Buffer | undefined): Promise<{ thumbnail: string; banner: string }> {
      const clean = await cleaned(file);
      return {
        thumbnail: await storeWebp(clean, PACK_ART_FOLDER, packArtSizes.thumbnail),
        banner: await storeWebp(clean, PACK_ART_FOLDER, packArtSizes.banner),
      };
    },

    /** A home page slide's picture re-encoded to WebP at its carousel's size. */
    async storeHomeArt(file: Buffer | undefined, kind: HomeArtKind): Promise<{ image: string }> {
      return { image: await storeWebp(await cleaned(file), HOME_ART_FOLDER, homeArtSizes[kind]) };
    },

    /** A news cover re-encoded to WebP at 1200 x 630. */
    async storeNewsCover(file: Buffer | undefined): Promise<{ coverImage: string }> {
      return { coverImage: await storeWebp(await cleaned(file), NEWS_COVER_FOLDER, newsCoverSize) };
    },

    /** A public picture, by its server-made name. */
    async readPublicArt(folder: PublicArtFolder, name: string): Promise<Buffer> {
      if (!STORED_NAME.test(name) || !name.endsWith('.webp')) throw notFound();
      const body = await storage.get(folder, name);
      if (!body) throw notFound();
      return body;
    },
  };
}

/** A player's upload names an allowed folder and carries 1 to 3 files under 10 MB each. */
function assertUploadable(folder: string, files: Buffer[]) {
  if (!(uploadFolders as readonly string[]).includes(folder)) {
    throw new AppError(400, codes.validation, uploadsMessages.badFolder, { folder: [uploadsMessages.badFolder] });
  }
  if (files.length === 0) throw fileRefusal(uploadsMessages.noImage);
  if (files.length > ticketLimits.maxFiles) throw fileRefusal(ticketMessages.tooManyFiles);
  if (files.some((file) => file.length >= ticketLimits.maxFileBytes)) throw fileRefusal(ticketMessages.fileTooLarge);
}

export interface UploadsDeps {
  db: Db;
  log: Logger;
  storage: ImageStorage;
  failures: FailureCounter;
  limits: UploadLimits;
}

export function createUploadService({ db, log, storage, failures, limits }: UploadsDeps) {
  async function storeImages(user: AuthUser, folder: string, files: Buffer[]): Promise<UploadedFile[]> {
    // All files are checked before any is stored: one bad file refuses the whole upload.
    const images: Reencoded[] = [];
    for (const file of files) images.push(await reencode(file, limits));

    const stored = images.map((image) => ({ ...image, name: `${randomUUID()}.${imageFormats[image.mime]}` }));
    // Rows first, objects second: an object left by an upload that fails half-way always has its
    // row, so the cleanup job (cleanup.ts) finds it and deletes it with the unattached ones.
    const rows = stored.map((image) => ({
      id: randomUUID(),
      ownerId: user.id,
      folder,
      name: image.name,
      contentType: image.mime,
      size: image.body.length,
    }));
    await insertUploads(db, rows);
    try {
      for (const image of stored) await storage.put(folder, image.name, image.body, image.mime);
    } catch (error) {
      // Take back what this upload stored; if that fails too, the cleanup job finds the rows later.
      await Promise.allSettled(stored.map((image) => storage.delete(folder, image.name)));
      await deleteUnattachedUploads(
        db,
        rows.map((row) => row.id),
      ).catch(() => undefined);
      // A store that cannot take a valid image (a full or read-only disk, S3 away) is the server's fault.
      throw unavailable(error);
    }
    return stored.map((image) => ({
      url: uploadUrl(folder, image.name),
      contentType: image.mime,
      size: image.body.length,
      width: image.width,
      height: image.height,
    }));
  }

  return {
    /** The path's `{id}` must be the signed-in player's own id. */
    assertOwner(user: AuthUser, id: string) {
      if (user.id !== id) throw forbidden();
    },

    /**
     * One upload of the player: the quota is taken before `read` reads the body, so an upload past it
     * is refused without a byte of it in memory. Every upload read counts, refused ones too.
     */
    async uploadImages(
      user: AuthUser,
      read: () => Promise<{ folder: string; files: Buffer[] }>,
    ): Promise<UploadedFile[]> {
      const quotaKey = `upload:${user.id}`;
      const attempts = await failures.hit(quotaKey, limits.windowSeconds);
      if (attempts > limits.perWindow) {
        throw new AppError(429, codes.rateLimited, uploadsMessages.tooManyUploads);
      }
      try {
        const { folder, files } = await read();
        assertUploadable(folder, files);
        return await storeImages(user, folder, files);
      } catch (error) {
        // The server's failure (a store or a database away) does not use up the player's uploads.
        if (!(error instanceof AppError && error.statusCode < 500)) {
          await failures.release(quotaKey).catch(() => undefined);
        }
        throw error;
      }
    },

    ...publicArtStore(storage, limits),

    /** An image of a ticket that exists and still lists it (its signed address names the ticket). */
    async readTicketImage(
      ticketId: string,
      folder: string,
      name: string,
    ): Promise<{ body: Buffer; contentType: string }> {
      const match = STORED_NAME.exec(name);
      if (!match || !(uploadFolders as readonly string[]).includes(folder) || !isUuid(ticketId)) throw notFound();
      if (!(await ticketListsImage(db, ticketId, uploadUrl(folder, name)))) throw notFound();
      const body = await storage.get(folder, name);
      if (!body) throw notFound();
      return { body, contentType: contentTypes[match[1]!]! };
    },

    /** Throws when the image store cannot take a file (/api/ready). */
    probeStorage: () => storage.probe(),

    /**
     * Removes the images among `urls` that no ticket lists any more (a deleted ticket's). Objects go
     * first: if storage fails, the rows stay and the worker's sweep of unattached images retries.
     */
    async removeImages(urls: string[]): Promise<void> {
      const names = urls.map((url) => uploadUrlPattern.exec(url)?.[2]).filter((name) => name !== undefined);
      try {
        const rows = await findUnattachedUploadsNamed(db, ticketLimits.uploadFolder, names);
        for (const row of rows) await storage.delete(row.folder, row.name);
        await deleteUnattachedUploads(
          db,
          rows.map((row) => row.id),
        );
      } catch (error) {
        log.error({ err: error }, "a deleted ticket's images are left to the sweep");
      }
    },

    /** The names among `names` that the player uploaded into `folder` (what a ticket may attach). */
    ownedNames: (ownerId: string, folder: string, names: string[]) => findOwnedUploadNames(db, ownerId, folder, names),
  };
}
