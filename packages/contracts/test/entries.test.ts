import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../src');

/** The files a module loads at run time (type-only imports are erased). */
function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(src, file), 'utf8');
  for (const match of text.matchAll(/^(?:import|export)(?! type)[^'"]*from '([^']+)';/gm)) {
    const target = match[1]!;
    if (target.startsWith('./')) runtimeImports(`${target.slice(2)}.ts`, seen);
    else seen.add(target);
  }
  return seen;
}

describe('package entries (decision record 020)', () => {
  it.each(['labels.ts', 'catalogue.ts', 'permissions.ts', 'sentences.ts'])(
    '%s loads no zod, so pages can use it without the schemas',
    (entry) => {
      const loaded = runtimeImports(entry);
      expect([...loaded].filter((name) => !name.endsWith('.ts'))).toEqual([]);
    },
  );
});
