import { type StepResult } from '@vnfm/contracts';
import type { ProblemDetails } from '@vnfm/contracts';
import { findSecrets, SecretScanDepthError } from '@vnfm/util';
import type { PlannedStep } from '../workflow/lcm-steps';
import type { InstanceChanges } from '../vnf-instance/vnf-instance.commands';

/** Where a hook's outputs land on the instance: `metadata.mgmtDriverOutputs`, merged across hooks (docs/lcm.md). */
export const HOOK_OUTPUTS_KEY = 'mgmtDriverOutputs';

const outputsOf = (step: PlannedStep, result: StepResult) =>
  step.request.action === 'hook' && result.output && Object.keys(result.output).length > 0 ? result.output : undefined;

/**
 * A hook's outputs become instance metadata (a JSON merge patch under
 * `mgmtDriverOutputs`: a later hook's key replaces an earlier one's, `null`
 * removes it). The coordinator seals their secrets as they arrive
 * (views show [SECRET]); see hookOutputRefusal for any left in clear.
 */
export function hookOutputChanges(step: PlannedStep, result: StepResult): InstanceChanges {
  const outputs = outputsOf(step, result);
  return outputs ? { modifications: { metadata: { [HOOK_OUTPUTS_KEY]: outputs } } } : {};
}

/**
 * The failure of a hook whose outputs hold secrets in clear (or are nested too
 * deep to tell): metadata is read by every API client, so nothing of them is
 * recorded. Sealed secrets are recorded as they are.
 */
export function hookOutputRefusal(step: PlannedStep, result: StepResult): ProblemDetails | undefined {
  const outputs = outputsOf(step, result);
  if (!outputs) return undefined;
  let paths: string[];
  try {
    paths = findSecrets(outputs).flatMap((secret) => (secret.reason === 'sealed' ? [] : [secret.path]));
  } catch (error) {
    if (!(error instanceof SecretScanDepthError)) throw error;
    paths = [error.message];
  }
  if (paths.length === 0) return undefined;
  return {
    status: 422,
    title: 'Unprocessable Entity',
    detail:
      `The MgmtDriver of hook ${step.name} returned outputs that look secret (${paths.join(', ')}). ` +
      'Hook outputs are recorded in the instance metadata, which every API client reads, so they must hold no credentials; nothing was recorded.',
  };
}
