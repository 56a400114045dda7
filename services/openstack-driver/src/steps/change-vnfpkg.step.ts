import { diffVnfcs, flavourOf } from '@vnfm/lcm-domain';
import { baseHotFilePaths, instantiateDefinition } from '@vnfm/openstack-heat';
import { uploadImages } from './software-images';
import { forHeat, networkOf, recordDefinition, vduIdsOf, type StepHandler } from './step-context';

/**
 * Change of current VNF package (SOL 003 v3.3.1 §5.4.11a) on OpenStack, and
 * its rollback (the same action back to the previous package): the stack is
 * updated in place to the target package's BaseHOT, its `nfv` parameter
 * filled from the target VNFD at the instance's VDU counts, with its external
 * links and the deployment's additionalParams (a target without a BaseHOT
 * gets its package images put into Glance first). Heat keeps what did not
 * change and replaces what did; servers it replaced are reported removed and
 * their replacements added.
 */
export const changeVnfpkg: StepHandler<'change_vnfpkg'> = async (context, action) => {
  const { message } = context;
  const { target } = action;
  const vnfd = await context.packages.vnfdModel(target.vnfdId);
  const flavour = flavourOf(vnfd, action.flavourId);
  const texts = await context.packages.files(target.vnfdId, baseHotFilePaths(flavour));
  const images = await uploadImages(context, vnfd, flavour);
  const definition = instantiateDefinition({
    vnfd,
    flavourId: action.flavourId,
    texts,
    vduCounts: target.vduCounts,
    extVirtualLinks: action.extVirtualLinks,
    extManagedVirtualLinks: action.extManagedVirtualLinks,
    additionalParams: target.additionalParams,
    images,
  });
  await recordDefinition(context, definition);
  const stack = await context.stack.require();
  await context.stack.update(stack, {
    template: definition.template,
    files: definition.files,
    parameters: await forHeat(context, definition.parameters),
  });
  const after = await context.stack.deployment(stack, vduIdsOf(flavour), context.vimConnectionId);
  const { added, removedIds } = diffVnfcs(message.vnfcResourceInfo, after.vnfcs);
  return { vnfcsAdded: added, vnfcIdsRemoved: removedIds, network: networkOf(context, after.tree, flavour, definition.template) };
};
