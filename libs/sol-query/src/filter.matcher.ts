import type { FilterOperator, FilterTerm } from './filter.parser';

type Scalar = string | number | boolean;
type Test = (attribute: Scalar, value: string) => boolean;

const equals: Test = (attribute, value) => (typeof attribute === 'string' ? attribute === value : String(attribute) === value);

function ordered(compare: (difference: number) => boolean): Test {
  return (attribute, value) => {
    if (typeof attribute === 'number') {
      const number = Number(value);
      return value.trim() !== '' && !Number.isNaN(number) && compare(attribute - number);
    }
    const text = String(attribute);
    return compare(text === value ? 0 : text < value ? -1 : 1);
  };
}

const contains: Test = (attribute, value) => typeof attribute === 'string' && attribute.includes(value);

/** The positive operators; each negative one (neq, nin, ncont) holds when its positive twin does not. */
const POSITIVE: Record<Exclude<FilterOperator, 'neq' | 'nin' | 'ncont'>, Test> = {
  eq: equals,
  in: equals,
  gt: ordered((d) => d > 0),
  gte: ordered((d) => d >= 0),
  lt: ordered((d) => d < 0),
  lte: ordered((d) => d <= 0),
  cont: contains,
};
const NEGATED = { neq: 'eq', nin: 'in', ncont: 'cont' } as const;

/**
 * ETSI GS NFV-SOL 013 v2.6.1 §5.2.2: a term matches when the attribute (or,
 * through arrays on the path, any of its occurrences) satisfies the operator
 * for one of the values; neq, nin and ncont match when no occurrence does.
 * An absent attribute satisfies only the negated operators.
 */
export function matchesFilter(item: unknown, filter: readonly FilterTerm[]): boolean {
  return filter.every((term) => matchesTerm(item, term));
}

function matchesTerm(item: unknown, term: FilterTerm): boolean {
  const occurrences = valuesAt(item, term.path);
  if (term.op in NEGATED) {
    const positive = POSITIVE[NEGATED[term.op as keyof typeof NEGATED]];
    return !occurrences.some((attribute) => term.values.some((value) => positive(attribute, value)));
  }
  const test = POSITIVE[term.op as keyof typeof POSITIVE];
  return occurrences.some((attribute) => term.values.some((value) => test(attribute, value)));
}

/** Every scalar reached by the path, descending into arrays on the way. */
function valuesAt(item: unknown, path: readonly string[]): Scalar[] {
  if (Array.isArray(item)) return item.flatMap((element) => valuesAt(element, path));
  if (path.length === 0) return isScalar(item) ? [item] : [];
  if (item === null || typeof item !== 'object') return [];
  const [head, ...rest] = path;
  return Object.prototype.hasOwnProperty.call(item, head) ? valuesAt((item as Record<string, unknown>)[head], rest) : [];
}

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
