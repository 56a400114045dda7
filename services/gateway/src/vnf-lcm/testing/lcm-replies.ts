import { AppError } from '@vnfm/contracts';
import {
  LCM_COORDINATOR,
  type AuditTrailReply,
  type InstanceAtMessage,
  type OpOccRef,
  type StartOperationMessage,
  type VnfInstanceView,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { VIM_REGISTRY_MESSAGES, vimNotFound, type VimIdMessage } from '@vnfm/vim-domain';
import { PACKAGE_CATALOG, packageNotFound } from '@vnfm/vnf-package-domain';

export const BUSY_INSTANCE = 'busy-instance';
export const REGISTERED_VIM = 'de4721fe-479a-483a-91fe-70f16cf38d09';
export const ONBOARDED_PACKAGE = 'onboarded-package';
export const CREATED_PACKAGE = 'created-package';

const opOccView = (id: string, operationState: VnfLcmOpOccView['operationState'] = 'FAILED_TEMP'): VnfLcmOpOccView => ({
  id,
  operationState,
  stateEnteredTime: '2025-05-01T12:00:00.000Z',
  startTime: '2025-05-01T11:59:00.000Z',
  vnfInstanceId: 'instance-1',
  operation: 'INSTANTIATE',
  isAutomaticInvocation: false,
  operationParams: { flavourId: 'simple' },
  isCancelPending: false,
  resourceChanges: { affectedVnfcs: [], affectedVirtualLinks: [], affectedVirtualStorages: [] },
  _links: { self: { href: `/vnflcm/v2/vnf_lcm_op_occs/${id}` }, vnfInstance: { href: '/vnflcm/v2/vnf_instances/instance-1' } },
});

export const instanceView = (id: string): VnfInstanceView => ({
  id,
  vnfdId: 'vnfd-1',
  vimConnectionInfo: {},
  instantiationState: 'NOT_INSTANTIATED',
  metadata: {},
  _links: { self: { href: `/vnflcm/v2/vnf_instances/${id}` } },
});

/**
 * What the lcm-coordinator, the VIM registry and the package catalog answer
 * in these tests: one registered VIM, one onboarded and one created
 * package, an instance that is busy (409), occurrences whose id says whether
 * they exist.
 */
export function answerLcmCommand(type: string, payload: unknown): unknown {
  switch (type) {
    case LCM_COORDINATOR.startOperation: {
      const { vnfInstanceId } = payload as StartOperationMessage;
      if (vnfInstanceId === BUSY_INSTANCE)
        throw new AppError('OPERATION_IN_PROGRESS', 409, 'Conflict', `VNF instance ${vnfInstanceId} has an LCM operation in progress.`);
      return { vnfLcmOpOccId: `op-of-${vnfInstanceId}` };
    }
    case LCM_COORDINATOR.listOpOccs:
      return (payload as { query: { nextpageOpaqueMarker?: string } }).query.nextpageOpaqueMarker
        ? { items: [opOccView('op-2')] }
        : { items: [opOccView('op-1')], nextMarker: 'page-2' };
    case LCM_COORDINATOR.getOpOcc:
    case LCM_COORDINATOR.retryOpOcc:
    case LCM_COORDINATOR.rollbackOpOcc:
      return opOccOrNotFound(payload as OpOccRef);
    case LCM_COORDINATOR.cancelOpOcc:
      return { ...opOccOrNotFound(payload as OpOccRef), operationState: 'PROCESSING', isCancelPending: true };
    case LCM_COORDINATOR.failOpOcc:
      return { ...opOccOrNotFound(payload as OpOccRef), operationState: 'FAILED' };
    case LCM_COORDINATOR.getAuditTrail:
      return { vnfInstanceId: (payload as { vnfInstanceId: string }).vnfInstanceId, entries: [] } satisfies AuditTrailReply;
    case LCM_COORDINATOR.getInstanceAt:
      return instanceView((payload as InstanceAtMessage).vnfInstanceId);
    case VIM_REGISTRY_MESSAGES.getVim: {
      const { vimId } = payload as VimIdMessage;
      if (vimId !== REGISTERED_VIM) throw vimNotFound(vimId);
      return { vim: { id: vimId, type: 'openstack' } };
    }
    case PACKAGE_CATALOG.getPackage: {
      const { vnfPkgId } = payload as { vnfPkgId: string };
      if (vnfPkgId === ONBOARDED_PACKAGE) return { id: vnfPkgId, vnfdId: 'vnfd-2', onboardingState: 'ONBOARDED' };
      if (vnfPkgId === CREATED_PACKAGE) return { id: vnfPkgId, onboardingState: 'CREATED' };
      throw packageNotFound(vnfPkgId);
    }
    default:
      throw new Error(`no stand-in answer for ${type}`);
  }
}

function opOccOrNotFound({ vnfLcmOpOccId }: OpOccRef): VnfLcmOpOccView {
  if (vnfLcmOpOccId === 'missing')
    throw new AppError('NOT_FOUND', 404, 'Not Found', `VNF LCM operation occurrence ${vnfLcmOpOccId} does not exist.`);
  return opOccView(vnfLcmOpOccId);
}
