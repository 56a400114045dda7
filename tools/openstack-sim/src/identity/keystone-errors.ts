import { ApiError } from '../http/http-types';

const TITLES: Readonly<Record<number, string>> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };

/** Keystone's error document (Identity API v3, "Errors"): `{"error": {"code", "title", "message"}}`. */
export function keystoneError(status: number, message: string, headers: Readonly<Record<string, string>> = {}): ApiError {
  return new ApiError(status, { error: { code: status, title: TITLES[status] ?? 'Error', message } }, headers);
}

export const AUTHENTICATION_REQUIRED = 'The request you have made requires authentication.';
