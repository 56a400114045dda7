export { SolQueryError } from './sol-query.error';
export { parseFilter, FILTER_OPERATORS, type FilterOperator, type FilterTerm } from './filter.parser';
export { matchesFilter, valuesAt } from './filter.matcher';
export { parseAttributeSelector, selectAttributes, type AttributeSelector, type AttributeSelectorParams } from './attribute-selector';
export { paginate, PAGE_SIZE, type Page, type PageOptions } from './paging';
export { readSolQueryParams, type SolQueryParams } from './query-params';
export { queryCollection, type CollectionQueryOptions } from './collection-query';
