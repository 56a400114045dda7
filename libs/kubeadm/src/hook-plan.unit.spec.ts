import { vnfcOf } from '@vnfm/vm-cluster/testing';
import { planKubeadmHook, type KubeadmPlannedHook } from './hook-plan';
import { readKubeadmParams } from './kubeadm-params';
import { seedClusterParam } from './testing';

const params = readKubeadmParams({ k8s_cluster_installation_param: seedClusterParam() });
const m1 = vnfcOf('m1', 'masterNode', { masterNode_CP1: '10.0.0.11' });
const m2 = vnfcOf('m2', 'masterNode', { masterNode_CP1: '10.0.0.12' });
const w1 = vnfcOf('w1', 'workerNode', { workerNode_CP2: '10.0.0.21' });
const w2 = vnfcOf('w2', 'workerNode', { workerNode_CP2: '10.0.0.22' });
const hook = (name: string, operationParams: Record<string, unknown>, vnfcs: Partial<KubeadmPlannedHook['vnfcs']>): KubeadmPlannedHook => ({
  hook: name,
  operationParams,
  vnfcs: { removing: [], added: [], current: [m1, m2, w1, w2], ...vnfcs },
});
const names = (plan: ReturnType<typeof planKubeadmHook>) =>
  'masters' in plan ? { masters: plan.masters.map((n) => n.name), workers: plan.workers.map((n) => n.name) } : plan.kind;

describe('what the kubeadm MgmtDriver does at each hook', () => {
  it('builds the cluster at instantiate_end and heal_end of the whole VNF; deregisters its VIM at terminate_end and heal_start of the whole VNF', () => {
    expect(planKubeadmHook(hook('instantiate_end', {}, {}), params)).toEqual({ kind: 'create' });
    expect(planKubeadmHook(hook('heal_end', { cause: 'x' }, {}), params)).toEqual({ kind: 'create' });
    expect(planKubeadmHook(hook('terminate_end', {}, {}), params)).toEqual({ kind: 'destroy' });
    expect(planKubeadmHook(hook('heal_start', { vnfcInstanceId: [] }, {}), params)).toEqual({ kind: 'destroy' });
  });

  it('removes workers at scale_start of a scale-in and joins new ones at scale_end of a scale-out', () => {
    expect(names(planKubeadmHook(hook('scale_start', { type: 'SCALE_IN' }, { removing: [w2] }), params))).toEqual({
      masters: [],
      workers: ['worker22'],
    });
    expect(names(planKubeadmHook(hook('scale_end', { type: 'SCALE_OUT' }, { added: [w2] }), params))).toEqual({
      masters: [],
      workers: ['worker22'],
    });
    expect(planKubeadmHook(hook('scale_start', { type: 'SCALE_OUT' }, { removing: [] }), params).kind).toBe('nothing');
    expect(planKubeadmHook(hook('scale_end', { type: 'SCALE_IN' }, { added: [] }), params).kind).toBe('nothing');
    expect(planKubeadmHook(hook('scale_start', { type: 'SCALE_IN' }, { removing: [] }), params).kind).toBe('nothing');
  });

  it('refuses to scale masters', () => {
    expect(() => planKubeadmHook(hook('scale_start', { type: 'SCALE_IN' }, { removing: [m2] }), params)).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'KUBEADM_OPERATION_NOT_SUPPORTED',
        detail: expect.stringContaining('scales worker nodes only'),
      }),
    );
  });

  it('heals named masters and workers: removed at heal_start, joined at heal_end', () => {
    const heal = { vnfcInstanceId: ['m2', 'w1'] };
    expect(names(planKubeadmHook(hook('heal_start', heal, { removing: [m2, w1] }), params))).toEqual({
      masters: ['master12'],
      workers: ['worker21'],
    });
    expect(names(planKubeadmHook(hook('heal_end', heal, { added: [m2, w1] }), params))).toEqual({
      masters: ['master12'],
      workers: ['worker21'],
    });
  });

  it('refuses a heal of every master: a master joins the ones that stay', () => {
    for (const plan of [
      () => planKubeadmHook(hook('heal_start', { vnfcInstanceId: ['m1', 'm2'] }, { removing: [m1, m2] }), params),
      () => planKubeadmHook(hook('heal_start', { vnfcInstanceId: ['m1'] }, { removing: [m1], current: [m1, w1] }), params),
      () => planKubeadmHook(hook('heal_end', { vnfcInstanceId: ['m1'] }, { added: [m1], current: [m1, w1] }), params),
    ])
      expect(plan).toThrow(
        expect.objectContaining({ code: 'KUBEADM_OPERATION_NOT_SUPPORTED', detail: expect.stringContaining('at least one must stay') }),
      );
  });

  it('does nothing at other hooks', () => {
    expect(planKubeadmHook(hook('instantiate_start', {}, {}), params)).toEqual({
      kind: 'nothing',
      reason: 'The kubeadm MgmtDriver does nothing at instantiate_start.',
    });
  });
});
