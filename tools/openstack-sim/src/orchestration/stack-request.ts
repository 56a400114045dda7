import { type Environment, type HotTemplate, TemplateError } from '../hot/hot-types';
import { parseEnvironment, parseFiles, parseTemplate } from '../hot/template-parser';
import { isRecord } from '../common/records';
import type { StackDefinition } from './stack-types';

function requireBody(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) throw new TemplateError('The request body must be a JSON object.');
  return body;
}

function parameters(body: Record<string, unknown>): Record<string, unknown> {
  const value = body['parameters'];
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new TemplateError('"parameters" must be a map.');
  return value;
}

function timeoutMins(body: Record<string, unknown>): number | undefined {
  const value = body['timeout_mins'];
  if (value === undefined || value === null) return undefined;
  const minutes = Number(value);
  if (!Number.isInteger(minutes) || minutes <= 0) throw new TemplateError('"timeout_mins" must be a positive integer.');
  return minutes;
}

function template(body: Record<string, unknown>): HotTemplate {
  if (body['template'] === undefined) {
    throw new TemplateError(
      body['template_url'] === undefined
        ? 'Need more arguments: "template" is required.'
        : '"template_url" is not supported by the simulator; send "template".',
    );
  }
  return parseTemplate(body['template']);
}

function mergeEnvironments(current: Environment, update: Environment): Environment {
  return {
    parameters: { ...current.parameters, ...update.parameters },
    parameter_defaults: { ...current.parameter_defaults, ...update.parameter_defaults },
    resource_registry: { ...current.resource_registry, ...update.resource_registry },
  };
}

/** A "Create stack" body (Orchestration API v1): `stack_name`, `template`, `parameters`, `files`, `environment`, `timeout_mins`. */
export function parseCreateRequest(body: unknown): { readonly name: string; readonly definition: StackDefinition } {
  const request = requireBody(body);
  const name = request['stack_name'];
  if (typeof name !== 'string') throw new TemplateError('"stack_name" is required.');
  const definition = {
    template: template(request),
    files: parseFiles(request['files']),
    environment: parseEnvironment(request['environment']),
    parameters: parameters(request),
    timeoutMins: timeoutMins(request),
  };
  return { name, definition };
}

/** An "Update stack" (PUT) body: the request replaces template, parameters, files and environment. */
export function parseUpdateRequest(body: unknown): StackDefinition {
  const request = requireBody(body);
  return {
    template: template(request),
    files: parseFiles(request['files']),
    environment: parseEnvironment(request['environment']),
    parameters: parameters(request),
    timeoutMins: timeoutMins(request),
  };
}

/**
 * An "Update stack (PATCH)" body, Heat's `existing` update: anything left out is kept from the
 * current definition, `parameters`, `files` and the environment are merged into the current
 * ones, and `clear_parameters` drops parameters back to their defaults.
 */
export function parsePatchRequest(body: unknown, current: StackDefinition): StackDefinition {
  const request = requireBody(body);
  const cleared = request['clear_parameters'];
  if (cleared !== undefined && !(Array.isArray(cleared) && cleared.every((name) => typeof name === 'string'))) {
    throw new TemplateError('"clear_parameters" must be a list of parameter names.');
  }
  const merged: Record<string, unknown> = { ...current.parameters, ...parameters(request) };
  for (const name of cleared ?? []) delete merged[name];
  return {
    template: request['template'] === undefined ? current.template : template(request),
    files: { ...current.files, ...parseFiles(request['files']) },
    environment: mergeEnvironments(current.environment, parseEnvironment(request['environment'])),
    parameters: merged,
    timeoutMins: timeoutMins(request) ?? current.timeoutMins,
  };
}
