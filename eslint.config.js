import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * ARCHITECTURE rule 1: imports flow one way.
 * web:    components/lib/config → features → app   (features never import each other)
 * server: plugins → modules → workflows → app.ts
 * web and server import contracts, never each other.
 */
const webFeatureZones = [
  'accounts',
  'auth',
  'catalog',
  'content',
  'sellers',
  'quotes',
  'chat',
  'invoices',
  'orders',
  'payments',
  'reviews',
  'notifications',
  'careers',
  'admin',
  'locations',
].map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'Features do not import each other; compose them in app/routes.',
}));

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
            { target: './apps/server/src/plugins', from: './apps/server/src/modules' },
            { target: './apps/server/src/plugins', from: './apps/server/src/workflows' },
            { target: './apps/server/src/modules', from: './apps/server/src/workflows' },
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
