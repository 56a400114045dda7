import type { Config } from 'jest';

// One transform for every tier: SWC keeps decorator metadata, which NestJS DI needs.
const base: Config = {
  testEnvironment: 'node',
  rootDir: __dirname,
  transform: {
    '^.+\\.(t|j|mj)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
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

const config: Config = {
  // Jest's 5 s default fails sound tests on a busy 2-core machine (lanes side by side); files needing more set their own.
  testTimeout: 30_000,
  projects: [
    { ...base, displayName: 'unit', testMatch: ['<rootDir>/{libs,services,tools}/**/*.unit.spec.ts'] },
    { ...base, displayName: 'int', testMatch: ['<rootDir>/{libs,services,tools,e2e}/**/*.int.spec.ts'] },
    { ...base, displayName: 'e2e', testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'] },
  ],
};

export default config;
