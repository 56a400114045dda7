import { AppError } from '@vnfm/contracts';
import { onboardedContent } from '@vnfm/vnf-package-domain/testing';
import type { PackageRef, VnfPackageEvent } from '@vnfm/vnf-package-domain';
import { VnfPackageReadModel } from '../read-model/vnf-package.read-model';
import { findPackage, holderInTenant, visiblePackages, type Requester } from './package-ref';

const at = '2026-01-02T03:04:05.000Z';
const VNFD = 'vnfd-shared';

/** A read model holding these packages: of a tenant or of none, onboarded with a vnfdId or only created. */
function catalog(...packages: { id: string; tenant?: string; vnfdId?: string }[]) {
  const readModel = new VnfPackageReadModel();
  for (const { id, tenant, vnfdId } of packages) {
    const events: VnfPackageEvent[] = [
      { type: 'VnfPackageCreated', data: { vnfPkgId: id, userDefinedData: {}, createdAt: at, ...(tenant && { tenant }) } },
    ];
    if (vnfdId) {
      events.push(
        { type: 'VnfPackageContentUploaded', data: { blobKey: `blob-${id}`, size: 1, uploadedAt: at } },
        { type: 'VnfPackageOnboarded', data: { ...onboardedContent({ vnfdId }), onboardedAt: at } },
      );
    }
    events.forEach((event, revision) => readModel.apply(id, revision, event));
  }
  return readModel;
}

const tenantA: Requester = { tenant: 'a' };
const tenantB: Requester = { tenant: 'b' };
const admin: Requester = { tenant: 'admin', allTenants: true };
/** The product's own work (a workflow step): no tenant, sees all. */
const internal: Requester = {};

const found = (readModel: VnfPackageReadModel, ref: PackageRef, requester: Requester) => findPackage(readModel, ref, requester).state.id;
const refusal = (readModel: VnfPackageReadModel, ref: PackageRef, requester: Requester) => {
  try {
    findPackage(readModel, ref, requester);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('the package was found');
};

describe('finding a package by id, per tenant', () => {
  const readModel = catalog({ id: 'a1', tenant: 'a' }, { id: 'b1', tenant: 'b' }, { id: 'legacy' });

  it('shows a tenant its own packages, and another tenant’s as absent (the same 404)', () => {
    expect(found(readModel, { vnfPkgId: 'a1' }, tenantA)).toBe('a1');
    const foreign = refusal(readModel, { vnfPkgId: 'b1' }, tenantA);
    const absent = refusal(readModel, { vnfPkgId: 'nope' }, tenantA);
    expect(foreign).toMatchObject({ status: 404, code: absent.code, title: absent.title });
    expect(foreign.detail).toBe(absent.detail.replace('nope', 'b1'));
  });

  it('shows every package to a request of all tenants, and a package of no tenant to such requests only', () => {
    for (const requester of [admin, internal])
      for (const id of ['a1', 'b1', 'legacy']) expect(found(readModel, { vnfPkgId: id }, requester)).toBe(id);
    expect(refusal(readModel, { vnfPkgId: 'legacy' }, tenantA)).toMatchObject({ status: 404 });
    expect(refusal(readModel, { vnfPkgId: 'a1' }, { tenant: 'admin' })).toMatchObject({ status: 404 });
  });

  it('lists only what the request sees, in creation order', () => {
    const ids = (requester: Requester) => [...visiblePackages(readModel.list(), requester)].map((entry) => entry.state.id);
    expect(ids(tenantA)).toEqual(['a1']);
    expect(ids(tenantB)).toEqual(['b1']);
    expect(ids({ tenant: 'c' })).toEqual([]);
    expect(ids(admin)).toEqual(['a1', 'b1', 'legacy']);
  });
});

describe('finding a package by vnfdId, per tenant', () => {
  const shared = catalog({ id: 'a1', tenant: 'a', vnfdId: VNFD }, { id: 'b1', tenant: 'b', vnfdId: VNFD }, { id: 'a2', tenant: 'a' });

  it('looks in the tenant of a confined request only, whatever the payload names', () => {
    expect(found(shared, { vnfdId: VNFD }, tenantA)).toBe('a1');
    expect(found(shared, { vnfdId: VNFD }, tenantB)).toBe('b1');
    expect(found(shared, { vnfdId: VNFD, tenant: 'a' }, tenantA)).toBe('a1');
    expect(refusal(shared, { vnfdId: VNFD, tenant: 'b' }, tenantA)).toMatchObject({ status: 404, detail: expect.stringContaining(VNFD) });
    expect(refusal(shared, { vnfdId: VNFD }, { tenant: 'c' })).toMatchObject({ status: 404 });
  });

  it('looks in the payload’s tenant for a request of all tenants', () => {
    expect(found(shared, { vnfdId: VNFD, tenant: 'b' }, admin)).toBe('b1');
    expect(found(shared, { vnfdId: VNFD, tenant: 'a' }, internal)).toBe('a1');
    expect(refusal(shared, { vnfdId: VNFD, tenant: 'c' }, admin)).toMatchObject({ status: 404 });
  });

  it('without a tenant: the only holder, else the requester’s own, else 409 naming the field that picks one', () => {
    const single = catalog({ id: 'b1', tenant: 'b', vnfdId: VNFD });
    expect(found(single, { vnfdId: VNFD }, admin)).toBe('b1');
    expect(found(single, { vnfdId: VNFD }, internal)).toBe('b1');
    expect(found(shared, { vnfdId: VNFD }, { tenant: 'b', allTenants: true })).toBe('b1');
    const ambiguous = refusal(shared, { vnfdId: VNFD }, admin);
    expect(ambiguous).toMatchObject({ status: 409, code: 'VNFD_ID_OF_SEVERAL_TENANTS' });
    expect(ambiguous.detail).toMatch(/names VNF packages of several tenants \(a, b\).*"tenant" field/);
    expect(refusal(shared, { vnfdId: VNFD }, internal)).toMatchObject({ status: 409 });
    expect(refusal(shared, { vnfdId: 'other' }, admin)).toMatchObject({ status: 404 });
  });

  it('gives the product’s own work, which has no tenant, the package of no tenant among several', () => {
    const withLegacy = catalog({ id: 'legacy', vnfdId: VNFD }, { id: 'a1', tenant: 'a', vnfdId: VNFD });
    expect(found(withLegacy, { vnfdId: VNFD }, internal)).toBe('legacy');
    expect(found(withLegacy, { vnfdId: VNFD }, tenantA)).toBe('a1');
    expect(refusal(withLegacy, { vnfdId: VNFD }, { tenant: 'b' })).toMatchObject({ status: 404 });
  });
});

describe('vnfdId uniqueness', () => {
  it('is per tenant: a package of the same tenant holds it, one of another tenant does not', () => {
    const readModel = catalog(
      { id: 'a1', tenant: 'a', vnfdId: VNFD },
      { id: 'a2', tenant: 'a' },
      { id: 'b2', tenant: 'b' },
      { id: 'legacy', vnfdId: VNFD },
      { id: 'legacy2' },
    );
    const pkg = (id: string) => findPackage(readModel, { vnfPkgId: id }, admin).state;
    expect(holderInTenant(readModel, VNFD, pkg('a2'))?.state.id).toBe('a1');
    expect(holderInTenant(readModel, VNFD, pkg('a1'))).toBeUndefined();
    expect(holderInTenant(readModel, VNFD, pkg('b2'))).toBeUndefined();
    expect(holderInTenant(readModel, VNFD, pkg('legacy2'))?.state.id).toBe('legacy');
    expect(holderInTenant(readModel, 'other', pkg('a2'))).toBeUndefined();
  });

  it('frees a vnfdId in the index when its package is deleted, leaving the other tenants’ holders', () => {
    const readModel = catalog({ id: 'a1', tenant: 'a', vnfdId: VNFD }, { id: 'b1', tenant: 'b', vnfdId: VNFD });
    readModel.apply('a1', 3, { type: 'VnfPackageDisabled', data: { disabledAt: at } });
    readModel.apply('a1', 4, { type: 'VnfPackageDeleted', data: { deletedAt: at } });
    expect(readModel.withVnfdId(VNFD).map((entry) => entry.state.id)).toEqual(['b1']);
    expect(found(readModel, { vnfdId: VNFD }, admin)).toBe('b1');
  });
});
