import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@vnfm/contracts';
import {
  applyWaves,
  clusterKubeconfigSecret,
  instanceObject,
  isCustomResource,
  requestObject,
  type KubeObject,
  type ManifestObject,
} from '@vnfm/kubernetes-manifests';
import { awaitReady, type AppliedObject } from '../kube/await-ready';
import type { ResourceType } from '../kube/kube-api';
import type { KubeStepContext } from './step-context';

/** How long a custom resource's kind may take to appear in API discovery once its CRD is Established. */
const DISCOVERY_WAIT_MS = 10_000;
const DISCOVERY_RETRY_MS = 200;

/**
 * Applies the manifests wave by wave (CRDs, Namespaces, configuration,
 * Services, workloads, custom resources), each wave ready before the next.
 * A kind whose resource has no `patch` verb (reviews, Bindings) is created
 * as a request, not applied nor kept. Each object records `defFiles`, the
 * manifests it comes from (DEF_FILES_ANNOTATION). A Cluster API Cluster is
 * ready once its `<cluster>-kubeconfig` Secret exists too. Returns what was applied.
 */
export async function applyObjects(
  context: KubeStepContext,
  manifests: readonly ManifestObject[],
  defFiles: readonly string[],
): Promise<AppliedObject[]> {
  const applied: AppliedObject[] = [];
  for (const wave of applyWaves(manifests)) {
    const ready: AppliedObject[] = [];
    for (const { object: manifest } of wave) {
      const type = isCustomResource(manifest) ? await discovered(context, manifest) : await context.api.typeOf(manifest);
      const scope = { namespaced: type.namespaced, namespace: context.namespace, moveAll: context.moveAll };
      if (!type.verbs.includes('patch') || manifest.metadata.name === '') {
        await context.api.create(requestObject(manifest, scope));
        continue;
      }
      const object = instanceObject(manifest, context.message.vnfInstanceId, scope, defFiles);
      await context.api.apply(object);
      ready.push({ object, type });
    }
    await awaitReady(context.api, ready, context.signal);
    await awaitReady(context.api, await kubeconfigSecrets(context, ready), context.signal);
    // Each object was taken as ready when it first was; one may have turned unready since, as its controller caught up with a sibling
    // (a MachineDeployment without status yet is ready, until its controller sees its Cluster provisioned and counts Machines to make):
    // the wave is done once every object is ready at the same time.
    while (await awaitReady(context.api, ready, context.signal));
    applied.push(...ready);
  }
  return applied;
}

/** The `<cluster>-kubeconfig` Secrets of the Cluster API Clusters applied: awaited until they exist (a Cluster is ready once its credentials are there). */
async function kubeconfigSecrets(context: KubeStepContext, applied: readonly AppliedObject[]): Promise<AppliedObject[]> {
  const secrets = applied
    .map((item) => clusterKubeconfigSecret(item.object))
    .filter((secret): secret is KubeObject => secret !== undefined);
  if (secrets.length === 0) return [];
  const type = await context.api.typeOf(secrets[0]);
  return secrets.map((object) => ({ object, type }));
}

/** A custom resource's kind, once discovery serves it (its CRD, applied just before, may be Established a moment before it is discoverable). */
async function discovered(context: KubeStepContext, object: KubeObject): Promise<ResourceType> {
  const until = Date.now() + DISCOVERY_WAIT_MS;
  for (;;) {
    try {
      return await context.api.typeOf(object);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'KUBERNETES_KIND_NOT_SERVED' || Date.now() > until) throw error;
      await sleep(DISCOVERY_RETRY_MS, undefined, { signal: context.signal });
    }
  }
}
