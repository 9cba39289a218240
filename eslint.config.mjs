import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

/** Import patterns of a top-level folder, by alias and by relative path from up to four levels down. */
function layer(folder) {
  return [`@/${folder}`, `@/${folder}/*`, ...[1, 2, 3, 4].map((depth) => `${'../'.repeat(depth)}${folder}/*`)];
}

const SERVER_MESSAGE = 'server/ is backend only: the browser layers reach it over HTTP (services/), the edge not at all';

function layerRules() {
  const rule = (files, patterns) => ({
    files,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  });
  const up = (folders, message) => ({ group: folders.flatMap(layer), message });
  // Nothing crosses from server/ to the browser layers, types included: the wire contract is lib/wire.ts.
  const noServer = { group: layer('server'), message: `${SERVER_MESSAGE}; the answers' types are in lib/wire.ts` };
  return [
    rule(['components/**'], [noServer, up(['pages'], 'components/ is below pages/')]),
    rule(['hooks/**'], [noServer, up(['pages', 'components'], 'hooks/ is below pages/ and components/')]),
    rule(['services/**'], [noServer, up(['pages', 'components', 'hooks'], 'services/ is the HTTP layer: below pages/, components/ and hooks/')]),
    rule(['lib/**', 'middleware.ts'], [
      { group: layer('server'), message: SERVER_MESSAGE },
      up(['pages', 'components', 'hooks', 'services'], 'lib/ is the bottom layer: pure logic shared by client, server and edge'),
    ]),
    rule(['server/**'], [up(['pages', 'components', 'hooks', 'services', 'styles'], 'server/ is reached from pages/ and imports only lib/ (services/ is the browser HTTP layer)')]),
  ];
}

const config = [
  { ignores: ['.next/**', '.next-bench/**', '.next-maps/**', 'node_modules/**', '.data/**', 'coverage/**', 'next-env.d.ts', 'server/db/migrations/**', 'test-results/**', 'playwright-report/**'] },
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
  // The direction of imports (DESIGN.md): pages -> components -> hooks -> services -> lib; pages/api -> server -> lib.
  // Each folder may not import the layers above it; lib/ and middleware.ts stay edge-safe and import no layer at all.
  ...layerRules(),
  {
    // Every age rating is derived in one place, the request context's ratings (DESIGN.md: nothing else derives them).
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['server/context/**', 'lib/age.ts', '__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/age', '**/lib/age'],
              importNames: ['effectiveAgeRating'],
              message: 'age ratings are derived in server/context/ratings.ts: use titleAgeRating, storySearchAgeRating or the context’s ratings',
            },
          ],
        },
      ],
    },
  },
];

export default config;
