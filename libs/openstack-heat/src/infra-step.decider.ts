import { AppError } from '@vnfm/contracts';
import { redact } from '@vnfm/util';
import type { InfraStepCommand, InfraStepEvent, InfraStepState } from './infra-step.events';

export const initialInfraStepState = (): InfraStepState => ({ status: 'none' });

/**
 * Pure: the events a command causes on one step record. Accepting is
 * idempotent (a step accepted or ended stays as it is: the stepId is the
 * coordinator's idempotency key), and so is ending: the first outcome stays.
 */
export function decideInfraStep(command: InfraStepCommand, state: InfraStepState): InfraStepEvent[] {
  switch (command.type) {
    case 'AcceptInfraStep': {
      const { message, now } = command.data;
      return state.status === 'none' ? [{ type: 'InfraStepAccepted', data: { stepId: message.stepId, message: redact(message), at: now } }] : [];
    }
    case 'EndInfraStep': {
      const { stepId, outcome, now } = command.data;
      if (state.status === 'none') throw new AppError('INFRA_STEP_NOT_ACCEPTED', 409, 'Conflict', `Step ${stepId} was never accepted.`);
      return state.status === 'accepted' ? [{ type: 'InfraStepEnded', data: { stepId, outcome, at: now } }] : [];
    }
  }
}

export function evolveInfraStep(state: InfraStepState, event: InfraStepEvent): InfraStepState {
  switch (event.type) {
    case 'InfraStepAccepted':
      return { status: 'accepted', message: event.data.message, acceptedAt: event.data.at };
    case 'InfraStepEnded':
      return state.status === 'accepted' ? { ...state, status: 'ended', outcome: event.data.outcome } : state;
  }
}
