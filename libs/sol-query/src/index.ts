export { PAGE_SIZE } from './paging';
export { readSolQueryParams, type SolQueryParams } from './query-params';
export { queryCollection } from './collection-query';
