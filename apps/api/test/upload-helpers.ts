import { randomBytes } from 'node:crypto';
import { createDeflate } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { bearer } from './helpers';

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  body: Buffer;
}

/** A multipart body built by hand, so that tests control every name and declared type. */
export function multipart(files: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An animated GIF of `frames` frames of `width` x `height`, each a little different (small on the wire). */
export async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * frames * 3, 40);
  for (let frame = 0; frame < frames; frame += 1)
    raw.fill(frame * 2, frame * width * height * 3, frame * width * height * 3 + width * 3);
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif()
    .toBuffer();
}

export const png = (width = 40, height = 30, background = '#1e88e5') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A JPEG carrying a camera make and a GPS position in its EXIF block. */
export const jpegWithLocation = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: '#c62828' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 3000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 1/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '105/1 51/1 0/1' },
    })
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real decompression bomb: a valid grey PNG of `size` x `size` pixels, a few hundred KB on the wire. */
export async function pngBomb(size = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  // Every row is filter byte 0 then black pixels; streamed so the test never holds 400 MB.
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const rows = Buffer.alloc((size + 1) * 100);
  for (let written = 0; written < size; written += 100) {
    if (!deflate.write(rows)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function upload(
  app: FastifyInstance,
  token: string | null,
  userId: string,
  files: FilePart[],
  fields = {},
) {
  const body = multipart(files, fields);
  return app.inject({
    method: 'POST',
    url: `/api/upload/${userId}/public-images`,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}

/** Files a ticket with these uploaded images; answers its id and the signed image addresses it gives. */
export async function fileTicket(app: FastifyInstance, token: string, urls: string[]) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: bearer(token),
    payload: {
      type: '1',
      incidentTime: 'hôm qua',
      device: 'iPhone 13',
      title: 'Ảnh đính kèm',
      description: 'Ảnh chụp màn hình',
      filesUrl: urls.map((url) => ({ url })),
    },
  });
  if (response.statusCode !== 200) throw new Error(`ticket refused: ${response.body}`);
  const ticket = response.json().data as { id: string; filesUrl: { url: string }[] };
  return { id: ticket.id, signedUrls: ticket.filesUrl.map((file) => file.url) };
}

export async function userId(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
  return response.json().data.id;
}
