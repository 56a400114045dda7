import type { StepResult } from '@vnfm/contracts';
import { deleteWaves } from '@vnfm/kubernetes-manifests';
import { deleteObjects, type AppliedObject } from '../kube/await-ready';
import { instanceObjects } from './instance-objects';
import type { KubeStepContext, KubeStepHandler } from './step-context';

/**
 * Terminate: every object labelled with the instance is deleted in reverse
 * dependency order (custom resources, workloads, Services, configuration,
 * Namespaces, CRDs; see deleteObjects for how each goes), and awaited by watch until it is
 * gone with its dependents (a Deployment's ReplicaSets and pods) and
 * finalizers, within the step's time: when the step succeeds the VIM holds
 * nothing of the instance. GRACEFUL deletes a group once the one before it
 * is gone; FORCEFUL deletes every group at once, then waits. Nothing left is
 * success, so the step can be repeated; every known VNFC is removed.
 */
export const terminate: KubeStepHandler<'terminate'> = async (context, action) =>
  deleteInstance(context, action, await instanceObjects(context));

/** Terminate's deletion of the instance's objects (found by instanceObjects), and its result. */
export async function deleteInstance(
  context: KubeStepContext,
  action: Parameters<KubeStepHandler<'terminate'>>[1],
  objects: readonly AppliedObject[],
): Promise<StepResult> {
  const { message } = context;
  const waves = deleteWaves(objects);
  if (action.terminationType === 'GRACEFUL') for (const wave of waves) await deleteObjects(context.api, wave, context.signal);
  else await deleteObjects(context.api, waves.flat(), context.signal);
  return { vnfcIdsRemoved: [...new Set([...message.vnfcResourceInfo, ...action.vnfcs].map((vnfc) => vnfc.id))] };
}
