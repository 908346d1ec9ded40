import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;

/**
 * With PostgreSQL (CI), every API suite runs once, on PostgreSQL; these also run on PGlite, the embedded
 * default's database: its main paths (sign-in, the purchase and its money, gift codes, tickets) and the
 * suites that read a value whose type differs between the two drivers. Without PostgreSQL every suite
 * runs on PGlite. See docs/decisions/045-api-suites-once-in-ci.md.
 */
const embeddedSample = [
  'auth',
  'store',
  'payments-money',
  'gift-codes',
  'tickets',
  'second-factor',
  'approvals-money-day',
].map((name) => `apps/api/test/${name}.test.ts`);

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) runs files one at a time on CI's 2 cores, while
    // most of a file's time is spent waiting on PostgreSQL, timers and sockets: two at a time took the
    // suite from 420 s to 266 s there, with every test passing.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'] } },
      // The reference game server, the conformance check and the written game contract (tools/game),
      // and the benches' own parts (bench/).
      { test: { name: 'tools', include: ['tools/**/*.test.ts', 'bench/**/*.test.mjs'], testTimeout: 30_000 } },
      {
        // The web's pure logic and its components, with its own '@/' paths (apps/web/tsconfig.json), no
        // browser: a component test runs in happy-dom, which it names in its first line
        // (`@vitest-environment happy-dom`), with the helpers of apps/web/test/support; the rest stay on
        // Node, whose servers they test.
        resolve: { alias: { '@/': fileURLToPath(new URL('apps/web/src/', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/test/**/*.test.ts', 'apps/web/test/**/*.test.tsx'] },
      },
      {
        test: {
          name: 'api',
          include: postgres ? embeddedSample : ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/test/**/*.pg.test.ts'],
          env: { TEST_DB: 'pglite' },
          // The API suites share their modules within a worker: each file builds its own app on its own
          // database, and importing the app again for every file was a third of the suite's CPU
          // (decision 063).
          isolate: false,
          testTimeout: 30_000,
          // A PGlite database (WASM) unpacked beside the browser suite on 2 busy cores took over 60 s.
          hookTimeout: 180_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                isolate: false,
                testTimeout: 120_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
