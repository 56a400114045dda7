import type { VnfdModel } from '@vnfm/vnfd';
import type { CsarLimits } from './csar-limits';
import type { VnfdLimits } from './vnfd-limits';

export interface LoadOptions {
  limits?: CsarLimits;
  vnfdLimits?: VnfdLimits;
  /** PEM CA certificates a package signer must chain to. */
  trustedCaPems?: string[];
  /** Refuse packages without a signature whose signer chains to `trustedCaPems` (otherwise such a package loads, not verified). */
  requireSignature?: boolean;
  /** When certificates must be valid; now by default. */
  signatureCheckDate?: Date;
}

interface PackageFile {
  path: string;
  size: number;
}

/** ETSI GS NFV-SOL 005 v2.6.1 §9.5.3.2 VnfPackageSoftwareImageInfo, as far as the package tells it. */
export interface SoftwareImage {
  id: string;
  name: string;
  provider: string;
  version: string;
  checksum: { algorithm: string; hash: string };
  containerFormat: string;
  diskFormat: string;
  createdAt?: string;
  minDisk: number;
  minRam: number;
  size: number;
  imagePath?: string;
}

/** ETSI GS NFV-SOL 005 v2.6.1 §9.5.3.3 VnfPackageArtifactInfo. */
export interface AdditionalArtifact {
  artifactPath: string;
  checksum?: { algorithm: string; hash: string };
  metadata?: Record<string, unknown>;
}

export interface PackageSignature {
  present: boolean;
  /** The signature is intact and its signer chains to a trusted CA. */
  verified: boolean;
  signer?: string;
  /** `manifest` (SOL004 §5.2 option 1: CMS in the manifest) or `zip` (option 2: the CSAR signed as a whole). */
  scheme?: 'manifest' | 'zip';
  /** Why an intact signature is not trusted: no trust store, a signer outside it, a certificate not valid now. */
  untrustedReason?: string;
}

export interface LoadedPackage {
  /** Of the whole uploaded zip. */
  checksum: { algorithm: 'SHA-256'; hash: string };
  entryDefinitions: string;
  toscaMeta?: Record<string, string>;
  manifestPath?: string;
  /** Metadata section of the manifest (`vnf_provider_id`, `vnf_product_name`, ...). */
  manifestMetadata?: Record<string, string>;
  files: PackageFile[];
  signature: PackageSignature;
  vnfd: VnfdModel;
  /** The package files that make up the VNFD: the entry definitions and the templates it imports, transitively (SOL 005 §9.4.4). */
  vnfdFiles: string[];
  softwareImages: SoftwareImage[];
  additionalArtifacts: AdditionalArtifact[];
  /** Any file of the package by path; the path is checked like a zip entry name. */
  readFile(path: string): Promise<Buffer>;
  /** Any file of the package by path, inflated chunk by chunk to `onChunk` (a large artifact is never held whole). */
  streamFile(path: string, onChunk: (chunk: Buffer) => void): Promise<void>;
}
