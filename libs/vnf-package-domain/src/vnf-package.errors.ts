import { AppError } from '@vnfm/contracts';

/** Refusals of the VNF package decider, rendered as ProblemDetails at the HTTP edge. */
export const packageNotFound = (ref: string) =>
  new AppError('VNF_PACKAGE_NOT_FOUND', 404, 'Not Found', `Can not find requested vnf package: ${ref}`);

export const packageConflict = (detail: string) => new AppError('VNF_PACKAGE_CONFLICT', 409, 'Conflict', detail);

export const invalidPackageRequest = (detail: string) => new AppError('INVALID_VNF_PACKAGE_REQUEST', 400, 'Bad Request', detail);

/** A request that sees every tenant named a vnfdId that packages of several tenants hold, and did not say whose. */
export const vnfdIdOfSeveralTenants = (vnfdId: string, tenants: string[]) =>
  new AppError(
    'VNFD_ID_OF_SEVERAL_TENANTS',
    409,
    'Conflict',
    `vnfdId ${vnfdId} names VNF packages of several tenants (${tenants.join(', ')}); the request's "tenant" field picks one.`,
  );
