import { type StepAction, type StepActionName, type StepResult } from '@vnfm/contracts';
import type { InstanceChanges } from '../vnf-instance/vnf-instance.commands';

/** What a succeeded step changed on the instance, per action: the result says which VNFCs, the request which levels. */
const EFFECTS: { [A in StepActionName]: (request: Extract<StepAction, { action: A }>, result: StepResult) => InstanceChanges } = {
  hook: () => ({}),
  instantiate: (request, result) => ({
    instantiated: {
      flavourId: request.flavourId,
      instantiationLevelId: request.instantiationLevelId,
      vimConnectionInfo: request.vimConnectionInfo,
      extCpInfo: result.extCpInfo ?? [],
      extensions: request.extensions,
      vnfConfigurableProperties: request.vnfConfigurableProperties,
    },
    vnfcsAdded: result.vnfcsAdded,
    scaleStatus: request.targetScaleStatus,
  }),
  scale: (request, result) => ({
    vnfcIdsRemoved: result.vnfcIdsRemoved ?? request.removeVnfcs.map((v) => v.id),
    vnfcsAdded: result.vnfcsAdded,
    scaleStatus: request.targetScaleStatus,
  }),
  heal: (_request, result) => ({ vnfcIdsRemoved: result.vnfcIdsRemoved, vnfcsAdded: result.vnfcsAdded }),
  terminate: (request, result) => ({
    vnfcIdsRemoved: [...new Set([...request.vnfcs.map((v) => v.id), ...(result.vnfcIdsRemoved ?? [])])],
    terminated: true,
  }),
  change_ext_conn: (request, result) => ({
    extConnectivity: { extCpInfo: result.extCpInfo ?? [], vimConnectionInfo: request.vimConnectionInfo },
  }),
  // The instance runs the target package once its resources are; VNFCs the driver replaced (rolling update, re-created servers) go with it.
  change_vnfpkg: (request, result) => ({
    packageChanged: {
      vnfdId: request.target.vnfdId,
      ...(request.target.additionalParams && { additionalParams: request.target.additionalParams }),
    },
    vnfcIdsRemoved: result.vnfcIdsRemoved,
    vnfcsAdded: result.vnfcsAdded,
  }),
};

/** Whatever the step, a network the driver read after it replaces the one the instance knew (terminate's is gone with it). */
export function instanceChangesOf(request: StepAction, result: StepResult): InstanceChanges {
  const effect = EFFECTS[request.action] as (request: StepAction, result: StepResult) => InstanceChanges;
  const changes = effect(request, result);
  return result.network && request.action !== 'terminate' ? { ...changes, network: result.network } : changes;
}

export const hasChanges = (changes: InstanceChanges) => Object.values(changes).some((value) => value !== undefined);
