import { AppError } from '@vnfm/contracts';
import { defFilesOf, manifestObjects, type ManifestObject } from '@vnfm/kubernetes-manifests';
import type { VnfdFlavour } from '@vnfm/vnfd';
import type { AppliedObject } from '../kube/await-ready';
import { instanceObjects } from './instance-objects';
import type { KubeStepContext } from './step-context';
import { flavourOf, vduTargets } from './vdu-targets';

/** What an instantiated CNF is on its VIM now, for the steps after instantiate (scale, heal). */
export interface InstanceDeployment {
  /** The step's context in the instance's namespace (a later request names no namespace: the objects tell it). */
  context: KubeStepContext;
  flavour: VnfdFlavour;
  objects: AppliedObject[];
  /** Each VDU's workload or scalable object, as the API server holds it. */
  targets: Map<string, AppliedObject>;
  /** The package manifests the instance was deployed from (DEF_FILES_ANNOTATION on its objects). */
  defFiles: string[];
}

/**
 * The instance's objects found by label (API discovery, every kind), its
 * namespace (that of its namespaced objects, where a change puts its new
 * objects when they all lie in one) and each VDU's object. An
 * instance with no object on the VIM has nothing to scale or heal: 422.
 */
export async function instanceDeployment(context: KubeStepContext): Promise<InstanceDeployment> {
  const { message } = context;
  const [objects, flavour] = await Promise.all([instanceObjects(context), flavourOf(context, message.flavourId)]);
  if (objects.length === 0) {
    throw new AppError(
      'KUBERNETES_INSTANCE_NOT_FOUND',
      422,
      'Unprocessable Entity',
      `No object labelled with VNF instance ${message.vnfInstanceId} is on the Kubernetes VIM: nothing to ${message.request.action}.`,
    );
  }
  const namespaces = new Set(objects.map((item) => item.object.metadata.namespace).filter((ns): ns is string => typeof ns === 'string'));
  const namespace = [...namespaces][0] ?? context.namespace;
  // The instance stays where it is: in its one namespace, whatever a manifest says; spread over several (a provider's components), each object where its manifest puts it.
  const inNamespace: KubeStepContext = { ...context, namespace, moveAll: context.moveAll || namespaces.size <= 1 };
  return {
    context: inNamespace,
    flavour,
    objects,
    targets: await vduTargets(inNamespace, flavour, objects),
    defFiles: [...new Set(objects.flatMap((item) => defFilesOf(item.object)))],
  };
}

/** The manifests the instance was deployed from, read again from its package. */
export async function deployedManifests(deployment: InstanceDeployment): Promise<ManifestObject[]> {
  const { context, defFiles } = deployment;
  if (defFiles.length === 0) {
    throw new AppError(
      'KUBERNETES_MANIFESTS_NOT_USABLE',
      422,
      'Unprocessable Entity',
      `The objects of VNF instance ${context.message.vnfInstanceId} do not record the manifests they were deployed from.`,
    );
  }
  return manifestObjects(defFiles, await context.packages.files(context.message.vnfdId, defFiles));
}
