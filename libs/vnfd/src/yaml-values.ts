import { isRecord } from '@vnfm/util';
/**
 * Readers for parsed YAML. Documents may come from the YAML core schema
 * (numbers, booleans) or the failsafe schema (every scalar a string, which
 * keeps `descriptor_version: 1.0` as written), so scalars are read either way.
 */
export type YamlMap = Record<string, unknown>;

export const asMap = (value: unknown): YamlMap => (isRecord(value) ? value : {});

export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function asInteger(value: unknown): number | undefined {
  const text = asString(value)?.trim();
  if (text === undefined || !/^-?\d+$/.test(text)) return undefined;
  return Number(text);
}

export const asStringList = (value: unknown): string[] =>
  asList(value)
    .map(asString)
    .filter((item): item is string => item !== undefined);

/** TOSCA lists of single-key maps (`requirements`, `policies`, old-style `imports`) as [key, value] pairs. */
export function singleKeyEntries(value: unknown): [string, unknown][] {
  if (isRecord(value)) return Object.entries(value);
  return asList(value).flatMap((item) => (isRecord(item) ? Object.entries(item) : []));
}

/** A property value that is a TOSCA function (`{ get_input: x }`) carries no value of its own. */
export const isToscaFunction = (value: unknown): boolean =>
  isRecord(value) && Object.keys(value).length === 1 && /^(get_|concat$|token$|join$)/.test(Object.keys(value)[0]);
