import { AppError, type VnfcResourceInfo } from '@vnfm/contracts';
import { instanceObject, readinessOf, type KubeObject } from '@vnfm/kubernetes-manifests';
import { diffVnfcs } from '@vnfm/lcm-domain';
import { awaitDeleted, awaitReady, type AppliedObject } from '../kube/await-ready';
import { ScaleSubresource } from '../kube/scale-subresource';
import { applyObjects } from './apply-objects';
import { deployedManifests, instanceDeployment, type InstanceDeployment } from './instance-deployment';
import { instanceVnfcs } from './instance-vnfcs';
import { awaitMembers } from './member-waits';
import { isTerminating } from './vdu-members';
import { withLiveReplicas } from './live-replicas';
import type { KubeStepHandler } from './step-context';

/**
 * Heal (SOL 003 §5.4.9): the VNFCs named are their pods (or the objects a
 * custom resource controls, e.g. Machines), deleted and replaced by their controller (a Pod with no controller is created again
 * from its manifest), each awaited by watch until the old pod is gone and
 * its replacement Ready. A whole-VNF heal (no VNFC named, or every one: what
 * the coordinator sends when the request names none) first applies every
 * manifest again, keeping each scaled object's current replicas, then
 * replaces every pod, one VDU at a time. The old pods are removed, their replacements added.
 */
export const heal: KubeStepHandler<'heal'> = async (context, action) => {
  const deployment = await instanceDeployment(context);
  const { message } = context;
  const named = new Set(action.vnfcs.map((vnfc) => vnfc.id));
  const whole = named.size === 0 || message.vnfcResourceInfo.every((vnfc) => named.has(vnfc.id));
  const bare = [...deployment.targets.values()].some((target) => target.object.kind === 'Pod');
  // A Helm release's objects are Helm's to apply: its whole-VNF heal replaces the pods only (as Tacker's Helm driver does).
  const reapply = (whole || bare) && !context.helm;
  const manifests = reapply ? await deployedManifests(deployment) : [];
  if (whole && reapply) await applyObjects(deployment.context, await withLiveReplicas(deployment, manifests), deployment.defFiles);
  const victims = whole ? uniqueById([...(await instanceVnfcs(deployment.context, deployment.targets)), ...action.vnfcs]) : action.vnfcs;
  // One VDU after another: while a VDU's pods are replaced, the old ones (terminating) and their replacements both
  // count against the namespace's ResourceQuota; replacing every VDU at once can pass the quota where one at a time does not.
  for (const [vduId, target] of deployment.targets) {
    await replace(
      deployment,
      target,
      victims.filter((vnfc) => vnfc.vduId === vduId),
      manifests.map((item) => item.object),
    );
  }
  const { added, removedIds } = diffVnfcs(message.vnfcResourceInfo, await instanceVnfcs(deployment.context, deployment.targets));
  return { vnfcsAdded: added, vnfcIdsRemoved: removedIds };
};

const uniqueById = (vnfcs: VnfcResourceInfo[]) => [...new Map(vnfcs.map((vnfc) => [vnfc.id, vnfc])).values()];

/** Deletes a VDU's pods named and waits until each is replaced (by its controller, or from the manifest for a Pod of its own). */
async function replace(
  deployment: InstanceDeployment,
  target: AppliedObject,
  vnfcs: readonly VnfcResourceInfo[],
  manifests: readonly KubeObject[],
): Promise<void> {
  if (vnfcs.length === 0) return;
  const { context } = deployment;
  // A VNFC is a pod, or another object its VDU's custom resource controls (metadata kind and apiVersion).
  const members = vnfcs.map((vnfc) => ({
    apiVersion: String(vnfc.metadata?.['apiVersion'] ?? 'v1'),
    kind: String(vnfc.metadata?.['kind'] ?? 'Pod'),
    metadata: { name: vnfc.computeResource.resourceId, namespace: String(vnfc.metadata?.['namespace'] ?? context.namespace) },
  }));
  const pods: AppliedObject[] = await Promise.all(members.map(async (object) => ({ object, type: await context.api.typeOf(object) })));
  // A member has no dependents to wait for (a Machine's controller releases its own): what the heal awaits is the member gone and replaced.
  for (const pod of pods) await context.api.delete(pod.object, 'Background');
  if (target.object.kind === 'Pod') {
    await awaitDeleted(context.api, pods, context.signal);
    const manifest = manifests.find((object) => object.kind === 'Pod' && object.metadata.name === target.object.metadata.name);
    if (!manifest)
      throw new AppError(
        'KUBERNETES_MANIFESTS_NOT_USABLE',
        422,
        'Unprocessable Entity',
        `No manifest of ${deployment.defFiles.join(', ')} defines Pod ${target.object.metadata.name} any more: it cannot be created again.`,
      );
    const object = instanceObject(
      manifest,
      context.message.vnfInstanceId,
      { namespaced: true, namespace: target.object.metadata.namespace ?? context.namespace, moveAll: true },
      deployment.defFiles,
    );
    await context.api.apply(object);
    await awaitReady(context.api, [{ object, type: target.type }], context.signal);
    return;
  }
  const old = new Set(vnfcs.map((vnfc) => vnfc.id));
  const want = (await context.api.hasScale(target.type))
    ? (await new ScaleSubresource(context.api).read(target.type, target.object)).replicas
    : context.message.vnfcResourceInfo.filter((vnfc) => vnfc.vduId === vnfcs[0].vduId).length;
  await awaitMembers(context, target, `replaced (${want} Ready, none of the old ones left)`, (current) => {
    const live = current.filter((pod) => !isTerminating(pod));
    return (
      !current.some((pod) => old.has(String(pod.metadata['uid']))) && live.length >= want && live.every((pod) => readinessOf(pod).ready)
    );
  });
  await awaitReady(context.api, [target], context.signal);
}
