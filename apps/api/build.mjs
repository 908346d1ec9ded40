// Compiles the API, the standalone mailbox worker and the operator CLI to plain JavaScript for production (`node dist/…`).
// One ESM bundle per entry; npm dependencies stay external (loaded from node_modules), the workspace's
// TypeScript contracts are bundled in.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies)
  .filter((name) => !name.startsWith('@carabala/'))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(new URL('dist', import.meta.url), { recursive: true, force: true });
await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/server.ts', 'src/mailbox-worker.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
