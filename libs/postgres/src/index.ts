export { inTransaction, newPool, quoteIdentifier, schemaOf, schemaOnce, sharedPool } from './shared-pool';
