// JavaScript, not TypeScript: Jest 29 loads a jest.config.ts through ts-node with a full type check, about 3 s of
// CPU in every Jest process (tools/test.sh starts one per lane and one for the unit tests).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The SWC settings the build compiles with (tools/build/build.mjs): one set for tests and product.
const swc = JSON.parse(readFileSync(join(import.meta.dirname, '.swcrc'), 'utf8'));

// One transform for every tier: SWC keeps decorator metadata, which NestJS DI needs.
/** @type {import('jest').Config} */
const base = {
  testEnvironment: 'node',
  rootDir: import.meta.dirname,
  transform: {
    '^.+\\.(t|j|mj)s$': ['@swc/jest', swc],
  },
  // ESM-only packages are compiled to CommonJS for Jest's module system.
  transformIgnorePatterns: ['/node_modules/(?!(@kubernetes/client-node|openid-client|oauth4webapi|jose)/)'],
  moduleNameMapper: {
    '^@vnfm/service-([^/]+)$': '<rootDir>/services/$1/src/index.ts',
    '^@vnfm/([^/]+)/testing$': '<rootDir>/libs/$1/src/testing.ts',
    '^@vnfm/([^/]+)$': '<rootDir>/libs/$1/src/index.ts',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

/** @type {import('jest').Config} */
const config = {
  // Jest's 5 s default fails sound tests on a busy 2-core machine (lanes side by side); files needing more set their own.
  testTimeout: 30_000,
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{libs,services,tools}/**/*.unit.spec.ts'] },
    { ...base, displayName: 'int', testMatch: ['<rootDir>/{libs,services,tools,e2e}/**/*.int.spec.ts'] },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'] },
  ],
};

export default config;
