import { AppError } from '@vnfm/contracts';
import { manifestObjects, manifestPathsOf, vduWorkloads } from '@vnfm/kubernetes-manifests';
import { applyObjects } from './apply-objects';
import { instanceVnfcs } from './instance-vnfcs';
import type { KubeStepHandler } from './step-context';

/**
 * Instantiate: the manifests `additionalParams.lcm-kubernetes-def-files`
 * names, labelled with the instance id and placed in its namespace, are
 * applied server-side in dependency order, each group awaited ready by
 * watch; the result is the pods of each VDU's workload as VNFCs (those the
 * instance does not know yet, so a repeated step adds nothing twice).
 */
export const instantiate: KubeStepHandler<'instantiate'> = async (context, action) => {
  const { message } = context;
  const vnfd = await context.packages.vnfdModel(message.vnfdId);
  const flavour = vnfd.flavours.find((candidate) => candidate.flavourId === action.flavourId);
  if (!flavour) throw new AppError('FLAVOUR_NOT_FOUND', 422, 'Unprocessable Entity', `VNFD ${message.vnfdId} has no deployment flavour ${action.flavourId}.`);
  const paths = manifestPathsOf(message.additionalParams);
  const manifests = manifestObjects(paths, await context.packages.files(message.vnfdId, paths));
  const workloads = vduWorkloads(flavour.vdus, manifests);
  await applyObjects(context, manifests);
  const known = new Set(message.vnfcResourceInfo.map((vnfc) => vnfc.id));
  return { vnfcsAdded: (await instanceVnfcs(context, workloads)).filter((vnfc) => !known.has(vnfc.id)) };
};
