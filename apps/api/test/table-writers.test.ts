import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// One writer per table (decision records 031 and 048): a table is written only by the module whose schema
// file declares it (`db/schema/<module>.ts`), and others ask that module's face. A static scan of the API's
// source: drizzle's `.insert(t)`, `.update(t)` and `.delete(t)`, and the `insert into`, `update` and
// `delete from` of sql`` templates (a table named in the text or interpolated, `${orders}`), listed by
// table and by the module whose file holds them. `lib/` holds no SQL at all. The seed (`db/seed`), which
// fills an empty database before anything runs, is the one writer outside the modules.
const src = join(import.meta.dirname, '../src');

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

const parsed = (path: string) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);

function visit(node: ts.Node, each: (node: ts.Node) => void) {
  each(node);
  node.forEachChild((child) => visit(child, each));
}

interface Table {
  name: string;
  owner: string;
}

/** Every table: its drizzle variable, its SQL name and its owner (the schema file's name). */
function schemaTables() {
  const tables = new Map<string, Table>();
  for (const path of sourceFiles(join(src, 'db/schema'))) {
    visit(parsed(path), (node) => {
      if (!ts.isVariableDeclaration(node) || !node.initializer || !ts.isCallExpression(node.initializer)) return;
      const [name] = node.initializer.arguments;
      if (node.initializer.expression.getText() === 'pgTable' && name && ts.isStringLiteral(name))
        tables.set(node.name.getText(), { name: name.text, owner: basename(path, '.ts') });
    });
  }
  return tables;
}

const tables = schemaTables();
const tablesByName = new Map([...tables.values()].map((table) => [table.name, table]));

/** The text of a template with its interpolations as `${expression}`. */
const templateText = (template: ts.TemplateLiteral) =>
  ts.isNoSubstitutionTemplateLiteral(template)
    ? template.text
    : template.head.text +
      template.templateSpans.map((span) => `\${${span.expression.getText()}}${span.literal.text}`).join('');

// `FOR UPDATE` and `DO UPDATE SET` lock or merge; they name no table.
const rawWrite = /(?<!\b(?:for|do)\s+)\b(insert\s+into|update|delete\s+from)\s+(?:"?(\w+)"?|\$\{\s*([\w.]+)\s*\})/gi;

interface Write {
  table: string;
  /** `modules/<m>` → the module; any other file → its path under src/. */
  writer: string;
  file: string;
  how: string;
}

const writerOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? file;

/** Every write of a table in the API's source. */
function scanWrites(): Write[] {
  const writes: Write[] = [];
  for (const path of sourceFiles(src)) {
    const file = relative(src, path).replaceAll('\\', '/');
    const add = (table: Table | undefined, how: string) => {
      if (table) writes.push({ table: table.name, writer: writerOf(file), file, how });
    };
    visit(parsed(path), (node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments.length === 1) {
        const method = node.expression.name.text;
        if (method === 'insert' || method === 'update' || method === 'delete')
          add(tables.get(node.arguments[0]!.getText().split('.').pop()!), `.${method}()`);
      }
      if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
        for (const [, verb, name, variable] of templateText(node.template).matchAll(rawWrite)) {
          const how = `sql\`${verb!.toLowerCase().replace(/\s+/, ' ')}\``;
          add(name ? tablesByName.get(name) : tables.get(variable!.split('.').pop()!), how);
        }
      }
    });
  }
  return writes;
}

const writes = scanWrites();

describe('the writers of each table', () => {
  it('names a module in every schema file', () => {
    const modules = readdirSync(join(src, 'modules'));
    const owners = new Set([...tables.values()].map((table) => table.owner));
    expect([...owners].filter((owner) => !modules.includes(owner))).toEqual([]);
    expect(tables.size).toBeGreaterThan(30);
  });

  it('finds drizzle and raw writes, in the file that holds them', () => {
    const seen = (table: string, file: string, how: string) =>
      writes.some((write) => write.table === table && write.file === file && write.how === how);
    expect(seen('orders', 'modules/orders/repository.ts', '.insert()')).toBe(true);
    expect(seen('mails', 'modules/mailbox/repository.ts', 'sql`insert into`')).toBe(true);
    expect(seen('gift_codes', 'modules/gift-codes/repository.ts', 'sql`update`')).toBe(true);
    expect(seen('activity_counts', 'modules/alerts/repository.ts', 'sql`delete from`')).toBe(true);
    expect(seen('users', 'db/seed/accounts.ts', '.insert()')).toBe(true);
    expect(seen('packs', 'modules/catalogue/repository.ts', '.update()')).toBe(true);
    // `FOR UPDATE SKIP LOCKED` (the mailbox's claim) names no table.
    expect(writes.some((write) => write.table === 'skip')).toBe(false);
  });

  it('is the owning module alone (and the seed)', () => {
    const others = writes
      .filter((write) => write.writer !== tablesByName.get(write.table)!.owner && !write.file.startsWith('db/seed/'))
      .map((write) => `${write.table} (owner ${tablesByName.get(write.table)!.owner}): ${write.how} in ${write.file}`);
    expect([...new Set(others)]).toEqual([]);
  });
});

describe('lib/', () => {
  it('holds no SQL: no drizzle, no schema, no sql`` template, no query on a db or tx', () => {
    const found: string[] = [];
    for (const path of sourceFiles(join(src, 'lib'))) {
      const file = relative(src, path);
      visit(parsed(path), (node) => {
        if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
          const from = (node.moduleSpecifier as ts.StringLiteral).text;
          const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
          if (from.startsWith('drizzle-orm') || (from.startsWith('../db') && !typeOnly))
            found.push(`${file} imports ${from}`);
        }
        if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') found.push(`${file}: sql\`\``);
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          /\b(db|tx)$/i.test(node.expression.expression.getText()) &&
          /^(select|insert|update|delete|execute|transaction)$/.test(node.expression.name.text)
        )
          found.push(`${file}: ${node.expression.getText().replaceAll(/\s+/g, '')}()`);
      });
    }
    expect(found).toEqual([]);
  });
});
