import type { PackageRef } from '@vnfm/vnf-package-domain';

/** Routes name a package by id (`/vnf_packages/{vnfPkgId}`) or, SOL 003 style, by VNFD id (`/onboarded_vnf_packages/{vnfdId}`). */
export const packageRefOf = (params: { vnfPkgId?: string; vnfdId?: string }): PackageRef =>
  params.vnfdId !== undefined ? { vnfdId: params.vnfdId } : { vnfPkgId: params.vnfPkgId ?? '' };

/** The key that keeps one package's messages in order on the bus. */
export const keyOf = (params: { vnfPkgId?: string; vnfdId?: string }): string => params.vnfPkgId ?? params.vnfdId ?? '';
