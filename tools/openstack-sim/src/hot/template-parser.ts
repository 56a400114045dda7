import { parse } from 'yaml';
import { isRecord } from '../common/records';
import {
  EMPTY_ENVIRONMENT,
  type Environment,
  type HotTemplate,
  type OutputDefinition,
  type ParameterDeclaration,
  type ResourceDefinition,
  TemplateError,
} from './hot-types';

const TEMPLATE_KEYS = new Set(['heat_template_version', 'description', 'parameter_groups', 'parameters', 'resources', 'outputs']);

/** A template or environment arrives as an object or as YAML/JSON text (stack create API, `template`). */
function toDocument(source: unknown, label: string): Record<string, unknown> {
  let document = source;
  if (typeof source === 'string') {
    try {
      document = parse(source) as unknown;
    } catch (error) {
      throw new TemplateError(`Error parsing ${label}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!isRecord(document)) throw new TemplateError(`The ${label} is not a map.`);
  return document;
}

function section(document: Record<string, unknown>, key: string, label: string): Record<string, unknown> {
  const value = document[key];
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new TemplateError(`The "${key}" section of ${label} must be a map.`);
  return value;
}

function resourceDefinitions(document: Record<string, unknown>, label: string): Record<string, ResourceDefinition> {
  const resources: Record<string, ResourceDefinition> = {};
  for (const [name, definition] of Object.entries(section(document, 'resources', label))) {
    if (!isRecord(definition) || typeof definition['type'] !== 'string') {
      throw new TemplateError(`Resource ${name} in ${label} has no "type".`);
    }
    resources[name] = { type: definition['type'], properties: definition['properties'], depends_on: definition['depends_on'] };
  }
  return resources;
}

/** Every entry of a section must itself be a map (parameter declarations, output definitions). */
function mapEntries(document: Record<string, unknown>, key: string, label: string): Record<string, Record<string, unknown>> {
  const entries: Record<string, Record<string, unknown>> = {};
  for (const [name, value] of Object.entries(section(document, key, label))) {
    if (!isRecord(value)) throw new TemplateError(`The ${key} entry "${name}" in ${label} must be a map.`);
    entries[name] = value;
  }
  return entries;
}

function parameterDeclarations(document: Record<string, unknown>, label: string): Record<string, ParameterDeclaration> {
  const parameters: Record<string, ParameterDeclaration> = {};
  for (const [name, declaration] of Object.entries(mapEntries(document, 'parameters', label))) {
    const type = declaration['type'];
    if (type !== undefined && typeof type !== 'string') throw new TemplateError(`Parameter ${name} in ${label} has an invalid type.`);
    parameters[name] = { type, default: declaration['default'] };
  }
  return parameters;
}

function outputDefinitions(document: Record<string, unknown>, label: string): Record<string, OutputDefinition> {
  const outputs: Record<string, OutputDefinition> = {};
  for (const [name, output] of Object.entries(mapEntries(document, 'outputs', label))) {
    outputs[name] = { value: output['value'], description: typeof output['description'] === 'string' ? output['description'] : undefined };
  }
  return outputs;
}

/** Parses and checks the top-level layout of a HOT template (HOT spec, "Template structure"). */
export function parseTemplate(source: unknown, label = 'template'): HotTemplate {
  const document = toDocument(source, label);
  const version = document['heat_template_version'];
  if (version === undefined) throw new TemplateError(`Template format version not found in ${label}.`);
  const unknownKey = Object.keys(document).find((key) => !TEMPLATE_KEYS.has(key));
  if (unknownKey !== undefined) throw new TemplateError(`Unknown Key "${unknownKey}" in ${label} (not supported by the simulator).`);
  const description = document['description'];
  return {
    heat_template_version: String(version),
    description: typeof description === 'string' ? description : undefined,
    parameters: parameterDeclarations(document, label),
    resources: resourceDefinitions(document, label),
    outputs: outputDefinitions(document, label),
  };
}

/** Parses a stack environment: `parameters`, `parameter_defaults` and `resource_registry`. */
export function parseEnvironment(source: unknown): Environment {
  if (source === undefined || source === null) return EMPTY_ENVIRONMENT;
  const document = toDocument(source, 'environment');
  const registry = section(document, 'resource_registry', 'the environment');
  const mappings: Record<string, string> = {};
  for (const [type, target] of Object.entries(registry)) {
    if (typeof target !== 'string') throw new TemplateError(`resource_registry entry ${type} must map to a string.`);
    mappings[type] = target;
  }
  return {
    parameters: section(document, 'parameters', 'the environment'),
    parameter_defaults: section(document, 'parameter_defaults', 'the environment'),
    resource_registry: mappings,
  };
}

/** The `files` map of a stack request: file name → file content. */
export function parseFiles(source: unknown): Record<string, string> {
  if (source === undefined || source === null) return {};
  if (!isRecord(source)) throw new TemplateError('"files" must be a map of file name to content.');
  const files: Record<string, string> = {};
  for (const [name, content] of Object.entries(source)) {
    files[name] = typeof content === 'string' ? content : JSON.stringify(content);
  }
  return files;
}
