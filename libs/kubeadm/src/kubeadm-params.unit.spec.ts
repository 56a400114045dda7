import { kubeadmSecrets, readKubeadmParams } from './kubeadm-params';
import { seedClusterParam } from './testing';

const withParam = (param: unknown) => ({ k8s_cluster_installation_param: param });
const refusal = (detail: string | RegExp) =>
  expect.objectContaining({ status: 422, code: 'KUBEADM_PARAMS_INVALID', detail: expect.stringMatching(detail) });
const without = (member: string, key: string) => {
  const param = seedClusterParam();
  const node = { ...(param[member] as Record<string, unknown>) };
  delete node[key];
  return { ...param, [member]: node };
};

describe("k8s_cluster_installation_param of the kubeadm MgmtDriver (Tacker's kubernetes_mgmt.py)", () => {
  it("reads seed 002's body: script, nodes, proxy and registry connections", () => {
    const params = readKubeadmParams(withParam(seedClusterParam()));
    expect(params).toMatchObject({
      scriptPath: 'Scripts/install_k8s_cluster.sh',
      vimName: 'kubernetes_vim',
      master: {
        aspectId: 'master_instance',
        sshCpName: 'masterNode_CP1',
        nicCpName: 'masterNode_CP1',
        username: 'ubuntu',
        password: 'ubuntu',
        podCidr: '192.168.3.0/24',
        clusterCidr: '10.199.187.0/24',
        clusterCpName: 'masterNode_CP1',
      },
      worker: { sshCpName: 'workerNode_CP2', nicCpName: 'workerNode_CP2' },
      proxy: { httpProxy: 'http://user1:password1@host1:port1', k8sNodeCidr: '192.168.0.0/24' },
      registries: [
        { type: 'http', server: '192.168.0.10:5000' },
        { type: 'https', server: 'registry.example.com', certificatePath: 'Files/registries/ca.crt' },
      ],
    });
    expect(params.helmScriptPath).toBeUndefined();
    expect(params.master.clusterIp).toBeUndefined();
  });

  it("takes Tacker's defaults for the pod and service networks, nic_cp_name from ssh_cp_name, and v2's vdu_id", () => {
    const param: Record<string, unknown> = { ...seedClusterParam(), proxy: undefined, private_registry_connection_info: undefined };
    param['master_node'] = { ssh_cp_name: 'm_CP', cluster_cp_name: 'vip_CP', username: 'u', password: 'p', vdu_id: 'masterNode' };
    const params = readKubeadmParams(withParam(param));
    expect(params.master).toMatchObject({
      sshCpName: 'm_CP',
      nicCpName: 'm_CP',
      vduId: 'masterNode',
      podCidr: '192.168.0.0/16',
      clusterCidr: '10.96.0.0/12',
    });
    expect(params.proxy).toBeUndefined();
    expect(params.registries).toEqual([]);
  });

  it.each([
    [{ ...seedClusterParam(), script_path: undefined }, 'k8s_cluster_installation_param.script_path is required'],
    [{ ...seedClusterParam(), script_path: '../../etc/passwd' }, 'script_path must be a path inside the VNF package'],
    [{ ...seedClusterParam(), master_node: undefined }, 'k8s_cluster_installation_param.master_node is required'],
    [without('master_node', 'username'), 'master_node.username is required'],
    [without('master_node', 'password'), 'master_node.password is required'],
    [without('master_node', 'ssh_cp_name'), 'master_node.ssh_cp_name is required'],
    [without('master_node', 'cluster_cp_name'), 'master_node.cluster_cp_name is required'],
    [without('worker_node', 'password'), 'worker_node.password is required'],
    [without('worker_node', 'ssh_cp_name'), 'worker_node.ssh_cp_name is required'],
    [
      { ...seedClusterParam(), master_node: { ...(seedClusterParam()['master_node'] as object), pod_cidr: '192.168.3.0/16' } },
      'master_node.pod_cidr must be a network with no host bits set, such as 192.168.0.0/16, not "192.168.3.0/16"',
    ],
    [
      { ...seedClusterParam(), master_node: { ...(seedClusterParam()['master_node'] as object), cluster_cidr: 'ten' } },
      'master_node.cluster_cidr must be a network',
    ],
    [
      { ...seedClusterParam(), master_node: { ...(seedClusterParam()['master_node'] as object), cluster_ip: 'vip' } },
      'master_node.cluster_ip must be an IP address',
    ],
    [{ ...seedClusterParam(), private_registry_connection_info: [{ server: 'r:5000' }] }, 'connection_type must be 0 \\(HTTP\\) or 1'],
    [{ ...seedClusterParam(), private_registry_connection_info: [{ connection_type: '1' }] }, '\\[0\\]\\.server must be a registry host'],
    [{ ...seedClusterParam(), proxy: { k8s_node_cidr: '10.0.0.0/16' } }, 'proxy.k8s_node_cidr must be an IPv4 network of /20 or smaller'],
    [{ ...seedClusterParam(), storage_server: { ssh_cp_name: 's' } }, 'storage_server is not supported'],
    [{ ...seedClusterParam(), pv_registration_params: [] }, 'pv_registration_params is not supported'],
  ])('refuses %j naming the member', (param, detail) => {
    expect(() => readKubeadmParams(withParam(param))).toThrow(refusal(detail));
  });

  it('refuses a missing parameter and one that is no object', () => {
    expect(() => readKubeadmParams({})).toThrow(
      refusal('^additionalParams.k8s_cluster_installation_param is required by the kubeadm MgmtDriver'),
    );
    expect(() => readKubeadmParams(withParam('x'))).toThrow(refusal('must be an object'));
  });

  it('lists every password as a secret: nodes, proxy URLs, registries', () => {
    const param = seedClusterParam();
    param['worker_node'] = { ...(param['worker_node'] as object), password: `it's $(reboot)` };
    expect(kubeadmSecrets(readKubeadmParams(withParam(param)))).toEqual(['ubuntu', `it's $(reboot)`, 'password1', 'password2', 'user01']);
  });
});
