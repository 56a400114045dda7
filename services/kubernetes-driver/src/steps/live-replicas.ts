import { isRecord } from '@vnfm/util';
import { type ManifestObject } from '@vnfm/kubernetes-manifests';
import { ScaleSubresource } from '../kube/scale-subresource';
import type { InstanceDeployment } from './instance-deployment';

/**
 * The manifests with each scaled VDU object's `spec.replicas` set to what its
 * `/scale` subresource has now: applying the package's manifests again (a
 * whole-VNF heal) must not undo the scale operations done since instantiation.
 */
export async function withLiveReplicas(deployment: InstanceDeployment, manifests: readonly ManifestObject[]): Promise<ManifestObject[]> {
  const { context } = deployment;
  const scale = new ScaleSubresource(context.api);
  const replicas = new Map<string, number>();
  for (const target of deployment.targets.values()) {
    if (await context.api.hasScale(target.type))
      replicas.set(
        `${target.object.apiVersion}/${target.object.kind}/${target.object.metadata.name}`,
        (await scale.read(target.type, target.object)).replicas,
      );
  }
  return manifests.map((item) => {
    const live = replicas.get(`${item.object.apiVersion}/${item.object.kind}/${item.object.metadata.name}`);
    const spec = item.object['spec'];
    if (live === undefined || !isRecord(spec)) return item;
    return { ...item, object: { ...item.object, spec: { ...spec, replicas: live } } };
  });
}
