import { diffVnfcs, flavourOf } from '@vnfm/lcm-domain';
import { baseHotFilePaths, instantiateDefinition } from '@vnfm/openstack-heat';
import { uploadImages } from './software-images';
import { forHeat, networkOf, recordDefinition, vduIdsOf, type StepHandler } from './step-context';

/**
 * Instantiate: the flavour's BaseHOT (or the template built from its VNFD,
 * whose package images are put into Glance first) with its `nfv` parameter
 * filled becomes the instance's stack (created, or adopted when an earlier attempt made it);
 * the result is every server of the stack as a VNFC, and the deployment's
 * network (internal virtual links, ports, external CPs).
 */
export const instantiate: StepHandler<'instantiate'> = async (context, action) => {
  const { message } = context;
  const vnfd = await context.packages.vnfdModel(message.vnfdId);
  const flavour = flavourOf(vnfd, action.flavourId);
  const texts = await context.packages.files(message.vnfdId, baseHotFilePaths(flavour));
  const images = await uploadImages(context, vnfd, flavour);
  const definition = instantiateDefinition({
    vnfd,
    flavourId: action.flavourId,
    texts,
    vduCounts: action.vduCounts,
    extVirtualLinks: action.extVirtualLinks,
    extManagedVirtualLinks: action.extManagedVirtualLinks,
    // Sealed request secrets (e.g. a password for the VNF) stay sealed in the definition and its record; only Heat gets them opened.
    additionalParams: message.additionalParams,
    images,
  });
  await recordDefinition(context, definition);
  const stack = await context.stack.createOrAdopt({ ...definition, parameters: await forHeat(context, definition.parameters) });
  const deployment = await context.stack.deployment(stack, vduIdsOf(flavour), context.vimConnectionId);
  const network = networkOf(context, deployment.tree, flavour, definition.template);
  return { vnfcsAdded: diffVnfcs(message.vnfcResourceInfo, deployment.vnfcs).added, extCpInfo: network.extCpInfo, network };
};
