import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * ARCHITECTURE rule 1: imports flow one way.
 * web:    components/lib/config → features → app   (features never import each other)
 * server: db → plugins → modules → flows → services → app.ts (a lower layer never imports a higher one);
 *         a flow (flows/<flow>/) never imports another flow;
 *         a module is entered only through its door, modules/<m>/index.ts (decision 060)
 * web and server import contracts, never each other.
 */
/** Every web feature (a folder of apps/web/src/features); a new feature is guarded without editing this file. */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatureZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'Features do not import each other; compose them in app/routes.',
}));

const server = './apps/server/src';
/** Every server module (a folder of modules/); a new module is covered without editing this file. */
const serverModules = readdirSync(new URL('./apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const doorMessage = 'Enter a module only through its door (modules/<m>/index.ts), never its files.';
/** Inside a module: another module's files are closed, except its index.ts. */
const moduleDoorZones = serverModules.flatMap((target) =>
  serverModules
    .filter((other) => other !== target)
    .map((other) => ({
      target: `${server}/modules/${target}`,
      from: `${server}/modules/${other}`,
      except: ['./index.ts'],
      message: doorMessage,
    })),
);
/** Above the modules (flows, services, app.ts, main.ts): also only the doors. */
const upperLayerDoorZones = [
  `${server}/flows`,
  `${server}/services`,
  `${server}/app.ts`,
  `${server}/main.ts`,
].flatMap((target) =>
  serverModules.map((other) => ({
    target,
    from: `${server}/modules/${other}`,
    except: ['./index.ts'],
    message: doorMessage,
  })),
);
/** Every flow (a folder of flows/): one business flow's operations and its one routes file. */
const serverFlows = readdirSync(new URL('./apps/server/src/flows', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A flow never imports another flow; what two flows share lives below them (a module's door, db, plugins) or in
 * the flows folder's own files (run-workflow.ts, workflow-doors.ts). */
const flowZones = serverFlows.flatMap((target) =>
  serverFlows
    .filter((other) => other !== target)
    .map((other) => ({
      target: `${server}/flows/${target}`,
      from: `${server}/flows/${other}`,
      message: 'A flow never imports another flow (flows/README.md).',
    })),
);
const layerMessage =
  'Server layers: db → plugins → modules → flows → services → app.ts; never import upwards.';
const serverLayers = ['db', 'plugins', 'modules', 'flows', 'services', 'app.ts'];
const serverLayerZones = serverLayers.flatMap((lower, index) =>
  serverLayers.slice(index + 1).map((upper) => ({
    target: `${server}/${lower}`,
    from: `${server}/${upper}`,
    message: layerMessage,
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.mjs',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'import-x/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server', message: 'web never imports server' },
            { target: './apps/server', from: './apps/web', message: 'server never imports web' },
            {
              target: './packages/contracts',
              from: './apps',
              message: 'contracts import nothing of the apps',
            },
            { target: './apps/web/src/components', from: './apps/web/src/features' },
            { target: './apps/web/src/components', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/app' },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            ...webFeatureZones,
            ...serverLayerZones,
            ...flowZones,
            ...moduleDoorZones,
            ...upperLayerDoorZones,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
