import { SolQueryError } from './sol-query.error';

/** ETSI GS NFV-SOL 013 v2.6.1 §5.2.2, table 5.2.2-1: the attribute-based filter operators. */
const FILTER_OPERATORS = ['eq', 'neq', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'cont', 'ncont'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** One `(op,attr/path,value[,value]*)` term; a filter is the AND of its terms. */
export interface FilterTerm {
  op: FilterOperator;
  path: string[];
  values: string[];
}

const SINGLE_VALUE: ReadonlySet<FilterOperator> = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte']);
const PARAMETER = 'filter';

/**
 * Parses `filter=(eq,onboardingState,ONBOARDED);(in,softwareImages/diskFormat,qcow2,raw)`.
 * Values holding `,`, `)` or `'` are written in single quotes, a quote inside
 * doubled (SOL 013 §5.2.2). Throws SolQueryError naming the position.
 */
export function parseFilter(expression: string): FilterTerm[] {
  const scanner = new Scanner(expression);
  const terms: FilterTerm[] = [];
  do {
    terms.push(parseTerm(scanner));
  } while (scanner.accept(';'));
  if (!scanner.done()) scanner.fail(`expected ';' or the end of the filter`);
  return terms;
}

function parseTerm(scanner: Scanner): FilterTerm {
  scanner.expect('(');
  const opText = scanner.readUnquoted();
  if (!(FILTER_OPERATORS as readonly string[]).includes(opText)) {
    scanner.fail(`unknown operator '${opText}' (expected one of ${FILTER_OPERATORS.join(', ')})`);
  }
  const op = opText as FilterOperator;
  scanner.expect(',');
  const attribute = scanner.readUnquoted();
  const path = attribute.split('/');
  if (path.some((name) => name.length === 0)) scanner.fail(`'${attribute}' is not an attribute name or path (names separated by '/')`);
  const values: string[] = [];
  while (scanner.accept(',')) values.push(scanner.readValue());
  scanner.expect(')');
  if (values.length === 0) throw new SolQueryError(PARAMETER, `(${op},${attribute}) needs a value`);
  if (SINGLE_VALUE.has(op) && values.length > 1)
    throw new SolQueryError(PARAMETER, `operator ${op} takes one value; (${op},${attribute}) has ${values.length}`);
  return { op, path, values };
}

class Scanner {
  private at = 0;

  constructor(private readonly text: string) {}

  done(): boolean {
    return this.at >= this.text.length;
  }

  accept(char: string): boolean {
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }

  expect(char: string): void {
    if (!this.accept(char)) this.fail(`expected '${char}'`);
  }

  /** Operator or attribute: up to the next `,` or `)`. */
  readUnquoted(): string {
    const start = this.at;
    while (!this.done() && !',)'.includes(this.text[this.at])) this.at++;
    const token = this.text.slice(start, this.at);
    if (token.includes("'") || token.includes('(')) this.fail(`unexpected character in '${token}'`);
    return token;
  }

  readValue(): string {
    if (!this.accept("'")) {
      const value = this.readUnquoted();
      if (value.length === 0) this.fail("empty value (quote it as '' to match an empty string)");
      return value;
    }
    let value = '';
    for (;;) {
      if (this.done()) this.fail('unterminated quoted value');
      const char = this.text[this.at++];
      if (char !== "'") value += char;
      else if (this.accept("'")) value += "'";
      else return value;
    }
  }

  fail(reason: string): never {
    throw new SolQueryError(PARAMETER, `${reason} at position ${this.at} of '${this.text}'`);
  }
}
