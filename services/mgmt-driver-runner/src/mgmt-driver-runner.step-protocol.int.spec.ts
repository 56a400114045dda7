import type { HookArtifact, HookContext, HookOutputs, HookStepMessage, RunStepMessage } from '@vnfm/contracts';
import { describeStepProtocolConformance, type ConformanceMode, type ConformanceSteps } from '@vnfm/step-host/testing';
import type { HookDriver } from './drivers/hook-driver';
import { MgmtDriverRunnerModule } from './mgmt-driver-runner.module';

/** A MgmtDriver that hands each hook to the conformance steps: the runner's own hook handler, registry and step host stay in the path. */
class ConformanceDriver implements HookDriver {
  readonly name = 'conformance';

  constructor(
    private readonly steps: ConformanceSteps,
    private readonly converges = false,
  ) {}

  rerunnable(): boolean {
    return this.converges;
  }

  matches(artifact: HookArtifact): boolean {
    return artifact.path === 'Scripts/conformance.py';
  }

  async run(context: HookContext, signal: AbortSignal): Promise<HookOutputs | undefined> {
    const { stepId, conformance } = context.operationParams as { stepId: string; conformance: ConformanceMode };
    // No outputs: a hook's outputs go to the coordinator to be sealed, which the protocol's stand-in does not do.
    await this.steps.runFor(stepId, conformance, signal);
    return undefined;
  }
}

/** The hook's context as the coordinator sends it; the step's id and mode ride in operationParams for the driver. */
function withHookContext(message: RunStepMessage): HookStepMessage {
  const artifact: HookArtifact = {
    name: 'conformance',
    path: 'Scripts/conformance.py',
    dependencies: [],
    additionalParameters: {},
    vnfdId: message.vnfdId,
  };
  const hookContext: HookContext = {
    hook: 'instantiate_end',
    operation: 'INSTANTIATE',
    vnfLcmOpOccId: message.vnfLcmOpOccId,
    vnfInstanceId: message.vnfInstanceId,
    vnfdId: message.vnfdId,
    operationParams: { stepId: message.stepId, conformance: message.additionalParams?.conformance },
    vnfcs: { removing: [], added: [], current: [] },
    earlierOutputs: {},
    artifact,
    vimConnectionInfo: {},
  };
  return { ...message, request: { action: 'hook', hook: 'instantiate_end' }, hookContext };
}

// The runner as it ships with a MgmtDriver that records: a hook whose driver does not converge is never run twice
// unattended (resume: 'fail'); with no MgmtDriver for the artifact, a hook step fails with a 422 naming it.
describeStepProtocolConformance({
  service: 'mgmt-driver-runner',
  action: { action: 'hook', hook: 'instantiate_end' },
  module: (_handlers, steps) => MgmtDriverRunnerModule.withDrivers([new ConformanceDriver(steps)]),
  decorate: withHookContext,
  resume: 'fail',
  own: { module: MgmtDriverRunnerModule, outcome: { status: 'FAILED', error: { status: 422 } } },
});

// A MgmtDriver that says its hooks converge: a hook left open runs again (resume: 'run').
describeStepProtocolConformance({
  service: 'mgmt-driver-runner',
  action: { action: 'hook', hook: 'instantiate_end' },
  module: (_handlers, steps) => MgmtDriverRunnerModule.withDrivers([new ConformanceDriver(steps, true)]),
  decorate: withHookContext,
  resume: 'run',
});
