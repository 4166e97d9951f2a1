import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

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

export default createJestConfig(config);
