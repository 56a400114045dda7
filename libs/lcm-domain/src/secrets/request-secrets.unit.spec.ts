import { SECRET_SHOWN } from '@vnfm/util';
import { auditEntries } from '../audit/audit.fold';
import { refuseSealedMarkers } from './request-secrets';
import { hookAdditionalParams, instantiationParamsOf } from '../vnf-instance/instantiation-params';
import { refusalOf } from '../testing';
import { decideVnfInstance } from '../vnf-instance/vnf-instance.decider';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';
import { replayVnfInstance } from '../vnf-instance/vnf-instance.evolve';
import { toVnfInstanceView } from '../views/vnf-instance.view';
import { decideVnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.decider';
import { replayVnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.evolve';
import { toVnfLcmOpOccView } from '../views/vnf-lcm-op-occ.view';

const ID = 'f26f181d-7a4b-4e4c-9f4d-6a6c3f8a9d01';
// Shaped as the coordinator seals them (the cipher's base64url parts joined by dots).
const SEALED_A = 'sealed:v1:djE.aXYxMjM0NTY3ODkw.Y2lwaGVydGV4dA.dGFnMTIzNDU2Nzg5MGFi';
const SEALED_B = 'sealed:v1:djE.aXZhYmNkZWZnaGlq.b3RoZXJjaXBoZXI.dGFnYWJjZGVmZ2hpamts';
const instantiate = {
  flavourId: 'simple',
  instantiationLevelId: 'instantiation_level_1',
  extVirtualLinks: [{ id: 'net0_master', resourceId: 'b0b84da3' }],
  additionalParams: {
    k8s_cluster_installation_param: {
      ansible: { username: 'ansible', password: SEALED_A },
      proxy: { http_proxy: SEALED_B, no_proxy: '10.0.0.1' },
    },
    'lcm-operation-user-data': './UserData/k8s_cluster_user_data.py',
  },
};
const created: VnfInstanceEvent = {
  type: 'VnfInstanceCreated',
  data: { vnfInstanceId: ID, vnfdId: 'vnfd-1', metadata: { token: SEALED_A }, createdAt: 't0' },
};
const started = (operation: 'INSTANTIATE' | 'SCALE', operationParams: unknown, vnfLcmOpOccId = 'op-1') =>
  decideVnfInstance(
    { type: 'StartVnfLcmOperation', data: { vnfLcmOpOccId, operation, operationParams, now: 't1' } },
    replayVnfInstance([created]),
    ID,
  );

describe('sealed request secrets in the LCM domain', () => {
  it('refuses client input holding a sealed marker with 400, anywhere in it', () => {
    expect(() => refuseSealedMarkers(instantiate)).toThrow();
    expect(refusalOf(() => refuseSealedMarkers({ additionalParams: { note: SEALED_A } }))).toBe('400 SEALED_MARKER_IN_REQUEST');
    expect(refusalOf(() => refuseSealedMarkers({ metadata: { list: [{ x: SEALED_B }] } }))).toBe('400 SEALED_MARKER_IN_REQUEST');
    expect(() => refuseSealedMarkers({ additionalParams: { password: 'clear', note: 'sealed:v1: is our prefix' } })).not.toThrow();
  });

  it('records sealed markers as they are in the instance and occurrence events', () => {
    const [event] = started('INSTANTIATE', instantiate);
    expect(event.data).toMatchObject({ operationParams: instantiate });
    const opOcc = decideVnfLcmOpOcc(
      {
        type: 'StartLcmOpOcc',
        data: {
          vnfLcmOpOccId: 'op-1',
          vnfInstanceId: ID,
          operation: 'INSTANTIATE',
          operationParams: instantiate,
          isAutomaticInvocation: false,
          plan: [],
          now: 't1',
        },
      },
      undefined,
      'op-1',
    );
    expect(JSON.stringify(opOcc)).toContain(SEALED_A);
  });

  it('views and audit entries show [SECRET] where a secret was given, never the marker', () => {
    const events = [created, ...started('INSTANTIATE', instantiate)];
    const opOcc = replayVnfLcmOpOcc(
      decideVnfLcmOpOcc(
        {
          type: 'StartLcmOpOcc',
          data: {
            vnfLcmOpOccId: 'op-1',
            vnfInstanceId: ID,
            operation: 'INSTANTIATE',
            operationParams: instantiate,
            isAutomaticInvocation: false,
            plan: [],
            now: 't1',
          },
        },
        undefined,
        'op-1',
      ),
    );
    if (!opOcc) throw new Error('the occurrence was not started');
    const opOccView = toVnfLcmOpOccView(2, opOcc);
    expect(opOccView.operationParams).toMatchObject({
      additionalParams: {
        k8s_cluster_installation_param: { ansible: { username: 'ansible', password: SECRET_SHOWN }, proxy: { http_proxy: SECRET_SHOWN } },
      },
    });
    const instance = replayVnfInstance(events);
    if (!instance) throw new Error('the instance was not created');
    const instanceView = toVnfInstanceView(1, instance);
    expect(instanceView.metadata).toEqual({ token: SECRET_SHOWN });
    const audit = auditEntries(
      events.map((event, revision) => ({ ...event, revision, metadata: { principal: 'admin', timestamp: 't', correlationId: 'c' } })),
    );
    for (const text of [JSON.stringify(opOccView), JSON.stringify(instanceView), JSON.stringify(audit)])
      expect(text).not.toContain('sealed:v1:');
    expect(audit[1].request).toMatchObject({
      additionalParams: { k8s_cluster_installation_param: { ansible: { password: SECRET_SHOWN } } },
    });
  });

  it('keeps the instantiation parameters with the instance for later hooks; a later request wins per top-level key', () => {
    const events = [created, ...started('INSTANTIATE', { ...instantiate, vimConnectionInfo: { vim1: { vimId: 'v', vimType: 't' } } })];
    const instance = replayVnfInstance(events);
    expect(instantiationParamsOf(instance)).toEqual(instantiate);
    const scale = { 'lcm-operation-user-data': './UserData/other.py', extra_param: 1 };
    expect(hookAdditionalParams(instance, scale)).toEqual({
      k8s_cluster_installation_param: instantiate.additionalParams.k8s_cluster_installation_param,
      ...scale,
    });
    expect(hookAdditionalParams(instance, undefined)).toEqual(instantiate.additionalParams);
    const terminated = replayVnfInstance([
      ...events,
      {
        type: 'VnfInstantiated',
        data: { vnfLcmOpOccId: 'op-1', stepId: 's1', flavourId: 'simple', vimConnectionInfo: {}, extCpInfo: [], at: 't2' },
      },
      { type: 'VnfLcmOperationEnded', data: { vnfLcmOpOccId: 'op-1', operationState: 'COMPLETED', at: 't3' } },
    ]);
    expect(instantiationParamsOf(terminated)).toEqual(instantiate);
    // terminate_end runs after the VnfTerminated event: the parameters stay until the terminate ends, then they are gone.
    const terminating = [...events, { type: 'VnfTerminated', data: { vnfLcmOpOccId: 'op-1', stepId: 's2', at: 't4' } } as const];
    expect(instantiationParamsOf(replayVnfInstance(terminating))).toEqual(instantiate);
    const ended = replayVnfInstance([
      ...terminating,
      { type: 'VnfLcmOperationEnded', data: { vnfLcmOpOccId: 'op-1', operationState: 'COMPLETED', at: 't5' } },
    ]);
    expect(ended?.instantiationState).toBe('NOT_INSTANTIATED');
    expect(instantiationParamsOf(ended)).toBeUndefined();
    expect(JSON.stringify(ended)).not.toContain('k8s_cluster_installation_param');
    const again = { flavourId: 'other', additionalParams: { cluster_name: 'b' } };
    expect(
      instantiationParamsOf(
        replayVnfInstance([
          ...events,
          { type: 'VnfTerminated', data: { vnfLcmOpOccId: 'op-1', stepId: 's2', at: 't4' } },
          ...started('INSTANTIATE', again),
        ]),
      ),
    ).toEqual(again);
  });
});
