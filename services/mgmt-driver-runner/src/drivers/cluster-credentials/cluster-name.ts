import { text } from 'node:stream/consumers';
import { CLUSTER_API_GROUP, groupOf, manifestObjects, manifestPathsOf, type KubeObject } from '@vnfm/kubernetes-manifests';
import type { HookPackageFiles } from '../hook-driver';
import { CREDENTIALS_PARAM, invalidCredentialsParams } from './credentials-params';

/**
 * The workload cluster a CNF deploys when the request names none: the one
 * Cluster API `Cluster` among the manifests of its `lcm-kubernetes-def-files`.
 * None or several: the request must name it.
 */
export async function clusterOfManifests(
  additionalParams: Record<string, unknown> | undefined,
  files: HookPackageFiles,
): Promise<KubeObject> {
  const ask = (why: string) =>
    invalidCredentialsParams(`additionalParams.${CREDENTIALS_PARAM}.cluster_name is missing and ${why}; name the workload cluster.`);
  let paths: string[];
  try {
    paths = manifestPathsOf(additionalParams);
  } catch {
    throw ask('the instantiation names no manifests to look for a Cluster in');
  }
  const texts: Record<string, string> = {};
  for (const path of paths) texts[path] = await text(files.read(path));
  const clusters = manifestObjects(paths, texts)
    .map(({ object }) => object)
    .filter((object) => object.kind === 'Cluster' && groupOf(object.apiVersion) === CLUSTER_API_GROUP);
  if (clusters.length !== 1)
    throw ask(
      `the CNF's manifests hold ${clusters.length === 0 ? 'no' : `${clusters.length}`} Cluster API Cluster${clusters.length === 1 ? '' : 's'}`,
    );
  return clusters[0];
}
