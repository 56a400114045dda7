export { quoteIdentifier, schemaOf, sharedPool } from './shared-pool';
