import { createHash } from 'node:crypto';
import { boundCertificateMatches, namesAudience, principalOfClaims } from './claims';

const names = { user: 'preferred_username', tenant: 'tenant', roles: 'realm_access.roles', crossTenantRole: 'cross-tenant' };

describe('OAuth claims', () => {
  it('names the user, the tenant and the roles, with the implied ones', () => {
    const principal = principalOfClaims(
      { sub: 'f1', preferred_username: 'alice', tenant: 'tenant-a', realm_access: { roles: ['member', 'offline_access'] } },
      names,
    );
    expect(principal?.name).toBe('alice@tenant-a (f1)');
    expect(principal?.tenant).toBe('tenant-a');
    expect([...(principal?.roles ?? [])].sort()).toEqual(['member', 'offline_access', 'reader']);
  });

  it('falls back to client_id, azp and sub for the user; reads roles from a space-separated claim and a one-item tenant list', () => {
    const scoped = { ...names, roles: 'scope', tenant: 'groups' };
    expect(principalOfClaims({ sub: 's', client_id: 'nfvo', scope: 'admin profile', groups: ['t1'] }, scoped)).toEqual({
      name: 'nfvo@t1 (s)',
      roles: new Set(['admin', 'profile', 'member', 'reader']),
      tenant: 't1',
      allTenants: false,
    });
    expect(principalOfClaims({ sub: 's', scope: 'reader cross-tenant' }, scoped)?.allTenants).toBe(true);
    expect(principalOfClaims({ sub: 's', azp: 'oss' }, names)?.name).toBe('oss (s)');
    expect(principalOfClaims({ sub: 's' }, names)?.name).toBe('s');
    expect(principalOfClaims({ sub: 's', groups: ['t1', 't2'] }, { ...names, tenant: 'groups' })?.tenant).toBeUndefined();
    expect(principalOfClaims({}, names)).toBeUndefined();
    expect(principalOfClaims({ sub: 's', realm_access: { roles: 'admin' } }, names)?.roles).toEqual(new Set(['admin', 'member', 'reader']));
  });

  it('takes a claim whose name holds a dot as it is before reading it as a path', () => {
    expect(principalOfClaims({ sub: 's', 'https://vnfm/tenant': 'x' }, { ...names, tenant: 'https://vnfm/tenant' })?.tenant).toBe('x');
  });

  it('binds a token with cnf.x5t#S256 to the certificate of that thumbprint only', () => {
    const certificate = Buffer.from('a DER certificate');
    const thumbprint = createHash('sha256').update(certificate).digest('base64url');
    expect(boundCertificateMatches({ cnf: { 'x5t#S256': thumbprint } }, certificate)).toBe(true);
    expect(boundCertificateMatches({ cnf: { 'x5t#S256': thumbprint } }, Buffer.from('another'))).toBe(false);
    expect(boundCertificateMatches({ cnf: { 'x5t#S256': thumbprint } }, undefined)).toBe(false);
    expect(boundCertificateMatches({}, undefined)).toBe(true);
    expect(boundCertificateMatches({ cnf: 'junk' }, undefined)).toBe(true);
  });

  it('reads aud as a string or a list', () => {
    expect(namesAudience('vnfm', 'vnfm')).toBe(true);
    expect(namesAudience(['account', 'vnfm'], 'vnfm')).toBe(true);
    expect(namesAudience(['account'], 'vnfm')).toBe(false);
    expect(namesAudience(undefined, 'vnfm')).toBe(false);
  });
});
