import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWebIfStale, freePort, root, run, startServers, waitFor } from '../scripts/processes.mjs';
import { printTable } from './lib.mjs';

/** Lighthouse runs per page (the median is kept); LH_RUNS=0 measures only the page weights, quickly. */
const RUNS = Number(process.env.LH_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run (its default mobile preset: Moto G-class device, simulated slow 4G). */
async function audit(port, url) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const summary = lhr.audits['resource-summary'];
  if (lhr.runtimeError || !summary.details) {
    throw new Error(
      `Lighthouse on ${url}: ${lhr.runtimeError?.message ?? summary.errorMessage ?? 'no resource summary'}`,
    );
  }
  const scripts = summary.details.items.find((item) => item.resourceType === 'script');
  // The real (unthrottled) run's LCP, and the scripts loaded before it: Lighthouse's simulated LCP
  // counts the run of every script evaluated before the real paint, so on a slower machine the same
  // page's LCP doubles once the framework's chunk lands before the first paint.
  const observedLcp = lhr.audits.metrics.details.items[0].observedLargestContentfulPaint;
  const scriptsBefore = lhr.audits['network-requests'].details.items
    .filter((item) => item.resourceType === 'Script' && item.networkEndTime < observedLcp)
    .reduce((sum, item) => sum + item.transferSize, 0);
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    observedLcp,
    scriptsBeforeKb: scriptsBefore / 1024,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    jsKb: (scripts?.transferSize ?? 0) / 1024,
  };
}

/** The median of each figure over RUNS runs, so one noisy run does not decide the result. */
async function medianAudit(port, url) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await audit(port, url));
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
}

/**
 * The weight of one page as a visitor's browser loads it, without Lighthouse: the HTML (gzip and raw)
 * and every script fetched until the network is idle (gzip), which is Lighthouse's first-load JS.
 */
async function pageWeight(browser, url) {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipSync(body).length);
  });
  const html = Buffer.from(await (await fetch(url)).arrayBuffer());
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  const js = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  return { htmlKb: html.length / 1024, htmlGzipKb: gzipSync(html).length / 1024, jsKb: js / 1024 };
}

/** Builds and serves an empty Next.js page with the same Next.js and React: the framework's own JS floor. */
async function startEmptyNext() {
  // Inside the repository, so that it resolves the very same `next` and `react` from node_modules.
  const dir = join(root, 'bench/.empty-next');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private":true,"type":"module"}');
  writeFileSync(
    join(dir, 'app/layout.js'),
    'export default function Layout({ children }) { return <html lang="vi"><body>{children}</body></html>; }\n',
  );
  writeFileSync(join(dir, 'app/page.js'), 'export default function Page() { return <main>Trang trống</main>; }\n');
  const next = join(root, 'node_modules/next/dist/bin/next');
  await run(process.execPath, [next, 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const port = await freePort();
  const child = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/`, 60_000);
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Page weights and Lighthouse (mobile, median of LH_RUNS) for every public page, next to an empty Next.js page. */
export async function benchLighthouse() {
  await buildWebIfStale();
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'carabala-lh-'));
  const servers = startServers({
    apiPort,
    webPort,
    quiet: true,
    apiEnv: { DEMO_MODE: 'true', PGLITE_DIR: join(dataDir, 'db'), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const empty = await startEmptyNext();
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/api/ready`, 120_000);
    const site = `http://127.0.0.1:${webPort}`;
    await waitFor(`${site}/`, 120_000);
    const pages = [
      ['/', `${site}/`],
      ['/news', `${site}/news`],
      ['/news/{slug}', `${site}/news/le-hoi-trung-vang-mua-he-2025`],
      ['/store', `${site}/store?tab=tieu-bieu`],
      ['/gift-code', `${site}/gift-code`],
      ['/supports', `${site}/supports`],
      ['/community/test', `${site}/community/test`],
      ['/privacy', `${site}/privacy`],
      ['empty Next.js page', empty.url],
    ];
    const rows = {};
    const browser = await chromium.launch({ executablePath: chromePath });
    try {
      // The first visit renders and caches the page, so it is weighed once warm.
      for (const [, url] of pages) await pageWeight(browser, url);
      for (const [name, url] of pages) {
        const weight = await pageWeight(browser, url);
        rows[name] = {
          'HTML kB': Number(weight.htmlKb.toFixed(1)),
          'HTML kB (gzip)': Number(weight.htmlGzipKb.toFixed(1)),
          'first-load JS kB (gzip)': Number(weight.jsKb.toFixed(1)),
        };
      }
    } finally {
      await browser.close();
    }
    const floor = rows['empty Next.js page']['first-load JS kB (gzip)'];
    for (const row of Object.values(rows)) {
      row['x empty page'] = Number((row['first-load JS kB (gzip)'] / floor).toFixed(2));
    }
    if (RUNS > 0) {
      // Warm the server caches (data cache, image optimiser) so the runs measure the page, not a cold start.
      for (const [, url] of pages) await audit(chrome.port, url);
      for (const [name, url] of pages) {
        const result = await medianAudit(chrome.port, url);
        Object.assign(rows[name], {
          score: result.score,
          'LCP ms': Math.round(result.lcp),
          'real LCP ms': Math.round(result.observedLcp),
          'JS kB before it': Number(result.scriptsBeforeKb.toFixed(1)),
          'TBT ms': Math.round(result.tbt),
          CLS: Number(result.cls.toFixed(3)),
          'Lighthouse JS kB': Number(result.jsKb.toFixed(1)),
        });
      }
    }
    printTable(
      RUNS > 0
        ? `Page weights, and Lighthouse ${lighthouse.version ?? ''} mobile preset, median of ${RUNS} runs (Chromium ${chromePath})`
        : `Page weights (Chromium ${chromePath}); LH_RUNS=0, so no Lighthouse runs`,
      rows,
    );
    return rows;
  } finally {
    chrome.kill();
    await empty.stop();
    await servers.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLighthouse();
