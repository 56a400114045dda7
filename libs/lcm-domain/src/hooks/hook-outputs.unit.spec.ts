import { toSealedMarker } from '@vnfm/util';
import type { LcmOperationRequest } from '../sol003/lcm-requests.types';
import { LcmWorkflowHarness, OPENSTACK_VIM, sampleVnfd, vnfc } from '../testing';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';

const VNF = 'vnf-1';
const created: VnfInstanceEvent[] = [
  { type: 'VnfInstanceCreated', data: { vnfInstanceId: VNF, vnfdId: 'vnfd', metadata: { owner: 'ops' }, createdAt: 't0' } },
];
const instantiate: LcmOperationRequest = { operation: 'INSTANTIATE', params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM } };
const vnfd = sampleVnfd({ hooks: ['instantiate_start', 'instantiate_end'] });

describe("a hook's outputs", () => {
  it('land in the instance metadata under mgmtDriverOutputs, merged across hooks, beside the client metadata', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate, vnfd);
    h.succeed({ output: { registry: 'r1', port: 5000 } });
    h.succeed({ vnfcsAdded: [vnfc('a', 'VDU1')] });
    h.succeed({ output: { clusterEndpoint: 'https://10.0.0.1:6443', port: 5001 } });
    expect(h.opOcc()?.operationState).toBe('COMPLETED');
    expect(h.instance()?.metadata).toEqual({
      owner: 'ops',
      mgmtDriverOutputs: { registry: 'r1', port: 5001, clusterEndpoint: 'https://10.0.0.1:6443' },
    });
  });

  it('that look secret fail the hook step (FAILED_TEMP) naming where, and nothing of them is recorded', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate, vnfd);
    h.succeed({ output: { vimId: 'v1', auth: { password: 'hunter2' }, url: 'https://admin:s3cret@10.0.0.1/' } });
    const opOcc = h.opOcc();
    expect(opOcc?.operationState).toBe('FAILED_TEMP');
    expect(opOcc?.error?.detail).toMatch(/instantiate_start returned outputs that look secret \(\/auth\/password, \/url\)/);
    expect(h.instance()?.metadata).toEqual({ owner: 'ops' });
    expect(JSON.stringify(h.instanceEvents)).not.toContain('hunter2');
  });

  it('with secrets the coordinator sealed are recorded as they are (views show [SECRET])', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate, vnfd);
    const sealed = toSealedMarker('a1.b2.c3');
    h.succeed({ output: { vimId: 'v1', auth: { password: sealed } } });
    expect(h.opOcc()?.operationState).toBe('PROCESSING');
    expect(h.instance()?.metadata).toEqual({ owner: 'ops', mgmtDriverOutputs: { vimId: 'v1', auth: { password: sealed } } });
  });

  it('of an infra step are not recorded as hook outputs', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate, vnfd);
    h.succeed();
    h.succeed({ vnfcsAdded: [vnfc('a', 'VDU1')], output: { stack: 's1' } });
    expect(h.instance()?.metadata).toEqual({ owner: 'ops' });
  });
});
