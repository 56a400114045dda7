import { AppError, type SupportedHooksReply, type SupportedHooksRequest } from '@vnfm/contracts';
import type { VnfdModel } from '@vnfm/vnfd';
import type { PlannedStep } from '../workflow/lcm-steps';

/**
 * The hooks of a plan with the artifact the VNFD names for each (a Vnflcm
 * `<op>_start`/`<op>_end` with an implementation), to ask the runner
 * (`mgmt-driver-runner.supportedHooks`) which of them a MgmtDriver runs.
 */
export function hookArtifactsOf(
  plan: readonly PlannedStep[],
  vnfd: VnfdModel,
  flavourId: string | undefined,
): SupportedHooksRequest['artifacts'] {
  const flavour = vnfd.flavours.find((candidate) => candidate.flavourId === flavourId);
  return plan.flatMap((step) => {
    if (step.request.action !== 'hook') return [];
    const declared = flavour?.lcmOperations[step.request.hook];
    const [path = '', ...dependencies] = declared?.artifactPaths ?? [];
    const artifact = {
      name: declared?.implementation ?? '',
      ...(declared?.artifactType !== undefined && { type: declared.artifactType }),
      path,
      dependencies,
      additionalParameters: declared?.additionalParameters ?? {},
    };
    return [{ hook: step.request.hook, artifact }];
  });
}

/**
 * A plan with a hook no MgmtDriver of the runner runs is refused before the
 * operation starts and before anything is made in a VIM, naming each such
 * hook with its artifact and the drivers there are. The flavour's other
 * operations stay usable; a package without hooks (or with `<hook>: []`) is unaffected.
 */
export function refuseUnrunnableHooks(
  asked: SupportedHooksRequest['artifacts'],
  reply: SupportedHooksReply,
  vnfd: VnfdModel,
  flavourId: string | undefined,
): void {
  refuseHookParams(reply);
  const unrunnable = asked.flatMap(({ hook, artifact }, index) => {
    const answer = reply.answers[index];
    if (answer?.hook === hook && answer.driver) return [];
    const named = `${hook} → ${artifact.name}${artifact.type ? ` [${artifact.type}]` : ''} (${artifact.path})`;
    return [answer?.reason ? `${named}: ${answer.reason}` : named];
  });
  if (unrunnable.length === 0) return;
  const drivers = reply.drivers.length > 0 ? `its MgmtDrivers (${reply.drivers.join(', ')}) run none of them` : 'it has no MgmtDriver';
  throw new AppError(
    'MGMT_DRIVER_NOT_AVAILABLE',
    422,
    'Unprocessable Entity',
    `Flavour ${flavourId ?? '?'} of VNFD ${vnfd.vnfdId} declares Vnflcm hooks for this operation that need a MgmtDriver: ${unrunnable.join('; ')}. ` +
      `This VNF Manager's mgmt-driver-runner cannot run them (${drivers}), so the operation was not started and nothing was created in the VIM. ` +
      'Use a package whose VNFD declares these hooks without an implementation (e.g. `instantiate_end: []`).',
  );
}

/** A MgmtDriver that refused the request's parameters for its hook: its own 422, before the operation starts. */
function refuseHookParams(reply: SupportedHooksReply): void {
  const refused = reply.answers.filter((answer) => answer.driver && answer.refused);
  if (refused.length === 0) return;
  const details = refused.map(({ hook, driver, refused: why }) => `${hook} (MgmtDriver ${driver}): ${why?.detail}`).join('; ');
  throw new AppError(
    refused[0].refused?.code ?? 'MGMT_DRIVER_PARAMS_INVALID',
    422,
    'Unprocessable Entity',
    `${details} The operation was not started and nothing was created in the VIM.`,
  );
}
