import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps the API's module boundaries (decision 031), run on snippets: the repository's
// own eslint.config.js, as `npx eslint` reads it from the repository's root.
const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const src = (path: string) => resolve(root, 'apps/api/src', path);

async function refusals(file: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const used = [x];\n`, { filePath: file });
  return result!.messages.filter((message) => message.ruleId === 'layers/one-way').map((message) => message.message);
}

describe('the module-face lint rule', () => {
  it("refuses a module's import of another module's inner file, and lets its face through", async () => {
    const file = src('modules/store/service.ts');
    expect(await refusals(file, "import { x } from '../payments/repository';")).toEqual([
      expect.stringContaining("through its face, the module's index.ts ('../payments/repository')"),
    ]);
    expect(await refusals(file, "export { x } from '../audit/repository';")).toHaveLength(1);
    expect(await refusals(file, "import { x } from '../payments';")).toEqual([]);
    expect(await refusals(file, "import { x } from '../payments/index';")).toEqual([]);
    expect(await refusals(file, "import { x } from './messages';")).toEqual([]);
  });

  it('holds the composition root and the seed to the faces too', async () => {
    expect(await refusals(src('services.ts'), "import { x } from './modules/payments/service';")).toHaveLength(1);
    expect(await refusals(src('app.ts'), "import { x } from './modules/auth/routes';")).toHaveLength(1);
    expect(await refusals(src('services.ts'), "import { x } from './modules/payments';")).toEqual([]);
    expect(
      await refusals(src('db/seed/store.ts'), "import { x } from '../../modules/payments/repository';"),
    ).toHaveLength(1);
    expect(await refusals(src('db/seed/store.ts'), "import { x } from '../../modules/payments';")).toEqual([]);
  });

  it('refuses any import of a module from plugins/, lib/ and db/', async () => {
    expect(await refusals(src('plugins/auth.ts'), "import { x } from '../modules/auth';")).toEqual([
      expect.stringContaining('plugins/, lib/ and db/ cannot import modules'),
    ]);
    expect(await refusals(src('lib/routes.ts'), "import { x } from '../modules/users/repository';")).toHaveLength(1);
    expect(await refusals(src('db/client.ts'), "import { x } from '../modules/audit';")).toHaveLength(1);
    expect(await refusals(src('db/schema/index.ts'), "import { x } from '../../modules/audit';")).toHaveLength(1);
  });

  it("lets a test import a module's inner files: it tests them", async () => {
    const file = resolve(root, 'apps/api/test/some.test.ts');
    expect(await refusals(file, "import { x } from '../src/modules/payments/repository';")).toEqual([]);
  });
});
