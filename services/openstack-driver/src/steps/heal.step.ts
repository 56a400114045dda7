import { diffVnfcs } from '@vnfm/lcm-domain';
import { nfvToUpdate, planHeal, type HeatStackDefinition } from '@vnfm/openstack-heat';
import type { HeatStack } from '../openstack/heat.client';
import { forHeat, instanceFlavour, networkOf, recordDefinition, vduIdsOf, type StepContext, type StepHandler } from './step-context';

type HealAction = Parameters<StepHandler<'heal'>>[1];

/**
 * Heal (SOL 003 §5.4.9): some VNFCs are replaced by marking their servers
 * unhealthy and updating the stack; all of them (or the whole VNF) by
 * deleting the stack and creating it again from its recorded definition,
 * with the parameters it had. The result removes the old ids and adds the
 * replacements.
 */
export const heal: StepHandler<'heal'> = async (context, action) => {
  const { message } = context;
  const flavour = await instanceFlavour(context);
  const vduIds = vduIdsOf(flavour);
  const recorded = await context.records.definition(message.vnfInstanceId);
  const current = await context.stack.current();
  // No stack: the step resumes after the delete of a whole-VNF heal, and the recorded definition is all there is.
  const healed = current ? await healStack(context, action, current, vduIds, recorded) : await recreate(context, recorded, undefined);
  const after = await context.stack.deployment(healed, vduIds, context.vimConnectionId);
  const { added, removedIds } = diffVnfcs(message.vnfcResourceInfo, after.vnfcs);
  return { vnfcsAdded: added, vnfcIdsRemoved: removedIds, network: networkOf(context, after.tree, flavour, recorded.template) };
};

async function healStack(
  context: StepContext,
  action: HealAction,
  current: HeatStack,
  vduIds: string[],
  recorded: HeatStackDefinition,
): Promise<HeatStack> {
  const { message } = context;
  const before = await context.stack.deployment(current, vduIds, context.vimConnectionId);
  const plan = planHeal(message.vnfcResourceInfo, action.vnfcs, before.servers, before.tree);
  if (plan.kind === 'recreate') return recreate(context, recorded, current);
  await context.stack.mark(plan.targets, action.cause ?? `heal by VNF LCM operation ${message.vnfLcmOpOccId}`);
  return context.stack.update(current, {});
}

async function recreate(context: StepContext, recorded: HeatStackDefinition, current: HeatStack | undefined): Promise<HeatStack> {
  const nfv = nfvToUpdate(recorded, current?.parameters);
  const definition = { ...recorded, parameters: { ...recorded.parameters, nfv } };
  await recordDefinition(context, definition);
  if (current) await context.stack.delete(current);
  return context.stack.createOrAdopt({ ...definition, parameters: await forHeat(context, definition.parameters) });
}
