import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a public page's first load may not carry (issue 39, decision record 052): the schemas (zod,
 * and the contracts' main entry, which brings it), the forms, the date words, the QR maker. They load
 * with the dialog or page that needs them (next/dynamic, LazyMessages, a dynamic import()).
 */
const HEAVY = ['zod', '@carabala/contracts', 'react-hook-form', '@hookform/resolvers', 'date-fns', 'qrcode'];
/** A module is heavy when it is one of HEAVY or a file of one (date-fns/locale/vi); the contracts' other entries are light. */
const isHeavy = (name: string) =>
  HEAVY.some((entry) => name === entry || (name.startsWith(`${entry}/`) && entry !== '@carabala/contracts'));

const web = resolve(import.meta.dirname, '..');
const src = join(web, 'src');
const site = join(src, 'app/[locale]/(site)');

/** The public pages of the launch-speed checks, each with the layouts above it. */
const PAGES = {
  '/': 'page.tsx',
  '/news': 'news/page.tsx',
  '/news/{slug}': 'news/[slug]/page.tsx',
  '/store': 'store/%5Ftab/[tab]/page.tsx',
  '/gift-code': 'gift-code/page.tsx',
  '/supports': 'supports/page.tsx',
};
const LAYOUTS = [join(src, 'app/[locale]/layout.tsx'), join(site, 'layout.tsx')];

function resolveFile(from: string, target: string): string | null {
  const base = target.startsWith('@/') ? join(src, target.slice(2)) : resolve(dirname(from), target);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** Static imports and re-exports that load code (type-only ones are erased; import() is on demand). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)(?! type)(?:[^'";]*?from)?\s*'([^']+)';/gm)].map((match) => match[1]!);
}

/**
 * The browser's modules of a page: every module a 'use client' file imports, and what they import, from
 * the page and its layouts down (a server component's own imports stay on the server). Packages are
 * named as imported; files by their path in apps/web.
 */
function clientModules(entries: string[]): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (file: string, client: boolean, from: string) => {
    const key = `${client}:${file}`;
    if (seen.has(key)) return;
    seen.add(key);
    const inClient = client || /^['"]use client['"];?$/m.test(readFileSync(file, 'utf8').split('\n', 3).join('\n'));
    if (inClient) found.set(relative(web, file), from);
    for (const target of importsOf(file)) {
      if (target.startsWith('.') || target.startsWith('@/')) {
        const next = resolveFile(file, target);
        if (next) walk(next, inClient, relative(web, file));
      } else if (inClient) found.set(target, relative(web, file));
    }
  };
  for (const entry of entries) walk(entry, false, relative(web, entry));
  return found;
}

describe("public pages' first load (decision record 052)", () => {
  it.each(Object.entries(PAGES))('%s loads none of the heavy modules before it is used', (_, page) => {
    const modules = clientModules([...LAYOUTS, join(site, page)]);
    // The walk sees the shell's client components, or it proves nothing.
    expect(modules.has('src/components/providers.tsx')).toBe(true);
    const heavy = [...modules].filter(([name]) => isHeavy(name)).map(([name, by]) => `${name} (by ${by})`);
    expect(heavy).toEqual([]);
  });
});
