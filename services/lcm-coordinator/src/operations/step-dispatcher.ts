import { errorMessage } from '@vnfm/util';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
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
import { BUS_STOPPING } from '@vnfm/messaging';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VnfInstanceReadModel } from '../instances/vnf-instance.read-model';
import { HookContexts } from './hook-contexts';

/** How long a target may take to accept a step (not to run it: the step's own timeout covers that). */
const ACCEPT_TIMEOUT_MS = 30_000;

/**
 * Sends one step to the service that acts (`<service>.runStep`), with what
 * the instance holds when it is sent: its VNFD and its VNFCs, so a driver
 * tells new resources from known ones; its tenant, to which the step is
 * confined; a hook, its HookContext. The target accepts at once and
 * reports the outcome later; a refusal (or no answer) comes back as the
 * step's failure. A send this replica's own stop cuts off is no refusal: the
 * occurrence's lease is released, and the peer that resumes it sends the
 * step again under the same id. A stopping replica waits for its sends in
 * flight (they take the time a target needs to accept) before its bus closes.
 */
@Injectable()
export class StepDispatcher implements OnApplicationShutdown {
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly instances: VnfInstanceReadModel,
    private readonly hooks: HookContexts,
  ) {}

  dispatch(target: ServiceName, command: StepCommand): Promise<ProblemDetails | undefined> {
    const sent = this.send(target, command);
    this.sending.add(sent);
    void sent.finally(() => this.sending.delete(sent));
    return sent;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }

  private async send(target: ServiceName, command: StepCommand): Promise<ProblemDetails | undefined> {
    const instance = (await this.instances.current(command.vnfInstanceId))?.state;
    if (!instance) return { status: 404, title: 'Not Found', detail: `VNF instance ${command.vnfInstanceId} is gone.` };
    const message: RunStepMessage = {
      ...command,
      vnfdId: instance.vnfdId,
      flavourId: instance.instantiatedVnfInfo?.flavourId,
      vnfcResourceInfo: instance.instantiatedVnfInfo?.vnfcResourceInfo ?? [],
      // The step runs confined to the instance's tenant, whoever's message led to it (a recovery has none).
      ...(instance.tenant !== undefined && { tenant: instance.tenant }),
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
      if (error instanceof AppError && error.code === BUS_STOPPING) {
        this.runtime.logger.warn({ stepId: command.stepId, step: command.name, target }, 'step send cut off by this replica stopping');
        return undefined;
      }
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
