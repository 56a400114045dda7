import { packageConflict, packageNotFound, type PackageRef, type VnfPackage } from '@vnfm/vnf-package-domain';
import type { PackageEntry, VnfPackageReadModel } from '../read-model/vnf-package.read-model';

/** The package a request names, by id or by the vnfdId of its onboarded content; 404 otherwise. */
export function findPackage(readModel: VnfPackageReadModel, ref: PackageRef): PackageEntry {
  const entry = 'vnfdId' in ref ? readModel.getByVnfdId(String(ref.vnfdId)) : readModel.get(String(ref.vnfPkgId));
  if (!entry) throw packageNotFound('vnfdId' in ref ? `vnfdId ${ref.vnfdId}` : String(ref.vnfPkgId));
  return entry;
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
