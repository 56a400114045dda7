import { AppError } from '@vnfm/contracts';

/** Refusals of the VIM registry, each with its stable code (rendered as ProblemDetails at the edge). */
export const vimNotFound = (vimId: string) => new AppError('VIM_NOT_FOUND', 404, 'Not Found', `VIM ${vimId} does not exist.`);

export const vimAlreadyRegistered = (vimId: string) => new AppError('VIM_ALREADY_REGISTERED', 409, 'Conflict', `VIM ${vimId} is already registered.`);

export const duplicateVimName = (name: string, tenantId: string) =>
  new AppError('DUPLICATE_VIM_NAME', 409, 'Conflict', `A VIM named "${name}" already exists for tenant ${tenantId}.`);

/** Every problem of a request body at once, one sentence each. */
export const invalidVimRequest = (problems: string[]) => new AppError('INVALID_VIM_REQUEST', 400, 'Bad Request', problems.join(' '));

export const invalidVimConnectionInfo = (problems: string[]) => new AppError('INVALID_VIM_CONNECTION_INFO', 422, 'Unprocessable Entity', problems.join(' '));

export const noDefaultVim = (tenantId: string) =>
  new AppError('NO_DEFAULT_VIM', 422, 'Unprocessable Entity', `No vimConnectionInfo was given and tenant ${tenantId} has no default VIM.`);
