import { ApiError } from '../http/http-types';

const TITLES: Readonly<Record<number, readonly [string, string]>> = {
  400: ['Bad Request', 'The server could not comply with the request since it is either malformed or otherwise incorrect.'],
  403: ['Forbidden', 'Access was denied to this resource.'],
  404: ['Not Found', 'The resource could not be found.'],
  409: ['Conflict', 'There was a conflict when trying to complete your request.'],
};

/** Heat's fault document: `{"code", "title", "explanation", "error": {"type", "message", "traceback"}}`. */
export function heatError(status: number, type: string, message: string): ApiError {
  const [title, explanation] = TITLES[status] ?? ['Error', ''];
  return new ApiError(status, { code: status, title, explanation, error: { type, message, traceback: null } });
}

export function stackNotFound(identity: string): ApiError {
  return heatError(404, 'EntityNotFound', `The Stack (${identity}) could not be found.`);
}

export function resourceNotFound(resource: string, stackName: string): ApiError {
  return heatError(404, 'ResourceNotFound', `The Resource (${resource}) could not be found in Stack ${stackName}.`);
}
