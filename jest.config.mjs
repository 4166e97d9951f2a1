import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** Packages published as ES modules only: Jest (CommonJS) must transform them. */
const ESM_PACKAGES = ['icu-minify', '@formatjs', 'intl-messageformat', 'better-auth', '@better-auth', 'better-call', 'jose', '@noble', 'rou3', 'nanostores', 'defu', '@better-fetch'];

/** Unit tests (jsdom by default, `@jest-environment node` where they need Node) and integration tests against a real PostgreSQL. */
const config = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/tests/setup/jest.setup.ts'],
  testMatch: ['<rootDir>/tests/unit/**/*.test.{ts,tsx}', '<rootDir>/tests/integration/**/*.test.{ts,tsx}'],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/tests/setup/empty-module.ts',
    '^@/(.*)$': '<rootDir>/$1',
  },
  testTimeout: 60_000,
  maxWorkers: 2,
};

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  // next/jest ignores every node_modules package; let the ESM-only ones through.
  resolved.transformIgnorePatterns = [
    `/node_modules/(?!(${ESM_PACKAGES.map((p) => p.replace('/', '\\/')).join('|')})(/|$))`,
    ...(resolved.transformIgnorePatterns ?? []).filter((p) => !p.includes('node_modules')),
  ];
  return resolved;
}
