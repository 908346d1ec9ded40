// The production smoke suite's checks of nginx in front (deploy/nginx.conf): where it sends requests,
// what it keeps away from the outside, what it caches and compresses, whose address it believes and
// how large a body it lets through. Each takes the suite (production-smoke.mjs).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { call, waitUntil } from './clients.mjs';
import { readAccessLog } from './topology.mjs';

/** /api/* goes to the API processes, the rest to the web processes. */
export async function routesByPath({ site, topology }) {
  const health = await call('GET', `${site}/api/health`);
  assert.equal(health.status, 200);
  assert.equal(health.json.code, 'api.success');
  assert.ok(health.headers.get('x-request-id'), 'the API sets x-request-id');
  const home = await call('GET', `${site}/`);
  assert.equal(home.status, 200);
  assert.match(home.headers.get('content-type'), /text\/html/);
  assert.match(home.text, /<html/);
  const served = new Set(
    readAccessLog(topology.dir)
      .filter((entry) => entry.uri === '/api/health')
      .map((entry) => entry.upstream),
  );
  assert.ok([...served].every((upstream) => topology.apis.some((api) => upstream === `127.0.0.1:${api.port}`)));
}

/** /api/metrics, the API's document and the web revalidation call are not reachable through nginx, however spelled. */
export async function internalsUnreachable({ site, topology, api1, secrets }) {
  assert.equal(
    (await call('GET', `${api1.url}/api/metrics`, { token: secrets.metrics })).status,
    200,
    'metrics exist on the API itself, with the bearer token',
  );
  for (const path of ['/api/metrics', '/api/metrics/', '/api//metrics', '/api/%6Detrics', '/api/./metrics']) {
    assert.equal((await call('GET', `${site}${path}`, { token: secrets.metrics })).status, 404, path);
  }
  assert.equal((await call('GET', `${api1.url}/api/docs/json`)).status, 200, 'the document exists on the API itself');
  for (const path of ['/api/docs', '/api/docs/json', '/api//docs/json', '/api/%64ocs/json', '/api/Docs/json']) {
    assert.equal((await call('GET', `${site}${path}`)).status, 404, path);
  }
  assert.equal((await call('GET', `${topology.internalUrl}/api/metrics`)).status, 404, 'internal listener');
  assert.equal((await call('GET', `${topology.internalUrl}/api/docs/json`)).status, 404, 'internal listener');
  assert.equal((await call('GET', `${topology.internalUrl}/`)).status, 404, 'the internal listener is API only');
  assert.equal((await call('GET', `${topology.internalUrl}/api/health`)).status, 200);
  for (const method of ['POST', 'GET']) {
    assert.equal(
      (await call(method, `${site}/_internal/revalidate`, { body: method === 'POST' ? {} : undefined })).status,
      404,
    );
  }
  const blocked = readAccessLog(topology.dir).filter((entry) => /metrics|etrics|_internal/.test(entry.uri));
  assert.ok(blocked.length >= 8 && blocked.every((entry) => entry.upstream === '-'), JSON.stringify(blocked));
}

/** /_next/static is cached for a year and kept in nginx; the API's text arrives compressed. */
export async function cachesAndCompresses({ site, api1 }) {
  const home = await call('GET', `${site}/`);
  const asset = /\/_next\/static\/[^"']+\.js/.exec(home.text)?.[0];
  assert.ok(asset, 'the home page links a script under /_next/static');
  const first = await call('GET', `${site}${asset}`);
  const second = await call('GET', `${site}${asset}`);
  assert.equal(second.status, 200);
  assert.match(second.headers.get('cache-control'), /max-age=31536000/);
  assert.match(second.headers.get('cache-control'), /immutable/);
  assert.equal(second.headers.get('x-cache-status'), 'HIT', `first ${first.headers.get('x-cache-status')}`);
  // The API does not compress; through nginx its JSON arrives gzipped.
  const direct = await fetch(`${api1.url}/api/store/packs`, { headers: { 'accept-encoding': 'gzip' } });
  const proxied = await fetch(`${site}/api/store/packs`, { headers: { 'accept-encoding': 'gzip' } });
  await Promise.all([direct.arrayBuffer(), proxied.arrayBuffer()]);
  assert.equal(direct.headers.get('content-encoding'), null);
  assert.equal(proxied.headers.get('content-encoding'), 'gzip');
}

/**
 * A client's own X-Forwarded-For is replaced, not believed: the rate limit counts the real address. Each API
 * process adds its hits in Redis at its next sync (RATE_LIMIT_SYNC_MS), so the shared counts are read there.
 */
export async function forwardedForReplaced({ site, topology }) {
  const redis = new Redis(topology.apiEnv.REDIS_URL, { lazyConnect: true });
  await redis.connect();
  try {
    const count = async (address) => Number(await redis.get(`fastify-rate-limit-${address}`));
    const spoofed = ['203.0.113.7', '198.51.100.9', '203.0.113.8'];
    const before = await count('127.0.0.1');
    const answers = await Promise.all(
      [{}, { 'x-forwarded-for': '203.0.113.7' }, { 'x-forwarded-for': '198.51.100.9, 203.0.113.8' }].map((headers) =>
        call('GET', `${site}/api/news`, { headers }),
      ),
    );
    assert.ok(
      answers.every((answer) => Number(answer.headers.get('x-ratelimit-remaining')) > 0),
      'the API answers with its rate-limit headers',
    );
    await waitUntil(
      'the three requests counted in Redis',
      async () => (await count('127.0.0.1')) >= before + 3,
      10_000,
    );
    assert.deepEqual(
      await Promise.all(spoofed.map(count)),
      [0, 0, 0],
      'every request is counted against the one real client address, none against the addresses it sent',
    );
  } finally {
    redis.disconnect();
  }
}

/** A ticket upload of 3 images of 10 MB passes nginx; a 40 MB body is refused by nginx. */
export async function uploadSizes({ site, createPlayers }) {
  const [player] = await createPlayers(1);
  const form = new FormData();
  form.append('folder', 'supports');
  for (let i = 0; i < 3; i += 1) {
    const noise = randomBytes(1780 * 1780 * 3);
    const png = await sharp(noise, { raw: { width: 1780, height: 1780, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    assert.ok(png.length > 9_000_000 && png.length < 10_000_000, `image of ${png.length} bytes`);
    form.append('files', new Blob([png], { type: 'image/png' }), `anh-${i}.png`);
  }
  const upload = await call('POST', `${site}/api/upload/${player.id}/public-images`, {
    token: player.token,
    body: form,
  });
  assert.equal(upload.status, 200, upload.text.slice(0, 300));
  assert.equal(upload.json.data.length, 3);
  const tooBig = await call('POST', `${site}/api/upload/${player.id}/public-images`, {
    token: player.token,
    body: 'x'.repeat(40 * 1024 * 1024),
    headers: { 'content-type': 'application/octet-stream' },
  });
  assert.equal(tooBig.status, 413);
}
