import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const S3_ACCESS_KEY_ID = 'carabala-test-key';
export const S3_SECRET = 'the-real-secret-of-the-stand-in';
export const S3_BUCKET = 'ticket-images';
export const S3_REGION = 'ap-southeast-1';

interface StoredObject {
  body: Buffer;
  contentType: string;
  /** What ListObjectsV2 answers as LastModified (a test may move it back). */
  lastModified: Date;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4's canonical query string wants it. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** The canonical query string: each name and value encoded, sorted by name then value. */
function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/**
 * Checks an Authorization: AWS4-HMAC-SHA256 header the way S3 does, written from the SigV4
 * description independently of the API's signer: same canonical request, same key derivation.
 */
function verifySigV4(req: IncomingMessage, body: Buffer): boolean {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!match) return false;
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as string[];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  const names = signedHeaders!.split(';');
  if (keyId !== S3_ACCESS_KEY_ID || region !== S3_REGION || !amzDate.startsWith(day!)) return false;
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256')) return false;
  if (payloadHash !== createHash('sha256').update(body).digest('hex')) return false;
  const url = new URL(req.url!, 'http://stand-in');
  const canonical = [
    req.method,
    url.pathname,
    canonicalQuery(url),
    ...names.map((name) => `${name}:${String(req.headers[name] ?? '').trim()}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`;
  const key = hmac(hmac(hmac(hmac(`AWS4${S3_SECRET}`, day!), region!), 's3'), 'aws4_request');
  return timingSafeEqual(createHmac('sha256', key).update(toSign).digest(), Buffer.from(signature!, 'hex'));
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * ListObjectsV2 of `{bucket}?list-type=2&prefix=…`: keys under the prefix in order, `pageSize` per
 * page (S3's is 1000), the next page named by an opaque continuation token.
 */
function listAnswer(objects: Map<string, StoredObject>, bucket: string, url: URL, pageSize: number) {
  const prefix = url.searchParams.get('prefix') ?? '';
  const keys = [...objects.keys()]
    .filter((key) => key.startsWith(`${bucket}/${prefix}`))
    .map((key) => key.slice(bucket.length + 1))
    .sort();
  const token = url.searchParams.get('continuation-token');
  const start = token ? keys.findIndex((key) => key > Buffer.from(token, 'base64url').toString()) : 0;
  const page = start < 0 ? [] : keys.slice(start, start + pageSize);
  const truncated = start >= 0 && start + pageSize < keys.length;
  const contents = page
    .map((key) => {
      const object = objects.get(`${bucket}/${key}`)!;
      return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join('');
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}&amp;x</NextContinuationToken>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`;
}

/**
 * An S3 stand-in on 127.0.0.1: path-style PUT, GET and DELETE of objects and ListObjectsV2 of the
 * bucket (paged by `pageSize`), kept in memory, SigV4 required. `failLists` makes listings answer 500.
 */
export async function startS3StandIn({ pageSize = 1000 }: { pageSize?: number } = {}) {
  const objects = new Map<string, StoredObject>();
  const refused: string[] = [];
  const state = { failLists: false, lists: 0 };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const error = (status: number, code: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
    };
    if (!verifySigV4(req, body)) {
      refused.push(`${req.method} ${req.url}`);
      return error(403, 'SignatureDoesNotMatch');
    }
    const url = new URL(req.url!, 'http://stand-in');
    const key = decodeURIComponent(url.pathname.slice(1));
    if (req.method === 'GET' && url.searchParams.get('list-type') === '2' && !key.includes('/')) {
      state.lists += 1;
      // The token is the stand-in's own (a key and a tail that must come back decoded from the XML).
      const token = url.searchParams.get('continuation-token');
      if (state.failLists || (token && !token.endsWith('&x'))) return error(500, 'InternalError');
      if (token) url.searchParams.set('continuation-token', token.slice(0, -2));
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(listAnswer(objects, key, url, pageSize));
    }
    if (req.method === 'PUT') {
      const contentType = req.headers['content-type'] ?? 'binary/octet-stream';
      objects.set(key, { body, contentType, lastModified: new Date() });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      return res.end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    const object = objects.get(key);
    if (req.method !== 'GET') return error(405, 'MethodNotAllowed');
    if (!object) return error(404, 'NoSuchKey');
    res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
    res.end(object.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    objects,
    refused,
    state,
    /** The API's settings for this bucket. */
    env: {
      UPLOAD_STORAGE: 's3',
      S3_ENDPOINT: url,
      S3_REGION,
      S3_BUCKET,
      S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: S3_SECRET,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
