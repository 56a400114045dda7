import { Inject, Injectable } from '@nestjs/common';
import { AppError, type ProblemDetails, type RunStepMessage, type StepResult } from '@vnfm/contracts';
import { stackNameOf, type InfraStepOutcome } from '@vnfm/openstack-heat';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { PackageTemplatesClient } from '../bus/package-templates.client';
import { VimConnectionsClient } from '../bus/vim-connections.client';
import { HeatClient } from '../openstack/heat.client';
import { KeystoneTokens } from '../openstack/keystone-tokens';
import { NovaClient } from '../openstack/nova.client';
import { OpenStackSession } from '../openstack/openstack-session';
import { HeatStackRepository } from '../records/heat-stack.repository';
import { changeExtConn } from './change-ext-conn.step';
import { heal } from './heal.step';
import { instantiate } from './instantiate.step';
import { scale } from './scale.step';
import type { InfraAction, StepContext, StepHandler } from './step-context';
import { StackOperations, type StepTime } from './stack-operations';
import { terminate } from './terminate.step';

const HANDLERS: { [A in InfraAction['action']]: StepHandler<A> } = { instantiate, scale, heal, terminate, change_ext_conn: changeExtConn };

/**
 * Runs one step against the instance's OpenStack VIM and turns whatever
 * happens into the outcome the coordinator is told: the result, or a
 * ProblemDetails (a refusal keeps its status; anything unforeseen is a 500).
 * Undefined when the service stopped the step; it resumes at the next start.
 */
@Injectable()
export class StepExecutor {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly vims: VimConnectionsClient,
    private readonly packages: PackageTemplatesClient,
    private readonly records: HeatStackRepository,
    private readonly tokens: KeystoneTokens,
  ) {}

  async execute(message: RunStepMessage, time: StepTime, signal: AbortSignal): Promise<InfraStepOutcome | undefined> {
    const fields = { stepId: message.stepId, step: message.name, action: message.request.action, vnfInstanceId: message.vnfInstanceId };
    try {
      const result = await this.act(message, time, signal);
      this.runtime.logger.info({ ...fields, added: result.vnfcsAdded?.length ?? 0, removed: result.vnfcIdsRemoved?.length ?? 0 }, 'step succeeded');
      return { status: 'SUCCEEDED', result };
    } catch (error) {
      if (signal.aborted) return undefined;
      const problem = problemOf(error);
      this.runtime.logger.warn({ ...fields, status: problem.status, detail: problem.detail }, 'step failed');
      return { status: 'FAILED', error: problem };
    }
  }

  private async act(message: RunStepMessage, time: StepTime, signal: AbortSignal): Promise<StepResult> {
    const action = message.request as InfraAction;
    const vim = await this.vims.openStackVim(message);
    const session = new OpenStackSession(this.tokens, vim.access, signal);
    const stack = new StackOperations(new HeatClient(session), new NovaClient(session), stackNameOf(message.vnfInstanceId), time, signal);
    const context: StepContext = { message, vimConnectionId: vim.vimConnectionId, stack, packages: this.packages, records: this.records, signal };
    const handler = HANDLERS[action.action] as StepHandler<InfraAction['action']>;
    return handler(context, action);
  }
}

function problemOf(error: unknown): ProblemDetails {
  if (error instanceof AppError) return { status: error.status, title: error.title, detail: error.detail };
  const detail = error instanceof Error ? error.message : String(error);
  return { status: 500, title: 'Internal Server Error', detail: `openstack-driver could not run the step: ${detail}` };
}
