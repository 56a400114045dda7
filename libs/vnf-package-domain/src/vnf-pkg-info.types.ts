import type { ProblemDetails } from '@vnfm/contracts';

/** VnfPkgInfo.onboardingState (ETSI GS NFV-SOL 005 v2.6.1 §9.5.2.5). */
export type PackageOnboardingState = 'CREATED' | 'UPLOADING' | 'PROCESSING' | 'ONBOARDED' | 'ERROR';
/** VnfPkgInfo.operationalState: ENABLED packages may be used to create VNF instances. */
export type PackageOperationalState = 'ENABLED' | 'DISABLED';
/** VnfPkgInfo.usageState: IN_USE while any VNF instance created from the package exists. */
export type PackageUsageState = 'IN_USE' | 'NOT_IN_USE';

export const OPERATIONAL_STATES: readonly PackageOperationalState[] = ['ENABLED', 'DISABLED'];

/** A checksum as SOL 004 manifests write it: algorithm (e.g. SHA-256) and hash in hexadecimal. */
export interface Checksum {
  algorithm: string;
  hash: string;
}

/** ETSI GS NFV-SOL 005 v2.6.1 §9.5.3.2 VnfPackageSoftwareImageInfo (sizes in bytes). */
export interface VnfPackageSoftwareImageInfo {
  id: string;
  name: string;
  provider: string;
  version: string;
  checksum: Checksum;
  containerFormat: string;
  diskFormat: string;
  createdAt: string;
  minDisk: number;
  minRam: number;
  size: number;
  userMetadata?: Record<string, unknown>;
  imagePath?: string;
}

/** ETSI GS NFV-SOL 005 v2.6.1 §9.5.3.3 VnfPackageArtifactInfo. */
export interface VnfPackageArtifactInfo {
  artifactPath: string;
  checksum?: Checksum;
  metadata?: Record<string, unknown>;
}

interface Link {
  href: string;
}

/** ETSI GS NFV-SOL 005 v2.6.1 §9.5.2.5 VnfPkgInfo, as Tacker's /vnfpkgm/v1 serves it. */
export interface VnfPkgInfo {
  id: string;
  vnfdId?: string;
  vnfProvider?: string;
  vnfProductName?: string;
  vnfSoftwareVersion?: string;
  vnfdVersion?: string;
  checksum?: Checksum;
  /** SOL 005 v3.x (SOL 004 §5.1): OPTION_1 a signed manifest, OPTION_2 a signed CSAR; only for a signed package (v2.6.1 has no such attribute). */
  packageSecurityOption?: 'OPTION_1' | 'OPTION_2';
  softwareImages?: VnfPackageSoftwareImageInfo[];
  additionalArtifacts?: VnfPackageArtifactInfo[];
  onboardingState: PackageOnboardingState;
  operationalState: PackageOperationalState;
  usageState: PackageUsageState;
  userDefinedData: Record<string, unknown>;
  onboardingFailureDetails?: ProblemDetails;
  /** Extension (no SOL 005 attribute tells it): whether the package is signed and its signer trusted. */
  vnfmPackageSignature?: VnfmPackageSignature;
  _links: { self: Link; vnfd?: Link; packageContent: Link };
}

/**
 * The `vnfmPackageSignature` extension of VnfPkgInfo, once onboarded: `signed`
 * (a CMS signature over the manifest or the CSAR, intact), `trusted` (its
 * signer chains to the VNFM's trusted CAs, VNFM_PACKAGE_TRUSTED_CA_FILE), the
 * signer's distinguished name, and why an intact signature is not trusted.
 */
export interface VnfmPackageSignature {
  signed: boolean;
  trusted: boolean;
  signer?: string;
  untrustedReason?: string;
}

/** ETSI GS NFV-SOL 005 v2.6.1 §9.5.2.3 VnfPkgInfoModifications: what a PATCH changed. */
export interface VnfPkgInfoModifications {
  operationalState?: PackageOperationalState;
  userDefinedData?: Record<string, unknown>;
}
