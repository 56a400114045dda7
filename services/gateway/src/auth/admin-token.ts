import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROLES, type Authenticator, type Principal } from './principal';

/**
 * The admin token: VNFM_ADMIN_TOKEN when set; otherwise generated on first
 * start, kept in `<data>/admin-token` (mode 0600) and printed once, so the
 * operator can hand it to `openstack --os-token`.
 */
export function resolveAdminToken(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const path = join(resolve(dataDir), 'admin-token');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(resolve(dataDir), { recursive: true, mode: 0o700 });
  // Hex, not base64url: a token starting with "-" reads as an option on a command line (`openstack --os-token -x…` fails).
  const token = randomBytes(24).toString('hex');
  writeFileSync(path, `${token}\n`, { mode: 0o600, flag: 'wx' });
  process.stdout.write(`Generated an admin token (kept in ${path}): ${token}\n`);
  return token;
}

/** The admin token: one secret, every role, every tenant (the standalone default; docs/auth.md). */
export class AdminTokenAuthenticator implements Authenticator {
  private static readonly ADMIN: Principal = { name: 'admin', roles: new Set(ROLES), tenant: 'admin', allTenants: true };

  constructor(private readonly adminToken: string) {}

  async authenticate(token: string): Promise<Principal | undefined> {
    const x = Buffer.from(token);
    const y = Buffer.from(this.adminToken);
    return x.length === y.length && timingSafeEqual(x, y) ? AdminTokenAuthenticator.ADMIN : undefined;
  }
}
