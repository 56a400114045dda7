import type { AppError } from '@vnfm/contracts';
import type { VimCommand } from './vim.commands';
import type { SealedVimRegistration } from './vim.types';
import { decide, evolve, initialVimState, type VimState } from './vim.decider';
import type { VimEvent } from './vim.events';
import type { Reachability } from './vim.types';

const VIM_ID = '6c1f6d3e-3b9e-4c55-9b0e-2f4f7a0e1a11';
const registration: SealedVimRegistration = {
  name: 'vim-os',
  description: '',
  type: 'openstack',
  tenantId: 'admin',
  authUrl: 'http://127.0.0.1:5000/identity/v3',
  vimProject: { name: 'nfv', project_domain_name: 'Default' },
  authCred: { username: 'nfv_user', user_domain_name: 'Default', cert_verify: 'True' },
  sealedSecrets: { password: 'v1.aaa.bbb.ccc' },
  extra: {},
  isDefault: false,
};
const reachable: Reachability = {
  status: 'REACHABLE',
  checkedAt: '2025-01-01T00:00:01.000Z',
  placementAttr: { regions: ['RegionOne'] },
  detail: 'Keystone v3 token issued',
};

const given = (events: VimEvent[]): VimState => events.reduce(evolve, initialVimState());
const when = (events: VimEvent[], command: VimCommand) => decide(command, given(events), VIM_ID);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as AppError).code;
  }
  return 'accepted';
};
const registered = when([], {
  type: 'RegisterVim',
  data: { vimId: VIM_ID, registration, reachability: reachable, now: '2025-01-01T00:00:00.000Z' },
});

describe('VIM decider', () => {
  it('registers a VIM with its reachability in one decision', () => {
    expect(registered.map((e) => e.type)).toEqual(['VimRegistered', 'VimFoundReachable']);
    const state = given(registered);
    expect(state).toMatchObject({
      status: 'registered',
      vim: { id: VIM_ID, status: 'REACHABLE', placementAttr: { regions: ['RegionOne'] }, updatedAt: null },
    });
  });

  it('records an unreachable VIM with the reason', () => {
    const events = when([], {
      type: 'RegisterVim',
      data: {
        vimId: VIM_ID,
        registration,
        reachability: { status: 'UNREACHABLE', checkedAt: 't', reason: 'Keystone refused the credentials (401)' },
        now: 't',
      },
    });
    expect(given(events)).toMatchObject({
      status: 'registered',
      vim: { status: 'UNREACHABLE', statusReason: 'Keystone refused the credentials (401)' },
    });
  });

  it('refuses to register the same VIM twice', () => {
    expect(
      refusal(() => when(registered, { type: 'RegisterVim', data: { vimId: VIM_ID, registration, reachability: reachable, now: 't' } })),
    ).toBe('VIM_ALREADY_REGISTERED');
  });

  it('updates only what changed, and nothing when nothing changed', () => {
    const events = when(registered, {
      type: 'UpdateVim',
      data: { changes: { name: 'renamed', description: '' }, now: '2025-01-02T00:00:00.000Z' },
    });
    expect(events).toEqual([{ type: 'VimUpdated', data: { updatedAt: '2025-01-02T00:00:00.000Z', name: 'renamed' } }]);
    expect(given([...registered, ...events])).toMatchObject({ vim: { name: 'renamed', updatedAt: '2025-01-02T00:00:00.000Z' } });
    expect(when(registered, { type: 'UpdateVim', data: { changes: { name: 'vim-os' }, now: 't' } })).toEqual([]);
  });

  it('re-records reachability when credentials change', () => {
    const events = when(registered, {
      type: 'UpdateVim',
      data: {
        changes: { sealedSecrets: { password: 'v1.new' } },
        reachability: { status: 'UNREACHABLE', checkedAt: 't2', reason: 'refused' },
        now: 't2',
      },
    });
    expect(events.map((e) => e.type)).toEqual(['VimUpdated', 'VimFoundUnreachable']);
    expect(given([...registered, ...events])).toMatchObject({ vim: { status: 'UNREACHABLE', sealedSecrets: { password: 'v1.new' } } });
  });

  it('sets and unsets the default, remembering when it became default', () => {
    const set = when(registered, { type: 'UpdateVim', data: { changes: { isDefault: true }, now: 't3' } });
    expect(set).toEqual([{ type: 'VimSetAsDefault', data: { at: 't3' } }]);
    expect(given([...registered, ...set])).toMatchObject({ vim: { isDefault: true, defaultSince: 't3' } });
    const moved = when([...registered, ...set], { type: 'UnsetDefaultVim', data: { replacedBy: 'other', now: 't4' } });
    expect(moved).toEqual([{ type: 'VimUnsetAsDefault', data: { at: 't4', replacedBy: 'other' } }]);
    expect(when(registered, { type: 'UnsetDefaultVim', data: { replacedBy: 'other', now: 't4' } })).toEqual([]);
  });

  it('deletes a VIM once; afterwards it is not found', () => {
    const deleted = when(registered, { type: 'DeleteVim', data: { now: 't5' } });
    expect(deleted).toEqual([{ type: 'VimDeleted', data: { deletedAt: 't5' } }]);
    const after = [...registered, ...deleted];
    expect(given(after)).toEqual({ status: 'deleted', vimId: VIM_ID });
    expect(refusal(() => when(after, { type: 'DeleteVim', data: { now: 't6' } }))).toBe('VIM_NOT_FOUND');
    expect(refusal(() => when(after, { type: 'UpdateVim', data: { changes: { name: 'x' }, now: 't6' } }))).toBe('VIM_NOT_FOUND');
    expect(refusal(() => when([], { type: 'DeleteVim', data: { now: 't6' } }))).toBe('VIM_NOT_FOUND');
  });
});
