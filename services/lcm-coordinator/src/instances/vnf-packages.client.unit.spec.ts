import { AppError } from '@vnfm/contracts';
import type { ServiceRuntime } from '@vnfm/platform';
import { PACKAGE_CATALOG, type VnfdRef } from '@vnfm/vnf-package-domain';
import { VnfPackagesClient } from './vnf-packages.client';

/** The catalog as the client sees it: one package of vnfd-1 per tenant, and vnfd-2 held by several tenants (409 without one). */
describe('the package catalog client names the tenant of each vnfdId lookup', () => {
  const requests: { type: string; payload: Record<string, unknown> }[] = [];
  const runtime = {
    bus: {
      request: async (type: string, payload: VnfdRef & Record<string, unknown>) => {
        requests.push({ type, payload });
        if (type !== PACKAGE_CATALOG.getPackage) return {};
        if (payload.vnfdId === 'vnfd-2' && payload.tenant === undefined)
          throw new AppError('VNFD_ID_OF_SEVERAL_TENANTS', 409, 'Conflict', 'several');
        return { id: `pkg-of-${payload.tenant ?? 'none'}`, operationalState: 'ENABLED', vnfProvider: 'p' };
      },
    },
  } as unknown as ServiceRuntime;
  let client: VnfPackagesClient;

  beforeEach(() => {
    requests.length = 0;
    client = new VnfPackagesClient(runtime);
  });

  it('sends the tenant with every vnfdId, none for an instance of no tenant', async () => {
    await client.usablePackage({ vnfdId: 'vnfd-1', tenant: 'tenant-a' });
    await client.vnfdModel({ vnfdId: 'vnfd-1', tenant: 'tenant-a' });
    await client.markUsage({ vnfdId: 'vnfd-1', tenant: 'tenant-a' }, 'vnf-1', true);
    await client.settleUsage('vnf-1', { vnfdId: 'vnfd-1', tenant: 'tenant-a' });
    await client.vnfdModel({ vnfdId: 'vnfd-1' });
    expect(requests.map(({ payload }) => payload)).toEqual([
      { vnfdId: 'vnfd-1', tenant: 'tenant-a' },
      { vnfdId: 'vnfd-1', tenant: 'tenant-a' },
      { vnfdId: 'vnfd-1', tenant: 'tenant-a', vnfInstanceId: 'vnf-1', inUse: true },
      { vnfdId: 'vnfd-1', tenant: 'tenant-a', vnfInstanceId: 'vnf-1' },
      { vnfdId: 'vnfd-1' },
    ]);
  });

  it('sends only the reference when given a whole instance', async () => {
    await client.markUsage({ vnfdId: 'vnfd-1', tenant: 'tenant-b', id: 'vnf-9', metadata: {} } as VnfdRef, 'vnf-9', false);
    expect(requests[0].payload).toEqual({ vnfdId: 'vnfd-1', tenant: 'tenant-b', vnfInstanceId: 'vnf-9', inUse: false });
  });

  it('keeps identities per tenant: one vnfdId, two tenants, two packages', async () => {
    const a = { vnfdId: 'vnfd-1', tenant: 'tenant-a' };
    const b = { vnfdId: 'vnfd-1', tenant: 'tenant-b' };
    const identityOf = await client.identitiesOf([a, b, a]);
    expect([identityOf(a)?.vnfPkgId, identityOf(b)?.vnfPkgId]).toEqual(['pkg-of-tenant-a', 'pkg-of-tenant-b']);
    expect(requests.filter(({ type }) => type === PACKAGE_CATALOG.getPackage)).toHaveLength(2);
    await client.identitiesOf([b]);
    expect(requests).toHaveLength(2);
  });

  it('shows no identity where the catalog cannot tell whose package a vnfdId is', async () => {
    const identityOf = await client.identitiesOf([{ vnfdId: 'vnfd-2' }]);
    expect(identityOf({ vnfdId: 'vnfd-2' })).toBeUndefined();
    await expect(client.usablePackage({ vnfdId: 'vnfd-2' })).rejects.toMatchObject({ status: 409 });
  });
});
