import type { VnfPackage } from './vnf-package.state';
import type { PackageUsageState, VnfPkgInfo, VnfPkgInfoModifications } from './vnf-pkg-info.types';
import type { VnfPackageEvent } from './vnf-package.events';

export const VNFPKGM_URI_PREFIX = '/vnfpkgm/v1';

/**
 * Attributes a query leaves out unless asked for (ETSI GS NFV-SOL 005 v2.6.1
 * §9.4.2.3.2, the "exclude_default" list of GET /vnf_packages).
 */
export const VNF_PKG_INFO_DEFAULT_EXCLUDED = [
  'softwareImages',
  'additionalArtifacts',
  'userDefinedData',
  'checksum',
  'onboardingFailureDetails',
] as const;

/** The top-level attributes of VnfPkgInfo, those a query may filter on or select. */
export const VNF_PKG_INFO_ATTRIBUTES = [
  'id',
  'vnfdId',
  'vnfProvider',
  'vnfProductName',
  'vnfSoftwareVersion',
  'vnfdVersion',
  'checksum',
  'softwareImages',
  'additionalArtifacts',
  'onboardingState',
  'operationalState',
  'usageState',
  'userDefinedData',
  'onboardingFailureDetails',
  '_links',
] as const satisfies readonly (keyof VnfPkgInfo)[];

const usageStateOf = (pkg: VnfPackage): PackageUsageState => (pkg.vnfInstanceIds.length > 0 ? 'IN_USE' : 'NOT_IN_USE');

/**
 * The VnfPkgInfo representation (ETSI GS NFV-SOL 005 v2.6.1 §9.5.2.5): the
 * VNFD attributes, checksum and artifacts only once the content is
 * onboarded, onboardingFailureDetails only in ERROR, hrefs relative to the
 * API root as Tacker writes them.
 */
export function toVnfPkgInfo(pkg: VnfPackage): VnfPkgInfo {
  const self = `${VNFPKGM_URI_PREFIX}/vnf_packages/${pkg.id}`;
  const onboarded = pkg.onboardingState === 'ONBOARDED' ? pkg.onboarded : undefined;
  return {
    id: pkg.id,
    ...(onboarded && {
      vnfdId: onboarded.vnfdId,
      vnfProvider: onboarded.vnfProvider,
      vnfProductName: onboarded.vnfProductName,
      vnfSoftwareVersion: onboarded.vnfSoftwareVersion,
      vnfdVersion: onboarded.vnfdVersion,
      checksum: onboarded.checksum,
      softwareImages: onboarded.softwareImages,
      ...(onboarded.additionalArtifacts.length > 0 && { additionalArtifacts: onboarded.additionalArtifacts }),
    }),
    onboardingState: pkg.onboardingState,
    operationalState: pkg.operationalState,
    usageState: usageStateOf(pkg),
    userDefinedData: pkg.userDefinedData,
    ...(pkg.onboardingState === 'ERROR' && pkg.onboardingFailure && { onboardingFailureDetails: pkg.onboardingFailure }),
    _links: {
      self: { href: self },
      ...(onboarded && { vnfd: { href: `${self}/vnfd` } }),
      packageContent: { href: `${self}/package_content` },
    },
  };
}

/** The VnfPkgInfoModifications a PATCH answers with, from the events it caused. */
export function modificationsOf(events: readonly VnfPackageEvent[]): VnfPkgInfoModifications {
  const modifications: VnfPkgInfoModifications = {};
  for (const event of events) {
    if (event.type === 'VnfPackageEnabled') modifications.operationalState = 'ENABLED';
    if (event.type === 'VnfPackageDisabled') modifications.operationalState = 'DISABLED';
    if (event.type === 'VnfPackageUserDefinedDataModified') modifications.userDefinedData = event.data.patch;
  }
  return modifications;
}
