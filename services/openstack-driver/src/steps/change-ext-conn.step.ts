import { changeExtConnNfv, extCpBindings, nfvParamPaths, nfvToUpdate } from '@vnfm/openstack-heat';
import { forHeat, instanceFlavour, networkOf, recordDefinition, type StepHandler } from './step-context';

/**
 * Change external connectivity: the CPs the request names get their new
 * network and fixed IPs in the `nfv` parameter and the stack is updated;
 * the result is the external CPs and the rest of the network as they are now.
 */
export const changeExtConn: StepHandler<'change_ext_conn'> = async (context, action) => {
  const { message } = context;
  const recorded = await context.records.definition(message.vnfInstanceId);
  const stack = await context.stack.require();
  const nfv = changeExtConnNfv(
    nfvToUpdate(recorded, stack.parameters),
    nfvParamPaths(recorded.template),
    extCpBindings(action.extVirtualLinks),
  );
  await recordDefinition(context, { ...recorded, parameters: { ...recorded.parameters, nfv } });
  const updated = await context.stack.update(stack, { parameters: await forHeat(context, { nfv }) });
  const network = networkOf(context, await context.stack.tree(updated), await instanceFlavour(context), recorded.template);
  return { extCpInfo: network.extCpInfo, network };
};
