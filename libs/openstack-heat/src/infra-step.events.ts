import type { RecordStepResultMessage, RunStepMessage } from '@vnfm/contracts';

/** The outcome a driver reports for a step (`lcm-coordinator.recordStepResult`). */
export type InfraStepOutcome = RecordStepResultMessage['outcome'];

export const INFRA_STEP_STREAM_PREFIX = 'infraStep-';

/** One stream per step attempt, keyed by the coordinator's idempotency key. */
export const infraStepStream = (stepId: string) => `${INFRA_STEP_STREAM_PREFIX}${stepId}`;

/** Events of the driver's own record of a step: accepted (the work may have started), ended (with what was reported). */
export type InfraStepEvent =
  | { type: 'InfraStepAccepted'; data: { stepId: string; message: RunStepMessage; at: string } }
  | { type: 'InfraStepEnded'; data: { stepId: string; outcome: InfraStepOutcome; at: string } };

export type InfraStepCommand = { type: 'AcceptInfraStep'; data: { message: RunStepMessage; now: string } } | { type: 'EndInfraStep'; data: { stepId: string; outcome: InfraStepOutcome; now: string } };

export type InfraStepState =
  | { status: 'none' }
  | { status: 'accepted'; message: RunStepMessage; acceptedAt: string }
  | { status: 'ended'; message: RunStepMessage; acceptedAt: string; outcome: InfraStepOutcome };

const TYPES: readonly string[] = ['InfraStepAccepted', 'InfraStepEnded'];

export const isInfraStepEvent = (event: { type: string; data: unknown }): event is InfraStepEvent => TYPES.includes(event.type);
