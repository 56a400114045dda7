import { vnfcOf } from '@vnfm/vm-cluster/testing';
import { clusterAddress, kubeadmNodeName, kubeadmNodes } from './kubeadm-nodes';
import { readKubeadmParams } from './kubeadm-params';
import { seedClusterParam } from './testing';

const params = readKubeadmParams({ k8s_cluster_installation_param: seedClusterParam() });
const m1 = vnfcOf('m1', 'masterNode', { masterNode_CP1: '10.0.0.11' });
const m2 = vnfcOf('m2', 'masterNode', { masterNode_CP1: '10.0.0.12' });
const w1 = vnfcOf('w1', 'workerNode', { workerNode_CP2: '10.0.0.21' });
const other = vnfcOf('x', 'storage', { x_CP: '10.0.0.99' });

describe('VNFCs as the nodes of a kubeadm cluster', () => {
  it('names each node as install_k8s_cluster.sh names its host: role and the last octet of its NIC address', () => {
    expect(kubeadmNodeName('master', '192.168.120.17')).toBe('master17');
    expect(kubeadmNodeName('worker', '10.0.0.2')).toBe('worker2');
    expect(kubeadmNodeName('worker', 'fd00::2')).toBeUndefined();
  });

  it('maps VNFCs to masters and workers in the given order, with SSH and NIC addresses and logins', () => {
    const { masters, workers } = kubeadmNodes([m2, w1, other, m1], params);
    expect(masters.map((node) => node.name)).toEqual(['master12', 'master11']);
    expect(workers).toEqual([
      {
        vnfcId: 'w1',
        vduId: 'workerNode',
        resourceId: 'server-w1',
        role: 'worker',
        name: 'worker21',
        sshHost: '10.0.0.21',
        nicIp: '10.0.0.21',
        username: 'ubuntu',
        password: 'ubuntu',
      },
    ]);
  });

  it("uses a separate NIC CP, and v2's vdu_id to tell a VNFC's role", () => {
    const v2 = readKubeadmParams({
      k8s_cluster_installation_param: {
        ...seedClusterParam(),
        worker_node: { vdu_id: 'workers', ssh_cp_name: 'w_FIP', nic_cp_name: 'w_CP', username: 'u', password: 'p' },
      },
    });
    const worker = vnfcOf('w9', 'workers', { w_FIP: '172.16.0.9', w_CP: '10.0.0.9' });
    expect(kubeadmNodes([worker], v2).workers[0]).toMatchObject({ name: 'worker9', sshHost: '172.16.0.9', nicIp: '10.0.0.9' });
  });

  it('refuses a node without an IPv4 NIC address, and two nodes that would have one name', () => {
    const v6 = vnfcOf('w6', 'workerNode', {});
    v6.vnfcCpInfo = [
      {
        id: 'p',
        cpdId: 'workerNode_CP2',
        cpProtocolInfo: [
          { layerProtocol: 'IP_OVER_ETHERNET', ipOverEthernet: { ipAddresses: [{ type: 'IPV6', addresses: ['fd00::6'] }] } },
        ],
      },
    ];
    expect(() => kubeadmNodes([v6], params)).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'KUBEADM_VNFCS_NOT_USABLE',
        detail: expect.stringContaining('has no IPv4 address on CP workerNode_CP2'),
      }),
    );
    const twin = vnfcOf('w2', 'workerNode', { workerNode_CP2: '10.0.1.21' });
    expect(() => kubeadmNodes([w1, twin], params)).toThrow(
      expect.objectContaining({ detail: expect.stringContaining('would both be node worker21') }),
    );
  });

  it("takes the cluster address from the request's cluster_ip, else from the single master's cluster_cp_name CP", () => {
    const { masters } = kubeadmNodes([m1, w1], params);
    expect(clusterAddress(masters, [m1, w1], params)).toBe('10.0.0.11');
    const withVip = { ...params, master: { ...params.master, clusterIp: '10.0.0.100' } };
    const both = kubeadmNodes([m1, m2], params).masters;
    expect(clusterAddress(both, [m1, m2], withVip)).toBe('10.0.0.100');
    expect(() => clusterAddress(both, [m1, m2], params)).toThrow(
      expect.objectContaining({
        code: 'KUBEADM_PARAMS_INVALID',
        detail: expect.stringContaining('master_node.cluster_ip is required with 2 masters'),
      }),
    );
    const vipCp = { ...params, master: { ...params.master, clusterCpName: 'vip_CP' } };
    expect(() => clusterAddress(masters, [m1], vipCp)).toThrow(
      expect.objectContaining({ detail: expect.stringContaining('has no address on CP vip_CP') }),
    );
  });
});
