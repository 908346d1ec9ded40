import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'] } },
      {
        // The web's pure logic is tested with its own '@/' paths (apps/web/tsconfig.json).
        resolve: { alias: { '@/': fileURLToPath(new URL('apps/web/src/', import.meta.url)) } },
        test: { name: 'web', include: ['apps/web/test/**/*.test.ts', 'apps/web/test/**/*.test.tsx'] },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/test/**/*.pg.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: ['apps/api/test/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 120_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
