import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { idParamsSchema, uuidSchema } from '@carabala/contracts';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('one id type, compared in one form', () => {
  it('lower-cases an id as it is validated, in a path and in a body', () => {
    const id = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';
    expect(idParamsSchema.parse({ id }).id).toBe(id.toLowerCase());
    expect(uuidSchema().parse(id)).toBe(id.toLowerCase());
    expect(uuidSchema().safeParse('not-a-uuid').success).toBe(false);
  });

  it('takes every id schema of the API and the contracts from contracts/src/ids.ts', () => {
    // A route or contract writing its own z.uuid() or bare string id would compare ids as given.
    const own = [...sources(join(root, 'apps/api/src')), ...sources(join(root, 'packages/contracts/src'))]
      .filter((path) => !path.endsWith('packages/contracts/src/ids.ts'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `${relative(root, path)}:${index + 1}`, line }))
          .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line))
          .filter(({ line }) => /z\.uuid\(|\b(id|[a-z]+Id): z\.string\(\)\.max\(64\)/.test(line)),
      );
    expect(own).toEqual([]);
  });
});
