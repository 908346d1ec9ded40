import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as contracts from '@carabala/contracts';
import { codeKey } from '@carabala/contracts/sentences';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../locales.mjs';

// One home for words (decision record 053): sentences live in apps/web/messages/<locale>; the API, the
// contracts and the web's code carry codes and keys.
const root = join(import.meta.dirname, '../../..');
const messages = join(root, 'apps/web/messages');
/** The one list of languages (locales.mjs): each has a folder of the same files and keys. */
const locales = LOCALES.map(({ code }) => code);

type Tree = { [key: string]: string | Tree };
const read = (locale: string, file: string) => JSON.parse(readFileSync(join(messages, locale, file), 'utf8')) as Tree;
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
const has = (tree: Tree, key: string) => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string';
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === '.next' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}
const sources = ['apps/api/src', 'apps/web/src', 'packages/contracts/src'].flatMap((folder) =>
  sourceFiles(join(root, folder)),
);

/** Every string a file writes (literals, template parts, JSX text): comments are not strings. */
function stringsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const VIETNAMESE = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;

/**
 * Files whose Vietnamese is not a sentence a reader is shown by the site: the demo data the seed writes
 * into the database (as a Vietnamese studio would), the letters search folds, the embedded game's
 * item names (the game's proper nouns, like a connected game's list), and the community test page's
 * sample post (decision record 053).
 */
const ALLOWED_FILES = [
  'apps/api/src/db/seed/',
  'apps/api/src/db/search.ts',
  'packages/contracts/src/text.ts',
  'packages/contracts/src/catalogue.ts',
  'apps/web/src/features/community/post-detail.tsx',
];
/**
 * Proper nouns and symbols: the community's fixed name (the same in every locale), Vietnamese's own name
 * in the language switcher, a browser's name, the dong sign, and the console charts' "billion" (staff
 * screens stay Vietnamese).
 */
const ALLOWED_STRINGS = new Set(['Cộng đồng', 'Tiếng Việt', 'Cốc Cốc', 'đ', 'tỷ']);

describe('the message catalogue', () => {
  it('has the same files and keys in every locale', () => {
    expect(locales).toContain('vi');
    const files = (locale: string) => readdirSync(join(messages, locale)).sort();
    for (const locale of locales) {
      expect(files(locale), locale).toEqual(files('vi'));
      for (const file of files('vi')) {
        expect(keysOf(read(locale, file)).sort(), `${locale}/${file}`).toEqual(keysOf(read('vi', file)).sort());
      }
    }
  });

  it('keeps Vietnamese sentences out of the code: they live in messages/<locale>', () => {
    const found: string[] = [];
    for (const path of sources) {
      const name = relative(root, path);
      if (ALLOWED_FILES.some((allowed) => name.startsWith(allowed))) continue;
      for (const text of stringsOf(path)) {
        if (VIETNAMESE.test(text) && !ALLOWED_STRINGS.has(text.trim())) found.push(`${name}: ${text.trim()}`);
      }
    }
    expect(found).toEqual([]);
  }, 30_000); // it parses every source file: seconds on a busy machine

  it('says every response code the API sends, and every key the contracts name, in every locale', () => {
    const inApi = sources
      .filter((path) => path.includes('/apps/api/'))
      .flatMap((path) => readFileSync(path, 'utf8').match(/'api\.[a-z0-9_.]+'/g) ?? [])
      .map((quoted) => quoted.slice(1, -1));
    const inContracts = Object.entries(contracts)
      .filter(([name, value]) => /Codes$/.test(name) && typeof value === 'object' && value !== null)
      .flatMap(([, value]) => Object.values(value as Record<string, unknown>))
      .filter((value): value is string => typeof value === 'string' && value.startsWith('api.'));
    const product = Object.values(contracts.productAuthCodes('carabala'));
    const codes = [...new Set([...inApi, ...inContracts, ...product, ...Object.values(contracts.codes)])];
    expect(codes.length).toBeGreaterThan(60);
    const keys = Object.entries(contracts)
      .filter(([name, value]) => /Messages$/.test(name) && typeof value === 'object' && value !== null)
      .flatMap(([, value]) => Object.values(value as Record<string, unknown>))
      .filter((value): value is string => typeof value === 'string');
    for (const locale of locales) {
      const catalogue = [read(locale, 'errors.json'), read(locale, 'adminErrors.json')];
      const missing = [...codes.map(codeKey), ...keys].filter((key) => !catalogue.some((tree) => has(tree, key)));
      expect(missing, locale).toEqual([]);
    }
  });

  it('has every sentence the API names for its own outputs (text("namespace.key")) in Vietnamese', () => {
    const named = sources
      .filter((path) => path.includes('/apps/api/'))
      .flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/\btext\('([a-zA-Z]+)\.([\w.]+)'/g)])
      .map(([, namespace, key]) => [namespace!, key!] as const);
    expect(named.length).toBeGreaterThan(20);
    const missing = named.filter(([namespace, key]) => !has(read('vi', `${namespace}.json`), key));
    expect(missing).toEqual([]);
  });
});
