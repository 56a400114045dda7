import { errorMessage } from '@vnfm/util';
import { Inject, Injectable } from '@nestjs/common';
import {
  abandonStepMessageType,
  AppError,
  type AbandonStepMessage,
  type HookStepMessage,
  type ServiceName,
  runStepMessageType,
  type RunStepMessage,
  type StepCommand,
  type ProblemDetails,
} from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VnfInstanceReadModel } from '../instances/vnf-instance.read-model';
import { HookContexts } from './hook-contexts';

/** How long a target may take to accept a step (not to run it: the step's own timeout covers that). */
const ACCEPT_TIMEOUT_MS = 30_000;

/**
 * Sends one step to the service that acts (`<service>.runStep`), with what
 * the instance holds when it is sent: its VNFD and its VNFCs, so a driver
 * tells new resources from known ones; a hook, its HookContext. The target accepts at once and
 * reports the outcome later; a refusal (or no answer) comes back as the
 * step's failure.
 */
@Injectable()
export class StepDispatcher {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly instances: VnfInstanceReadModel,
    private readonly hooks: HookContexts,
  ) {}

  async dispatch(target: ServiceName, command: StepCommand): Promise<ProblemDetails | undefined> {
    const instance = this.instances.get(command.vnfInstanceId)?.state;
    if (!instance) return { status: 404, title: 'Not Found', detail: `VNF instance ${command.vnfInstanceId} is gone.` };
    const message: RunStepMessage = {
      ...command,
      vnfdId: instance.vnfdId,
      flavourId: instance.instantiatedVnfInfo?.flavourId,
      vnfcResourceInfo: instance.instantiatedVnfInfo?.vnfcResourceInfo ?? [],
    };
    try {
      const { request } = command;
      // A hook gets its context now, from the results of the steps before it (HookContext).
      const sent: RunStepMessage | HookStepMessage =
        request.action === 'hook' ? { ...message, request, hookContext: await this.hooks.of({ ...command, request }) } : message;
      await this.runtime.bus.request(runStepMessageType(target), sent, { key: command.vnfInstanceId, timeoutMs: ACCEPT_TIMEOUT_MS });
      this.runtime.logger.info({ stepId: command.stepId, step: command.name, target }, 'step sent');
      return undefined;
    } catch (error) {
      const reason = errorMessage(error);
      this.runtime.logger.warn({ stepId: command.stepId, step: command.name, target, error: reason }, 'step refused');
      if (error instanceof AppError) return { status: error.status, title: error.title, detail: error.detail };
      return { status: 503, title: 'Service Unavailable', detail: `${target} did not take step ${command.name}: ${reason}` };
    }
  }

  /** `<service>.abandonStep`: the coordinator no longer waits for the step. Best effort: a target that misses it stops the step at its own deadline. */
  async abandon(target: ServiceName, message: AbandonStepMessage): Promise<void> {
    try {
      await this.runtime.bus.request(abandonStepMessageType(target), message, { key: message.vnfInstanceId, timeoutMs: ACCEPT_TIMEOUT_MS });
      this.runtime.logger.info({ stepId: message.stepId, target, reason: message.reason }, 'step abandoned');
    } catch (error) {
      this.runtime.logger.warn(
        { stepId: message.stepId, target, error: errorMessage(error) },
        'could not tell the target a step was abandoned',
      );
    }
  }
}
