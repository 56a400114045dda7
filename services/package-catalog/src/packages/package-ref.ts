import { confinedTo, ownerOf, sees, type Envelope } from '@vnfm/messaging';
import {
  packageConflict,
  packageNotFound,
  vnfdIdOfSeveralTenants,
  type PackageRef,
  type VnfdRef,
  type VnfPackage,
} from '@vnfm/vnf-package-domain';
import type { PackageEntry, VnfPackageReadModel } from '../read-model/vnf-package.read-model';

/** Who asks: the tenant the request acts in and whether it sees every tenant (the message envelope's). */
export type Requester = Pick<Envelope, 'tenant' | 'allTenants'>;

/**
 * The package a request names, by id or by the vnfdId of its onboarded
 * content (resolved as PackageRef says); 404 when there is none the request
 * may see, exactly as when there is none at all.
 */
export function findPackage(readModel: VnfPackageReadModel, ref: PackageRef, requester: Requester): PackageEntry {
  if ('vnfdId' in ref) {
    const entry = holderOf(readModel.withVnfdId(String(ref.vnfdId)), ref, requester);
    if (!entry) throw packageNotFound(`vnfdId ${ref.vnfdId}`);
    return entry;
  }
  const entry = readModel.get(String(ref.vnfPkgId));
  if (!entry || !sees(confinedTo(requester), entry.state.tenant)) throw packageNotFound(String(ref.vnfPkgId));
  return entry;
}

function holderOf(holders: PackageEntry[], ref: VnfdRef, requester: Requester): PackageEntry | undefined {
  const confinement = confinedTo(requester);
  const tenant = typeof ref.tenant === 'string' ? ref.tenant : undefined;
  if (confinement !== undefined && tenant !== undefined && tenant !== confinement) return undefined;
  const ofTenant = (owner: string | undefined) => holders.find((entry) => entry.state.tenant === owner);
  const wanted = confinement ?? tenant;
  if (wanted !== undefined) return ofTenant(wanted);
  if (holders.length <= 1) return holders[0];
  const own = ofTenant(ownerOf(requester));
  if (own) return own;
  throw vnfdIdOfSeveralTenants(
    String(ref.vnfdId),
    holders.map((entry) => entry.state.tenant ?? '(no tenant)'),
  );
}

/** The packages a request may see, of `entries`, in their order. */
export function* visiblePackages(entries: Iterable<PackageEntry>, requester: Requester): Iterable<PackageEntry> {
  const confinement = confinedTo(requester);
  for (const entry of entries) if (sees(confinement, entry.state.tenant)) yield entry;
}

/** vnfdIds are unique within a tenant: the other package of `pkg`'s tenant already onboarded with this one, if any. */
export function holderInTenant(readModel: VnfPackageReadModel, vnfdId: string, pkg: VnfPackage): PackageEntry | undefined {
  return readModel.withVnfdId(vnfdId).find((entry) => entry.state.tenant === pkg.tenant && entry.state.id !== pkg.id);
}

export type OnboardedPackage = VnfPackage & Required<Pick<VnfPackage, 'onboarded' | 'content'>>;

/** Content, VNFD, manifest and artifacts exist only once the package is onboarded (Tacker answers 409 before). */
export function requireOnboarded(entry: PackageEntry): OnboardedPackage {
  const { state } = entry;
  if (state.onboardingState !== 'ONBOARDED' || !state.onboarded || !state.content) {
    throw packageConflict(`VNF Package ${state.id} onboarding state is ${state.onboardingState}, not ONBOARDED`);
  }
  return state as OnboardedPackage;
}
