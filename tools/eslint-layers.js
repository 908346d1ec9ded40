import { dirname, relative, resolve, sep } from 'node:path';

/**
 * One-way imports, by resolved path: a file inside a zone's `target` may not import from its `from`
 * folders (minus `except` folders and `faces`). A face is a folder imported as itself, never a file
 * inside it: `faces: ['…/modules/audit']` lets `../audit` and `../audit/index` through, not
 * `../audit/repository`. Handles relative imports and the web app's `@/` alias.
 */
export const layersPlugin = {
  rules: {
    'one-way': {
      meta: { type: 'problem', schema: [{ type: 'object' }] },
      create(context) {
        const { zones, aliases = {} } = context.options[0];
        const file = context.filename;
        const inside = (path, folder) => {
          const rel = relative(folder, path);
          return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
        };
        const resolveImport = (source) => {
          if (source.startsWith('.')) return resolve(dirname(file), source);
          for (const [prefix, folder] of Object.entries(aliases)) {
            if (source.startsWith(prefix)) return resolve(folder, source.slice(prefix.length));
          }
          return null;
        };
        const face = (path) => path.replace(/\.[cm]?[jt]s$/, '').replace(/[\\/]index$/, '');
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== 'string') return;
          const target = resolveImport(source);
          if (!target) return;
          for (const zone of zones) {
            if (!inside(file, zone.target)) continue;
            const blocked = zone.from.some((folder) => inside(target, folder));
            const allowed =
              (zone.except ?? []).some((folder) => inside(target, folder)) || (zone.faces ?? []).includes(face(target));
            if (blocked && !allowed) {
              context.report({ node, message: `${zone.message} ('${source}')` });
            }
          }
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
