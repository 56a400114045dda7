/** Who a request acts for, as its credential says. */
export interface Principal {
  /** What the audit and the logs record: `admin`, or `<user>@<project> (<user id>)` for a Keystone token. */
  name: string;
  /** The roles the credential carries (Keystone's implied roles included: an admin is also member and reader). */
  roles: ReadonlySet<string>;
  /** The Keystone project the token is scoped to (the tenant), when it has one. */
  projectId?: string;
}

/** Checks a presented token: the principal it names, or undefined when it is not valid. */
export interface Authenticator {
  authenticate(token: string): Promise<Principal | undefined>;
}

export const AUTHENTICATOR = Symbol('AUTHENTICATOR');

/** The roles Keystone's SRBAC defines, weakest first. */
export const ROLES = ['reader', 'member', 'admin'] as const;
export type Role = (typeof ROLES)[number];
