import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@vnfm/event-store';
import type { RunStepMessage } from '@vnfm/lcm-domain';
import {
  decideInfraStep,
  evolveInfraStep,
  infraStepStream,
  initialInfraStepState,
  isInfraStepEvent,
  type InfraStepCommand,
  type InfraStepEvent,
  type InfraStepOutcome,
  type InfraStepState,
} from '@vnfm/openstack-heat';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { executeCommand, type Aggregate } from './event-sourced';

const INFRA_STEP: Aggregate<InfraStepState, InfraStepCommand, InfraStepEvent> = {
  initial: initialInfraStepState,
  decide: decideInfraStep,
  evolve: evolveInfraStep,
  isEvent: isInfraStepEvent,
};

/** The driver's own record of each step it accepted (`infraStep-<stepId>`) and how it ended. */
@Injectable()
export class InfraStepRepository {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  accept(message: RunStepMessage, now: string): Promise<InfraStepState> {
    return executeCommand(this.store(), infraStepStream(message.stepId), INFRA_STEP, { type: 'AcceptInfraStep', data: { message, now } });
  }

  end(stepId: string, outcome: InfraStepOutcome, now: string): Promise<InfraStepState> {
    return executeCommand(this.store(), infraStepStream(stepId), INFRA_STEP, { type: 'EndInfraStep', data: { stepId, outcome, now } });
  }

  private store(): EventStore {
    return this.runtime.store as EventStore;
  }
}
