import { AppError } from '@vnfm/contracts';
import type { VnfdModel } from '@vnfm/vnfd';
import type { PlannedStep } from './lcm-steps';

/**
 * No MgmtDriver runs in this VNF Manager yet, so a plan with a hook step
 * (a Vnflcm `<op>_start`/`<op>_end` with an implementation) is refused before
 * the operation starts and before anything is made in a VIM, naming each
 * hook and the artifact it would run. The flavour's other operations stay
 * usable; a package without hooks (or with `<hook>: []`) is unaffected.
 */
export function refuseUnrunnableHooks(plan: readonly PlannedStep[], vnfd: VnfdModel, flavourId: string | undefined): void {
  const hooks = plan.flatMap((step) => (step.request.action === 'hook' ? [step.request.hook] : []));
  if (hooks.length === 0) return;
  const flavour = vnfd.flavours.find((candidate) => candidate.flavourId === flavourId);
  const named = hooks.map((hook) => {
    const declared = flavour?.lcmOperations[hook];
    const artifacts = declared?.artifactPaths.length ? ` (${declared.artifactPaths.join(', ')})` : '';
    return `${hook} → ${declared?.implementation ?? 'its implementation'}${declared?.artifactType ? ` [${declared.artifactType}]` : ''}${artifacts}`;
  });
  throw new AppError(
    'MGMT_DRIVER_NOT_AVAILABLE',
    422,
    'Unprocessable Entity',
    `Flavour ${flavourId ?? '?'} of VNFD ${vnfd.vnfdId} declares Vnflcm hooks for this operation that need a MgmtDriver: ${named.join('; ')}. ` +
      'This VNF Manager runs no MgmtDriver yet, so the operation was not started and nothing was created in the VIM. ' +
      'Use a package whose VNFD declares these hooks without an implementation (e.g. `instantiate_end: []`).',
  );
}
