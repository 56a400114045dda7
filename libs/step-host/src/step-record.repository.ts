import { Inject, Injectable } from '@nestjs/common';
import type { RunStepMessage, StepOutcome } from '@vnfm/contracts';
import type { EventStore } from '@vnfm/event-store';
import { handleCommand, loadStream, SERVICE_RUNTIME, type EventFold, type ServiceRuntime } from '@vnfm/platform';
import { decideStepRecord, evolveStepRecord, initialStepRecordState } from './step-record.decider';
import {
  isStepRecordEvent,
  stepRecordStream,
  type StepRecordCommand,
  type StepRecordEvent,
  type StepRecordState,
} from './step-record.events';

const STEP_RECORD: EventFold<StepRecordState, StepRecordEvent> = {
  initial: initialStepRecordState,
  evolve: evolveStepRecord,
  isEvent: isStepRecordEvent,
};

/** The service's own record of each step it was sent (`infraStep-<stepId>`): accepted, and how it ended or that it was abandoned. */
@Injectable()
export class StepRecordRepository {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  /** The state after the acceptance, and whether the step was known here before (accepted by this replica or another). */
  async accept(message: RunStepMessage, now: string): Promise<{ before: StepRecordState; after: StepRecordState }> {
    const { before, after } = await handleCommand(this.store(), stepRecordStream(message.stepId), STEP_RECORD, (state) =>
      decideStepRecord({ type: 'AcceptStep', data: { message, now } }, state),
    );
    return { before, after };
  }

  end(stepId: string, outcome: StepOutcome, now: string): Promise<StepRecordState> {
    return this.execute(stepId, { type: 'EndStep', data: { stepId, outcome, now } });
  }

  /** The state after the abandonment, and whether the step was known here before. */
  async abandon(stepId: string, reason: string, now: string): Promise<{ before: StepRecordState; after: StepRecordState }> {
    const { before, after } = await handleCommand(this.store(), stepRecordStream(stepId), STEP_RECORD, (state) =>
      decideStepRecord({ type: 'AbandonStep', data: { stepId, reason, now } }, state),
    );
    return { before, after };
  }

  async get(stepId: string): Promise<StepRecordState> {
    return (await loadStream(this.store(), stepRecordStream(stepId), STEP_RECORD)).state;
  }

  private async execute(stepId: string, command: StepRecordCommand): Promise<StepRecordState> {
    return (await handleCommand(this.store(), stepRecordStream(stepId), STEP_RECORD, (state) => decideStepRecord(command, state))).after;
  }

  private store(): EventStore {
    return this.runtime.store as EventStore;
  }
}
