import type { AppError } from '@vnfm/contracts';
import { REDACTED } from '@vnfm/util';
import { decideVnfInstance } from './vnf-instance.decider';
import { replayVnfInstance } from './vnf-instance.evolve';
import type { VnfInstanceCommand } from './vnf-instance.commands';
import type { VnfInstanceEvent } from './vnf-instance.events';
import type { LcmOperationType } from '../sol003/sol003.types';
import { OPENSTACK_VIM, vnfc } from '../testing';

const ID = 'f26f181d-7a4b-4e4c-9f4d-6a6c3f8a9d01';
const OP = 'op-1';
const given = (events: VnfInstanceEvent[]) => replayVnfInstance(events);
const when = (events: VnfInstanceEvent[], command: VnfInstanceCommand) => decideVnfInstance(command, given(events), ID);
const then = (events: VnfInstanceEvent[], command: VnfInstanceCommand) => [...events, ...when(events, command)];
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return `${(error as AppError).status} ${(error as AppError).code}`;
  }
  return 'accepted';
};
const start = (operation: LcmOperationType, vnfLcmOpOccId = OP, operationParams: unknown = {}): VnfInstanceCommand => ({
  type: 'StartVnfLcmOperation',
  data: { vnfLcmOpOccId, operation, operationParams, now: 't1' },
});
const end = (operationState: 'COMPLETED' | 'FAILED' | 'ROLLED_BACK', vnfLcmOpOccId = OP): VnfInstanceCommand => ({
  type: 'EndVnfLcmOperation',
  data: { vnfLcmOpOccId, operationState, now: 't9' },
});

const created = when([], {
  type: 'CreateVnfInstance',
  data: { vnfInstanceId: ID, request: { vnfdId: 'vnfd-1', vnfInstanceName: 'vnf1', metadata: { a: 1 } }, now: 't0' },
});
const instantiated = [
  ...created,
  ...when(created, start('INSTANTIATE')),
  {
    type: 'VnfInstantiated',
    data: {
      vnfLcmOpOccId: OP,
      stepId: 's1',
      flavourId: 'simple',
      instantiationLevelId: 'instantiation_level_1',
      vimConnectionInfo: OPENSTACK_VIM,
      extCpInfo: [],
      at: 't2',
    },
  },
  { type: 'VnfcsAdded', data: { vnfLcmOpOccId: OP, stepId: 's1', vnfcs: [vnfc('a', 'VDU1'), vnfc('b', 'VDU2')], at: 't2' } },
  {
    type: 'VnfScaleLevelChanged',
    data: { vnfLcmOpOccId: OP, stepId: 's1', scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 0 }], at: 't2' },
  },
  { type: 'VnfLcmOperationEnded', data: { vnfLcmOpOccId: OP, operationState: 'COMPLETED', at: 't3' } },
] satisfies VnfInstanceEvent[];

describe('VNF instance decider', () => {
  it('creates a NOT_INSTANTIATED instance once', () => {
    expect(given(created)).toMatchObject({
      id: ID,
      vnfdId: 'vnfd-1',
      vnfInstanceName: 'vnf1',
      instantiationState: 'NOT_INSTANTIATED',
      metadata: { a: 1 },
      deleted: false,
    });
    expect(
      refusal(() => when(created, { type: 'CreateVnfInstance', data: { vnfInstanceId: ID, request: { vnfdId: 'x' }, now: 't' } })),
    ).toBe('409 VNF_INSTANCE_ALREADY_EXISTS');
  });

  it('records the creating tenant as the owner in the creation event; an instance created without one has no tenant', () => {
    const owned = when([], {
      type: 'CreateVnfInstance',
      data: { vnfInstanceId: ID, tenant: 'tenant-a', request: { vnfdId: 'vnfd-1' }, now: 't0' },
    });
    expect(owned[0].data).toMatchObject({ tenant: 'tenant-a' });
    expect(given([...owned, ...when(owned, start('INSTANTIATE'))])).toMatchObject({ tenant: 'tenant-a' });
    expect(created[0].data).not.toHaveProperty('tenant');
    expect(given(created)).not.toHaveProperty('tenant');
  });

  it('refuses every command on an instance that does not exist or was deleted', () => {
    const deleted = then(created, { type: 'DeleteVnfInstance', data: { now: 't5' } });
    for (const events of [[], deleted]) {
      expect(refusal(() => when(events, start('INSTANTIATE')))).toBe('404 VNF_INSTANCE_NOT_FOUND');
      expect(refusal(() => when(events, { type: 'DeleteVnfInstance', data: { now: 't' } }))).toBe('404 VNF_INSTANCE_NOT_FOUND');
      expect(refusal(() => when(events, end('COMPLETED')))).toBe('404 VNF_INSTANCE_NOT_FOUND');
    }
  });

  it('records the operation started with sealed markers as they are, masking a secret that arrived unsealed', () => {
    const marker = 'sealed:v1:djE.aXYxMjM0NTY3ODkw.Y2lwaGVydGV4dA.dGFnMTIzNDU2Nzg5MGFi';
    const [event] = when(
      created,
      start('INSTANTIATE', OP, { flavourId: 'simple', additionalParams: { password: marker, proxy: 'http://u:p@h:1' } }),
    );
    expect(event.data).toMatchObject({ operationParams: { additionalParams: { password: marker, proxy: `http://u:${REDACTED}@h:1` } } });
  });

  it('records the operation started, with secrets in its parameters redacted', () => {
    const events = when(created, start('INSTANTIATE', OP, { flavourId: 'simple', additionalParams: { password: 'secret' } }));
    expect(events).toEqual([
      {
        type: 'VnfLcmOperationStarted',
        data: {
          vnfLcmOpOccId: OP,
          operation: 'INSTANTIATE',
          operationParams: { flavourId: 'simple', additionalParams: { password: REDACTED } },
          at: 't1',
        },
      },
    ]);
    expect(given([...created, ...events])?.operationInProgress).toEqual({
      vnfLcmOpOccId: OP,
      operation: 'INSTANTIATE',
      operationState: 'STARTING',
      appliedStepIds: [],
    });
  });

  it.each<[LcmOperationType, 'NOT_INSTANTIATED' | 'INSTANTIATED', string]>([
    ['INSTANTIATE', 'NOT_INSTANTIATED', 'accepted'],
    ['INSTANTIATE', 'INSTANTIATED', '409 VNF_INSTANCE_STATE_CONFLICT'],
    ['SCALE', 'INSTANTIATED', 'accepted'],
    ['SCALE', 'NOT_INSTANTIATED', '409 VNF_INSTANCE_STATE_CONFLICT'],
    ['SCALE_TO_LEVEL', 'NOT_INSTANTIATED', '409 VNF_INSTANCE_STATE_CONFLICT'],
    ['HEAL', 'NOT_INSTANTIATED', '409 VNF_INSTANCE_STATE_CONFLICT'],
    ['HEAL', 'INSTANTIATED', 'accepted'],
    ['TERMINATE', 'NOT_INSTANTIATED', '409 VNF_INSTANCE_STATE_CONFLICT'],
    ['TERMINATE', 'INSTANTIATED', 'accepted'],
    ['CHANGE_EXT_CONN', 'NOT_INSTANTIATED', '409 VNF_INSTANCE_STATE_CONFLICT'],
    ['MODIFY_INFO', 'NOT_INSTANTIATED', 'accepted'],
    ['MODIFY_INFO', 'INSTANTIATED', 'accepted'],
    ['OPERATE', 'INSTANTIATED', '501 LCM_OPERATION_NOT_SUPPORTED'],
  ])('%s on a %s instance: %s', (operation, instantiationState, outcome) => {
    const events = instantiationState === 'INSTANTIATED' ? instantiated : created;
    expect(refusal(() => when(events, start(operation, 'op-2')))).toBe(outcome);
  });

  it('runs one operation at a time, and names FAILED_TEMP as needing retry, rollback or fail', () => {
    const busy = then(instantiated, start('SCALE', 'op-2'));
    expect(refusal(() => when(busy, start('HEAL', 'op-3')))).toBe('409 LCM_OPERATION_IN_PROGRESS');
    const failedTemp = then(busy, {
      type: 'RecordVnfLcmOperationState',
      data: { vnfLcmOpOccId: 'op-2', operationState: 'FAILED_TEMP', now: 't' },
    });
    expect(refusal(() => when(failedTemp, start('HEAL', 'op-3')))).toBe('409 LCM_OPERATION_FAILED_TEMP');
    const ended = then(failedTemp, end('FAILED', 'op-2'));
    expect(refusal(() => when(ended, start('HEAL', 'op-3')))).toBe('accepted');
  });

  it('refuses state changes and results of an operation that is not the one in progress', () => {
    const busy = then(instantiated, start('SCALE', 'op-2'));
    expect(
      refusal(() =>
        when(busy, { type: 'RecordVnfLcmOperationState', data: { vnfLcmOpOccId: 'other', operationState: 'PROCESSING', now: 't' } }),
      ),
    ).toBe('409 LCM_OPERATION_MISMATCH');
    expect(
      refusal(() => when(busy, { type: 'ApplyVnfOperationResult', data: { vnfLcmOpOccId: 'other', stepId: 's', changes: {}, now: 't' } })),
    ).toBe('409 LCM_OPERATION_MISMATCH');
  });

  it('applies a step result once: VNFCs, scale levels and instantiation, each its own event', () => {
    const busy = then(created, start('INSTANTIATE'));
    const apply: VnfInstanceCommand = {
      type: 'ApplyVnfOperationResult',
      data: {
        vnfLcmOpOccId: OP,
        stepId: 'op-1:1:1',
        changes: {
          instantiated: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM, extCpInfo: [] },
          vnfcsAdded: [vnfc('a', 'VDU1')],
          scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 0 }],
        },
        now: 't2',
      },
    };
    const events = when(busy, apply);
    expect(events.map((e) => e.type)).toEqual(['VnfInstantiated', 'VnfcsAdded', 'VnfScaleLevelChanged']);
    const after = [...busy, ...events];
    expect(given(after)).toMatchObject({
      instantiationState: 'INSTANTIATED',
      vimConnectionInfo: OPENSTACK_VIM,
      instantiatedVnfInfo: {
        flavourId: 'simple',
        vnfcResourceInfo: [vnfc('a', 'VDU1')],
        scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 0 }],
      },
    });
    expect(when(after, apply)).toEqual([]);
  });

  it('records the network a step read last: it replaces what was known, and each VNFC gets its CPs', () => {
    const busy = then(instantiated, start('SCALE', 'op-s'));
    const link = {
      id: 'net-3',
      vnfVirtualLinkDescId: 'internalVL3',
      networkResource: { resourceId: 'net-3' },
      vnfLinkPorts: [{ id: 'port-c', resourceHandle: { resourceId: 'port-c' } }],
    };
    const network = {
      extCpInfo: [{ id: 'port-x', cpdId: 'VDU2_CP2' }],
      virtualLinkResourceInfo: [link],
      vnfcCpInfo: {
        b: [{ id: 'port-x', cpdId: 'VDU2_CP2', vnfExtCpId: 'port-x' }],
        c: [{ id: 'port-c', cpdId: 'VDU1_CP5', vnfLinkPortId: 'port-c' }],
      },
    };
    const events = when(busy, {
      type: 'ApplyVnfOperationResult',
      data: { vnfLcmOpOccId: 'op-s', stepId: 's', changes: { vnfcsAdded: [vnfc('c', 'VDU1')], network }, now: 't7' },
    });
    expect(events.map((e) => e.type)).toEqual(['VnfcsAdded', 'VnfNetworkResourcesObserved']);
    const info = given([...busy, ...events])?.instantiatedVnfInfo;
    expect(info?.extCpInfo).toEqual(network.extCpInfo);
    expect(info?.virtualLinkResourceInfo).toEqual([link]);
    expect(info?.vnfcResourceInfo.map((v) => [v.id, v.vnfcCpInfo?.map((cp) => cp.id)])).toEqual([
      ['a', undefined],
      ['b', ['port-x']],
      ['c', ['port-c']],
    ]);
  });

  it('refuses resources on an instance that is not instantiated', () => {
    const busy = then(created, start('MODIFY_INFO'));
    expect(
      refusal(() =>
        when(busy, {
          type: 'ApplyVnfOperationResult',
          data: { vnfLcmOpOccId: OP, stepId: 's', changes: { vnfcsAdded: [vnfc('a', 'VDU1')] }, now: 't' },
        }),
      ),
    ).toBe('409 VNF_INSTANCE_STATE_CONFLICT');
  });

  it('removes only VNFCs it has, and terminates back to NOT_INSTANTIATED keeping the VIM references', () => {
    const busy = then(instantiated, start('TERMINATE', 'op-t'));
    const events = when(busy, {
      type: 'ApplyVnfOperationResult',
      data: { vnfLcmOpOccId: 'op-t', stepId: 's', changes: { vnfcIdsRemoved: ['a', 'b', 'ghost'], terminated: true }, now: 't6' },
    });
    expect(events).toEqual([
      { type: 'VnfcsRemoved', data: { vnfLcmOpOccId: 'op-t', stepId: 's', vnfcs: [vnfc('a', 'VDU1'), vnfc('b', 'VDU2')], at: 't6' } },
      { type: 'VnfTerminated', data: { vnfLcmOpOccId: 'op-t', stepId: 's', at: 't6' } },
    ]);
    const after = given([...busy, ...events]);
    expect(after).toMatchObject({ instantiationState: 'NOT_INSTANTIATED', vimConnectionInfo: OPENSTACK_VIM });
    expect(after?.instantiatedVnfInfo).toBeUndefined();
  });

  it('modifies name and merge-patches metadata', () => {
    const busy = then(created, start('MODIFY_INFO'));
    const events = when(busy, {
      type: 'ApplyVnfOperationResult',
      data: {
        vnfLcmOpOccId: OP,
        stepId: 'op-1:modify',
        changes: { modifications: { vnfInstanceName: 'renamed', metadata: { a: null, b: 2 } } },
        now: 't2',
      },
    });
    expect(given([...busy, ...events])).toMatchObject({ vnfInstanceName: 'renamed', metadata: { b: 2 } });
  });

  it('ends the operation in progress; ending it again changes nothing', () => {
    const busy = then(created, start('MODIFY_INFO'));
    const ended = then(busy, end('COMPLETED'));
    expect(given(ended)?.operationInProgress).toBeUndefined();
    expect(when(ended, end('COMPLETED'))).toEqual([]);
  });

  it('deletes only a NOT_INSTANTIATED instance with no operation in progress', () => {
    expect(refusal(() => when(instantiated, { type: 'DeleteVnfInstance', data: { now: 't' } }))).toBe('409 VNF_INSTANCE_STATE_CONFLICT');
    expect(refusal(() => when(then(created, start('INSTANTIATE')), { type: 'DeleteVnfInstance', data: { now: 't' } }))).toBe(
      '409 LCM_OPERATION_IN_PROGRESS',
    );
    expect(when(created, { type: 'DeleteVnfInstance', data: { now: 't7' } })).toEqual([{ type: 'VnfInstanceDeleted', data: { at: 't7' } }]);
  });
});
