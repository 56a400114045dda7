import { AppError } from '@vnfm/contracts';

/**
 * Why a step cannot be carried out on OpenStack. The driver reports each as
 * the step's FAILED outcome (ProblemDetails with this status, title, detail).
 */
export const unusableBaseHot = (detail: string) => new AppError('BASE_HOT_NOT_USABLE', 422, 'Unprocessable Entity', detail);

export const unfilledStackParameters = (flavourId: string, problems: readonly string[]) =>
  new AppError(
    'STACK_PARAMETERS_UNFILLED',
    422,
    'Unprocessable Entity',
    `The BaseHOT of flavour ${flavourId} takes parameters this request does not fill: ${problems.join('; ')}.`,
  );

export const notScalable = (detail: string) => new AppError('VDU_NOT_SCALABLE', 422, 'Unprocessable Entity', detail);

export const stackMissing = (stackName: string) =>
  new AppError(
    'STACK_NOT_FOUND',
    404,
    'Not Found',
    `Heat stack ${stackName} does not exist (the VNF instance is not deployed on this VIM).`,
  );

/** Heat refused the name (409) yet shows no stack under it: nothing the driver can adopt. */
export const stackNameConflict = (stackName: string) =>
  new AppError(
    'STACK_NAME_CONFLICT',
    409,
    'Conflict',
    `Heat refuses to create stack ${stackName} (409 Conflict) but shows no stack of that name.`,
  );

export const noStackRecord = (vnfInstanceId: string) =>
  new AppError(
    'STACK_NOT_RECORDED',
    409,
    'Conflict',
    `openstack-driver holds no Heat stack definition for VNF instance ${vnfInstanceId}: it was not instantiated through this driver.`,
  );

/** ETSI GS NFV-SOL 003 v3.3.1 §5.4.4.3.1 (Tacker v2 StackOperationFailed): the VIM ran the operation and it failed. */
export const stackFailed = (stackName: string, status: string, reason: string) =>
  new AppError(
    'STACK_OPERATION_FAILED',
    422,
    'Heat Stack Failed',
    `Heat stack ${stackName} ended ${status}: ${reason || 'Heat gave no reason'}.`,
  );

export const stackTimedOut = (stackName: string, status: string, seconds: number) =>
  new AppError(
    'STACK_OPERATION_TIMEOUT',
    504,
    'Gateway Timeout',
    `Heat stack ${stackName} was still ${status} when the step's ${seconds} s ran out.`,
  );

export const vimRefused = (detail: string) => new AppError('VIM_REFUSED', 502, 'Bad Gateway', detail);

export const vimUnreachable = (detail: string) => new AppError('VIM_UNREACHABLE', 503, 'Service Unavailable', detail);

export const invalidVimAccess = (problems: readonly string[]) =>
  new AppError(
    'VIM_ACCESS_INFO_INVALID',
    422,
    'Unprocessable Entity',
    `The VIM's connection info cannot be used for Keystone v3 password authentication: ${problems.join('; ')}.`,
  );

/** Glance did not make an image the VNFM put there active (Tacker v1 fails the instantiation the same way, VnfPreInstantiationFailed). */
export const imageNotActive = (name: string, detail: string) =>
  new AppError('IMAGE_NOT_ACTIVE', 502, 'Bad Gateway', `Glance did not make image ${name} active: ${detail}.`);
