import { redact } from '@vnfm/util';
import {
  instantiationStateConflict,
  operationInProgress,
  operationMismatch,
  operationNotSupported,
  vnfInstanceAlreadyExists,
  vnfInstanceNotFound,
} from '../sol003/lcm.errors';
import {
  OPERATION_PRECONDITIONS,
  type ApplyVnfOperationResult,
  type CreateVnfInstance,
  type StartVnfLcmOperation,
  type VnfInstanceCommand,
} from './vnf-instance.commands';
import type { LcmOperationType } from '../sol003/sol003.types';
import type { VnfInstanceEvent } from './vnf-instance.events';
import type { VnfInstance, VnfInstanceState } from './vnf-instance.state';

/** Pure: which events a command causes on one VNF instance, or an AppError refusing it. */
export function decideVnfInstance(command: VnfInstanceCommand, state: VnfInstanceState, vnfInstanceId: string): VnfInstanceEvent[] {
  if (command.type === 'CreateVnfInstance') return create(command, state);
  const instance = existing(state, vnfInstanceId);
  switch (command.type) {
    case 'DeleteVnfInstance':
      idle(instance);
      if (instance.instantiationState !== 'NOT_INSTANTIATED')
        throw instantiationStateConflict(instance.id, 'Delete', instance.instantiationState);
      return [{ type: 'VnfInstanceDeleted', data: { at: command.data.now } }];
    case 'StartVnfLcmOperation':
      return start(command, instance);
    case 'RecordVnfLcmOperationState':
      inProgress(instance, command.data.vnfLcmOpOccId);
      return [
        {
          type: 'VnfLcmOperationStateChanged',
          data: { vnfLcmOpOccId: command.data.vnfLcmOpOccId, operationState: command.data.operationState, at: command.data.now },
        },
      ];
    case 'ApplyVnfOperationResult':
      return apply(command, instance);
    case 'EndVnfLcmOperation':
      // Idempotent: after a restart the workflow may end an operation the instance already let go of.
      if (instance.operationInProgress?.vnfLcmOpOccId !== command.data.vnfLcmOpOccId) return [];
      return [
        {
          type: 'VnfLcmOperationEnded',
          data: { vnfLcmOpOccId: command.data.vnfLcmOpOccId, operationState: command.data.operationState, at: command.data.now },
        },
      ];
  }
}

function create({ data }: CreateVnfInstance, state: VnfInstanceState): VnfInstanceEvent[] {
  if (state) throw vnfInstanceAlreadyExists(data.vnfInstanceId);
  const { request } = data;
  return [
    {
      type: 'VnfInstanceCreated',
      data: {
        vnfInstanceId: data.vnfInstanceId,
        ...(data.tenant !== undefined && { tenant: data.tenant }),
        vnfdId: request.vnfdId,
        vnfInstanceName: request.vnfInstanceName,
        vnfInstanceDescription: request.vnfInstanceDescription,
        metadata: request.metadata ?? {},
        createdAt: data.now,
      },
    },
  ];
}

/** One operation per instance at a time; the instantiation state decides which operations may start. */
function start({ data }: StartVnfLcmOperation, instance: VnfInstance): VnfInstanceEvent[] {
  checkCanStart(instance, data.operation);
  // redact keeps sealed markers: it only masks a secret that reached here unsealed (a defence, as in logs).
  return [
    {
      type: 'VnfLcmOperationStarted',
      data: { vnfLcmOpOccId: data.vnfLcmOpOccId, operation: data.operation, operationParams: redact(data.operationParams), at: data.now },
    },
  ];
}

function apply({ data }: ApplyVnfOperationResult, instance: VnfInstance): VnfInstanceEvent[] {
  const op = inProgress(instance, data.vnfLcmOpOccId);
  if (op.appliedStepIds.includes(data.stepId)) return [];
  const { changes, stepId, now: at } = data;
  const ref = { vnfLcmOpOccId: data.vnfLcmOpOccId, stepId, at };
  const willBeInstantiated = instance.instantiationState === 'INSTANTIATED' || changes.instantiated !== undefined;
  if (!willBeInstantiated && (changes.vnfcsAdded?.length || changes.scaleStatus || changes.extConnectivity || changes.network)) {
    throw instantiationStateConflict(instance.id, 'Adding resources', instance.instantiationState);
  }
  const events: VnfInstanceEvent[] = [];
  if (changes.instantiated) events.push({ type: 'VnfInstantiated', data: { ...ref, ...changes.instantiated } });
  const present = instance.instantiatedVnfInfo?.vnfcResourceInfo ?? [];
  const removed = present.filter((v) => changes.vnfcIdsRemoved?.includes(v.id));
  if (removed.length > 0) events.push({ type: 'VnfcsRemoved', data: { ...ref, vnfcs: removed } });
  const added = (changes.vnfcsAdded ?? []).filter((v) => !present.some((p) => p.id === v.id && !removed.includes(p)));
  if (added.length > 0) events.push({ type: 'VnfcsAdded', data: { ...ref, vnfcs: added } });
  if (changes.scaleStatus) events.push({ type: 'VnfScaleLevelChanged', data: { ...ref, scaleStatus: changes.scaleStatus } });
  if (changes.extConnectivity) events.push({ type: 'VnfExtConnectivityChanged', data: { ...ref, ...changes.extConnectivity } });
  if (changes.network) events.push({ type: 'VnfNetworkResourcesObserved', data: { ...ref, ...changes.network } });
  if (changes.modifications) events.push({ type: 'VnfInstanceModified', data: { ...ref, changes: changes.modifications } });
  if (changes.packageChanged)
    events.push({ type: 'VnfPackageChanged', data: { ...ref, ...changes.packageChanged, previousVnfdId: instance.vnfdId } });
  if (changes.terminated && willBeInstantiated) events.push({ type: 'VnfTerminated', data: ref });
  return events;
}

/** Throws the 409 (or 501) refusing `operation` on the instance as it stands; callers may check before planning. */
export function checkCanStart(instance: VnfInstance, operation: LcmOperationType): void {
  idle(instance);
  const allowed = OPERATION_PRECONDITIONS[operation];
  if (!allowed) throw operationNotSupported(operation);
  if (!allowed.includes(instance.instantiationState)) throw instantiationStateConflict(instance.id, operation, instance.instantiationState);
}

function existing(state: VnfInstanceState, vnfInstanceId: string): VnfInstance {
  if (!state || state.deleted) throw vnfInstanceNotFound(vnfInstanceId);
  return state;
}

function idle(instance: VnfInstance): void {
  const op = instance.operationInProgress;
  if (op) throw operationInProgress(instance.id, op.vnfLcmOpOccId, op.operation, op.operationState);
}

function inProgress(instance: VnfInstance, vnfLcmOpOccId: string) {
  const op = instance.operationInProgress;
  if (op?.vnfLcmOpOccId !== vnfLcmOpOccId) throw operationMismatch(instance.id, vnfLcmOpOccId);
  return op;
}
