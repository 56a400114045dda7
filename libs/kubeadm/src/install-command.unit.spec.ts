import { vnfcOf } from '@vnfm/vm-cluster/testing';
import { helmCommand, initMasterCommand, joinMasterCommand, joinWorkerCommand, noProxyOf } from './install-command';
import { kubeadmNodes, type KubeadmNode } from './kubeadm-nodes';
import { readKubeadmParams } from './kubeadm-params';
import { seedClusterParam } from './testing';

const seed = readKubeadmParams({ k8s_cluster_installation_param: seedClusterParam() });
const bare = readKubeadmParams({
  k8s_cluster_installation_param: { ...seedClusterParam(), proxy: undefined, private_registry_connection_info: undefined },
});
const single = { masterIps: ['10.0.0.11'], clusterIp: '10.0.0.11' };
const ha = { masterIps: ['10.0.0.11', '10.0.0.12', '10.0.0.13'], clusterIp: '10.0.0.100' };
const join = { token: 'abcdef.0123456789abcdef', caCertHash: 'c7f7' };
const [worker] = kubeadmNodes([vnfcOf('w', 'workerNode', { workerNode_CP2: '10.0.0.21' })], bare).workers as [KubeadmNode];

describe("install_k8s_cluster.sh as Tacker's driver runs it", () => {
  it('first master: -m <every master> -i <cluster address> -p <pod network> -a <service network>', () => {
    expect(initMasterCommand(bare, ha)).toEqual([
      'bash',
      '/tmp/install_k8s_cluster.sh',
      '-m',
      '10.0.0.11,10.0.0.12,10.0.0.13',
      '-i',
      '10.0.0.100',
      '-p',
      '192.168.3.0/24',
      '-a',
      '10.199.187.0/24',
    ]);
  });

  it('other masters: the same with -t <token> -s <CA hash> -k <certificate key>; a healed one also gets ha_flag', () => {
    const key = { ...join, certificateKey: 'f'.repeat(64) };
    const args = [
      '-m',
      '10.0.0.11,10.0.0.12,10.0.0.13',
      '-i',
      '10.0.0.100',
      '-p',
      '192.168.3.0/24',
      '-a',
      '10.199.187.0/24',
      '-t',
      join.token,
      '-s',
      'c7f7',
      '-k',
      'f'.repeat(64),
    ];
    expect(joinMasterCommand(bare, ha, key, false)).toEqual(['bash', '/tmp/install_k8s_cluster.sh', ...args]);
    expect(joinMasterCommand(bare, ha, key, true)).toEqual(['env', 'ha_flag=True', 'bash', '/tmp/install_k8s_cluster.sh', ...args]);
  });

  it('workers: ha_flag (False with one master: port 6443), -w <its address> -i -t -s', () => {
    expect(joinWorkerCommand(bare, single, worker, join)).toEqual([
      'env',
      'ha_flag=False',
      'bash',
      '/tmp/install_k8s_cluster.sh',
      '-w',
      '10.0.0.21',
      '-i',
      '10.0.0.11',
      '-t',
      join.token,
      '-s',
      'c7f7',
    ]);
    expect(joinWorkerCommand(bare, ha, worker, join).slice(0, 2)).toEqual(['env', 'ha_flag=True']);
  });

  it('exports the HTTP registries and, with both proxies, the proxies and the extended no_proxy', () => {
    const command = initMasterCommand(seed, single);
    expect(command.slice(0, 5)).toEqual([
      'env',
      'HTTP_PRIVATE_REGISTRIES="192.168.0.10:5000"',
      'http_proxy=http://user1:password1@host1:port1',
      'https_proxy=https://user2:password2@host2:port2',
      `no_proxy=${noProxyOf(seed, single)}`,
    ]);
    const noProxy = noProxyOf(seed, single).split(',');
    expect(noProxy.slice(0, 10)).toEqual([
      '192.168.246.0/24',
      '10.0.0.1',
      'registry.example.com',
      '192.168.3.0/24',
      '10.199.187.0/24',
      '127.0.0.1',
      'localhost',
      '10.0.0.11',
      '192.168.0.0',
      '192.168.0.1',
    ]);
    // Every address of k8s_node_cidr, else of the first master's /24.
    expect(noProxy).toHaveLength(8 + 256);
    const noCidr = { ...seed, proxy: { ...seed.proxy, k8sNodeCidr: undefined } };
    expect(noProxyOf(noCidr, single).split(',').slice(8, 10)).toEqual(['10.0.0.0', '10.0.0.1']);
    const httpOnly = { ...seed, proxy: { httpProxy: 'http://p:3128' }, registries: [] };
    expect(initMasterCommand(httpOnly, single)[0]).toBe('bash');
  });

  it('runs the Helm script with the proxies only', () => {
    expect(helmCommand(bare, single)).toEqual(['bash', '/tmp/install_helm.sh']);
    expect(helmCommand(seed, single).slice(0, 3)).toEqual([
      'env',
      'http_proxy=http://user1:password1@host1:port1',
      'https_proxy=https://user2:password2@host2:port2',
    ]);
  });
});
