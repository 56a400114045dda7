import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

// Module boundaries: domain and contract code stays free of frameworks and
// vendors; services depend on libs, never the other way round.
const frameworks = ['@nestjs/*', 'kafkajs', '@eventstore/*', 'class-validator', 'class-transformer', '@opentelemetry/*', 'express', 'pino'];

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', 'tools/k8s/**/*.go', 'testdata/**'] },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            {
              sourceTag: 'type:domain',
              onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:util'],
              bannedExternalImports: frameworks,
            },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'], bannedExternalImports: frameworks },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'], bannedExternalImports: frameworks },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:infra', 'type:domain', 'type:contracts', 'type:util'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:infra', 'type:domain', 'type:contracts', 'type:util'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:service', 'type:infra', 'type:contracts', 'type:util'] },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests and their harnesses (src/testing.ts, src/testing/) are not product code: they may reach other services and e2e/support.
    files: ['**/*.spec.ts', '**/src/testing.ts', '**/src/testing/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
];
