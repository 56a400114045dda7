import { extVirtualLinkInfoView } from './ext-connectivity.view';
import type { ChangeCurrentVnfPkgRequest, ChangeExtVnfConnectivityRequest, VnfInfoModificationRequest } from '../sol003/lcm-requests.types';
import type { VnfLcmApiMajor } from './api-version';
import type { VnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.state';

/** What a VnfLcmOpOcc reports it changed, per SOL 003 §5.5.2.13: present once the occurrence is COMPLETED. */
export interface OpOccChanges {
  changedInfo?: Record<string, unknown>;
  changedExtConnectivity?: Record<string, unknown>[];
  modificationsTriggeredByVnfPkgChange?: Record<string, unknown>;
}

/** SOL 003 §5.5.3.12 VnfInfoModifications: the attributes the request modified, as it gave them (v1 lists VIM connections, v2 maps them). */
function vnfInfoModifications(request: VnfInfoModificationRequest, major: VnfLcmApiMajor): Record<string, unknown> {
  const { vnfInstanceName, vnfInstanceDescription, vnfdId, vnfConfigurableProperties, metadata, extensions, vimConnectionInfo } = request;
  const vims =
    vimConnectionInfo && (major === 1 ? Object.entries(vimConnectionInfo).map(([id, ref]) => ({ id, ...ref })) : vimConnectionInfo);
  const modified = {
    vnfInstanceName,
    vnfInstanceDescription,
    vnfdId,
    vnfConfigurableProperties,
    metadata,
    extensions,
    vimConnectionInfo: vims,
  };
  return Object.fromEntries(Object.entries(modified).filter(([, value]) => value !== undefined));
}

/** SOL 003 §5.5.2.13 changedExtConnectivity: the links the request changed, with the external CPs' ports the driver reported after the change. */
function changedExtConnectivity(opOcc: VnfLcmOpOcc, major: VnfLcmApiMajor): Record<string, unknown>[] {
  const request = opOcc.operationParams as ChangeExtVnfConnectivityRequest;
  const infra = opOcc.steps.find(
    (record) => record.phase === 'forward' && record.step.request.action === 'change_ext_conn' && record.outcome?.status === 'SUCCEEDED',
  );
  const extCpInfo = infra?.outcome?.status === 'SUCCEEDED' ? (infra.outcome.result.extCpInfo ?? []) : [];
  const vim = Object.keys(request.vimConnectionInfo ?? infra?.step.vimConnectionInfo ?? {})[0];
  return extVirtualLinkInfoView(request.extVirtualLinks ?? [], extCpInfo, vim, major);
}

/** SOL 003 v3.3.1 §5.5.3.21 ModificationsTriggeredByVnfPkgChange: the new VNFD, and the properties and extensions the request patched. */
function packageChangeModifications({
  vnfdId,
  vnfConfigurableProperties,
  extensions,
}: ChangeCurrentVnfPkgRequest): Record<string, unknown> {
  return { vnfdId, ...(vnfConfigurableProperties && { vnfConfigurableProperties }), ...(extensions && { extensions }) };
}

export function opOccChanges(opOcc: VnfLcmOpOcc, major: VnfLcmApiMajor): OpOccChanges {
  if (opOcc.operationState !== 'COMPLETED') return {};
  if (opOcc.operation === 'MODIFY_INFO')
    return { changedInfo: opOcc.changedInfo ?? vnfInfoModifications(opOcc.operationParams as VnfInfoModificationRequest, major) };
  if (opOcc.operation === 'CHANGE_EXT_CONN') return { changedExtConnectivity: changedExtConnectivity(opOcc, major) };
  if (opOcc.operation === 'CHANGE_VNFPKG')
    return { modificationsTriggeredByVnfPkgChange: packageChangeModifications(opOcc.operationParams as ChangeCurrentVnfPkgRequest) };
  return opOcc.changedInfo ? { changedInfo: opOcc.changedInfo } : {};
}
