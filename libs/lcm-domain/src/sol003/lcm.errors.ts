import { AppError } from '@vnfm/contracts';
import type { LcmOperationStateType, LcmOperationType } from './sol003.types';

/** Refusals of the LCM domain, each with its stable code (rendered as ProblemDetails at the edge). */
export const vnfInstanceNotFound = (vnfInstanceId: string) =>
  new AppError('VNF_INSTANCE_NOT_FOUND', 404, 'Not Found', `VNF instance ${vnfInstanceId} does not exist.`);

export const vnfInstanceAlreadyExists = (vnfInstanceId: string) =>
  new AppError('VNF_INSTANCE_ALREADY_EXISTS', 409, 'Conflict', `VNF instance ${vnfInstanceId} already exists.`);

/** SOL 003 §5.4.1.2 and §5.4.x.3.1: an operation not allowed in the current instantiation state is a 409. */
export const instantiationStateConflict = (vnfInstanceId: string, operation: string, actual: string) =>
  new AppError('VNF_INSTANCE_STATE_CONFLICT', 409, 'Conflict', `${operation} is not allowed: VNF instance ${vnfInstanceId} is ${actual}.`);

export const operationInProgress = (vnfInstanceId: string, vnfLcmOpOccId: string, operation: string, state: LcmOperationStateType) =>
  state === 'FAILED_TEMP'
    ? new AppError(
        'LCM_OPERATION_FAILED_TEMP',
        409,
        'Conflict',
        `VNF instance ${vnfInstanceId} has ${operation} ${vnfLcmOpOccId} in FAILED_TEMP: retry, rollback or fail it first.`,
      )
    : state === 'FAILED'
      ? new AppError(
          'LCM_OPERATION_IN_PROGRESS',
          409,
          'Conflict',
          `VNF instance ${vnfInstanceId} is cleaning up what the failed ${operation} ${vnfLcmOpOccId} made in the VIM; try again in a moment.`,
        )
      : new AppError(
          'LCM_OPERATION_IN_PROGRESS',
          409,
          'Conflict',
          `VNF instance ${vnfInstanceId} is busy with ${operation} ${vnfLcmOpOccId} (${state}).`,
        );

export const operationMismatch = (vnfInstanceId: string, vnfLcmOpOccId: string) =>
  new AppError(
    'LCM_OPERATION_MISMATCH',
    409,
    'Conflict',
    `LCM operation occurrence ${vnfLcmOpOccId} is not the one in progress on VNF instance ${vnfInstanceId}.`,
  );

export const operationNotSupported = (operation: LcmOperationType) =>
  new AppError('LCM_OPERATION_NOT_SUPPORTED', 501, 'Not Implemented', `${operation} is not available in this release of the VNF Manager.`);

export const opOccNotFound = (vnfLcmOpOccId: string) =>
  new AppError('LCM_OP_OCC_NOT_FOUND', 404, 'Not Found', `VNF LCM operation occurrence ${vnfLcmOpOccId} does not exist.`);

export const opOccAlreadyExists = (vnfLcmOpOccId: string) =>
  new AppError('LCM_OP_OCC_ALREADY_EXISTS', 409, 'Conflict', `VNF LCM operation occurrence ${vnfLcmOpOccId} already exists.`);

/** SOL 003 §5.4.14-16 (retry, rollback, fail): 409 when the occurrence is not in the state the task needs. */
export const opOccStateConflict = (
  vnfLcmOpOccId: string,
  action: string,
  actual: LcmOperationStateType,
  needed: readonly LcmOperationStateType[],
) =>
  new AppError(
    'LCM_OP_OCC_STATE_CONFLICT',
    409,
    'Conflict',
    `Cannot ${action} VNF LCM operation occurrence ${vnfLcmOpOccId}: it is ${actual}, ${action} needs ${needed.join(' or ')}.`,
  );

export const rollbackNotSupported = (vnfLcmOpOccId: string, reason: string) =>
  new AppError(
    'ROLLBACK_NOT_SUPPORTED',
    422,
    'Unprocessable Entity',
    `VNF LCM operation occurrence ${vnfLcmOpOccId} cannot be rolled back: ${reason}.`,
  );

export const stepNotPending = (vnfLcmOpOccId: string, stepId: string) =>
  new AppError(
    'LCM_STEP_NOT_PENDING',
    409,
    'Conflict',
    `Step ${stepId} of VNF LCM operation occurrence ${vnfLcmOpOccId} is not awaiting a result.`,
  );

/** A request that is well formed but does not fit the VNFD or the instance. */
export const unprocessableLcmRequest = (code: string, detail: string) => new AppError(code, 422, 'Unprocessable Entity', detail);

export const invalidLcmRequest = (detail: string) => new AppError('INVALID_LCM_REQUEST', 400, 'Bad Request', detail);

/** The occurrence is in the right state but still has work in flight or left to do. */
export const opOccBusy = (vnfLcmOpOccId: string, detail: string) =>
  new AppError('LCM_OP_OCC_BUSY', 409, 'Conflict', `VNF LCM operation occurrence ${vnfLcmOpOccId} is busy: ${detail}.`);
