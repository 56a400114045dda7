import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@vnfm/event-store';
import type { RunStepMessage } from '@vnfm/contracts';
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
import { handleCommand, SERVICE_RUNTIME, type EventFold, type ServiceRuntime } from '@vnfm/platform';

const INFRA_STEP: EventFold<InfraStepState, InfraStepEvent> = { initial: initialInfraStepState, evolve: evolveInfraStep, isEvent: isInfraStepEvent };

/** The driver's own record of each step it accepted (`infraStep-<stepId>`) and how it ended. */
@Injectable()
export class InfraStepRepository {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  accept(message: RunStepMessage, now: string): Promise<InfraStepState> {
    return this.execute(message.stepId, { type: 'AcceptInfraStep', data: { message, now } });
  }

  end(stepId: string, outcome: InfraStepOutcome, now: string): Promise<InfraStepState> {
    return this.execute(stepId, { type: 'EndInfraStep', data: { stepId, outcome, now } });
  }

  private async execute(stepId: string, command: InfraStepCommand): Promise<InfraStepState> {
    return (await handleCommand(this.store(), infraStepStream(stepId), INFRA_STEP, (state) => decideInfraStep(command, state))).after;
  }

  private store(): EventStore {
    return this.runtime.store as EventStore;
  }
}
