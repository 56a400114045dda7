/** Who a request acts for, as its credential says. */
export interface Principal {
  /** What the audit and the logs record: `admin`, or `<user>@<tenant> (<user id>)`. */
  name: string;
  /** The roles the credential carries, the implied ones included: an admin is also member and reader. */
  roles: ReadonlySet<string>;
  /** The tenant: the Keystone project the token is scoped to, or the OAuth token's tenant claim. */
  tenant?: string;
  /** It may see and act on every tenant's resources (VNFM_CROSS_TENANT_ROLE, a Keystone system scope, the admin token). */
  allTenants: boolean;
}

/** What else the request showed besides its token. */
export interface Presented {
  /** The DER of the client certificate of the TLS connection, when it gave one. */
  certificate?: Buffer;
}

/** Checks a presented token: the principal it names, or undefined when it is not valid. */
export interface Authenticator {
  authenticate(token: string, presented: Presented): Promise<Principal | undefined>;
}

export const AUTHENTICATOR = Symbol('AUTHENTICATOR');

/** The roles Keystone's SRBAC defines, weakest first. */
export const ROLES = ['reader', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles given and those they imply, as Keystone's implied roles do: admin → member → reader. */
export function withImpliedRoles(roles: Iterable<string>): Set<string> {
  const all = new Set(roles);
  const strongest = Math.max(...ROLES.map((role, rank) => (all.has(role) ? rank : -1)));
  for (let rank = 0; rank < strongest; rank++) all.add(ROLES[rank]);
  return all;
}
