import { type StepCommand, type StepResult, type ProblemDetails } from '@vnfm/contracts';
import type { ServiceName } from '@vnfm/contracts';
import type { VnfInstanceCommand } from '../vnf-instance/vnf-instance.commands';
import type { VnfLcmOpOccEvent } from '../op-occ/vnf-lcm-op-occ.events';
import type { VnfLcmOpOccState } from '../op-occ/vnf-lcm-op-occ.state';

/** The workflow's whole memory is its occurrence's stream: rebuilt by folding it after a crash. */
export interface LcmWorkflowState {
  opOcc: VnfLcmOpOccState;
}

/** Replies of the target services, the timeouts the workflow scheduled, and the coordinator's own restart. */
export type StepReply =
  | { type: 'StepSucceeded'; data: { stepId: string; result: StepResult; now: string } }
  | { type: 'StepFailed'; data: { stepId: string; error: ProblemDetails; now: string } }
  | { type: 'StepTimedOut'; data: { stepId: string; now: string } }
  | { type: 'CoordinatorRestarted'; data: { now: string } };

/**
 * Inputs: op-occ events another writer appended (the start, and retry /
 * rollback / fail from the API) and step replies. Events the workflow
 * appended itself come back as `ignore`: its state already holds them.
 */
export type LcmWorkflowInput = VnfLcmOpOccEvent | StepReply;

export type LcmWorkflowOutput =
  | { kind: 'send'; target: ServiceName; command: StepCommand }
  | { kind: 'append'; stream: 'vnfLcmOpOcc'; events: VnfLcmOpOccEvent[] }
  | { kind: 'append'; stream: 'vnfInstance'; command: VnfInstanceCommand }
  | { kind: 'schedule'; stepId: string; afterMs: number }
  | { kind: 'complete'; operationState: 'COMPLETED' | 'FAILED' | 'ROLLED_BACK' }
  | { kind: 'ignore'; reason: string };

/**
 * Outputs are to be carried out in order: instance commands first (the
 * instance stream is the guard; its commands are idempotent per step), then
 * the op-occ events, then sends and timeouts. A crash between them leaves the
 * occurrence behind the instance, never ahead, and a restart catches up.
 */
export interface LcmWorkflowReaction {
  state: LcmWorkflowState;
  outputs: LcmWorkflowOutput[];
}
