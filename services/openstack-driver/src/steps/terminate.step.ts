import { setTimeout as sleep } from 'node:timers/promises';
import { deleteImages } from './software-images';
import type { StepHandler } from './step-context';

/**
 * Terminate: a GRACEFUL termination first gives the VNF its
 * gracefulTerminationTimeout (SOL 003 §5.5.2.8), then the stack is deleted
 * and awaited until Heat no longer has it, then the images the VNFM put into
 * Glance for the instance are deleted. A stack already gone is success,
 * so the step can be repeated; every known VNFC is removed.
 */
export const terminate: StepHandler<'terminate'> = async (context, action) => {
  const { message } = context;
  if (action.terminationType === 'GRACEFUL' && action.gracefulTerminationTimeout) {
    await sleep(action.gracefulTerminationTimeout * 1000, undefined, { signal: context.signal });
  }
  const stack = await context.stack.find();
  if (stack) await context.stack.delete(stack);
  await deleteImages(context);
  await context.records.deleted(message.vnfInstanceId);
  return { vnfcIdsRemoved: [...new Set([...message.vnfcResourceInfo, ...action.vnfcs].map((vnfc) => vnfc.id))] };
};
