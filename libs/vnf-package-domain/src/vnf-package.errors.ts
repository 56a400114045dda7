import { AppError } from '@vnfm/contracts';

/** Refusals of the VNF package decider, rendered as ProblemDetails at the HTTP edge. */
export const packageNotFound = (ref: string) =>
  new AppError('VNF_PACKAGE_NOT_FOUND', 404, 'Not Found', `Can not find requested vnf package: ${ref}`);

export const packageConflict = (detail: string) => new AppError('VNF_PACKAGE_CONFLICT', 409, 'Conflict', detail);

export const invalidPackageRequest = (detail: string) => new AppError('INVALID_VNF_PACKAGE_REQUEST', 400, 'Bad Request', detail);
