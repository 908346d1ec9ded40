import { createHash, createHmac } from 'node:crypto';
import { assertSafe, type ImageStorage } from './storage';

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
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

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
 * AWS Signature Version 4 in the Authorization header, for S3 (no query string: our keys have none).
 * Returns the headers to send; `host` is signed but left to fetch, which sets it from the URL.
 */
export function signS3Request(input: SignInput): Record<string, string> {
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([name, value]) => [name.toLowerCase(), value.trim()])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    '',
    ...names.map((name) => `${name}:${headers[name]}`),
    '',
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${input.secretAccessKey}`, day);
  for (const part of [input.region, 's3', 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  const { host: _host, ...toSend } = headers;
  return {
    ...toSend,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}

/** An S3-compatible bucket (AWS, MinIO, R2...), spoken to with plain fetch, so several API hosts share images. */
export function s3Storage(settings: S3Settings): ImageStorage {
  const objectUrl = (folder: string, name: string) => {
    assertSafe(folder);
    assertSafe(name);
    const url = new URL(settings.endpoint);
    const base = url.pathname.replace(/\/+$/, '');
    if (settings.forcePathStyle) {
      url.pathname = `${base}/${encodeURIComponent(settings.bucket)}/${folder}/${name}`;
    } else {
      url.hostname = `${settings.bucket}.${url.hostname}`;
      url.pathname = `${base}/${folder}/${name}`;
    }
    return url;
  };

  const send = (method: 'GET' | 'PUT' | 'DELETE', url: URL, body?: Buffer, contentType?: string) =>
    fetch(url, {
      method,
      headers: signS3Request({
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

  return {
    async put(folder, name, body, contentType) {
      const url = objectUrl(folder, name);
      const response = await send('PUT', url, body, contentType);
      if (!response.ok) throw await failure('PUT', url, response);
      await response.body?.cancel();
    },
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
    async delete(folder, name) {
      const url = objectUrl(folder, name);
      const response = await send('DELETE', url);
      await response.body?.cancel();
      if (!response.ok && response.status !== 404)
        throw new Error(`S3 DELETE ${url.pathname} answered ${response.status}`);
    },
  };
}
