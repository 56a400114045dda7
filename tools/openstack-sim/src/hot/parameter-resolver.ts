import type { Environment, HotTemplate, ParameterDeclaration } from './hot-types';
import { TemplateError } from './hot-types';

/** Values of Heat's pseudo parameters (HOT spec, "Pseudo parameters"). */
export interface StackIdentity {
  readonly stackName: string;
  readonly stackId: string;
  readonly projectId: string;
}

const TRUE_WORDS = new Set(['true', 't', 'on', 'y', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'f', 'off', 'n', 'no', '0']);

function parseJson(name: string, value: string): unknown {
  if (value.trim() === '') return {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new TemplateError(`Parameter '${name}' is invalid: value is not valid JSON.`);
  }
}

function toNumber(name: string, value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (Number.isNaN(number))
    throw new TemplateError(`Parameter '${name}' is invalid: could not convert ${JSON.stringify(value)} to a number.`);
  return number;
}

function toBoolean(name: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  const word = String(value).toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new TemplateError(
    `Parameter '${name}' is invalid: unrecognized value ${JSON.stringify(value)}, acceptable values are: true, false.`,
  );
}

/** Converts a supplied value to the declared type (HOT spec, "Parameters section", `type`). */
function coerce(name: string, declaration: ParameterDeclaration, value: unknown): unknown {
  switch (declaration.type ?? 'string') {
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? '');
    case 'number':
      return toNumber(name, value);
    case 'json':
      return typeof value === 'string' ? parseJson(name, value) : value;
    case 'comma_delimited_list':
      if (Array.isArray(value)) return value.map(String);
      return String(value ?? '') === ''
        ? []
        : String(value)
            .split(',')
            .map((item) => item.trim());
    case 'boolean':
      return toBoolean(name, value);
    default:
      throw new TemplateError(`Invalid type (${String(declaration.type)}) for parameter '${name}'.`);
  }
}

/**
 * The parameter values a stack is created with: supplied values, then environment `parameters`,
 * then `parameter_defaults`, then the declared `default`; a parameter with none of these is an
 * error, and so is a supplied value the template does not declare. Adds the pseudo parameters.
 */
export function resolveParameters(
  template: HotTemplate,
  supplied: Readonly<Record<string, unknown>>,
  environment: Environment,
  identity: StackIdentity,
): Record<string, unknown> {
  const undeclared = Object.keys(supplied).find((name) => !Object.hasOwn(template.parameters, name));
  if (undeclared !== undefined)
    throw new TemplateError(`The Parameter (${undeclared}) was not defined in template.`, 'UnknownUserParameter');
  const values: Record<string, unknown> = {};
  for (const [name, declaration] of Object.entries(template.parameters)) {
    const value = [supplied[name], environment.parameters[name], environment.parameter_defaults[name], declaration.default].find(
      (candidate) => candidate !== undefined,
    );
    if (value === undefined) throw new TemplateError(`The Parameter (${name}) was not provided.`, 'UserParameterMissing');
    values[name] = coerce(name, declaration, value);
  }
  values['OS::stack_name'] = identity.stackName;
  values['OS::stack_id'] = identity.stackId;
  values['OS::project_id'] = identity.projectId;
  return values;
}
