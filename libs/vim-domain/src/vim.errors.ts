import { AppError } from '@vnfm/contracts';

/** Refusals of the VIM registry, each with its stable code (rendered as ProblemDetails at the edge). */
export const vimNotFound = (vimId: string) => new AppError('VIM_NOT_FOUND', 404, 'Not Found', `VIM ${vimId} does not exist.`);

export const vimAlreadyRegistered = (vimId: string) =>
  new AppError('VIM_ALREADY_REGISTERED', 409, 'Conflict', `VIM ${vimId} is already registered.`);

export const duplicateVimName = (name: string, tenantId: string) =>
  new AppError('DUPLICATE_VIM_NAME', 409, 'Conflict', `A VIM named "${name}" already exists for tenant ${tenantId}.`);

/** Every problem of a request body at once, one sentence each. */
export const invalidVimRequest = (problems: string[]) => new AppError('INVALID_VIM_REQUEST', 400, 'Bad Request', problems.join(' '));

/**
 * A URL of the VIM (auth_url, oidc_token_url) that the VIM address policy
 * refuses (docs/outbound.md): refused before any credential is sent to it.
 * The URL is named without user info or query.
 */
export const vimUrlNotAllowed = (field: string, url: string, reason: string, outcome: string) => {
  const parsed = new URL(url);
  return new AppError(
    'VIM_URL_NOT_ALLOWED',
    400,
    'Bad Request',
    `${field} ${parsed.protocol}//${parsed.host}${parsed.pathname} is not allowed: ${reason}. Nothing was sent to it; ${outcome}.`,
  );
};

export const invalidVimConnectionInfo = (problems: string[]) =>
  new AppError('INVALID_VIM_CONNECTION_INFO', 422, 'Unprocessable Entity', problems.join(' '));

export const noDefaultVim = (tenantId: string) =>
  new AppError('NO_DEFAULT_VIM', 422, 'Unprocessable Entity', `No vimConnectionInfo was given and tenant ${tenantId} has no default VIM.`);

/**
 * Credentials given inline in an LCM request (`path`: the entry, e.g. `vimConnectionInfo.vim1`):
 * the registry's record is what the LCM uses, so they are refused rather than dropped;
 * the refusal names the entry, never its content.
 */
export const inlineVimCredentials = (path: string, vimId: string | undefined) =>
  new AppError(
    vimId === undefined ? 'VIM_NOT_REGISTERED' : 'INLINE_VIM_CREDENTIALS',
    422,
    'Unprocessable Entity',
    `${path} carries interfaceInfo/accessInfo${vimId === undefined ? ' without a vimId' : ` beside vimId ${vimId}`}. ` +
      'This VNF Manager takes VIM credentials only from its VIM registry: register the VIM first ' +
      "('openstack vim register --config-file <vim-config.yaml> <name>') and refer to it by its vimId alone.",
  );
