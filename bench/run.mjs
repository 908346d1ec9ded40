import { benchApi } from './api.mjs';
import { benchGiftCodes } from './gift-codes.mjs';
import { benchLighthouse } from './lighthouse.mjs';
import { benchPages } from './pages.mjs';
import { benchPluginCosts } from './plugin-costs.mjs';

/** `npm run bench`: every benchmark, each reporting ratios against a baseline measured in the same run. */
await benchApi();
await benchPluginCosts();
await benchPages();
if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) {
  await benchGiftCodes();
  // The webhook bench is a script of its own (also `npm run bench:webhook`); importing it runs it.
  await import('./webhook.mjs');
  // The nginx and launch-day benches run the production topology, which needs Redis too.
  if (process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL) {
    await import('./nginx.mjs');
    await import('./launch-day.mjs');
  }
} else {
  console.log(
    '\nGift-code claims and webhooks: skipped (their ratio to pgbench needs BENCH_DATABASE_URL, a PostgreSQL server).',
  );
}
await benchLighthouse();
