// nginx's list of the public pages, `map $request_uri $carabala_page_elsewhere` in deploy/nginx.conf,
// generated from the table in apps/web/public-pages.mjs. `node scripts/nginx-map.mjs --write` rewrites
// the map in place; without --write it only says whether the file is up to date (exit 1 when not). A
// unit test (apps/web/test/public-pages.test.ts) fails while they differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PUBLIC_PAGES, addressPattern } from '../apps/web/public-pages.mjs';

export const NGINX_CONF = fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url));
const MAP = /^map \$request_uri \$carabala_page_elsewhere \{\n[\s\S]*?^\}\n/m;

/** The map: 0 (kept) for a public page's address, query string included; 1 for anything else. */
export function nginxMap(pages = PUBLIC_PAGES) {
  const lines = pages.map((row) => `    "${row.caseless ? '~*' : '~'}${addressPattern(row)}" 0;`);
  return [
    'map $request_uri $carabala_page_elsewhere {',
    '    # Generated from apps/web/public-pages.mjs by `node scripts/nginx-map.mjs --write`: edit the table.',
    '    default 1;',
    ...lines,
    '}',
    '',
  ].join('\n');
}

/** The map as deploy/nginx.conf has it (text given), or null when the file has none. */
export function currentMap(conf) {
  return MAP.exec(conf)?.[0] ?? null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const conf = readFileSync(NGINX_CONF, 'utf8');
  const current = currentMap(conf);
  if (current === null) throw new Error('deploy/nginx.conf has no map $request_uri $carabala_page_elsewhere');
  if (current === nginxMap()) {
    console.log('deploy/nginx.conf: the public pages map is up to date');
  } else if (process.argv.includes('--write')) {
    writeFileSync(
      NGINX_CONF,
      conf.replace(MAP, () => nginxMap()),
    );
    console.log('deploy/nginx.conf: the public pages map rewritten from apps/web/public-pages.mjs');
  } else {
    console.error(
      'deploy/nginx.conf: the public pages map differs from apps/web/public-pages.mjs; run `node scripts/nginx-map.mjs --write`',
    );
    process.exitCode = 1;
  }
}
