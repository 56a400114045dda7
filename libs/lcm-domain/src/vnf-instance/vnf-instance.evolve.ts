import { mergePatch } from '@vnfm/util';
import { instantiationParamsFrom } from './instantiation-params';
import type { VnfInstanceEvent, VnfInstanceModified } from './vnf-instance.events';
import type { InstantiatedVnfInfo, RequestedLinks, VnfInstance, VnfInstanceState } from './vnf-instance.state';

/** Applies one event; events arrive in stream order, the first one being VnfInstanceCreated. */
export function evolveVnfInstance(state: VnfInstanceState, event: VnfInstanceEvent): VnfInstanceState {
  if (event.type === 'VnfInstanceCreated') {
    const { data } = event;
    return {
      id: data.vnfInstanceId,
      ...(data.tenant !== undefined && { tenant: data.tenant }),
      vnfdId: data.vnfdId,
      vnfInstanceName: data.vnfInstanceName,
      vnfInstanceDescription: data.vnfInstanceDescription,
      instantiationState: 'NOT_INSTANTIATED',
      vimConnectionInfo: {},
      metadata: data.metadata,
      extensions: {},
      vnfConfigurableProperties: {},
      createdAt: data.createdAt,
      updatedAt: data.createdAt,
      deleted: false,
    };
  }
  if (!state) return state;
  const next = { ...stepApplied(state, event), updatedAt: event.data.at };
  switch (event.type) {
    case 'VnfLcmOperationStarted':
      return {
        ...next,
        operationInProgress: {
          vnfLcmOpOccId: event.data.vnfLcmOpOccId,
          operation: event.data.operation,
          operationState: 'STARTING',
          appliedStepIds: [],
          ...requestedLinks(event.data.operationParams),
        },
        // An instantiation's request stays with the instance: later hooks are given its parameters.
        ...(event.data.operation === 'INSTANTIATE' && { instantiationParams: instantiationParamsFrom(event.data.operationParams) }),
      };
    case 'VnfLcmOperationStateChanged':
      return next.operationInProgress
        ? { ...next, operationInProgress: { ...next.operationInProgress, operationState: event.data.operationState } }
        : next;
    case 'VnfLcmOperationEnded':
      // An instance left NOT_INSTANTIATED (terminated, or an instantiation that never completed) keeps no instantiation
      // parameters: their sealed secrets served the operation's last hook (terminate_end) and are not kept past it.
      return {
        ...next,
        operationInProgress: undefined,
        ...(next.instantiationState === 'NOT_INSTANTIATED' && { instantiationParams: undefined }),
      };
    case 'VnfInstanceModified':
      return modified(next, event.data.changes);
    case 'VnfInstantiated': {
      const { flavourId, instantiationLevelId, vimConnectionInfo, extCpInfo, extensions, vnfConfigurableProperties } = event.data;
      return {
        ...next,
        instantiationState: 'INSTANTIATED',
        instantiationLevelId,
        vimConnectionInfo: { ...next.vimConnectionInfo, ...vimConnectionInfo },
        extensions: extensions ?? next.extensions,
        vnfConfigurableProperties: vnfConfigurableProperties ?? next.vnfConfigurableProperties,
        instantiatedVnfInfo: {
          flavourId,
          vnfState: 'STARTED',
          scaleStatus: [],
          extCpInfo,
          vnfcResourceInfo: [],
          ...linksOf(next.operationInProgress),
        },
      };
    }
    case 'VnfcsAdded':
      return withInfo(next, (info) => ({ ...info, vnfcResourceInfo: [...info.vnfcResourceInfo, ...event.data.vnfcs] }));
    case 'VnfcsRemoved': {
      const gone = new Set(event.data.vnfcs.map((v) => v.id));
      return withInfo(next, (info) => ({ ...info, vnfcResourceInfo: info.vnfcResourceInfo.filter((v) => !gone.has(v.id)) }));
    }
    case 'VnfScaleLevelChanged':
      return withInfo(next, (info) => ({ ...info, scaleStatus: event.data.scaleStatus }));
    case 'VnfExtConnectivityChanged':
      return withInfo({ ...next, vimConnectionInfo: { ...next.vimConnectionInfo, ...event.data.vimConnectionInfo } }, (info) => ({
        ...info,
        extCpInfo: event.data.extCpInfo,
        extVirtualLinks: mergedLinks(info.extVirtualLinks, next.operationInProgress?.extVirtualLinks ?? []),
      }));
    case 'VnfNetworkResourcesObserved': {
      const { extCpInfo, virtualLinkResourceInfo, vnfcCpInfo } = event.data;
      return withInfo(next, (info) => ({
        ...info,
        extCpInfo,
        virtualLinkResourceInfo,
        vnfcResourceInfo: info.vnfcResourceInfo.map((vnfc) => (vnfcCpInfo[vnfc.id] ? { ...vnfc, vnfcCpInfo: vnfcCpInfo[vnfc.id] } : vnfc)),
      }));
    }
    case 'VnfPackageChanged': {
      const { vnfdId, additionalParams } = event.data;
      const kept = next.instantiationParams;
      // Later hooks and a whole-VNF heal deploy what the new package was deployed with.
      return {
        ...next,
        vnfdId,
        ...(kept && { instantiationParams: { ...kept, ...(additionalParams !== undefined && { additionalParams }) } }),
      };
    }
    case 'VnfTerminated':
      // SOL 003 §5.4.8: vimConnectionInfo and metadata outlive termination; the resources do not.
      // The instantiation parameters stay until the next instantiation: terminate_end hooks run after this event.
      return { ...next, instantiationState: 'NOT_INSTANTIATED', instantiationLevelId: undefined, instantiatedVnfInfo: undefined };
    case 'VnfInstanceDeleted':
      return { ...next, deleted: true };
  }
}

/** Folds a whole stream. */
export const replayVnfInstance = (events: readonly VnfInstanceEvent[]): VnfInstanceState =>
  events.reduce<VnfInstanceState>(evolveVnfInstance, undefined);

function stepApplied(state: VnfInstance, event: VnfInstanceEvent): VnfInstance {
  const op = state.operationInProgress;
  if (!op || !('stepId' in event.data) || op.appliedStepIds.includes(event.data.stepId)) return state;
  return { ...state, operationInProgress: { ...op, appliedStepIds: [...op.appliedStepIds, event.data.stepId] } };
}

/** The external links an instantiation or a change of connectivity asked for (SOL 003 §5.5.2.4, §5.5.2.11). */
function requestedLinks(params: unknown): RequestedLinks {
  const request = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  return {
    ...(Array.isArray(request.extVirtualLinks) && { extVirtualLinks: request.extVirtualLinks }),
    ...(Array.isArray(request.extManagedVirtualLinks) && { extManagedVirtualLinks: request.extManagedVirtualLinks }),
  };
}

const linksOf = (op: RequestedLinks | undefined): RequestedLinks => ({
  ...(op?.extVirtualLinks && { extVirtualLinks: op.extVirtualLinks }),
  ...(op?.extManagedVirtualLinks && { extManagedVirtualLinks: op.extManagedVirtualLinks }),
});

/** A ChangeExtVnfConnectivityRequest (SOL 003 §5.5.2.11) replaces the links it names and keeps the others. */
function mergedLinks(current: readonly unknown[] | undefined, changed: readonly unknown[]): unknown[] {
  const idOf = (link: unknown) => (typeof link === 'object' && link !== null ? (link as { id?: unknown }).id : undefined);
  const ids = new Set(changed.map(idOf));
  return [...(current ?? []).filter((link) => !ids.has(idOf(link))), ...changed];
}

function withInfo(state: VnfInstance, change: (info: InstantiatedVnfInfo) => InstantiatedVnfInfo): VnfInstance {
  return state.instantiatedVnfInfo ? { ...state, instantiatedVnfInfo: change(state.instantiatedVnfInfo) } : state;
}

function modified(state: VnfInstance, changes: VnfInstanceModified['data']['changes']): VnfInstance {
  return {
    ...state,
    vnfInstanceName: changes.vnfInstanceName ?? state.vnfInstanceName,
    vnfInstanceDescription: changes.vnfInstanceDescription ?? state.vnfInstanceDescription,
    vnfdId: changes.vnfdId ?? state.vnfdId,
    metadata: changes.metadata ? mergePatch(state.metadata, changes.metadata) : state.metadata,
    extensions: changes.extensions ? mergePatch(state.extensions, changes.extensions) : state.extensions,
    vnfConfigurableProperties: changes.vnfConfigurableProperties
      ? mergePatch(state.vnfConfigurableProperties, changes.vnfConfigurableProperties)
      : state.vnfConfigurableProperties,
    vimConnectionInfo: changes.vimConnectionInfo ? { ...state.vimConnectionInfo, ...changes.vimConnectionInfo } : state.vimConnectionInfo,
  };
}
