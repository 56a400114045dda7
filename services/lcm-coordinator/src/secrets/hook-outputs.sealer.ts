import { Injectable } from '@nestjs/common';
import { AppError, type HookOutputs, type RecordStepResultMessage, type StepOutcome } from '@vnfm/contracts';
import { HOOK_OUTPUTS_KEY } from '@vnfm/lcm-domain';
import { errorMessage, findSecrets } from '@vnfm/util';
import { VnfLcmOpOccRepository } from '../operations/vnf-lcm-op-occ.repository';
import { RequestSecrets } from './request-secrets.service';
import { RunningSteps } from './running-step';

const stillInClear = (outputs: HookOutputs) => findSecrets(outputs).some((secret) => secret.reason !== 'sealed');

/**
 * A hook's outputs with each secret (a secret-named key, a URL with
 * credentials, a PEM key, ...) sealed under the instance's data key, at its
 * place in the instance (`/metadata/mgmtDriverOutputs/...`), so views show
 * [SECRET] and a later hook opens it with root `/metadata/mgmtDriverOutputs`.
 * The runner asks before it records and reports them (sealForRunningHook);
 * outputs that still arrive in clear are sealed as the result is recorded.
 */
@Injectable()
export class HookOutputsSealer {
  constructor(
    private readonly running: RunningSteps,
    private readonly opOccs: VnfLcmOpOccRepository,
    private readonly secrets: RequestSecrets,
  ) {}

  /** For the running hook step of the instance only (409 otherwise). */
  async sealForRunningHook(vnfInstanceId: string, stepId: string, outputs: HookOutputs): Promise<HookOutputs> {
    const running = await this.running.require(vnfInstanceId, stepId, 'hook step');
    if (running.step.request.action !== 'hook')
      throw new AppError(
        'STEP_NOT_RUNNING',
        409,
        'Conflict',
        `Step ${stepId} is not the running hook step of an operation of VNF instance ${vnfInstanceId}.`,
      );
    return this.seal(vnfInstanceId, outputs);
  }

  /** The step's outcome with a hook's outputs sealed; outputs holding a marker among secrets in clear, or too deep to search, fail the step. */
  async sealed({ vnfLcmOpOccId, stepId, outcome }: RecordStepResultMessage): Promise<StepOutcome> {
    const output = outcome.status === 'SUCCEEDED' ? outcome.result.output : undefined;
    if (outcome.status !== 'SUCCEEDED' || !output) return outcome;
    const { state } = await this.opOccs.load(vnfLcmOpOccId);
    const record = state?.steps.find((candidate) => candidate.stepId === stepId);
    if (!state || record?.step.request.action !== 'hook') return outcome;
    try {
      if (!stillInClear(output)) return outcome;
      return { status: 'SUCCEEDED', result: { ...outcome.result, output: await this.seal(state.vnfInstanceId, output) } };
    } catch (error) {
      const reason = error instanceof AppError ? error.detail : errorMessage(error);
      return {
        status: 'FAILED',
        error: {
          status: 422,
          title: 'Unprocessable Entity',
          detail: `The MgmtDriver of hook ${record.step.name} returned outputs this VNF Manager cannot record: ${reason}`,
        },
      };
    }
  }

  private async seal(vnfInstanceId: string, outputs: HookOutputs): Promise<HookOutputs> {
    const body = await this.secrets.seal(vnfInstanceId, { metadata: { [HOOK_OUTPUTS_KEY]: outputs } });
    return body.metadata[HOOK_OUTPUTS_KEY];
  }
}
