import { AppError } from '@vnfm/contracts';
import { describeObject, type KubeObject } from '@vnfm/kubernetes-manifests';
import { stopCauseOf } from '@vnfm/step-host';
import type { AppliedObject } from '../kube/await-ready';
import { awaitSelected } from '../kube/object-watch';
import { membersOf } from './vdu-members';
import type { KubeStepContext } from './step-context';

/**
 * Waits, by a watch of what its selector selects, until the members of a
 * VDU's object (its pods, or the objects of its own group it controls;
 * terminating ones included) pass `test`: a scale until there are as many
 * as its replicas and none is going away, a heal until the old ones are gone
 * and replaced. At the step's deadline the step fails naming the object,
 * what was awaited and the members there are.
 */
export async function awaitMembers(
  context: KubeStepContext,
  target: AppliedObject,
  awaited: string,
  test: (members: KubeObject[]) => boolean,
): Promise<void> {
  const { selector, types } = await membersOf(context, target);
  if (selector === '') return;
  let last: KubeObject[] = [];
  const check = async () => test((last = (await membersOf(context, target)).members));
  try {
    await awaitSelected(context.api, types, target.object.metadata.namespace ?? context.namespace, selector, check, context.signal);
  } catch (error) {
    if (stopCauseOf(context.signal) !== 'deadline') throw error;
    const members =
      last
        .map((member) => `${member.kind} ${member.metadata.name}${member.metadata['deletionTimestamp'] ? ' (terminating)' : ''}`)
        .join(', ') || 'none';
    throw new AppError(
      'KUBERNETES_NOT_READY',
      504,
      'Gateway Timeout',
      `The step's time ran out before the members of ${describeObject(target.object)} were ${awaited}; there are: ${members}.`,
    );
  }
}
