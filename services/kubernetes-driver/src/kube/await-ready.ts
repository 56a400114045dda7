import { AppError } from '@vnfm/contracts';
import { describeObject, isCustomResource, readinessOf, type KubeObject } from '@vnfm/kubernetes-manifests';
import { isRecord } from '@vnfm/util';
import { stopCauseOf } from '@vnfm/step-host';
import type { KubeApi, ResourceType } from './kube-api';
import { awaitObject } from './object-watch';

export interface AppliedObject {
  object: KubeObject;
  type: ResourceType;
}

/**
 * Waits by watch until every object is ready (see readinessOf). An object
 * that will never be ready fails the step at once, naming it and why; at the
 * step's deadline the step fails naming each object not ready and why.
 * Resolves true when some object had to be waited for (false: all were ready when read).
 */
export async function awaitReady(api: KubeApi, objects: readonly AppliedObject[], signal: AbortSignal): Promise<boolean> {
  let waited = false;
  // The first object that fails stops the watches of the others.
  const failed = new AbortController();
  const watching = AbortSignal.any([signal, failed.signal]);
  const waiting = new Map(objects.map((item) => [item, 'not yet read']));
  const wait = (item: AppliedObject) =>
    awaitObject(
      api,
      item.type,
      item.object,
      (current) => {
        if (!current) {
          // An object awaited before anything made it (a Cluster's kubeconfig Secret) is not there yet; one that was there is gone.
          waiting.set(item, waiting.get(item) === 'not yet read' || waiting.get(item) === 'not made yet' ? 'not made yet' : 'deleted');
          waited = true;
          return false;
        }
        const readiness = readinessOf(current);
        if (readiness.ready) return true;
        if (readiness.failed)
          throw new AppError(
            'KUBERNETES_OBJECT_FAILED',
            422,
            'Unprocessable Entity',
            `${describeObject(item.object)} will not become ready: ${readiness.reason}.`,
          );
        waiting.set(item, readiness.reason);
        waited = true;
        return false;
      },
      watching,
    ).then(() => void waiting.delete(item));
  try {
    await Promise.all(objects.map(wait));
    return waited;
  } catch (error) {
    failed.abort(error);
    if (stopCauseOf(signal) !== 'deadline') throw error;
    const list = [...waiting.entries()].map(([item, reason]) => `${describeObject(item.object)} (${reason})`);
    throw new AppError(
      'KUBERNETES_NOT_READY',
      504,
      'Gateway Timeout',
      `The step's time ran out before these objects were ready: ${list.join('; ')}.`,
    );
  }
}

/**
 * Deletes the objects and waits until every one is gone, its dependents
 * included. Built-in kinds go in the foreground (see KubeApi.delete: a
 * Deployment's pods before it). A custom resource goes in the background:
 * its controller orders its teardown with finalizers (a Cluster API Cluster
 * deletes its Machines, then its control plane, then its infrastructure),
 * which the garbage collector would upset by deleting its dependents first
 * (the Cluster's kubeconfig Secret, without which no Machine can go). An
 * object another of these objects owns is not deleted at all but left to
 * its owner (the Cluster's DevCluster, KubeadmControlPlane and templates),
 * and awaited gone like the others. An object whose deletion an admission
 * webhook refuses (in use by others being deleted) is deleted again once
 * the others are gone.
 */
export async function deleteObjects(api: KubeApi, objects: readonly AppliedObject[], signal: AbortSignal): Promise<void> {
  const uids = new Set(objects.map((item) => String(item.object.metadata['uid'] ?? '')).filter((uid) => uid !== ''));
  const deleteOne = (item: AppliedObject) => api.delete(item.object, isCustomResource(item.object) ? 'Background' : 'Foreground');
  const refused: AppliedObject[] = [];
  for (const item of objects) {
    if (ownedByOneOf(item.object, uids)) continue;
    await deleteOne(item).catch((error: unknown) => {
      if (!refusedByWebhook(error)) throw error;
      refused.push(item);
    });
  }
  if (refused.length > 0) {
    // An admission webhook refused to delete an object still in use by others of the group (a Cluster API ClusterClass
    // while its Clusters exist): deleted again once they are gone (a second refusal fails the step, naming it).
    const held = new Set(refused.map((item) => String(item.object.metadata['uid'] ?? '')));
    await awaitDeleted(
      api,
      objects.filter((item) => !refused.includes(item) && !ownedByOneOf(item.object, held)),
      signal,
    );
    for (const item of refused) await deleteOne(item);
  }
  await awaitDeleted(api, objects, signal);
}

const refusedByWebhook = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'KUBERNETES_OBJECT_REFUSED' && error.detail.includes('admission webhook');

function ownedByOneOf(object: KubeObject, uids: ReadonlySet<string>): boolean {
  const owners = Array.isArray(object.metadata['ownerReferences']) ? object.metadata['ownerReferences'] : [];
  return owners.some((owner: unknown) => isRecord(owner) && uids.has(String(owner['uid'])));
}

/**
 * Waits by watch until every object is gone from the API server (finalizers
 * included). At the step's deadline the step fails naming each object left
 * and the finalizers holding it.
 */
export async function awaitDeleted(api: KubeApi, objects: readonly AppliedObject[], signal: AbortSignal): Promise<void> {
  const left = new Map(objects.map((item) => [item, [] as unknown[]]));
  try {
    await Promise.all(
      objects.map((item) =>
        awaitObject(
          api,
          item.type,
          item.object,
          (current) => {
            left.set(item, Array.isArray(current?.metadata['finalizers']) ? current.metadata['finalizers'] : []);
            return current === undefined;
          },
          signal,
        ).then(() => void left.delete(item)),
      ),
    );
  } catch (error) {
    if (stopCauseOf(signal) !== 'deadline') throw error;
    const list = [...left].map(([item, finalizers]) =>
      finalizers.length > 0 ? `${describeObject(item.object)} (finalizers: ${finalizers.join(', ')})` : describeObject(item.object),
    );
    throw new AppError(
      'KUBERNETES_NOT_DELETED',
      504,
      'Gateway Timeout',
      `The step's time ran out before these objects were deleted: ${list.join('; ')}.`,
    );
  }
}
