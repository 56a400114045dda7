import { isRecord } from '../common/records';
import type { EntityReference, IdentityDirectory, ProjectEntry, UserEntry } from './identity-directory';
import { AUTHENTICATION_REQUIRED, keystoneError } from './keystone-errors';

/** Who a valid auth request proved to be, and the project it asked to be scoped to (if any). */
export interface AuthenticatedIdentity {
  readonly user: UserEntry;
  readonly project?: ProjectEntry;
  readonly methods: readonly string[];
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function toReference(value: unknown): EntityReference {
  if (!isRecord(value)) return {};
  const domain = isRecord(value['domain'])
    ? { id: optionalString(value['domain']['id']), name: optionalString(value['domain']['name']) }
    : undefined;
  return { id: optionalString(value['id']), name: optionalString(value['name']), domain };
}

function requireRecord(value: unknown, field: string): Record<string, unknown> {
  if (!isRecord(value)) throw keystoneError(400, `Invalid input for field '${field}': an object is required.`);
  return value;
}

function resolveUser(identity: Record<string, unknown>, directory: IdentityDirectory): UserEntry {
  const password = requireRecord(identity['password'], 'identity.password');
  const userBody = requireRecord(password['user'], 'identity.password.user');
  const secret = userBody['password'];
  const user = directory.findUser(toReference(userBody));
  if (user === undefined || typeof secret !== 'string' || !user.passwords.includes(secret)) {
    throw keystoneError(401, AUTHENTICATION_REQUIRED);
  }
  return user;
}

function resolveProject(scope: unknown, user: UserEntry, directory: IdentityDirectory): ProjectEntry | undefined {
  if (scope === undefined) return undefined;
  const scopeBody = requireRecord(scope, 'scope');
  if (!isRecord(scopeBody['project'])) throw keystoneError(401, 'The simulator only issues project-scoped or unscoped tokens.');
  const project = directory.findProject(toReference(scopeBody['project']));
  if (project === undefined || !user.projectIds.includes(project.id)) throw keystoneError(401, AUTHENTICATION_REQUIRED);
  return project;
}

/**
 * Checks a `POST /v3/auth/tokens` body (Identity API v3, "Password authentication with
 * unscoped / scoped authorization"): user by id or by name + domain, optional project scope
 * by id or by name + domain. Failures answer 401 like Keystone, malformed bodies 400.
 */
export function authenticatePassword(body: unknown, directory: IdentityDirectory): AuthenticatedIdentity {
  const auth = requireRecord(isRecord(body) ? body['auth'] : undefined, 'auth');
  const identity = requireRecord(auth['identity'], 'identity');
  const methods = identity['methods'];
  if (!Array.isArray(methods) || !methods.every((method) => typeof method === 'string')) {
    throw keystoneError(400, "Invalid input for field 'identity.methods': a list of strings is required.");
  }
  if (!methods.includes('password')) throw keystoneError(401, 'Attempted to authenticate with an unsupported method.');
  const user = resolveUser(identity, directory);
  return { user, project: resolveProject(auth['scope'], user, directory), methods: ['password'] };
}
