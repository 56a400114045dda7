import type { PackageSignatureFacts, VnfPackage } from './vnf-package.state';
import type { PackageUsageState, VnfmPackageSignature, VnfPkgInfo, VnfPkgInfoModifications } from './vnf-pkg-info.types';
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
  'packageSecurityOption',
  'softwareImages',
  'additionalArtifacts',
  'onboardingState',
  'operationalState',
  'usageState',
  'userDefinedData',
  'onboardingFailureDetails',
  'vnfmPackageSignature',
  '_links',
] as const satisfies readonly (keyof VnfPkgInfo)[];

const usageStateOf = (pkg: VnfPackage): PackageUsageState => (pkg.vnfInstanceIds.length > 0 ? 'IN_USE' : 'NOT_IN_USE');

/**
 * The VnfPkgInfo representation (ETSI GS NFV-SOL 005 v2.6.1 §9.5.2.5): the
 * VNFD attributes, checksum and artifacts only once the content is
 * onboarded, onboardingFailureDetails only in ERROR, hrefs relative to the
 * API root as Tacker writes them. Once onboarded, the signature: SOL 005
 * v3.x's packageSecurityOption when the package is signed, and the
 * `vnfmPackageSignature` extension (signed, trusted, signer), since no SOL 005
 * attribute tells whether the signer is trusted.
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
      ...(onboarded.signature.present &&
        onboarded.signature.scheme && { packageSecurityOption: SECURITY_OPTIONS[onboarded.signature.scheme] }),
      softwareImages: onboarded.softwareImages,
      ...(onboarded.additionalArtifacts.length > 0 && { additionalArtifacts: onboarded.additionalArtifacts }),
    }),
    onboardingState: pkg.onboardingState,
    operationalState: pkg.operationalState,
    usageState: usageStateOf(pkg),
    userDefinedData: pkg.userDefinedData,
    ...(pkg.onboardingState === 'ERROR' && pkg.onboardingFailure && { onboardingFailureDetails: pkg.onboardingFailure }),
    ...(onboarded && { vnfmPackageSignature: signatureView(onboarded.signature) }),
    _links: {
      self: { href: self },
      ...(onboarded && { vnfd: { href: `${self}/vnfd` } }),
      packageContent: { href: `${self}/package_content` },
    },
  };
}

/** SOL 004 §5.1 security options: 1 signs the manifest (which digests every file), 2 signs the CSAR as a whole. */
const SECURITY_OPTIONS = { manifest: 'OPTION_1', zip: 'OPTION_2' } as const;

function signatureView(signature: PackageSignatureFacts): VnfmPackageSignature {
  return {
    signed: signature.present,
    trusted: signature.verified,
    ...(signature.signer !== undefined && { signer: signature.signer }),
    ...(signature.untrustedReason !== undefined && { untrustedReason: signature.untrustedReason }),
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
