/**
 * What each public page's first load is made of, by package or source file, so that the next regression
 * names itself (issue 39: zod had come back into every page through one import, unnoticed).
 *
 * `next analyze --output` compiles the web as `next build` does (Turbopack) without producing an
 * application, and writes per route the modules of every output file (apps/web/.next/diagnostics/analyze).
 * A page's first load is the browser chunks of its bootstrap and render-dependent chunk groups; the
 * async groups (a dialog loaded with next/dynamic, say) are left out. Sizes are gzip, as the analyser
 * measures each module's part of a chunk on its own: they add up to a little more than the chunks' gzip.
 *
 *   node bench/bundle.mjs            # analyse, then print the table of every page
 *   BUNDLE_TOP=20 node bench/bundle.mjs
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from '../scripts/processes.mjs';
import { printTable } from './lib.mjs';

const TOP = Number(process.env.BUNDLE_TOP ?? 12);
const web = join(root, 'apps/web');
const analysis = join(web, '.next/diagnostics/analyze/data');

/** The public pages the launch-speed checks weigh, by their route folder under app/[locale]/(site). */
export const PAGES = {
  '/': '[locale]',
  '/news': '[locale]/news',
  '/news/{slug}': '[locale]/news/[slug]',
  '/store': '[locale]/store/_tab/[tab]',
  '/gift-code': '[locale]/gift-code',
  '/supports': '[locale]/supports',
};

/** One route's analysis: a 4-byte length, that many bytes of JSON, then binary tables this reads none of. */
function readAnalysis(route) {
  const bytes = readFileSync(join(analysis, route, 'analyze.data'));
  const length = bytes.readUInt32BE(0);
  return JSON.parse(bytes.subarray(4, 4 + length).toString('utf8'));
}

/** What a module counts under: its npm package, or its file in the repository. */
function ownerOf(path) {
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (packaged) return packaged[1];
  return path.replace(/^\[project\]\//, '');
}

/** Gzip bytes of a page's first load by owner, largest first, and the total. */
export function firstLoadOf(route) {
  const data = readAnalysis(route);
  const lazy = new Set();
  const eager = new Set();
  for (const group of data.chunk_groups) {
    for (const file of group.output_file_indices) (group.kind === 'async' ? lazy : eager).add(file);
  }
  const browser = (index) => /^\[client-fs\]\/_next\/static\/chunks\/.*\.js$/.test(data.output_files[index].filename);
  const paths = new Map();
  const pathOf = (index) => {
    if (!paths.has(index)) {
      const source = data.sources[index];
      const parent = source.parent_source_index;
      paths.set(index, parent === undefined || parent === null ? source.path : `${pathOf(parent)}${source.path}`);
    }
    return paths.get(index);
  };
  const owners = new Map();
  let total = 0;
  for (const part of data.chunk_parts) {
    if (!eager.has(part.output_file_index) || !browser(part.output_file_index)) continue;
    const owner = ownerOf(pathOf(part.source_index));
    owners.set(owner, (owners.get(owner) ?? 0) + part.compressed_size);
    total += part.compressed_size;
  }
  return { total, owners: [...owners].sort((a, b) => b[1] - a[1]) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await run(process.execPath, [join(root, 'node_modules/next/dist/bin/next'), 'analyze', '--output'], { cwd: web });
  for (const [page, route] of Object.entries(PAGES)) {
    const { total, owners } = firstLoadOf(route);
    printTable(
      `${page}: first-load JS ${(total / 1024).toFixed(1)} kB gzip, its ${TOP} largest parts`,
      owners
        .slice(0, TOP)
        .map(([owner, bytes]) => ({ 'package or file': owner, 'kB gzip': +(bytes / 1024).toFixed(1) })),
    );
  }
}
