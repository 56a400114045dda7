import { redact } from '@vnfm/util';
import type { HeatStackCommand, HeatStackEvent, HeatStackState } from './heat-stack.events';

export const initialHeatStackState = (): HeatStackState => ({ status: 'none' });

/**
 * Pure: the record of an instance's stack. Defining the same stack again
 * records nothing new. Parameters keep the request's sealed secrets as they
 * came (a later step opens them again for Heat); a secret that arrived
 * unsealed is redacted, as a defence (the template only declares parameters).
 */
export function decideHeatStack(command: HeatStackCommand, state: HeatStackState): HeatStackEvent[] {
  switch (command.type) {
    case 'DefineHeatStack': {
      const { stackName, now } = command.data;
      const definition = { ...command.data.definition, parameters: redact(command.data.definition.parameters) };
      const same =
        state.status === 'defined' && state.stackName === stackName && JSON.stringify(state.definition) === JSON.stringify(definition);
      return same ? [] : [{ type: 'HeatStackDefined', data: { stackName, definition, at: now } }];
    }
    case 'DeleteHeatStack':
      return state.status === 'defined' ? [{ type: 'HeatStackDeleted', data: { stackName: state.stackName, at: command.data.now } }] : [];
  }
}

export function evolveHeatStack(_state: HeatStackState, event: HeatStackEvent): HeatStackState {
  switch (event.type) {
    case 'HeatStackDefined':
      return { status: 'defined', stackName: event.data.stackName, definition: event.data.definition };
    case 'HeatStackDeleted':
      return { status: 'deleted', stackName: event.data.stackName };
  }
}
