import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './tools/eslint-layers.js';

const web = resolve('apps/web/src');
const features = (() => {
  try {
    return readdirSync(`${web}/features`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

/** Imports flow one way: components/lib -> features -> app; no feature imports another. */
const oneWayZones = [
  {
    target: `${web}/components`,
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared components cannot import features or routes',
  },
  {
    target: `${web}/lib`,
    from: [`${web}/features`, `${web}/app`, `${web}/components`],
    message: 'lib cannot import UI, features or routes',
  },
  { target: `${web}/features`, from: [`${web}/app`], message: 'Features cannot import routes' },
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: [`${web}/features`],
    except: [`${web}/features/${feature}`],
    message: 'A feature cannot import another feature',
  })),
  { target: resolve('packages/contracts'), from: [resolve('apps')], message: 'Contracts cannot import the apps' },
  { target: resolve('apps/web'), from: [resolve('apps/api')], message: 'The web app cannot import the API' },
  {
    target: resolve('apps/api'),
    from: [resolve('apps/web')],
    // The message catalogue is the one both apps read (decision record 053).
    except: [resolve('apps/web/messages')],
    message: 'The API cannot import the web app',
  },
];

const apiSrc = resolve('apps/api/src');
const listed = (folder, wanted) => {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter(wanted)
      .map((entry) => `${folder}/${entry.name}`);
  } catch {
    return [];
  }
};
const apiModules = listed(`${apiSrc}/modules`, (entry) => entry.isDirectory());
const faceMessage = "Another module is reached only through its face, the module's index.ts";
/**
 * The API's module boundaries (decision 031): a module imports another module only through its face
 * (`modules/<m>/index.ts`); so do the composition root (the files at the top of src) and the seed.
 * plugins/, lib/ and db/ (the seed aside) import no module at all. Tests may import inner files.
 */
const apiZones = [
  ...apiModules.map((folder) => ({
    target: folder,
    from: [`${apiSrc}/modules`],
    except: [folder],
    faces: apiModules,
    message: faceMessage,
  })),
  {
    target: [...listed(apiSrc, (entry) => entry.isFile()), `${apiSrc}/db/seed`],
    from: [`${apiSrc}/modules`],
    faces: apiModules,
    message: faceMessage,
  },
  {
    target: [`${apiSrc}/plugins`, `${apiSrc}/lib`, ...listed(`${apiSrc}/db`, (entry) => entry.name !== 'seed')],
    from: [`${apiSrc}/modules`],
    message: 'plugins/, lib/ and db/ cannot import modules: the composition root hands them what they need',
  },
].flatMap((zone) => (Array.isArray(zone.target) ? zone.target.map((target) => ({ ...zone, target })) : [zone]));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/dist/**',
      'data/**',
      'apps/api/migrations/**',
      'apps/web/next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { layers: layersPlugin },
    rules: {
      'layers/one-way': ['error', { zones: [...oneWayZones, ...apiZones], aliases: { '@/': web } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // A module has one job and a public face: no file over 400 lines.
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    // The API's modules keep their functions readable (issue 24): none over 120 lines.
    files: ['apps/api/src/modules/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
      '@next/next/no-html-link-for-pages': 'off',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.ts.' },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
