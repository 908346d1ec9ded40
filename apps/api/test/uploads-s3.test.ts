import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { uploads } from '../src/db/schema';
import { createUploadCleanup } from '../src/modules/uploads/cleanup';
import { imageStorage } from '../src/modules/uploads/image-storage';
import { signS3Request } from '../src/modules/uploads/s3-storage';
import { bearer, signIn, testConfig, useTestApp } from './helpers';
import { S3_BUCKET as BUCKET, startS3StandIn } from './stand-ins/s3';
import { fileTicket, png, upload, userId } from './upload-helpers';

const s3 = await startS3StandIn();
afterAll(() => s3.close());

const s3Env = s3.env;
const ctx = useTestApp(s3Env);
const wrongSecret = useTestApp({ ...s3Env, S3_SECRET_ACCESS_KEY: 'not-the-secret-the-store-knows' });

const uploadRows = async (database: typeof ctx.database) =>
  (await database.db.select({ n: count() }).from(uploads))[0]!.n;

describe('SigV4 signer', () => {
  it('gives the signature of the GET Object example in the AWS SigV4 documentation', async () => {
    const headers = await signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    // S3 accepts the three parts separated by a comma and optional spaces.
    expect(headers.authorization?.replace(/, /g, ',')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });
});

describe('UPLOAD_STORAGE=s3', () => {
  let token = '';
  let id = '';
  beforeAll(async () => {
    token = await signIn(ctx.app, 'player1', 'player123');
    id = await userId(ctx.app, token);
  });

  it('stores an upload in the bucket under its folder and serves it back with safe headers', async () => {
    const original = await png(24, 18);
    const response = await upload(ctx.app, token, id, [
      { filename: 'screen.png', contentType: 'image/png', body: original },
    ]);
    expect(response.statusCode).toBe(200);
    const [file] = response.json().data as { url: string; contentType: string }[];
    const name = file!.url.split('/').pop()!;
    expect(file!.url).toBe(`/api/uploads/supports/${name}`);

    const stored = s3.objects.get(`${BUCKET}/supports/${name}`);
    expect(stored?.contentType).toBe('image/png');
    expect((await sharp(stored!.body).metadata()).width).toBe(24);

    const ticket = await fileTicket(ctx.app, token, [file!.url]);
    const served = await ctx.app.inject({ method: 'GET', url: ticket.signedUrls[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(stored!.body)).toBe(true);

    const [row] = await ctx.database.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ ownerId: id, folder: 'supports', contentType: 'image/png' });

    // Deleting the ticket refuses its address at once and takes the object out of the bucket.
    const admin = await signIn(ctx.app, 'admin1', 'admin123');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/tickets/${ticket.id}`,
      headers: bearer(admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: ticket.signedUrls[0]! })).statusCode).toBe(404);
    expect(s3.objects.has(`${BUCKET}/supports/${name}`)).toBe(false);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.name, name))).toEqual([]);
  });

  it('answers 404 for a well-formed name the bucket does not hold', async () => {
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/uploads/supports/00000000-0000-4000-8000-000000000000.png',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('api.error');
  });

  it('answers 503 when the store refuses the signature, recording nothing, and /api/ready says so', async () => {
    const wrongToken = await signIn(wrongSecret.app, 'player1', 'player123');
    const wrongId = await userId(wrongSecret.app, wrongToken);
    const objectsBefore = s3.objects.size;
    const refusedBefore = s3.refused.length;
    const rowsBefore = await uploadRows(wrongSecret.database);

    const response = await upload(wrongSecret.app, wrongToken, wrongId, [
      { filename: 'a.png', contentType: 'image/png', body: await png() },
    ]);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ code: 'api.unavailable', message: 'Hệ thống đang bận, vui lòng thử lại sau.' });
    // The PUT was refused (and so was the DELETE that took it back).
    expect(s3.refused[refusedBefore]).toMatch(new RegExp(`^PUT /${BUCKET}/supports/[0-9a-f-]{36}\\.png$`));
    expect(s3.objects.size).toBe(objectsBefore);
    expect(await uploadRows(wrongSecret.database)).toBe(rowsBefore);

    const ready = await wrongSecret.app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      code: 'api.unavailable',
      data: { status: 'storage not writable', checks: { database: 'ok', storage: 'failed' } },
    });
    expect((await ctx.app.inject('/api/ready')).statusCode).toBe(200);
  });
});

describe('cleanup of unattached images on S3', () => {
  it('deletes the object and the row of an image no ticket took within a day', async () => {
    const token = await signIn(ctx.app, 'player1', 'player123');
    const id = await userId(ctx.app, token);
    const response = await upload(ctx.app, token, id, [
      { filename: 'a.png', contentType: 'image/png', body: await png() },
    ]);
    const name = (response.json().data[0].url as string).split('/').pop()!;
    expect(s3.objects.has(`${BUCKET}/supports/${name}`)).toBe(true);

    const cleanup = createUploadCleanup({
      db: ctx.database.db,
      storage: imageStorage(ctx.config),
      log: { info: () => undefined, error: () => undefined },
      maxAgeHours: 24,
    });
    expect(await cleanup.sweep(new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(await cleanup.sweep(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(s3.objects.has(`${BUCKET}/supports/${name}`)).toBe(false);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.name, name))).toEqual([]);
  });
});

describe('S3 configuration', () => {
  it('refuses to start with UPLOAD_STORAGE=s3 and a missing setting, naming each', () => {
    expect(() => loadConfig({ UPLOAD_STORAGE: 's3' })).toThrow(
      /S3_ENDPOINT: required when UPLOAD_STORAGE=s3[\s\S]*S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...s3Env, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required when UPLOAD_STORAGE=s3/,
    );
    expect(() => loadConfig({ ...s3Env, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ UPLOAD_STORAGE: 'ftp' })).toThrow(/UPLOAD_STORAGE/);
  });

  it('defaults to the local folder, and to us-east-1 and path style for s3', () => {
    expect(testConfig().UPLOAD_STORAGE).toBe('local');
    const { S3_REGION: _region, ...withoutRegion } = s3Env;
    expect(testConfig(withoutRegion)).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(testConfig({ ...s3Env, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
  });
});
