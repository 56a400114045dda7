import { errorMessage } from '@vnfm/util';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, SUPPORTED_HOOKS, type SupportedHooksReply, type SupportedHooksRequest } from '@vnfm/contracts';
import { hookArtifactsOf, refuseUnrunnableHooks, type PlannedStep } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import type { VnfdModel } from '@vnfm/vnfd';

/** How long the runner may take to say which hooks it runs. */
const QUERY_TIMEOUT_MS = 10_000;

/** The hook runner, asked before an operation starts whether a MgmtDriver runs each of its hooks. */
@Injectable()
export class MgmtDriversClient {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  /** Throws the 422 refusing a plan with a hook no MgmtDriver runs, or whose driver refuses the (sealed) additionalParams the hooks will read (503 when the runner does not answer); a plan without hooks asks nothing. */
  async refuseUnrunnable(
    plan: readonly PlannedStep[],
    vnfd: VnfdModel,
    flavourId: string | undefined,
    additionalParams?: Record<string, unknown>,
  ): Promise<void> {
    const artifacts = hookArtifactsOf(plan, vnfd, flavourId);
    if (artifacts.length === 0) return;
    const request: SupportedHooksRequest = { artifacts, ...(additionalParams && { additionalParams }) };
    let reply: SupportedHooksReply;
    try {
      reply = await this.runtime.bus.request<SupportedHooksReply>(SUPPORTED_HOOKS, request, { timeoutMs: QUERY_TIMEOUT_MS });
    } catch (error) {
      const reason = errorMessage(error);
      throw new AppError(
        'MGMT_DRIVER_RUNNER_UNAVAILABLE',
        503,
        'Service Unavailable',
        `The mgmt-driver-runner did not say whether it runs the hooks of this operation (${reason}); the operation was not started.`,
      );
    }
    refuseUnrunnableHooks(artifacts, reply, vnfd, flavourId);
  }
}
