import { AppError } from '@vnfm/contracts';
import { isWorkload, vduObjects } from '@vnfm/kubernetes-manifests';
import { flavourOf as flavourFromVnfd } from '@vnfm/lcm-domain';
import type { VnfdFlavour } from '@vnfm/vnfd';
import type { AppliedObject } from '../kube/await-ready';
import type { KubeStepContext } from './step-context';

/** The instance's deployment flavour (the message names it, or the instantiate action); none named means not instantiated. */
export async function flavourOf(context: KubeStepContext, flavourId: string | undefined): Promise<VnfdFlavour> {
  const { message } = context;
  if (flavourId === undefined)
    throw new AppError(
      'VNF_NOT_INSTANTIATED',
      409,
      'Conflict',
      `VNF instance ${message.vnfInstanceId} has no deployment flavour: it is not instantiated.`,
    );
  return flavourFromVnfd(await context.packages.vnfdModel(message.vnfdId), flavourId);
}

/**
 * Each VDU's object among the instance's: a workload (a Pod, or an object
 * with a pod template), or an object of a kind with a `/scale` subresource
 * (a custom resource such as a Cluster API MachineDeployment), named as the
 * VDU (its `properties.name`, else its node id; a Helm release's as Tacker
 * names them, see vduObjects).
 */
export async function vduTargets(
  context: KubeStepContext,
  flavour: VnfdFlavour,
  objects: readonly AppliedObject[],
): Promise<Map<string, AppliedObject>> {
  const scalable = new Set<string>();
  for (const type of new Map(objects.map((item) => [`${item.type.apiVersion}/${item.type.kind}`, item.type])).values()) {
    if (await context.api.hasScale(type)) scalable.add(`${type.apiVersion}/${type.kind}`);
  }
  const byObject = new Map(objects.map((item) => [item.object, item]));
  const mapped = vduObjects(
    flavour.vdus,
    objects.map((item) => item.object),
    (object) => isWorkload(object) || scalable.has(`${object.apiVersion}/${object.kind}`),
    context.helm !== undefined,
  );
  return new Map([...mapped].map(([vduId, object]) => [vduId, byObject.get(object) as AppliedObject]));
}
