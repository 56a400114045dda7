import { isRecord } from '@vnfm/util';
import { instanceSelector, type KubeObject } from '@vnfm/kubernetes-manifests';
import type { AppliedObject } from '../kube/await-ready';
import { apiStatus } from '../kube/kube-errors';
import type { ResourceType } from '../kube/kube-api';
import type { KubeStepContext } from './step-context';

/** An object a controller made (a Deployment's ReplicaSets and pods): it goes with its owner. */
const controlled = (object: KubeObject): boolean =>
  Array.isArray(object.metadata['ownerReferences']) &&
  object.metadata['ownerReferences'].some((ref) => isRecord(ref) && ref['controller'] === true);

/**
 * Events (core `v1` and `events.k8s.io`): reports the cluster's controllers and kubelets write about objects. No
 * manifest of a package makes one, and none carries the instance's label. They are also the largest kind of a busy
 * cluster, and a list by label reads them all: a test API server holding 13,000 took 0.8 s per list.
 */
const isEvent = (type: ResourceType): boolean =>
  type.kind === 'Event' && (type.apiVersion === 'v1' || type.apiVersion.startsWith('events.k8s.io/'));

/**
 * Every object of the instance the API server holds, found by its label
 * across every kind discovery lists (built-in and custom, namespaced and
 * cluster-scoped; events aside), without those a controller of the instance owns.
 * Namespaced kinds are listed in every namespace when the VIM may, else in
 * the instance's namespace and those its VNFCs are in; kinds the VIM may not
 * list are skipped (it could not have created them either), and so are
 * kinds gone since discovery.
 */
export async function instanceObjects(context: KubeStepContext): Promise<AppliedObject[]> {
  const selector = instanceSelector(context.message.vnfInstanceId);
  const namespaces = [
    ...new Set([
      context.namespace,
      ...context.message.vnfcResourceInfo.map((vnfc) => vnfc.metadata?.['namespace']).filter((ns): ns is string => typeof ns === 'string'),
    ]),
  ];
  const types = (await context.api.allTypes()).filter((type) => !isEvent(type));
  const listed = await Promise.all(types.map((type) => listType(context, type, namespaces, selector)));
  return listed.flat().filter((item) => !controlled(item.object));
}

async function listType(context: KubeStepContext, type: ResourceType, namespaces: string[], selector: string): Promise<AppliedObject[]> {
  const list = async (namespace: string | undefined) =>
    (await context.api.list(type, namespace, selector)).map((object) => ({ object, type }));
  try {
    return await list(undefined);
  } catch (error) {
    if (apiStatus(error) !== 403 || !type.namespaced) return noneListable(error);
  }
  const perNamespace = await Promise.all(namespaces.map((namespace) => list(namespace).catch(noneListable)));
  return perNamespace.flat();
}

/**
 * A kind the VIM may not list (403, 405) holds nothing of ours; nor does one
 * no longer served (404): its CRD was deleted between discovery and the list,
 * and with it every object of the kind.
 */
const noneListable = (error: unknown): AppliedObject[] => {
  if ([403, 404, 405].includes(apiStatus(error) ?? 0)) return [];
  throw error;
};
