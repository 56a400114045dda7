import type { Role } from './principal';

/** The role a request needs: reading (GET, HEAD) and changing (anything else) each have theirs. */
interface Rule {
  prefix: string;
  read: Role;
  write: Role;
}

/**
 * Who may do what (docs/auth.md): a reader lists and reads, a member runs
 * VNF lifecycle management (instances, operations, subscriptions), an admin
 * registers VIMs, onboards packages and uses the operators' APIs (parked
 * notifications, diagnostics). The first rule whose prefix the path starts
 * with applies; a path no rule names needs reader to read and admin to change.
 */
const POLICY: readonly Rule[] = [
  { prefix: '/v1.0/vims', read: 'reader', write: 'admin' },
  { prefix: '/vnfpkgm/', read: 'reader', write: 'admin' },
  { prefix: '/vnflcm/', read: 'reader', write: 'member' },
  { prefix: '/audit/', read: 'reader', write: 'admin' },
  { prefix: '/admin/', read: 'admin', write: 'admin' },
  { prefix: '/diagnostics/', read: 'admin', write: 'admin' },
];
const DEFAULT_RULE: Rule = { prefix: '/', read: 'reader', write: 'admin' };

export function requiredRole(method: string, path: string): Role {
  const rule = POLICY.find((candidate) => path.startsWith(candidate.prefix)) ?? DEFAULT_RULE;
  return method === 'GET' || method === 'HEAD' ? rule.read : rule.write;
}
