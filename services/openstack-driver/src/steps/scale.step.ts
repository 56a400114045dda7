import { diffVnfcs } from '@vnfm/lcm-domain';
import { capacityPaths, nfvToUpdate, planScale, withDesiredCapacities } from '@vnfm/openstack-heat';
import { forHeat, instanceFlavour, networkOf, recordDefinition, vduIdsOf, type StepHandler } from './step-context';

/**
 * Scale (and the scale-in that compensates a failed scale-out): the members
 * to remove are marked unhealthy, then the stack is updated with the new
 * `desired_capacity` per VDU. What changed is read from the stack: new
 * servers are the ones the instance did not know, removed ids the known
 * ones that are gone.
 */
export const scale: StepHandler<'scale'> = async (context, action) => {
  const { message } = context;
  const flavour = await instanceFlavour(context);
  const vduIds = vduIdsOf(flavour);
  const recorded = await context.records.definition(message.vnfInstanceId);
  const stack = await context.stack.require();
  const before = await context.stack.deployment(stack, vduIds, context.vimConnectionId);
  const plan = planScale({
    template: recorded.template,
    vduDelta: action.vduDelta,
    known: message.vnfcResourceInfo,
    removeVnfcs: action.removeVnfcs,
    servers: before.servers,
    tree: before.tree,
  });
  const nfv = withDesiredCapacities(nfvToUpdate(recorded, stack.parameters), plan.capacities, capacityPaths(recorded.template));
  await recordDefinition(context, { ...recorded, parameters: { ...recorded.parameters, nfv } });
  await context.stack.mark(plan.remove, `scale-in by VNF LCM operation ${message.vnfLcmOpOccId}`);
  await context.stack.update(stack, { parameters: await forHeat(context, { nfv }) });
  const after = await context.stack.deployment(stack, vduIds, context.vimConnectionId);
  const { added, removedIds } = diffVnfcs(message.vnfcResourceInfo, after.vnfcs);
  return { vnfcsAdded: added, vnfcIdsRemoved: removedIds, network: networkOf(context, after.tree, flavour, recorded.template) };
};
