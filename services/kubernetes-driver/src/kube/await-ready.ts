import { AppError } from '@vnfm/contracts';
import { describeObject, readinessOf, type KubeObject } from '@vnfm/kubernetes-manifests';
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

/** Deletes the objects in the foreground (see KubeApi.delete) and waits until every one is gone, its dependents included. */
export async function deleteObjects(api: KubeApi, objects: readonly AppliedObject[], signal: AbortSignal): Promise<void> {
  for (const item of objects) await api.delete(item.object);
  await awaitDeleted(api, objects, signal);
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
