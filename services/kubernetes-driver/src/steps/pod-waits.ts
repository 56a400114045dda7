import { AppError } from '@vnfm/contracts';
import { describeObject, type KubeObject } from '@vnfm/kubernetes-manifests';
import { stopCauseOf } from '@vnfm/step-host';
import type { AppliedObject } from '../kube/await-ready';
import { awaitSelected } from '../kube/object-watch';
import { podsOf, podTypeOf } from './instance-vnfcs';
import type { KubeStepContext } from './step-context';

/**
 * Waits, by a watch of the pods its selector selects, until the pods of a
 * VDU's object (terminating ones included) pass `test`: a scale until there
 * are as many as its replicas and none is going away, a heal until the old
 * pods are gone and replaced. At the step's deadline the step fails naming
 * the object, what was awaited and the pods there are.
 */
export async function awaitPods(context: KubeStepContext, target: AppliedObject, awaited: string, test: (pods: KubeObject[]) => boolean): Promise<void> {
  const { selector } = await podsOf(context, target);
  if (selector === '') return;
  const podType = await podTypeOf(context);
  let last: KubeObject[] = [];
  const check = async () => test((last = (await podsOf(context, target)).pods));
  try {
    await awaitSelected(context.api, podType, target.object.metadata.namespace ?? context.namespace, selector, check, context.signal);
  } catch (error) {
    if (stopCauseOf(context.signal) !== 'deadline') throw error;
    const pods = last.map((pod) => `${pod.metadata.name}${pod.metadata['deletionTimestamp'] ? ' (terminating)' : ''}`).join(', ') || 'none';
    throw new AppError('KUBERNETES_NOT_READY', 504, 'Gateway Timeout', `The step's time ran out before the pods of ${describeObject(target.object)} were ${awaited}; its pods: ${pods}.`);
  }
}
