import { AppError } from '@vnfm/contracts';
import { redact } from '@vnfm/util';
import type { StepRecordCommand, StepRecordEvent, StepRecordState } from './step-record.events';

export const initialStepRecordState = (): StepRecordState => ({ status: 'none' });

/**
 * Pure: the events a command causes on one step record. The first word
 * stays: accepting is idempotent (the stepId is the coordinator's
 * idempotency key), a step ends once, and a step the coordinator abandoned
 * neither starts nor ends afterwards. An abandonment that arrives before the
 * step (a lost or late runStep) is recorded, so the step never runs.
 */
export function decideStepRecord(command: StepRecordCommand, state: StepRecordState): StepRecordEvent[] {
  switch (command.type) {
    case 'AcceptStep': {
      const { message, now } = command.data;
      return state.status === 'none'
        ? [{ type: 'InfraStepAccepted', data: { stepId: message.stepId, message: redact(message), at: now } }]
        : [];
    }
    case 'EndStep': {
      const { stepId, outcome, now } = command.data;
      if (state.status === 'none') throw new AppError('STEP_NOT_ACCEPTED', 409, 'Conflict', `Step ${stepId} was never accepted.`);
      return state.status === 'accepted' ? [{ type: 'InfraStepEnded', data: { stepId, outcome, at: now } }] : [];
    }
    case 'AbandonStep': {
      const { stepId, reason, now } = command.data;
      return state.status === 'none' || state.status === 'accepted'
        ? [{ type: 'InfraStepAbandoned', data: { stepId, reason, at: now } }]
        : [];
    }
  }
}

export function evolveStepRecord(state: StepRecordState, event: StepRecordEvent): StepRecordState {
  switch (event.type) {
    case 'InfraStepAccepted':
      return { status: 'accepted', message: event.data.message, acceptedAt: event.data.at };
    case 'InfraStepEnded':
      return state.status === 'accepted' ? { ...state, status: 'ended', outcome: event.data.outcome } : state;
    case 'InfraStepAbandoned':
      return state.status === 'accepted' || state.status === 'none' ? { ...state, status: 'abandoned', reason: event.data.reason } : state;
  }
}
