import { AppError } from '@vnfm/contracts';
import type {
  LccnSubscriptionCreated,
  LccnSubscriptionCommand,
  LccnSubscriptionEvent,
  LccnSubscriptionState,
} from './lccn-subscription.types';

export const lccnSubscriptionNotFound = (id: string) =>
  new AppError('LCCN_SUBSCRIPTION_NOT_FOUND', 404, 'Not Found', `Subscription ${id} does not exist.`);
const alreadyExists = (id: string) =>
  new AppError('LCCN_SUBSCRIPTION_ALREADY_EXISTS', 409, 'Conflict', `Subscription ${id} already exists.`);

/** Pure: the events a command causes on one subscription, or an AppError refusing it. */
export function decideLccnSubscription(
  command: LccnSubscriptionCommand,
  state: LccnSubscriptionState,
  id: string,
): LccnSubscriptionEvent[] {
  if (command.type === 'CreateLccnSubscription') {
    if (state) throw alreadyExists(id);
    const { request, apiMajor, tenant, allTenants, now } = command.data;
    const data: LccnSubscriptionCreated['data'] = { id, apiMajor, callbackUri: request.callbackUri, createdAt: now };
    if (tenant !== undefined) data.tenant = tenant;
    if (allTenants) data.allTenants = true;
    if (request.filter !== undefined) data.filter = request.filter;
    if (request.authentication !== undefined) data.authentication = request.authentication;
    if (request.verbosity !== undefined) data.verbosity = request.verbosity;
    return [{ type: 'LccnSubscriptionCreated', data }];
  }
  if (!state || state.deleted) throw lccnSubscriptionNotFound(id);
  return [{ type: 'LccnSubscriptionDeleted', data: { at: command.data.now } }];
}

export function evolveLccnSubscription(state: LccnSubscriptionState, event: LccnSubscriptionEvent): LccnSubscriptionState {
  switch (event.type) {
    case 'LccnSubscriptionCreated':
      return { ...event.data };
    case 'LccnSubscriptionDeleted':
      return state && { ...state, deleted: true };
  }
}
