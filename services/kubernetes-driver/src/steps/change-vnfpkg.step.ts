import {
  deleteWaves,
  groupOf,
  isCustomResource,
  madeForKept,
  manifestObjects,
  manifestPathsOf,
  readinessOf,
  withRequestSecrets,
  withVduReplicas,
  type KubeObject,
} from '@vnfm/kubernetes-manifests';
import { diffVnfcs } from '@vnfm/lcm-domain';
import { deleteObjects, type AppliedObject } from '../kube/await-ready';
import { ScaleSubresource } from '../kube/scale-subresource';
import { applyObjects } from './apply-objects';
import { instanceDeployment } from './instance-deployment';
import { instanceVnfcs } from './instance-vnfcs';
import { awaitMembers } from './member-waits';
import { isTerminating } from './vdu-members';
import { requestSecrets, type KubeStepContext, type KubeStepHandler } from './step-context';
import { flavourOf, vduTargets } from './vdu-targets';

/** An object's identity across API versions (a package may move a kind from v1beta1 to v1). */
const identity = (object: KubeObject) =>
  `${groupOf(object.apiVersion)}/${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;

/**
 * Change of current VNF package of a CNF (SOL 003 v3.3.1 §5.4.11a; Tacker
 * v2's CNF "change_vnfpkg"), and its rollback (the same action back to the
 * previous package): the target package's manifests
 * (`target.additionalParams.lcm-kubernetes-def-files`, read from
 * `target.vnfdId`'s package) are applied server-side over the instance's
 * objects in its namespace, in dependency order, each group awaited ready
 * (a workload whose pod template changed rolls its pods; a custom resource
 * is updated and awaited by its conditions); each VDU's object gets the
 * target's count as replicas; every object records the new manifests
 * (DEF_FILES_ANNOTATION). Then the instance's objects the new manifests no
 * longer define are deleted in reverse dependency order and awaited gone
 * (their dependents too: a Deployment's pods).
 * The rollout is done when each VDU's pods are as many as its replicas,
 * Ready and none terminating; the VNFCs are the diff of the pods against
 * the instance's (a rolling update replaces every pod of a changed workload).
 */
export const changeVnfpkg: KubeStepHandler<'change_vnfpkg'> = async (context, action) => {
  const { target } = action;
  const deployment = await instanceDeployment(context);
  const targetContext: KubeStepContext = {
    ...deployment.context,
    message: { ...context.message, vnfdId: target.vnfdId, additionalParams: target.additionalParams ?? {} },
  };
  const flavour = await flavourOf(targetContext, action.flavourId);
  const paths = manifestPathsOf(target.additionalParams);
  const manifests = withRequestSecrets(
    withVduReplicas(manifestObjects(paths, await context.packages.files(target.vnfdId, paths)), flavour.vdus, target.vduCounts),
    await requestSecrets(context, target.additionalParams),
  );
  const applied = await applyObjects(targetContext, manifests, paths);
  const kept = new Set(applied.map((item) => identity(item.object)));
  const madeForApplied = madeForKept(applied.map((item) => item.object));
  for (const wave of deleteWaves(deployment.objects.filter((item) => !kept.has(identity(item.object)) && !madeForApplied(item.object)))) {
    await deleteObjects(context.api, wave, context.signal);
  }
  const targets = await vduTargets(targetContext, flavour, applied);
  for (const workload of targets.values()) await awaitRollout(targetContext, workload);
  const { added, removedIds } = diffVnfcs(context.message.vnfcResourceInfo, await instanceVnfcs(targetContext, targets));
  return { vnfcsAdded: added, vnfcIdsRemoved: removedIds };
};

/**
 * A scalable built-in workload is rolled out when its pods are its replicas,
 * every one Ready and none of the old ones still terminating. A custom
 * resource (awaited ready by its own conditions and counters when applied)
 * when none of its members is still going away (the Machines a
 * MachineDeployment replaced, finalizers included).
 */
async function awaitRollout(context: KubeStepContext, workload: AppliedObject): Promise<void> {
  if (!(await context.api.hasScale(workload.type))) return;
  if (isCustomResource(workload.object))
    return awaitMembers(context, workload, 'none terminating', (members) => !members.some(isTerminating));
  const { replicas } = await new ScaleSubresource(context.api).read(workload.type, workload.object);
  await awaitMembers(
    context,
    workload,
    `${replicas}, all Ready and none terminating`,
    (pods) => pods.length === replicas && !pods.some(isTerminating) && pods.every((pod) => readinessOf(pod).ready),
  );
}
