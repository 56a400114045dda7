export { inTransaction, quoteIdentifier, schemaOf, sharedPool } from './shared-pool';
