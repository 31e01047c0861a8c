import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Two or more levels up is a path to read, not a place: name it by its alias (package.json "imports"). */
const LONG_RELATIVE = {
  group: ['../../*'],
  message: 'Import through the #app/*, #api/* or #contract/* alias instead of a ../../ path.',
};

const APP_NEVER_API = {
  group: ['#api/*', '../api/*', '../../api/*', '**/api/db/*'],
  message: 'app/ never imports api/: call the v1 API through app/lib/api.server.ts.',
};

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'api/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // app/ and api/ never import each other (DESIGN.md); both may import contract/.
      'no-restricted-imports': 'off',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [APP_NEVER_API, LONG_RELATIVE],
        },
      ],
      // Loaders and actions stop with httpError()/loadFailure() (app/lib/invariant.server.ts) or the guard's helpers.
      'no-restricted-syntax': [
        'error',
        {
          selector: "ThrowStatement > CallExpression[callee.name='data']",
          message: 'Use httpError() or loadFailure() from app/lib/invariant.server.ts instead of `throw data(`.',
        },
      ],
    },
  },
  {
    // app/lib serves components and routes; a lib module that needs something from a component moves it into lib.
    files: ['app/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APP_NEVER_API,
            {
              group: ['#app/components/*', '../components/*', '**/components/*'],
              message: 'app/lib never imports app/components: move what both need into app/lib.',
            },
            {
              group: ['#app/routes/*'],
              message: "app/lib never imports a route folder's modules: move what others need into app/lib.",
            },
            LONG_RELATIVE,
          ],
        },
      ],
    },
  },
  {
    files: ['app/lib/invariant.server.ts', 'app/lib/guard.server.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['#app/*', '../app/*', '../../app/*'], message: 'api/ never imports app/.' },
            LONG_RELATIVE,
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#app/*', '#api/*', '../app/*', '../api/*'],
              message: 'contract/ imports neither app/ nor api/.',
            },
            LONG_RELATIVE,
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
