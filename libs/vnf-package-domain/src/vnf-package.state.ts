import { type ProblemDetails } from '@vnfm/contracts';
import type {
  Checksum,
  PackageOnboardingState,
  PackageOperationalState,
  VnfPackageArtifactInfo,
  VnfPackageSoftwareImageInfo,
} from './vnf-pkg-info.types';

/** What onboarding learnt from the package content (SOL 004 CSAR and SOL 001 VNFD). */
export interface OnboardedContent {
  vnfdId: string;
  vnfProvider: string;
  vnfProductName: string;
  vnfSoftwareVersion: string;
  vnfdVersion: string;
  checksum: Checksum;
  softwareImages: VnfPackageSoftwareImageInfo[];
  additionalArtifacts: VnfPackageArtifactInfo[];
  entryDefinitions: string;
  manifestPath?: string;
  /** The files that make up the VNFD: TOSCA.meta (when present), the entry definitions and what they import from the package. */
  vnfdFiles: string[];
  /** Every file of the package with its size in bytes. */
  files: { path: string; size: number }[];
  signature: PackageSignatureFacts;
  flavours: { flavourId: string; description: string }[];
  /** Files derived at onboarding and kept in the blob store: the VNFD as a zip, as one YAML when it is one file, and the manifest. */
  derived: { vnfdZip: BlobRef; vnfdYaml?: BlobRef; manifest?: BlobRef };
}

/** What onboarding found of the package's signature (SOL 004 §5), as `@vnfm/vnf-package` checked it. */
export interface PackageSignatureFacts {
  present: boolean;
  /** Intact, and its signer is trusted (chains to a CA of the catalog's trust store). */
  verified: boolean;
  signer?: string;
  /** `manifest`: SOL 004 security option 1 (the manifest signed); `zip`: option 2 (the CSAR signed as a whole). */
  scheme?: 'manifest' | 'zip';
  /** Why an intact signature is not trusted. */
  untrustedReason?: string;
}

/** A file in the blob store: its content address (SHA-256) and size. */
export interface BlobRef {
  key: string;
  size: number;
}

/** The VNF package aggregate (stream `vnfPackage-<id>`), rebuilt from its events. */
export interface VnfPackage {
  id: string;
  /** The tenant that created it; only requests of that tenant, or of all tenants, see it. Undefined: no tenant (before tenancy), seen only by the latter. */
  tenant?: string;
  createdAt: string;
  onboardingState: PackageOnboardingState;
  operationalState: PackageOperationalState;
  userDefinedData: Record<string, unknown>;
  /** The uploaded zip in the blob store. */
  content?: BlobRef;
  /** Where an upload from URI fetches from (credentials are never kept). */
  uploadSource?: string;
  onboarded?: OnboardedContent & { onboardedAt: string };
  onboardingFailure?: ProblemDetails;
  /** Large artifacts extracted from the zip into the blob store when first downloaded, by artifact path. */
  extractedArtifacts: Record<string, BlobRef>;
  /** VNF instances created from this package; usageState is IN_USE while any exists. */
  vnfInstanceIds: string[];
  deleted: boolean;
}

/** Before its first event a package does not exist. */
export type VnfPackageState = VnfPackage | undefined;

export const streamNameOf = (vnfPkgId: string) => `vnfPackage-${vnfPkgId}`;
export const VNF_PACKAGE_STREAM_PREFIX = 'vnfPackage-';

/** Every blob a package holds; they may be removed once no package holds them. */
export function blobKeysOf(pkg: VnfPackage): string[] {
  if (pkg.deleted) return [];
  const derived = pkg.onboarded ? [pkg.onboarded.derived.vnfdZip, pkg.onboarded.derived.vnfdYaml, pkg.onboarded.derived.manifest] : [];
  const refs = [pkg.content, ...derived, ...Object.values(pkg.extractedArtifacts)];
  return [...new Set(refs.flatMap((ref) => (ref ? [ref.key] : [])))];
}
