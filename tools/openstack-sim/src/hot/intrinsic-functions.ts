import { isRecord } from '../common/records';
import { TemplateError } from './hot-types';
import { selectPath } from './path-select';

/** What intrinsic functions read from the stack they are evaluated in. */
export interface IntrinsicContext {
  param(name: string): unknown;
  resourceId(name: string): string;
  attribute(resource: string, attribute: string, path: readonly unknown[]): unknown;
  file(key: string): string;
}

type IntrinsicFunction = (args: unknown, context: IntrinsicContext) => unknown;

/** HOT functions the simulator does not implement: failing loudly beats treating them as data. */
const UNSUPPORTED = new Set([
  'if',
  'equals',
  'not',
  'and',
  'or',
  'contains',
  'yaql',
  'digest',
  'filter',
  'make_url',
  'list_concat_unique',
  'str_replace_strict',
  'str_replace_vstrict',
  'resource_facade',
]);

function asList(args: unknown, fn: string): unknown[] {
  if (!Array.isArray(args)) throw new TemplateError(`Arguments to "${fn}" must be a list.`);
  return args;
}

function asName(value: unknown, fn: string): string {
  if (typeof value !== 'string') throw new TemplateError(`Arguments to "${fn}" must name something with a string.`);
  return value;
}

/** How list_join / str_replace render non-string items: numbers as text, structures as JSON. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value ?? '');
}

function getParam(args: unknown, context: IntrinsicContext): unknown {
  const [name, ...path] = Array.isArray(args) ? args : [args];
  const value = context.param(asName(name, 'get_param'));
  // Heat answers '' when a path into a json/list parameter does not exist.
  return path.length === 0 ? value : (selectPath(value, path) ?? '');
}

function getAttr(args: unknown, context: IntrinsicContext): unknown {
  const [resource, attribute, ...path] = asList(args, 'get_attr');
  return context.attribute(asName(resource, 'get_attr'), asName(attribute, 'get_attr'), path);
}

function strReplace(args: unknown): string {
  if (!isRecord(args) || typeof args['template'] !== 'string' || !isRecord(args['params'])) {
    throw new TemplateError('"str_replace" needs a "template" string and a "params" map.');
  }
  const params = args['params'];
  const keys = Object.keys(params).sort((a, b) => b.length - a.length);
  if (keys.length === 0) return args['template'];
  // One pass, longest key first, so replaced text is never replaced again.
  const pattern = new RegExp(keys.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return args['template'].replace(pattern, (key) => asText(params[key]));
}

function listJoin(args: unknown): string {
  const [delimiter, ...lists] = asList(args, 'list_join');
  const items = lists.flatMap((list) => asList(list, 'list_join'));
  return items.map(asText).join(asName(delimiter, 'list_join'));
}

function substitute(value: unknown, variable: string, replacement: unknown): unknown {
  if (typeof value === 'string') return value === variable ? replacement : value.split(variable).join(asText(replacement));
  if (Array.isArray(value)) return value.map((item) => substitute(item, variable, replacement));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.split(variable).join(asText(replacement)), substitute(item, variable, replacement)]),
    );
  }
  return value;
}

function repeat(args: unknown): unknown[] {
  if (!isRecord(args) || !isRecord(args['for_each'])) throw new TemplateError('"repeat" needs a "for_each" map and a "template".');
  let results: unknown[] = [args['template']];
  for (const [variable, values] of Object.entries(args['for_each'])) {
    const list = asList(values, 'repeat');
    results = results.flatMap((template) => list.map((value) => substitute(template, variable, value)));
  }
  return results;
}

const FUNCTIONS: Readonly<Record<string, IntrinsicFunction>> = {
  get_param: getParam,
  get_resource: (args, context) => context.resourceId(asName(args, 'get_resource')),
  get_attr: getAttr,
  get_file: (args, context) => context.file(asName(args, 'get_file')),
  str_replace: strReplace,
  list_join: listJoin,
  repeat,
  str_split: (args) => {
    const [delimiter, text, index] = asList(args, 'str_split');
    const parts = asName(text, 'str_split').split(asName(delimiter, 'str_split'));
    return index === undefined ? parts : parts[Number(index)];
  },
  map_merge: (args) => Object.assign({}, ...asList(args, 'map_merge').filter(isRecord)) as Record<string, unknown>,
  list_concat: (args) => asList(args, 'list_concat').flatMap((list) => asList(list, 'list_concat')),
};

/** The function a `{name: args}` map calls, if it is a single-key intrinsic function call. */
export function functionCall(value: Record<string, unknown>): { name: string; args: unknown } | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const name = keys[0];
  return Object.hasOwn(FUNCTIONS, name) || UNSUPPORTED.has(name) ? { name, args: value[name] } : undefined;
}

/** Evaluates every intrinsic function in `value` (HOT spec, "Intrinsic functions"); arguments first. */
export function resolveIntrinsics(value: unknown, context: IntrinsicContext): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveIntrinsics(item, context));
  if (!isRecord(value)) return value;
  const call = functionCall(value);
  if (call === undefined) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveIntrinsics(item, context)]));
  }
  if (UNSUPPORTED.has(call.name)) throw new TemplateError(`The function "${call.name}" is not supported by the simulator.`);
  return FUNCTIONS[call.name](resolveIntrinsics(call.args, context), context);
}
