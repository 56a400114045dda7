import { createHash } from 'node:crypto';
import { withImpliedRoles, type Principal } from '../principal';

/** Which claims name the user, the tenant and the roles (VNFM_OAUTH_*_CLAIM). */
export interface ClaimNames {
  user: string;
  tenant: string;
  /** A dotted path (`realm_access.roles`) to an array of names or a space-separated string. */
  roles: string;
  /** The role that lets a principal act in every tenant. */
  crossTenantRole: string;
}

export type Claims = Record<string, unknown>;

/** The principal a verified token's claims name; undefined when they name no one (no user claim, no `sub`). */
export function principalOfClaims(claims: Claims, names: ClaimNames): Principal | undefined {
  const subject = text(claims.sub);
  const user = text(at(claims, names.user)) ?? text(claims.client_id) ?? text(claims.azp) ?? subject;
  if (!user) return undefined;
  const tenant = tenantOf(at(claims, names.tenant));
  const roles = withImpliedRoles(namesOf(at(claims, names.roles)));
  return {
    name: `${user}${tenant ? `@${tenant}` : ''}${subject && subject !== user ? ` (${subject})` : ''}`,
    roles,
    tenant,
    allTenants: roles.has(names.crossTenantRole),
  };
}

/**
 * RFC 8705 §3: a token bound to a certificate (`cnf["x5t#S256"]`) is good
 * only on a connection that presented that certificate; an unbound token
 * on any connection.
 */
export function boundCertificateMatches(claims: Claims, certificate: Buffer | undefined): boolean {
  const confirmation = claims.cnf;
  const thumbprint = confirmation && typeof confirmation === 'object' ? (confirmation as Claims)['x5t#S256'] : undefined;
  if (thumbprint === undefined) return true;
  return certificate !== undefined && createHash('sha256').update(certificate).digest('base64url') === thumbprint;
}

/** Whether `aud` (a string or an array of them) names `audience`. */
export function namesAudience(aud: unknown, audience: string): boolean {
  return aud === audience || (Array.isArray(aud) && aud.includes(audience));
}

function at(claims: Claims, path: string): unknown {
  if (path in claims) return claims[path];
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Claims)[key] : undefined), claims);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A tenant claim is a name, or a list of one (a group-membership mapper's shape). */
function tenantOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length === 1 ? text(value[0]) : undefined;
  return text(value);
}

function namesOf(value: unknown): string[] {
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}
