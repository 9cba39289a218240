import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

// ESM-only packages that jest must transform.
const esmPackages = ['jose', 'until-async', 'rettime', '@mswjs', 'msw', 'outvariant', 'strict-event-emitter', 'headers-polyfill', 'is-node-process', '@open-draft', 'graphql', 'tough-cookie', 'tldts', 'tldts-core', 'cookie', 'openid-client', 'oauth4webapi'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join('|')})/)`];

const unit = createJestConfig({
  displayName: 'unit',
  // jest-fixed-jsdom keeps Node's fetch, streams and TextEncoder, which msw needs.
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/__tests__/setup/unit.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
});

const api = createJestConfig({
  displayName: 'api',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/__tests__/api/**/*.test.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
});

async function withEsm(project) {
  const config = await project();
  return { ...config, transformIgnorePatterns };
}

const config = async () => ({
  testTimeout: 60_000,
  projects: [await withEsm(unit), await withEsm(api)],
});

export default config;
