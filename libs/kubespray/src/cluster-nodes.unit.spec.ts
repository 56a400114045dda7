import { clusterNodes, externalLbNode, nodeName } from './cluster-nodes';
import { readClusterParams } from './cluster-params';
import { vnfcOf } from '@vnfm/vm-cluster/testing';
import { sampleClusterParam } from './testing';

const params = readClusterParams({ k8s_cluster_installation_param: sampleClusterParam() });
const master = vnfcOf('vnfc-m1', 'masterNode', { masterNode_CP1: '10.0.0.1' });
const worker1 = vnfcOf('vnfc-w1', 'workerNode', { workerNode_CP2: '10.0.0.2' });
const worker2 = vnfcOf('vnfc-w2', 'workerNode', { workerNode_CP2: '10.0.0.3' });
const lb = vnfcOf('vnfc-lb', 'externalLB', { externalLB_CP3: '10.0.0.9' });

describe('VNFCs as the nodes of a kubespray cluster', () => {
  it('gives each VNFC a node name that depends on its id only, valid as a Kubernetes node name', () => {
    expect(nodeName('worker', 'vnfc-w1')).toBe(nodeName('worker', 'vnfc-w1'));
    expect(nodeName('worker', 'vnfc-w1')).not.toBe(nodeName('worker', 'vnfc-w2'));
    for (const id of ['vnfc-w1', "x' $(id)\n", 'UPPER_case.dots', '']) expect(nodeName('master', id)).toMatch(/^master-[0-9a-f]{10}$/);
  });

  it('maps VNFCs to masters and workers by the CPs the parameters name, with their SSH and NIC addresses', () => {
    const { masters, workers } = clusterNodes([worker2, lb, master, worker1], params);
    expect(masters).toEqual([
      {
        vnfcId: 'vnfc-m1',
        vduId: 'masterNode',
        role: 'master',
        name: nodeName('master', 'vnfc-m1'),
        sshHost: '10.0.0.1',
        ip: '10.0.0.1',
        username: 'ubuntu',
        password: 'ubuntu',
      },
    ]);
    expect(workers.map((node) => node.vnfcId).sort()).toEqual(['vnfc-w1', 'vnfc-w2']);
    // Ordered by name, so every hook lists them alike.
    expect(workers.map((node) => node.name)).toEqual([...workers.map((node) => node.name)].sort());
    expect(externalLbNode([master, lb], params)).toEqual({
      vnfcId: 'vnfc-lb',
      sshHost: '10.0.0.9',
      username: 'ubuntu',
      password: 'ubuntu',
    });
  });

  it('uses a separate NIC CP for the cluster address, and the VDU id when no CP of the parameters is on a VNFC', () => {
    const twoNics = readClusterParams({
      k8s_cluster_installation_param: {
        ...sampleClusterParam(),
        worker_node: { ssh_cp_name: 'workerNode_CP2', nic_cp_name: 'workerNode_CP3', username: 'u', password: 'p' },
      },
    });
    const dual = vnfcOf('vnfc-w3', 'workerNode', { workerNode_CP2: '10.0.0.4', workerNode_CP3: '192.168.0.4' });
    expect(clusterNodes([dual], twoNics).workers[0]).toMatchObject({ sshHost: '10.0.0.4', ip: '192.168.0.4' });
    const renamed = vnfcOf('vnfc-m2', 'masterNode', { other_CP: '10.0.0.5' });
    expect(() => clusterNodes([renamed], params)).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'KUBESPRAY_VNFCS_NOT_USABLE',
        detail: 'VNFC vnfc-m2 (VDU masterNode) has no address on CP masterNode_CP1 named by master_node.ssh_cp_name; its CPs: other_CP.',
      }),
    );
  });

  it('ignores VNFCs of other VDUs and refuses a VNFC holding the CPs of two roles', () => {
    expect(clusterNodes([vnfcOf('x', 'other', { x_CP: '10.0.0.7' })], params)).toEqual({ masters: [], workers: [] });
    const both = vnfcOf('both', 'masterNode', { masterNode_CP1: '10.0.0.1', workerNode_CP2: '10.0.0.2' });
    expect(() => clusterNodes([both], params)).toThrow(
      expect.objectContaining({ detail: expect.stringContaining('has the CPs of several roles (master, worker)') }),
    );
  });

  it('needs exactly one load balancer VNFC when external_lb_param is given, and none otherwise', () => {
    expect(() => externalLbNode([master], params)).toThrow(
      expect.objectContaining({
        status: 422,
        detail: 'external_lb_param needs exactly one load balancer VNFC (CP externalLB_CP3 or VDU externalLB); the instance has 0.',
      }),
    );
    const noLb = readClusterParams({ k8s_cluster_installation_param: { ...sampleClusterParam(), external_lb_param: undefined } });
    expect(externalLbNode([master, lb], noLb)).toBeUndefined();
  });
});
