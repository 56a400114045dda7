import { isRecord } from '@vnfm/util';
import { CustomObjectsApi, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { groupOf, type KubeObject } from '@vnfm/kubernetes-manifests';
import type { KubeApi, ResourceType } from './kube-api';
import { objectRefused } from './kube-errors';

/** An object's `/scale` subresource (autoscaling/v1 Scale) as the driver uses it. */
export interface ScaleState {
  /** `spec.replicas`: what is asked. */
  replicas: number;
  /** `status.selector`: the label selector of the pods it counts (a custom resource's from its CRD's `labelSelectorPath`); '' when it declares none. */
  selector: string;
}

/**
 * The `/scale` subresource of any kind that has one (Deployments,
 * StatefulSets, ReplicaSets, custom resources whose CRD declares
 * `subresources.scale`), addressed by group, version and plural: one code
 * path for built-in and custom kinds, namespaced or cluster-scoped.
 */
export class ScaleSubresource {
  private readonly api: CustomObjectsApi;

  constructor(kube: KubeApi) {
    this.api = kube.config.makeApiClient(CustomObjectsApi);
  }

  async read(type: ResourceType, object: KubeObject): Promise<ScaleState> {
    try {
      const params = this.address(type, object);
      const scale: unknown =
        params.namespace !== undefined
          ? await this.api.getNamespacedCustomObjectScale({ ...params, namespace: params.namespace })
          : await this.api.getClusterCustomObjectScale(params);
      return scaleStateOf(scale);
    } catch (error) {
      throw objectRefused('read the scale of', object, error);
    }
  }

  /** Sets `spec.replicas` through the subresource (a merge patch: nothing else of the object changes). */
  async write(type: ResourceType, object: KubeObject, replicas: number): Promise<void> {
    const options = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
    const body = { spec: { replicas } };
    try {
      const params = this.address(type, object);
      if (params.namespace !== undefined)
        await this.api.patchNamespacedCustomObjectScale({ ...params, namespace: params.namespace, body }, options);
      else await this.api.patchClusterCustomObjectScale({ ...params, body }, options);
    } catch (error) {
      throw objectRefused('scale', object, error);
    }
  }

  private address(type: ResourceType, object: KubeObject) {
    const group = groupOf(type.apiVersion);
    const version = type.apiVersion.slice(group.length + (group ? 1 : 0));
    return {
      group,
      version,
      plural: type.plural,
      name: object.metadata.name,
      namespace: type.namespaced ? object.metadata.namespace : undefined,
    };
  }
}

function scaleStateOf(scale: unknown): ScaleState {
  const spec = isRecord(scale) && isRecord(scale['spec']) ? scale['spec'] : {};
  const status = isRecord(scale) && isRecord(scale['status']) ? scale['status'] : {};
  return {
    replicas: typeof spec['replicas'] === 'number' ? spec['replicas'] : 0,
    selector: typeof status['selector'] === 'string' ? status['selector'] : '',
  };
}
