import { isoMicros } from '../common/timestamps';
import type { ProjectEntry, UserEntry } from './identity-directory';
import type { IssuedToken } from './token-store';

/**
 * The `token` document of `POST /v3/auth/tokens` (Identity API v3, "Password authentication
 * with scoped authorization", response). Unscoped tokens carry neither project, roles nor catalog.
 */
export function tokenView(token: IssuedToken, user: UserEntry, project: ProjectEntry | undefined, catalog: object[] | undefined): object {
  const base = {
    methods: token.methods,
    user: { id: user.id, name: user.name, domain: user.domain, password_expires_at: null },
    audit_ids: [token.auditId],
    issued_at: isoMicros(token.issuedAt),
    expires_at: isoMicros(token.expiresAt),
  };
  if (project === undefined) return { token: base };
  return {
    token: {
      ...base,
      project: { id: project.id, name: project.name, domain: project.domain },
      is_domain: false,
      roles: user.roles,
      catalog,
    },
  };
}
