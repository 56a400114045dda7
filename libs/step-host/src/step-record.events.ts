import type { RunStepMessage, StepOutcome } from '@vnfm/contracts';

/** Stream category of the step records; the name predates the hook runner's use of it and is kept so recorded steps resume. */
export const STEP_RECORD_STREAM_PREFIX = 'infraStep-';

/** One stream per step attempt, keyed by the coordinator's idempotency key. */
export const stepRecordStream = (stepId: string) => `${STEP_RECORD_STREAM_PREFIX}${stepId}`;

/**
 * Events of a service's own record of a step: accepted (the work may have
 * started), ended (with what was reported), abandoned (the coordinator no
 * longer waits for it: stopped, nothing reported).
 */
export type StepRecordEvent =
  | { type: 'InfraStepAccepted'; data: { stepId: string; message: RunStepMessage; at: string } }
  | { type: 'InfraStepEnded'; data: { stepId: string; outcome: StepOutcome; at: string } }
  | { type: 'InfraStepAbandoned'; data: { stepId: string; reason: string; at: string } };

export type StepRecordCommand =
  | { type: 'AcceptStep'; data: { message: RunStepMessage; now: string } }
  | { type: 'EndStep'; data: { stepId: string; outcome: StepOutcome; now: string } }
  | { type: 'AbandonStep'; data: { stepId: string; reason: string; now: string } };

export type StepRecordState =
  | { status: 'none' }
  | { status: 'accepted'; message: RunStepMessage; acceptedAt: string }
  | { status: 'ended'; message: RunStepMessage; acceptedAt: string; outcome: StepOutcome }
  /** Abandoned before this service accepted it, the record holds no message. */
  | { status: 'abandoned'; message?: RunStepMessage; acceptedAt?: string; reason: string };

const TYPES: readonly string[] = ['InfraStepAccepted', 'InfraStepEnded', 'InfraStepAbandoned'];

export const isStepRecordEvent = (event: { type: string; data: unknown }): event is StepRecordEvent => TYPES.includes(event.type);
