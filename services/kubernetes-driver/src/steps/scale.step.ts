import { AppError, type VnfcResourceInfo } from '@vnfm/contracts';
import { isCustomResource } from '@vnfm/kubernetes-manifests';
import { diffVnfcs, vduCountsAt } from '@vnfm/lcm-domain';
import { awaitReady, type AppliedObject } from '../kube/await-ready';
import { ScaleSubresource } from '../kube/scale-subresource';
import { instanceDeployment } from './instance-deployment';
import { instanceVnfcs } from './instance-vnfcs';
import { awaitMembers } from './member-waits';
import { isTerminating } from './vdu-members';
import type { KubeStepContext, KubeStepHandler } from './step-context';

/**
 * Kubernetes' hint to the ReplicaSet controller (Deployments, ReplicaSets)
 * of which pods to delete first on scale-in, lowest cost first (beta, on by
 * default since 1.22). Best effort: the controller still prefers pods not
 * yet scheduled, not ready or not running; StatefulSets ignore it and
 * remove the highest ordinals; a custom resource's controller does as it likes.
 */
const POD_DELETION_COST = 'controller.kubernetes.io/pod-deletion-cost';
const REMOVE_FIRST = String(-(2 ** 31));

/**
 * Scale and scale to level: each VDU the step changes gets, through its
 * object's `/scale` subresource, the replicas the VNFD gives at the target
 * scale status (vduCountsAt: absolute, so a repeated step or the scale back
 * of a rollback lands on the same count). On scale-in the pods `removeVnfcs`
 * names are marked to go first. Then the rollout is awaited by watch (the
 * object ready and, for built-in kinds, its pods as many as its replicas,
 * none terminating; a custom resource by its readiness alone) and the
 * VNFCs added and removed are the diff of the pods against the instance's.
 */
export const scale: KubeStepHandler<'scale'> = async (context, action) => {
  const deployment = await instanceDeployment(context);
  // The step does not say which instantiation level the instance was created at: counted from the VNFD's default one (the same counts when the VNFD's levels agree with its deltas).
  const counts = vduCountsAt(deployment.flavour, undefined, action.targetScaleStatus);
  const scaled = Object.keys(action.vduDelta).map((vduId) => ({
    vduId,
    target: deployment.targets.get(vduId),
    replicas: Math.max(0, counts[vduId] ?? 0),
  }));
  for (const { vduId, target } of scaled) {
    if (!target || !(await context.api.hasScale(target.type))) {
      const what = target
        ? `its ${target.object.kind} ${target.object.metadata.name} has no /scale subresource`
        : 'no object of the instance is named after it';
      throw new AppError('KUBERNETES_VDU_NOT_SCALABLE', 422, 'Unprocessable Entity', `VDU ${vduId} cannot be scaled: ${what}.`);
    }
  }
  const subresource = new ScaleSubresource(context.api);
  for (const { target, replicas } of scaled)
    await scaleTo(deployment.context, subresource, target as AppliedObject, replicas, action.removeVnfcs);
  const { added, removedIds } = diffVnfcs(context.message.vnfcResourceInfo, await instanceVnfcs(deployment.context, deployment.targets));
  return { vnfcsAdded: added, vnfcIdsRemoved: removedIds };
};

async function scaleTo(
  context: KubeStepContext,
  subresource: ScaleSubresource,
  target: AppliedObject,
  replicas: number,
  removeVnfcs: readonly VnfcResourceInfo[],
): Promise<void> {
  const { replicas: current } = await subresource.read(target.type, target.object);
  if (replicas < current) {
    const workload = `${target.object.kind}/${target.object.metadata.name}`;
    // Only pods take the hint (a custom resource's members are its controller's to choose).
    for (const vnfc of removeVnfcs.filter(
      (candidate) => candidate.metadata?.['workload'] === workload && (candidate.metadata?.['kind'] ?? 'Pod') === 'Pod',
    )) {
      const pod = {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: vnfc.computeResource.resourceId, namespace: String(vnfc.metadata?.['namespace'] ?? context.namespace) },
      };
      await context.api.annotate(pod, { [POD_DELETION_COST]: REMOVE_FIRST });
    }
  }
  if (replicas !== current) await subresource.write(target.type, target.object, replicas);
  await awaitScaled(context, target, replicas);
}

/** A scaled VDU's object awaited ready, and, for built-in kinds, with as many pods as its replicas, none terminating. */
export async function awaitScaled(context: KubeStepContext, target: AppliedObject, replicas: number): Promise<void> {
  await awaitReady(context.api, [target], context.signal);
  // A custom resource's replicas need not be objects we can count (its controller decides): its own readiness says when it is done.
  if (!isCustomResource(target.object))
    await awaitMembers(
      context,
      target,
      `${replicas} and none terminating`,
      (pods) => pods.length === replicas && !pods.some(isTerminating),
    );
}
