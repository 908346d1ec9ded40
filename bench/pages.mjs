import { readdirSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfStale, freePort, root, startServers, waitFor } from '../scripts/processes.mjs';
import { measure, printTable } from './lib.mjs';

const ARTICLE = '/news/le-hoi-trung-vang-mua-he-2025';
const PAGES = ['/', '/news', ARTICLE, '/store?tab=tieu-bieu', '/gift-code', '/supports', '/community/test', '/privacy'];

/** A static JS chunk of the build: what the same Next server sends without rendering anything. */
function staticChunk() {
  const dir = join(root, 'apps/web/.next/static/chunks');
  const file = readdirSync(dir).find((name) => name.endsWith('.js'));
  return `/_next/static/chunks/${file}`;
}

/** Each public page (Vietnamese, and / in English) against a static file served by the same Next server. */
export async function benchPages() {
  await buildWebIfStale();
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'carabala-pages-'));
  const servers = startServers({
    apiPort,
    webPort,
    quiet: true,
    apiEnv: { PGLITE_DIR: join(dataDir, 'db'), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/api/ready`, 120_000);
    const site = `http://127.0.0.1:${webPort}`;
    await waitFor(`${site}/`, 120_000);
    const staticFile = staticChunk();
    const html = await fetch(`${site}/`).then((response) => response.text());
    // Warm every page once (first render, data cache) so the runs measure serving, not a cold start.
    for (const page of PAGES) await fetch(`${site}${page}`).then((response) => response.arrayBuffer());
    const base = await measure({ url: `${site}${staticFile}`, duration: 6 });
    const rows = [{ path: `static file ${staticFile}`, 'req/s': Math.round(base), ratio: 1 }];
    for (const page of PAGES) {
      const rate = await measure({ url: `${site}${page}`, duration: 6 });
      rows.push({ path: page, 'req/s': Math.round(rate), ratio: +(rate / base).toFixed(3) });
    }
    const english = await measure({ url: `${site}/`, headers: { cookie: 'NEXT_LOCALE=en' }, duration: 6 });
    rows.push({ path: '/ (NEXT_LOCALE=en)', 'req/s': Math.round(english), ratio: +(english / base).toFixed(3) });
    printTable(
      `Public pages on the production build (HTML of / ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB; target: every page >= 0.5 of the static file)`,
      rows,
    );
    return rows;
  } finally {
    await servers.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPages();
