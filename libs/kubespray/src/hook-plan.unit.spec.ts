import type { VnfcResourceInfo } from '@vnfm/contracts';
import { readClusterParams } from './cluster-params';
import { nodeName } from './cluster-nodes';
import { planHook, type PlannedHook } from './hook-plan';
import { vnfcOf } from '@vnfm/vm-cluster/testing';
import { sampleClusterParam } from './testing';

const params = readClusterParams({ k8s_cluster_installation_param: sampleClusterParam() });
const master = vnfcOf('m1', 'masterNode', { masterNode_CP1: '10.0.0.1' });
const worker = vnfcOf('w1', 'workerNode', { workerNode_CP2: '10.0.0.2' });
const lb = vnfcOf('lb', 'externalLB', { externalLB_CP3: '10.0.0.9' });
const hook = (
  name: string,
  operationParams: Record<string, unknown>,
  removing: VnfcResourceInfo[] = [],
  added: VnfcResourceInfo[] = [],
): PlannedHook => ({
  hook: name,
  operation: name.split('_')[0]?.toUpperCase() ?? '',
  operationParams,
  vnfcs: { removing, added },
});
const kindOf = (planned: PlannedHook) => planHook(planned, params).kind;

describe('what the kubespray MgmtDriver does at each hook', () => {
  it('builds the cluster at instantiate_end and deregisters it at terminate_end', () => {
    expect(kindOf(hook('instantiate_end', {}, [], [master, worker, lb]))).toBe('create');
    expect(kindOf(hook('terminate_end', { terminationType: 'FORCEFUL' }))).toBe('destroy');
  });

  it('removes workers at scale_start of a scale-in and adds them at scale_end of a scale-out', () => {
    expect(planHook(hook('scale_start', { type: 'SCALE_IN', aspectId: 'worker_instance' }, [worker]), params)).toEqual({
      kind: 'removeWorkers',
      workers: [expect.objectContaining({ vnfcId: 'w1', name: nodeName('worker', 'w1') })],
    });
    expect(planHook(hook('scale_end', { type: 'SCALE_OUT', aspectId: 'worker_instance' }, [], [worker]), params)).toEqual({
      kind: 'addWorkers',
      workers: [expect.objectContaining({ vnfcId: 'w1' })],
    });
    expect(planHook(hook('scale_end', { type: 'SCALE_IN' }, [], []), params)).toEqual({
      kind: 'nothing',
      reason: 'scale_end acts on a scale-out only.',
    });
    expect(kindOf(hook('scale_start', { type: 'SCALE_OUT' }))).toBe('nothing');
  });

  it('heals a worker as a scale-in then a scale-out of it, and the whole VNF as terminate_end then instantiate_end', () => {
    expect(kindOf(hook('heal_start', { vnfcInstanceId: ['w1'] }, [worker]))).toBe('removeWorkers');
    expect(kindOf(hook('heal_end', { vnfcInstanceId: ['w1'] }, [], [worker]))).toBe('addWorkers');
    expect(kindOf(hook('heal_start', { cause: 'all' }, [master, worker, lb]))).toBe('destroy');
    expect(kindOf(hook('heal_end', { vnfcInstanceId: [] }, [], [master, worker, lb]))).toBe('create');
  });

  it('refuses to heal or scale a master, naming it and why', () => {
    const refusal = expect.objectContaining({
      status: 422,
      code: 'KUBESPRAY_OPERATION_NOT_SUPPORTED',
      detail: expect.stringMatching(
        /^This heal would change control plane node\(s\) m1 \(VDU masterNode\); kubespray has no playbook for that/,
      ),
    });
    expect(() => planHook(hook('heal_start', { vnfcInstanceId: ['m1'] }, [master]), params)).toThrow(refusal);
    expect(() => planHook(hook('scale_end', { type: 'SCALE_OUT', aspectId: 'master_instance' }, [], [master]), params)).toThrow(
      expect.objectContaining({ code: 'KUBESPRAY_OPERATION_NOT_SUPPORTED' }),
    );
  });

  it('does nothing at other hooks, or when a heal touches only the load balancer', () => {
    expect(planHook(hook('instantiate_start', {}), params)).toEqual({
      kind: 'nothing',
      reason: 'The kubespray MgmtDriver does nothing at instantiate_start.',
    });
    expect(planHook(hook('heal_start', { vnfcInstanceId: ['lb'] }, [lb]), params)).toEqual({
      kind: 'nothing',
      reason: 'This heal changes no worker node.',
    });
  });
});
