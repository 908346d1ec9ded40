// The production smoke suite's checks of nginx's page microcache (deploy/nginx.conf, docs/decisions/037):
// what it keeps and by which key, what it never keeps, and that a publication still reaches every page
// within 5 s through it. Each takes the suite (production-smoke.mjs).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { call, sleep } from './clients.mjs';
import { startLoneNginx } from './topology.mjs';

const cacheStatus = (answer) => answer.headers.get('x-cache-status');

/** Asks `path` `times` times in a row; the X-Cache-Status of each answer, and the last answer. */
async function statuses(site, path, headers = {}, times = 3) {
  const seen = [];
  let last;
  for (let i = 0; i < times; i += 1) {
    last = await call('GET', `${site}${path}`, { headers });
    assert.equal(last.status, 200, `${path}: ${last.status}`);
    seen.push(cacheStatus(last));
  }
  return { seen, last };
}

/**
 * A public page asked again is answered by nginx (HIT), once per locale and encoding; the page says a
 * shared cache may keep it 5 s (a CDN 30 s more while it refreshes). /admin, a player's own page and Next's client navigation (RSC) are never HIT,
 * and do not leave their answer in place of the page.
 */
export async function pagesKeptByKey({ site }) {
  const plain = await statuses(site, '/');
  assert.equal(plain.seen[1], 'HIT', `GET / twice: ${plain.seen}`);
  assert.equal(plain.last.headers.get('cache-control'), 's-maxage=5');
  assert.equal(plain.last.headers.get('cdn-cache-control'), 'max-age=5, stale-while-revalidate=30');
  assert.match(plain.last.text, /<html lang="vi"/);

  const english = await statuses(site, '/', { cookie: 'NEXT_LOCALE=en' });
  assert.equal(english.seen[1], 'HIT', `GET / in English twice: ${english.seen}`);
  assert.match(english.last.text, /<html lang="en"/, 'the locale cookie is part of the key');

  const gzip = await fetch(`${site}/news`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
  await gzip.arrayBuffer();
  const again = await fetch(`${site}/news`, { headers: { 'accept-encoding': 'gzip' } });
  const kept = await again.arrayBuffer();
  // Said in full: one run in many found this copy uncompressed, and the bare assertion could not say why.
  const seen = `${again.status}, ${cacheStatus(again)}, ${again.headers.get('content-type')}, ${kept.byteLength} bytes; the first: ${gzip.status}, ${cacheStatus(gzip)}, ${gzip.headers.get('content-encoding')}`;
  assert.equal(again.headers.get('content-encoding'), 'gzip', `the gzip copy of /news: ${seen}`);
  assert.equal(cacheStatus(again), 'HIT', 'a browser listing more encodings shares the gzip copy');
  const identity = await fetch(`${site}/news`, { headers: { 'accept-encoding': 'identity' } });
  assert.match(await identity.text(), /<html/, 'a client without gzip gets the page uncompressed');
  assert.equal(identity.headers.get('content-encoding'), null);

  for (const path of ['/admin', '/supports/my-tickets', '/store/history', '/news?utm_source=x']) {
    const { seen } = await statuses(site, path);
    assert.ok(!seen.includes('HIT'), `${path}: ${seen}`);
  }
  const rsc = await statuses(site, '/', { rsc: '1' });
  assert.ok(!rsc.seen.includes('HIT'), `RSC: 1 on /: ${rsc.seen}`);
  assert.match(rsc.last.headers.get('content-type'), /text\/x-component/);
  const prefetch = await statuses(site, '/news', { rsc: '1', 'next-router-prefetch': '1' });
  assert.ok(!prefetch.seen.includes('HIT'), `a prefetch of /news: ${prefetch.seen}`);
  const after = await call('GET', `${site}/`);
  assert.match(after.headers.get('content-type'), /text\/html/, 'the page is still HTML after RSC requests');
}

/** Staff publish an article: through nginx it is on / and /news within 5 s; unpublished, a 404 within 5 s. */
export async function publicationVisibleThroughCache({ site, adminToken }) {
  const tag = Date.now().toString(36);
  const title = `Tin qua nginx ${tag}`;
  const slug = `tin-qua-nginx-${tag}`;
  // Kept copies of both pages first, so that the check sees them replaced.
  for (const path of ['/', '/news', '/', '/news']) await call('GET', `${site}${path}`);
  const staff = async (method, path, body) => {
    const answer = await call(method, `${site}/api${path}`, { token: adminToken, body });
    assert.equal(answer.json?.code, 'api.success', `${method} ${path}: ${answer.text.slice(0, 300)}`);
    return answer.json.data;
  };
  const draft = await staff('POST', '/internal/news', {
    slug,
    title,
    summary: 'Một tin vừa đăng.',
    coverImage: '/news/chao-mung-ra-mat-website-moi.jpg',
    body: 'Nội dung.',
    category: 'events',
  });
  await staff('POST', `/internal/news/${draft.id}/publish`);
  const published = Date.now();
  const within5s = async (since, what, test) => {
    while (!(await test())) {
      assert.ok(Date.now() - since < 5000, `${what} not within 5 s`);
      await sleep(100);
    }
    return Date.now() - since;
  };
  const shows = (path) => async () => (await call('GET', `${site}${path}`)).text.includes(title);
  const [home, news] = await Promise.all([
    within5s(published, 'published: on /', shows('/')),
    within5s(published, 'published: on /news', shows('/news')),
  ]);
  await staff('POST', `/internal/news/${draft.id}/unpublish`);
  const unpublished = Date.now();
  const [article] = await Promise.all([
    within5s(unpublished, 'unpublished: a 404', async () => (await call('GET', `${site}/news/${slug}`)).status === 404),
    within5s(unpublished, 'unpublished: off /news', async () => !(await shows('/news')())),
  ]);
  return `published: on / after ${home} ms, on /news after ${news} ms; unpublished: a 404 after ${article} ms`;
}

/**
 * What the real pages never send, from a stand-in web behind nginx running the same file: an answer
 * with Set-Cookie or a private Cache-Control is never kept; an ordinary one is (the stand-in works).
 */
export async function setCookieNeverKept() {
  const asked = new Map();
  const web = createServer((request, response) => {
    asked.set(request.url, (asked.get(request.url) ?? 0) + 1);
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=5' };
    if (request.url === '/supports') headers['set-cookie'] = 'NEXT_LOCALE=en; Path=/';
    if (request.url === '/privacy') headers['cache-control'] = 'private, no-store';
    response.writeHead(200, headers).end('<html lang="vi"></html>');
  });
  await new Promise((resolve) => web.listen(0, '127.0.0.1', resolve));
  const { port } = web.address();
  const nginx = await startLoneNginx({ apiPorts: [port, port], webPorts: [port, port] });
  try {
    const ask = async (path) => (await statuses(nginx.url, path, {}, 3)).seen;
    asked.clear();
    const kept = await ask('/gift-code');
    assert.deepEqual([kept[1], asked.get('/gift-code')], ['HIT', 1], `an ordinary page: ${kept}`);
    const cookie = await ask('/supports');
    assert.ok(!cookie.includes('HIT') && asked.get('/supports') === 3, `with Set-Cookie: ${cookie}`);
    const secret = await ask('/privacy');
    assert.ok(!secret.includes('HIT') && asked.get('/privacy') === 3, `private: ${secret}`);
  } finally {
    await nginx.stop();
    await new Promise((resolve) => web.close(resolve));
  }
}
