import type { RegisterVim, UnsetDefaultVim, UpdateVim, VimCommand } from './vim.commands';
import { vimAlreadyRegistered, vimNotFound } from './vim.errors';
import type { VimEvent, VimFoundReachable, VimFoundUnreachable, VimUpdated } from './vim.events';
import type { Reachability, VimRecord } from './vim.types';

export type VimState = { status: 'absent' } | { status: 'registered'; vim: VimRecord } | { status: 'deleted'; vimId: string };

export const initialVimState = (): VimState => ({ status: 'absent' });

/** Pure: which events a command causes on one VIM, or an AppError refusing it. */
export function decide(command: VimCommand, state: VimState, vimId: string): VimEvent[] {
  switch (command.type) {
    case 'RegisterVim':
      return register(command, state);
    case 'UpdateVim':
      return update(command, registered(state, vimId));
    case 'UnsetDefaultVim':
      return unsetDefault(command, registered(state, vimId));
    case 'DeleteVim':
      registered(state, vimId);
      return [{ type: 'VimDeleted', data: { deletedAt: command.data.now } }];
  }
}

function registered(state: VimState, vimId: string): VimRecord {
  if (state.status !== 'registered') throw vimNotFound(vimId);
  return state.vim;
}

function register({ data }: RegisterVim, state: VimState): VimEvent[] {
  if (state.status !== 'absent') throw vimAlreadyRegistered(data.vimId);
  const { registration: r } = data;
  return [
    {
      type: 'VimRegistered',
      data: {
        vimId: data.vimId,
        name: r.name,
        description: r.description,
        vimType: r.type,
        tenantId: r.tenantId,
        authUrl: r.authUrl,
        vimProject: r.vimProject,
        authCred: r.authCred,
        sealedSecrets: r.sealedSecrets,
        extra: r.extra,
        isDefault: r.isDefault,
        registeredAt: data.now,
      },
    },
    reachabilityEvent(data.reachability),
  ];
}

function update({ data }: UpdateVim, vim: VimRecord): VimEvent[] {
  const { changes, now } = data;
  const changed: VimUpdated['data'] = { updatedAt: now };
  if (changes.name !== undefined && changes.name !== vim.name) changed.name = changes.name;
  if (changes.description !== undefined && changes.description !== vim.description) changed.description = changes.description;
  if (changes.vimProject && !sameJson(changes.vimProject, vim.vimProject)) changed.vimProject = changes.vimProject;
  if (changes.extra && !sameJson(changes.extra, vim.extra)) changed.extra = changes.extra;
  // Sealed values differ on every seal (random IV): new credentials always count as a change.
  if (changes.authCred) changed.authCred = changes.authCred;
  if (changes.sealedSecrets) changed.sealedSecrets = changes.sealedSecrets;
  const events: VimEvent[] = Object.keys(changed).length > 1 ? [{ type: 'VimUpdated', data: changed }] : [];
  if (data.reachability) events.push(reachabilityEvent(data.reachability));
  if (changes.isDefault === true && !vim.isDefault) events.push({ type: 'VimSetAsDefault', data: { at: now } });
  if (changes.isDefault === false && vim.isDefault) events.push({ type: 'VimUnsetAsDefault', data: { at: now } });
  return events;
}

function unsetDefault({ data }: UnsetDefaultVim, vim: VimRecord): VimEvent[] {
  return vim.isDefault ? [{ type: 'VimUnsetAsDefault', data: { at: data.now, replacedBy: data.replacedBy } }] : [];
}

function reachabilityEvent(result: Reachability): VimFoundReachable | VimFoundUnreachable {
  return result.status === 'REACHABLE'
    ? { type: 'VimFoundReachable', data: { checkedAt: result.checkedAt, placementAttr: result.placementAttr, detail: result.detail } }
    : { type: 'VimFoundUnreachable', data: { checkedAt: result.checkedAt, reason: result.reason } };
}

/** Pure: the state after one event. */
export function evolve(state: VimState, event: VimEvent): VimState {
  if (event.type === 'VimRegistered') return { status: 'registered', vim: fromRegistration(event.data) };
  if (state.status !== 'registered') return state;
  const vim = state.vim;
  switch (event.type) {
    case 'VimFoundReachable':
      return withVim({ ...vim, status: 'REACHABLE', statusReason: undefined, placementAttr: event.data.placementAttr });
    case 'VimFoundUnreachable':
      return withVim({ ...vim, status: 'UNREACHABLE', statusReason: event.data.reason });
    case 'VimUpdated': {
      const { updatedAt, ...changes } = event.data;
      return withVim({ ...vim, ...changes, updatedAt });
    }
    case 'VimSetAsDefault':
      return withVim({ ...vim, isDefault: true, defaultSince: event.data.at, updatedAt: event.data.at });
    case 'VimUnsetAsDefault':
      return withVim({ ...vim, isDefault: false, defaultSince: undefined, updatedAt: event.data.at });
    case 'VimDeleted':
      return { status: 'deleted', vimId: vim.id };
  }
}

function fromRegistration(data: Extract<VimEvent, { type: 'VimRegistered' }>['data']): VimRecord {
  return {
    id: data.vimId,
    name: data.name,
    description: data.description,
    type: data.vimType,
    tenantId: data.tenantId,
    authUrl: data.authUrl,
    vimProject: data.vimProject,
    authCred: data.authCred,
    sealedSecrets: data.sealedSecrets,
    extra: data.extra,
    isDefault: data.isDefault,
    defaultSince: data.isDefault ? data.registeredAt : undefined,
    status: 'PENDING',
    placementAttr: {},
    createdAt: data.registeredAt,
    updatedAt: null,
  };
}

const withVim = (vim: VimRecord): VimState => ({ status: 'registered', vim });

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
