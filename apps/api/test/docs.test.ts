import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// What the docs say is there is there: docs/architecture.md's module table is `apps/api/src/modules/`
// and every path it names exists; the README stays short, starts with its two commands, and its links
// (and the guides' it links to) resolve.
const root = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const skipped = new Set(['node_modules', '.git', '.next', 'data', 'test-results', 'playwright-report']);

/** Every file and folder of the repository (folders with a trailing `/`), relative to its root. */
function repositoryPaths(folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = join(folder, entry.name);
    const name = relative(root, path).replaceAll('\\', '/');
    return entry.isDirectory() ? [`${name}/`, ...repositoryPaths(path)] : [name];
  });
}

/** The doc's text outside fenced code blocks. */
const prose = (markdown: string) => markdown.replaceAll(/^```[\s\S]*?^```/gm, '');
const backticked = (markdown: string) => [...prose(markdown).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

describe('docs/architecture.md', () => {
  const doc = read('docs/architecture.md');
  const modulesFolder = join(root, 'apps/api/src/modules');
  const modules = readdirSync(modulesFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const section = doc.slice(doc.indexOf("### The API's modules"));
  const rows = section
    .slice(0, section.indexOf('\n\n', section.indexOf('| module')))
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()));

  it('lists every module of apps/api/src/modules, and no other', () => {
    expect(rows.map(([, name]) => name!.replaceAll('`', '')).sort()).toEqual([...modules].sort());
  });

  it("names each module's schema file and only tables that module owns", () => {
    const schema = join(root, 'apps/api/src/db/schema');
    for (const [, name, , tablesCell] of rows) {
      const owner = name!.replaceAll('`', '');
      const file = join(schema, `${owner}.ts`);
      const owned = existsSync(file)
        ? [...readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)].map((m) => m[1])
        : [];
      const named = backticked(tablesCell!).filter((token) => /^[a-z_]+$/.test(token));
      expect(
        named.filter((table) => !owned.includes(table)),
        owner,
      ).toEqual([]);
      if (owned.length) expect(tablesCell, owner).toContain(`\`${owner}.ts\``);
    }
  });

  it('names only paths that exist', () => {
    const paths = repositoryPaths();
    // Where a path in the doc may start: the repository, the API's source and modules, the web's.
    const bases = [
      '',
      'apps/api/src/',
      'apps/api/src/modules/',
      'apps/api/src/db/schema/',
      'apps/web/src/',
      'apps/web/',
    ];
    const notPaths = new Set(['layers/one-way']); // the lint rule
    const missing = backticked(doc)
      .filter((token) => !/\s/.test(token) && !/^[/@]/.test(token) && !notPaths.has(token))
      .filter((token) => token.includes('/') || /\.[a-z]{1,5}$/.test(token))
      .flatMap((token) => {
        // `{vi,en}` is each of them; `<m>` any one name; `…` anything below.
        const alternatives = /\{([^}]*,[^}]*)\}/.exec(token);
        return alternatives
          ? alternatives[1]!.split(',').map((choice) => token.replace(alternatives[0], choice))
          : [token];
      })
      .filter((token) => {
        // Beside the repository: the project brief (`../shared/`), where a checkout has it.
        if (token.startsWith('../'))
          return existsSync(join(root, token.split('/').slice(0, 2).join('/'))) && !existsSync(join(root, token));
        const pattern = token
          .replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replaceAll(/<[^>]+>/g, '[^/]+')
          .replaceAll('…', '.*');
        const anywhere = token.includes('/') ? bases.map((base) => `^${base}`).join('|') : '(^|/)';
        const match = new RegExp(`(${anywhere})${pattern}${token.endsWith('/') ? '' : '/?'}$`);
        return !paths.some((path) => match.test(path));
      });
    expect(missing).toEqual([]);
  });
});

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replaceAll(/[^\p{L}\p{N}\s_-]/gu, '')
    .replaceAll(' ', '-');

/** The relative links of a markdown file that lead nowhere: no such file, or no such heading in it. */
function brokenLinks(file: string): string[] {
  const text = prose(read(file));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/.test(target))
    .filter((target) => {
      const [path, anchor] = target.split('#');
      const linked = path ? join(dirname(file), path) : file;
      if (!existsSync(join(root, linked))) return true;
      if (!anchor) return false;
      const headings = [...read(linked).matchAll(/^#+ (.+)$/gm)].map((match) => slug(match[1]!));
      return !headings.includes(anchor);
    });
}

describe('README.md', () => {
  const readme = read('README.md');

  it('is under 300 lines, and starts with the two commands: start it, test it (CI runs the second)', () => {
    expect(readme.split('\n').length).toBeLessThan(300);
    const commands = [...readme.matchAll(/^```sh\n([\s\S]*?)\n```/gm)].map((match) => match[1]);
    expect(commands.slice(0, 2)).toEqual(['npm install && npm start', 'npm install && npm test']);
    expect(read('.ci/run')).toMatch(/^npm test$/m);
  });

  it('links to files that exist, as do the guides it links to', () => {
    const guides = [...readme.matchAll(/\]\((docs\/[^)#\s]+\.md)/g)].map((match) => match[1]!);
    expect(guides).toEqual(expect.arrayContaining(['docs/staff-guide.md', 'docs/operator-guide.md']));
    expect(
      ['README.md', ...new Set(guides)].flatMap((file) => brokenLinks(file).map((link) => `${file}: ${link}`)),
    ).toEqual([]);
  });
});
