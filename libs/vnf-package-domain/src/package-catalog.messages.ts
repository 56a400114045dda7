import type { SolQueryParams } from '@vnfm/sol-query';
import type { PackageOnboardingState, PackageOperationalState, VnfPkgInfo, VnfPkgInfoModifications } from './vnf-pkg-info.types';

/**
 * The package-catalog's bus commands (`<service>.<name>`) and their payloads.
 * Package content never travels on the bus: the gateway streams it into the
 * shared blob store and sends the blob key.
 */
export const PACKAGE_CATALOG = {
  createPackage: 'package-catalog.createPackage',
  listPackages: 'package-catalog.listPackages',
  getPackage: 'package-catalog.getPackage',
  modifyPackage: 'package-catalog.modifyPackage',
  deletePackage: 'package-catalog.deletePackage',
  uploadPackageContent: 'package-catalog.uploadPackageContent',
  uploadFromUri: 'package-catalog.uploadFromUri',
  getPackageFile: 'package-catalog.getPackageFile',
  markUsage: 'package-catalog.markUsage',
  /** The instance uses exactly the package of this VNFD: marked in use by it, every other package released. */
  settleUsage: 'package-catalog.settleUsage',
  /** For the LCM: the parsed VNFD of an onboarded package, and text files of its content (BaseHOT, manifests). */
  getVnfdModel: 'package-catalog.getVnfdModel',
  getDeploymentFiles: 'package-catalog.getDeploymentFiles',
  /** Any file of an onboarded package, binary included, in chunks (a MgmtDriver's scripts and images). */
  readArtifact: 'package-catalog.readArtifact',
} as const;

/**
 * A package by its id, or (SOL 003 "onboarded VNF packages") by the VNFD id
 * of its onboarded content. Packages belong to tenants, and a vnfdId is
 * unique within a tenant only, so the vnfdId form may say whose (`tenant`,
 * for internal callers such as the LCM coordinator, which passes the VNF
 * instance's tenant). The catalog resolves it as follows:
 * - a request confined to a tenant looks in that tenant only (a `tenant`
 *   other than its own finds nothing: 404);
 * - a request that sees every tenant looks in `tenant` when given; without
 *   it, it takes the only package holding the vnfdId, else the one of the
 *   request's own tenant (the envelope's; for the product's own work, which
 *   has none, the package of no tenant), else answers 409
 *   VNFD_ID_OF_SEVERAL_TENANTS.
 */
export type PackageRef = { vnfPkgId: string } | VnfdRef;

/** The vnfdId form of PackageRef, `tenant` saying whose package it is (see PackageRef). */
export interface VnfdRef {
  vnfdId: string;
  tenant?: string;
}

export interface CreatePackageRequest {
  userDefinedData?: Record<string, unknown>;
}

export interface ListPackagesRequest {
  query: SolQueryParams;
  /** Only packages whose onboardingState is ONBOARDED (ETSI GS NFV-SOL 003 v3.3.1 §10.4.2, "onboarded VNF packages"). */
  onboardedOnly?: boolean;
}

export interface ListPackagesReply {
  items: Partial<VnfPkgInfo>[];
  /** Present when another page follows. */
  nextMarker?: string;
}

export type GetPackageRequest = PackageRef;

export interface ModifyPackageRequest {
  vnfPkgId: string;
  operationalState?: PackageOperationalState;
  userDefinedData?: Record<string, unknown>;
}

export type ModifyPackageReply = VnfPkgInfoModifications;

export interface DeletePackageRequest {
  vnfPkgId: string;
}

/** The content is in the blob store under `blobKey`; the catalog takes it over (and discards it if it refuses). */
export interface UploadPackageContentRequest {
  vnfPkgId: string;
  blobKey: string;
  size: number;
}

/**
 * SOL 005 §9.4.6 UploadVnfPkgFromUriRequest: the catalog checks the URI,
 * marks the package UPLOADING and fetches it. `userName`/`password` (HTTP
 * Basic) are used in memory for the fetch only; over Kafka the message is
 * sealed with the bus key, like every payload.
 */
export interface UploadFromUriRequest {
  vnfPkgId: string;
  addressInformation: string;
  userName?: string;
  password?: string;
}

export interface UploadReply {
  onboardingState: PackageOnboardingState;
}

/** One file of an onboarded package; for the VNFD, `accept` lists the media types the client accepts (text/plain, application/zip). */
export type PackageFileRequest = PackageRef &
  ({ file: 'content' } | { file: 'manifest' } | { file: 'artifact'; artifactPath: string } | { file: 'vnfd'; accept: string[] });

/** A small file comes inline (base64); a large one, or the whole package, as a blob key to stream from the blob store. */
export type PackageFileReply = { contentType: string; size: number } & ({ inline: string } | { blobKey: string });

/** The LCM coordinator reports that a VNF instance starts (inUse) or stops using a package. */
export type MarkUsageRequest = PackageRef & { vnfInstanceId: string; inUse: boolean };

/** The instance's package is found by `vnfdId` and `tenant` as a PackageRef's vnfdId form is. */
export type SettleUsageRequest = VnfdRef & { vnfInstanceId: string };

export type GetVnfdModelRequest = PackageRef;

/** Text files of an onboarded package by path (UTF-8), e.g. a flavour's BaseHOT and its nested templates. */
export type DeploymentFilesRequest = PackageRef & { paths: string[] };

export interface DeploymentFilesReply {
  files: Record<string, string>;
}
