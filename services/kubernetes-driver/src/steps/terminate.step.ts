import { deleteWaves } from '@vnfm/kubernetes-manifests';
import { awaitDeleted } from '../kube/await-ready';
import { instanceObjects } from './instance-objects';
import type { KubeStepHandler } from './step-context';

/**
 * Terminate: every object labelled with the instance is deleted in reverse
 * dependency order (custom resources, workloads, Services, configuration,
 * Namespaces, CRDs). GRACEFUL waits by watch, group by group, until each is
 * gone (finalizers included) within the step's time; FORCEFUL deletes them
 * all without waiting. Nothing left is success, so the step can be repeated;
 * every known VNFC is removed.
 */
export const terminate: KubeStepHandler<'terminate'> = async (context, action) => {
  const { message } = context;
  for (const wave of deleteWaves(await instanceObjects(context))) {
    for (const item of wave) await context.api.delete(item.object);
    if (action.terminationType === 'GRACEFUL') await awaitDeleted(context.api, wave, context.signal);
  }
  return { vnfcIdsRemoved: [...new Set([...message.vnfcResourceInfo, ...action.vnfcs].map((vnfc) => vnfc.id))] };
};
