import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { etcdMemberList, parseEtcdMembers } from '@vnfm/kubeadm';
import { KubeadmDriver } from '../../drivers/kubeadm/kubeadm.driver';
import { kubectl } from '../kubespray/cluster-probes';
import { inVm } from '../private-registry/docker-vms';
import type { ClusterDriverUnderTest } from '../vm-cluster/cluster-driver-harness';

/** The kubeadm MgmtDriver with Tacker's kubeadm test package (its install_k8s_cluster.sh is the stand-in of tools/kubeadm). */
export const KUBEADM: ClusterDriverUnderTest = {
  name: 'kubeadm',
  make: (deps) => new KubeadmDriver(deps),
  fixture: 'mgmt-k8s-cluster-kubeadm',
  artifact: { name: 'mgmt-drivers-kubernetes', path: 'Scripts/kubernetes_mgmt.py' },
};

/** Where tools/ansible/link-k8s.sh puts the test API server's CA. */
const LINKED_CA = '/opt/vnfm-kubespray-k8s/ca.crt';

/**
 * `GET https://<address>:<port>/version` through whatever listens there (the
 * masters' HAProxy for the VIP, a master's API server): true when the test API
 * server answers 200 behind it. Its certificate is checked against the
 * cluster CA, not against the address (which it does not name).
 */
export async function apiAnswers(address: string, port: number): Promise<boolean> {
  const ca = await readFile(LINKED_CA, 'utf8');
  return new Promise((resolve) => {
    const req = request({ host: address, port, path: '/version', ca, checkServerIdentity: () => undefined, timeout: 3000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Polls the address every `everyMs` until stopped: how many answers and failures, and when each failure was. */
export function pollApi(address: string, port: number, everyMs = 250): { stop(): Promise<{ answered: number; failed: string[] }> } {
  let running = true;
  const result = { answered: 0, failed: [] as string[] };
  const loop = (async () => {
    while (running) {
      if (await apiAnswers(address, port)) result.answered += 1;
      else result.failed.push(new Date().toISOString());
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return result;
    },
  };
}

/** What `etcdctl member list` answers in a master's etcd pod, as the driver runs it: the member names. */
export async function etcdMemberNames(masterIp: string, masterName: string): Promise<string[]> {
  const out = await inVm(masterIp, [
    'kubectl',
    '--kubeconfig',
    '/etc/kubernetes/admin.conf',
    '-n',
    'kube-system',
    'exec',
    `etcd-${masterName}`,
    '--',
    ...etcdMemberList(),
  ]);
  return parseEtcdMembers(out)
    .map((member) => member.name)
    .sort();
}

/** The `server` lines of the API server backend in a master's haproxy.cfg: `<name> <address:port>`. */
export async function haproxyServers(masterIp: string): Promise<string[]> {
  const config = await inVm(masterIp, ['cat', '/etc/haproxy/haproxy.cfg']);
  return config
    .split('\n')
    .map((line) => /^\s+server\s+(\S+)\s+(\S+)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => `${match[1]} ${match[2]}`)
    .sort();
}

/** The lines of a VM's /etc/hosts naming kubeadm nodes (`<address> master<N>` / `worker<N>`), sorted. */
export async function nodeHostsLines(ip: string): Promise<string[]> {
  return (await inVm(ip, ['cat', '/etc/hosts']))
    .split('\n')
    .filter((line) => /\s(master|worker)\d+$/.test(line) && !line.startsWith('127.0.1.1 '))
    .sort();
}

/** The nodes of these names deleted from the test API server, with what the kubeadm stand-in kept there for their clusters (state, tokens, static pods). */
export async function deleteKubeadmClusters(nodeNames: readonly string[]): Promise<void> {
  const label = 'vnfm.test/kubeadm-cluster';
  const listed = await kubectl(['get', 'node', '--ignore-not-found', '-o', 'json', ...nodeNames]).catch(() => '');
  const items =
    listed.trim() === '' ? [] : ((JSON.parse(listed) as { items?: { metadata: { labels?: Record<string, string> } }[] }).items ?? []);
  const clusters = new Set(items.map((node) => node.metadata.labels?.[label]).filter((id): id is string => !!id));
  // The static pods go first and at once (no kubelet runs them to confirm): a pod whose node is gone waits for the
  // controller manager's orphan collection, which made each cleanup wait for most of a minute.
  for (const id of clusters)
    await kubectl([
      '-n',
      'kube-system',
      'delete',
      'pod,secret,configmap',
      '-l',
      `${label}=${id}`,
      '--ignore-not-found',
      '--grace-period=0',
      '--force',
    ]);
  await kubectl(['delete', 'node', '--ignore-not-found', ...nodeNames]);
}
