import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

const config = [
  { ignores: ['.next/**', '.next-bench/**', 'node_modules/**', '.data/**', 'coverage/**', 'next-env.d.ts', 'server/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      'import/order': ['warn', { groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'], 'newlines-between': 'never' }],
    },
  },
  {
    // next.config.js is CommonJS, as Next.js loads it (typed through JSDoc and checked by tsc).
    files: ['next.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Components, hooks and services never reach into the backend.
    files: ['components/**', 'hooks/**', 'services/**', 'lib/**', 'middleware.ts'],
    rules: {
      // Types may cross (the wire contract lives beside the handlers); code may not.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/server/*', '../server/*', '../../server/*'], message: 'server/ is backend only', allowTypeImports: true }] },
      ],
    },
  },
];

export default config;
