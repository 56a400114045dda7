import { Injectable } from '@nestjs/common';
import type { StepResult } from '@vnfm/contracts';
import { keystoneAccessOf, stackNameOf } from '@vnfm/openstack-heat';
import { VimConnectionsClient, PackageCatalogClient, type StepContext as HostStepContext, type StepHandlers } from '@vnfm/step-host';
import { GlanceClient } from '../openstack/glance.client';
import { HeatClient } from '../openstack/heat.client';
import { KeystoneTokens } from '../openstack/keystone-tokens';
import { NovaClient } from '../openstack/nova.client';
import { OpenStackSession } from '../openstack/openstack-session';
import { HeatStackRepository } from '../records/heat-stack.repository';
import { changeExtConn } from './change-ext-conn.step';
import { changeVnfpkg } from './change-vnfpkg.step';
import { heal } from './heal.step';
import { instantiate } from './instantiate.step';
import { scale } from './scale.step';
import type { InfraAction, StepContext, StepHandler } from './step-context';
import { StackOperations } from './stack-operations';
import { terminate } from './terminate.step';

const ACTIONS: { [A in InfraAction['action']]: StepHandler<A> } = {
  instantiate,
  scale,
  heal,
  terminate,
  change_ext_conn: changeExtConn,
  change_vnfpkg: changeVnfpkg,
};

/**
 * The openstack-driver's step handlers for the step host: each opens the
 * instance's OpenStack VIM (credentials from the VIM registry, for this step
 * only) and runs its action on the instance's Heat stack, polling with the
 * step's signal so a step given up on stops at once.
 */
@Injectable()
export class OpenStackSteps {
  constructor(
    private readonly vims: VimConnectionsClient,
    private readonly packages: PackageCatalogClient,
    private readonly records: HeatStackRepository,
    private readonly tokens: KeystoneTokens,
  ) {}

  handlers(): StepHandlers {
    const run = (host: HostStepContext, action: InfraAction) => this.run(host, action);
    return { instantiate: run, scale: run, heal: run, terminate: run, change_ext_conn: run, change_vnfpkg: run };
  }

  private async run(host: HostStepContext, action: InfraAction): Promise<StepResult> {
    const { message, signal } = host;
    const vim = await this.vims.stepVim(message, 'openstack');
    const session = new OpenStackSession(this.tokens, keystoneAccessOf(vim.info), signal);
    const time = { timeoutMs: message.timeoutMs, deadline: host.deadline };
    const stack = new StackOperations(new HeatClient(session), new NovaClient(session), stackNameOf(message.vnfInstanceId), time, signal);
    const context: StepContext = {
      message,
      vimConnectionId: vim.vimConnectionId,
      stack,
      glance: new GlanceClient(session),
      packages: this.packages,
      records: this.records,
      signal,
      deadline: host.deadline,
      openSecrets: host.openSecrets,
    };
    const handler = ACTIONS[action.action] as StepHandler<InfraAction['action']>;
    return handler(context, action);
  }
}
