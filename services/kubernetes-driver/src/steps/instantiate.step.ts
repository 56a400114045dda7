import { manifestObjects, manifestPathsOf, withRequestSecrets, withVduReplicas } from '@vnfm/kubernetes-manifests';
import { applyObjects } from './apply-objects';
import { instanceVnfcs } from './instance-vnfcs';
import { requestSecrets, type KubeStepHandler } from './step-context';
import { flavourOf, vduTargets } from './vdu-targets';

/**
 * Instantiate: the manifests `additionalParams.lcm-kubernetes-def-files`
 * names, labelled with the instance id and placed in its namespace (each
 * VDU's object with the instantiation level's count as `spec.replicas`), are
 * applied server-side in dependency order with the Secrets the request
 * gives (SECRETS_PARAM, opened for this step), each group awaited ready by
 * watch; the result is the pods of each VDU's workload as VNFCs (those the
 * instance does not know yet, so a repeated step adds nothing twice).
 */
export const instantiate: KubeStepHandler<'instantiate'> = async (context, action) => {
  const { message } = context;
  const flavour = await flavourOf(context, action.flavourId);
  const paths = manifestPathsOf(message.additionalParams);
  const manifests = withRequestSecrets(
    withVduReplicas(manifestObjects(paths, await context.packages.files(message.vnfdId, paths)), flavour.vdus, action.vduCounts),
    await requestSecrets(context, message.additionalParams),
  );
  const applied = await applyObjects(context, manifests, paths);
  const known = new Set(message.vnfcResourceInfo.map((vnfc) => vnfc.id));
  return { vnfcsAdded: (await instanceVnfcs(context, await vduTargets(context, flavour, applied))).filter((vnfc) => !known.has(vnfc.id)) };
};
