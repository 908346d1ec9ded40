import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfStale, freePort, root, startServers, waitFor } from '../scripts/processes.mjs';
import { cpuMicroseconds, measure, printTable } from './lib.mjs';

const ARTICLE = '/news/le-hoi-trung-vang-mua-he-2025';
const PAGES = ['/', '/news', ARTICLE, '/store?tab=tieu-bieu', '/gift-code', '/supports', '/community/test', '/privacy'];

/**
 * The baseline: what the same Next server sends without rendering anything. Always the same file of
 * the build, Turbopack's runtime chunk that every page loads (named in the build manifest), so runs
 * compare against one size.
 */
export function staticChunk() {
  const manifest = JSON.parse(readFileSync(join(root, 'apps/web/.next/build-manifest.json'), 'utf8'));
  const file = manifest.rootMainFiles.find((name) => /\/turbopack-[^/]+\.js$/.test(name));
  if (!file) throw new Error('No Turbopack runtime chunk in the build manifest (rootMainFiles)');
  return `/_next/${file}`;
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
    apiEnv: {
      DEMO_MODE: 'true',
      PGLITE_DIR: join(dataDir, 'db'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
  });
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/api/ready`, 120_000);
    const site = `http://127.0.0.1:${webPort}`;
    await waitFor(`${site}/`, 120_000);
    const staticFile = staticChunk();
    const html = await fetch(`${site}/`).then((response) => response.text());
    // Warm every page once (first render, data cache) so the runs measure serving, not a cold start.
    for (const page of PAGES) await fetch(`${site}${page}`).then((response) => response.arrayBuffer());
    // Each run: requests per second, and the web process's CPU time per request.
    const web = servers.children[1].pid;
    const duration = 6;
    const run = async (path, headers = {}) => {
      const cpu = cpuMicroseconds(web);
      const rate = await measure({ url: `${site}${path}`, headers, duration });
      return { rate, cpu: (cpuMicroseconds(web) - cpu) / (rate * duration) };
    };
    const row = (path, { rate, cpu }, base) => ({
      path,
      'req/s': Math.round(rate),
      ratio: +(rate / base).toFixed(3),
      'CPU µs/req': Math.round(cpu),
    });
    const base = await run(staticFile);
    const rows = [row(`static file ${staticFile}`, base, base.rate)];
    for (const page of PAGES) rows.push(row(page, await run(page), base.rate));
    rows.push(row('/ (NEXT_LOCALE=en)', await run('/', { cookie: 'NEXT_LOCALE=en' }), base.rate));
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
