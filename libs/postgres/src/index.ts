export { inTransaction, quoteIdentifier, schemaOf, schemaOnce, sharedPool } from './shared-pool';
