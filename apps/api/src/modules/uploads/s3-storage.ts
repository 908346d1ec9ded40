import { AwsV4Signer } from 'aws4fetch';
import { createHash } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { assertSafe, PROBE_FOLDER, type ImageStorage, type StoredObject } from './storage';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `{endpoint}/{bucket}/{key}` (MinIO, most self-hosted stores) rather than `{bucket}.{endpoint host}/{key}`. */
  forcePathStyle: boolean;
}

/** A stalled store must not hold an upload or an image request open forever. */
const REQUEST_TIMEOUT_MS = 15_000;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256. */
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}

/**
 * AWS Signature Version 4 in the Authorization header, for S3, by aws4fetch's signer
 * (docs/decisions/017). The payload hash is always signed (never UNSIGNED-PAYLOAD). Returns the
 * headers to send; `host` is signed but left to fetch, which sets it from the URL.
 */
export async function signS3Request(input: SignInput): Promise<Record<string, string>> {
  const signed = await new AwsV4Signer({
    method: input.method,
    url: input.url.toString(),
    headers: { ...input.headers, 'x-amz-content-sha256': input.payloadHash },
    accessKeyId: input.accessKeyId,
    secretAccessKey: input.secretAccessKey,
    service: 's3',
    // Sign every header we send (content-type, range), as S3's own examples do.
    allHeaders: true,
    region: input.region,
    datetime: input.now.toISOString().replace(/[:-]|\.\d{3}/g, ''),
  }).sign();
  return Object.fromEntries(signed.headers.entries());
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => xmlEntities[name]!);
const xmlValues = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => xmlText(match[1]!));

/**
 * One page of a ListObjectsV2 answer: its objects (the keys under `prefix`, named without it) and the
 * token of the next page, if any.
 */
export function listPageOf(xml: string, prefix: string): { objects: StoredObject[]; next: string | null } {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap((match) => {
    const [key] = xmlValues(match[1]!, 'Key');
    const [modified] = xmlValues(match[1]!, 'LastModified');
    const modifiedAt = new Date(modified ?? '');
    if (!key?.startsWith(prefix) || Number.isNaN(modifiedAt.getTime()))
      throw new Error(`S3 listing not understood: ${key}`);
    return { name: key.slice(prefix.length), modifiedAt };
  });
  const truncated = xmlValues(xml, 'IsTruncated')[0] === 'true';
  const next = truncated ? (xmlValues(xml, 'NextContinuationToken')[0] ?? null) : null;
  if (truncated && !next) throw new Error('S3 listing truncated without a continuation token');
  return { objects, next };
}

/** An S3-compatible bucket (AWS, MinIO, R2...), spoken to with plain fetch, so several API hosts share images. */
export function s3Storage(settings: S3Settings): ImageStorage {
  /** The bucket's address with `path` (a key, or empty for the bucket itself). */
  const bucketUrl = (path: string) => {
    const url = new URL(settings.endpoint);
    const base = url.pathname.replace(/\/+$/, '');
    if (settings.forcePathStyle) {
      url.pathname = `${base}/${encodeURIComponent(settings.bucket)}${path ? `/${path}` : ''}`;
    } else {
      url.hostname = `${settings.bucket}.${url.hostname}`;
      url.pathname = `${base}/${path}`;
    }
    return url;
  };
  const objectUrl = (folder: string, name: string) => {
    assertSafe(folder);
    assertSafe(name);
    return bucketUrl(`${folder}/${name}`);
  };

  const send = async (method: 'GET' | 'PUT' | 'DELETE', url: URL, body?: Buffer, contentType?: string) =>
    fetch(url, {
      method,
      headers: await signS3Request({
        method,
        url,
        headers: contentType ? { 'content-type': contentType } : {},
        payloadHash: sha256Hex(body ?? ''),
        region: settings.region,
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
        now: new Date(),
      }),
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });

  // The store's own error (e.g. SignatureDoesNotMatch) goes to the log; players see the generic 500.
  const failure = async (method: string, url: URL, response: Response) =>
    new Error(`S3 ${method} ${url.pathname} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);

  const put = async (folder: string, name: string, body: Buffer, contentType: string) => {
    const url = objectUrl(folder, name);
    const response = await send('PUT', url, body, contentType);
    if (!response.ok) throw await failure('PUT', url, response);
    await response.body?.cancel();
  };
  const remove = async (folder: string, name: string) => {
    const url = objectUrl(folder, name);
    const response = await send('DELETE', url);
    await response.body?.cancel();
    if (!response.ok && response.status !== 404)
      throw new Error(`S3 DELETE ${url.pathname} answered ${response.status}`);
  };

  return {
    put,
    async get(folder, name) {
      const url = objectUrl(folder, name);
      const response = await send('GET', url);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failure('GET', url, response);
      return Buffer.from(await response.arrayBuffer());
    },
    delete: remove,
    /** ListObjectsV2 under `{folder}/`, page by page; any page's failure fails the whole listing. */
    async list(folder) {
      assertSafe(folder);
      const prefix = `${folder}/`;
      const objects: StoredObject[] = [];
      let token: string | null = null;
      do {
        const url = bucketUrl('');
        url.searchParams.set('list-type', '2');
        url.searchParams.set('prefix', prefix);
        if (token) url.searchParams.set('continuation-token', token);
        const response = await send('GET', url);
        if (!response.ok) throw await failure('GET', url, response);
        const page = listPageOf(await response.text(), prefix);
        objects.push(...page.objects);
        token = page.next;
      } while (token);
      return objects;
    },
    async probe() {
      const name = `${randomUUID()}.probe`;
      await put(PROBE_FOLDER, name, Buffer.from('ready'), 'text/plain');
      await remove(PROBE_FOLDER, name);
    },
  };
}
