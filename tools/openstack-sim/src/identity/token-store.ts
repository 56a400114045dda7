import { randomBytes } from 'node:crypto';
import type { Clock } from '../common/clock';

/** A token Keystone handed out (the id travels in X-Subject-Token / X-Auth-Token). */
export interface IssuedToken {
  readonly id: string;
  readonly userId: string;
  readonly userName: string;
  /** Absent for an unscoped token. */
  readonly projectId?: string;
  readonly methods: readonly string[];
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  readonly auditId: string;
}

export class TokenStore {
  private readonly tokens = new Map<string, IssuedToken>();

  constructor(
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {}

  issue(user: { readonly id: string; readonly name: string }, projectId: string | undefined, methods: readonly string[]): IssuedToken {
    const issuedAt = this.clock();
    const token: IssuedToken = {
      // Fernet tokens start with "gAAAAA"; clients treat the rest as opaque.
      id: `gAAAAA${randomBytes(48).toString('base64url')}`,
      userId: user.id,
      userName: user.name,
      projectId,
      methods,
      issuedAt,
      expiresAt: new Date(issuedAt.getTime() + this.ttlSeconds * 1000),
      auditId: randomBytes(16).toString('base64url').slice(0, 22),
    };
    this.tokens.set(token.id, token);
    return token;
  }

  /** The token if it exists and has not expired. */
  validate(id: string): IssuedToken | undefined {
    const token = this.tokens.get(id);
    if (token === undefined) return undefined;
    if (token.expiresAt.getTime() <= this.clock().getTime()) {
      this.tokens.delete(id);
      return undefined;
    }
    return token;
  }
}
