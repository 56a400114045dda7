import { clusterSecrets, readClusterParams } from './cluster-params';
import { sampleClusterParam } from './testing';

const withParam = (param: unknown) => ({ k8s_cluster_installation_param: param });
const refusal = (detail: string | RegExp) =>
  expect.objectContaining({ status: 422, code: 'KUBESPRAY_PARAMS_INVALID', detail: expect.stringMatching(detail) });

describe('k8s_cluster_installation_param of the kubespray MgmtDriver', () => {
  it("reads the spec's sample body: Ansible server, nodes, proxy and load balancer", () => {
    const params = readClusterParams(withParam(sampleClusterParam()));
    expect(params.ansible).toEqual({
      ipAddress: '10.0.0.250',
      username: 'ansible',
      password: 'ansible',
      kubesprayRootPath: '/home/ubuntu/kubespray-2.16.0',
      transferringInventoryPath: '/home/ubuntu/kubespray-2.16.0/inventory/mycluster',
    });
    expect(params.master).toEqual({
      aspectId: 'master_instance',
      sshCpName: 'masterNode_CP1',
      nicCpName: 'masterNode_CP1',
      username: 'ubuntu',
      password: 'ubuntu',
      podCidr: '192.168.0.0/16',
      clusterCidr: '10.199.187.0/24',
      clusterCpName: 'masterNode_CP1',
    });
    expect(params.worker.sshCpName).toBe('workerNode_CP2');
    expect(params.proxy).toEqual({
      httpProxy: 'http://user1:password1@host1:port1',
      httpsProxy: 'https://user2:password2@host2:port2',
      noProxy: '192.168.246.0/24,10.0.0.1',
      k8sNodeCidr: '10.10.0.0/24',
    });
    // The package path is read without its leading ./
    expect(params.externalLb).toEqual({
      sshCpName: 'externalLB_CP3',
      sshUsername: 'ubuntu',
      sshPassword: 'ubuntu',
      scriptPath: 'Scripts/install_external_lb.sh',
    });
    expect(params.vimName).toBe('kubernetes_vim');
  });

  it('defaults nic_cp_name to ssh_cp_name and cluster_cp_name to nic_cp_name; proxy and external_lb_param are optional', () => {
    const param = sampleClusterParam();
    delete param['proxy'];
    delete param['external_lb_param'];
    param['master_node'] = { ssh_cp_name: 'm_CP', username: 'u', password: 'p' };
    const params = readClusterParams(withParam(param));
    expect(params.master).toMatchObject({ sshCpName: 'm_CP', nicCpName: 'm_CP', clusterCpName: 'm_CP' });
    expect(params.proxy).toBeUndefined();
    expect(params.externalLb).toBeUndefined();
  });

  it.each([
    [undefined, /^additionalParams\.k8s_cluster_installation_param is required/],
    ['text', /^additionalParams\.k8s_cluster_installation_param must be an object/],
  ])('refuses a missing or wrong k8s_cluster_installation_param (%p)', (param, detail) => {
    expect(() => readClusterParams(withParam(param))).toThrow(refusal(detail));
    expect(() => readClusterParams(undefined)).toThrow(refusal(/is required/));
  });

  it.each([
    ['ansible', undefined, 'k8s_cluster_installation_param.ansible is required'],
    [
      'ansible',
      { ip_address: '1.2.3.4', username: 'a', password: 'p', kubespray_root_path: '/k' },
      'ansible.transferring_inventory_path is required',
    ],
    [
      'ansible',
      { ip_address: 7, username: 'a', password: 'p', kubespray_root_path: '/k', transferring_inventory_path: '/i' },
      'ansible.ip_address must be a string',
    ],
    [
      'ansible',
      { ip_address: '-oProxyCommand=x', username: 'a', password: 'p', kubespray_root_path: '/k', transferring_inventory_path: '/i' },
      "ansible.ip_address must not start with '-'",
    ],
    [
      'ansible',
      { ip_address: '1.2.3.4', username: 'a', password: 'p', kubespray_root_path: '/k\n/x', transferring_inventory_path: '/i' },
      'ansible.kubespray_root_path must be a single line',
    ],
    ['master_node', { ssh_cp_name: 'm', username: 'u' }, 'master_node.password is required'],
    ['master_node', { ssh_cp_name: 'm', username: 'u', password: 'p', pod_cidr: 'everything' }, 'master_node.pod_cidr must be a network'],
    // The seed's own pod_cidr: Tacker's driver checks it with Python's ipaddress.ip_network, which refuses host bits.
    [
      'master_node',
      { ssh_cp_name: 'm', username: 'u', password: 'p', pod_cidr: '192.168.3.0/16' },
      'master_node.pod_cidr must be a network with no host bits set, such as 192.168.0.0/16, not "192.168.3.0/16"',
    ],
    [
      'master_node',
      { ssh_cp_name: 'm', username: 'u', password: 'p', cluster_cidr: '10.199.187.1/24' },
      'master_node.cluster_cidr must be a network with no host bits set',
    ],
    ['worker_node', [], 'worker_node must be an object'],
    ['worker_node', { username: 'u', password: 'p' }, 'worker_node.ssh_cp_name is required'],
    ['external_lb_param', { ssh_cp_name: 'lb', ssh_username: 'u', ssh_password: 'p' }, 'external_lb_param.script_path is required'],
    ['proxy', { http_proxy: 3 }, 'proxy.http_proxy must be a string'],
  ])('refuses %s %j naming the member', (member, value, detail) => {
    const param = { ...sampleClusterParam(), [member]: value };
    expect(() => readClusterParams(withParam(param))).toThrow(refusal(detail));
  });

  it('takes any password as it is (quotes, line breaks, $(...)), and lists every password as a secret, proxy passwords included', () => {
    const hostile = `it's\n$(reboot);"x"`;
    const param = { ...sampleClusterParam(), worker_node: { ssh_cp_name: 'w', username: 'u', password: hostile } };
    const params = readClusterParams(withParam(param));
    expect(params.worker.password).toBe(hostile);
    expect(clusterSecrets(params)).toEqual(['ansible', 'ubuntu', hostile, 'ubuntu', 'password1', 'password2']);
  });

  it('reads private_registry_connection_info, the registry passwords among the secrets', () => {
    const params = readClusterParams({
      k8s_cluster_installation_param: {
        ...sampleClusterParam(),
        private_registry_connection_info: [{ connection_type: 1, server: 'r.test:5443', username: 'u', password: 'registry-secret' }],
      },
    });
    expect(params.registries).toMatchObject([{ type: 'https', server: 'r.test:5443' }]);
    expect(clusterSecrets(params)).toContain('registry-secret');
    expect(readClusterParams({ k8s_cluster_installation_param: sampleClusterParam() }).registries).toEqual([]);
  });
});
