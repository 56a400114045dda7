import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { AppError, type VnfcResourceInfo } from '@vnfm/contracts';
import { seedClusterParam } from '@vnfm/kubeadm/testing';
import { cpAddress } from '@vnfm/vm-cluster';
import { vnfcOf } from '@vnfm/vm-cluster/testing';
import { repoRoot } from '@vnfm/vnf-package/testing';
import { ensureK8s } from '../../../../../e2e/support/k8s';
import { laneVm } from '../../../../../e2e/support/lanes';
import { ensureSshHosts, type SshHosts } from '../../../../../e2e/support/ssh-hosts';
import {
  apiAnswers,
  deleteKubeadmClusters,
  etcdMemberNames,
  haproxyServers,
  KUBEADM,
  nodeHostsLines,
  pollApi,
} from '../../testing/kubeadm/kubeadm-under-test';
import { getWithToken, drainedPodLeft, kubectl, placePodToDrain } from '../../testing/kubespray/cluster-probes';
import { inVm } from '../../testing/private-registry/docker-vms';
import { ClusterDriverHarness } from '../../testing/vm-cluster/cluster-driver-harness';

// The package's install_k8s_cluster.sh (the stand-in of tools/kubeadm) over SSH on the test hosts, and a real API server: seconds per node on 2 cores.
jest.setTimeout(300_000);
const sh = promisify(execFile);

// SSH hosts 7-14 of the lane: the other SSH specs use others. A node is named after the last octet of its address (master<N>, worker<N>).
const ip = (n: number) => laneVm(n);
const octet = (address: string) => address.split('.')[3] ?? '';
const master = (n: number) => vnfcOf(`master-${n}-${randomUUID().slice(0, 8)}`, 'masterNode', { masterNode_CP1: ip(n) });
const worker = (n: number) => vnfcOf(`worker-${n}-${randomUUID().slice(0, 8)}`, 'workerNode', { workerNode_CP2: ip(n) });
const ipOf = (vnfc: VnfcResourceInfo) => cpAddress(vnfc, vnfc.vduId === 'masterNode' ? 'masterNode_CP1' : 'workerNode_CP2') ?? '';
const nameOf = (vnfc: VnfcResourceInfo) => `${vnfc.vduId === 'masterNode' ? 'master' : 'worker'}${octet(ipOf(vnfc))}`;
const hostsLine = (vnfc: VnfcResourceInfo) => `${ipOf(vnfc)} ${nameOf(vnfc)}`;
const k8sNode = async (vnfc: VnfcResourceInfo) => (await kubectl(['get', 'node', nameOf(vnfc), '--ignore-not-found', '-o', 'name'])).trim();
/** Every node name this spec's VMs may have. */
const NODE_NAMES = () => [...[7, 8, 9, 10, 14].map((n) => `worker${octet(ip(n))}`), ...[7, 11, 12, 13].map((n) => `master${octet(ip(n))}`)];
/** Fresh disks for these VMs (one after the other), as newly created servers have. */
async function reset(...vms: string[]): Promise<void> {
  for (const vm of vms) await sh('bash', [`${repoRoot()}/tools/ssh-hosts/ssh-hosts.sh`, 'reset', vm]);
}

/** The kubeadm MgmtDriver on the real SSH hosts, the test API server (tools/k8s) and vim-registry, with the package's stand-in install_k8s_cluster.sh. */
describe('kubeadm MgmtDriver: a Kubernetes cluster built by the package install_k8s_cluster.sh on the VMs', () => {
  let hosts: SshHosts;
  const run = randomUUID().slice(0, 8);

  const clusterParam = (overrides: Record<string, unknown> = {}) => {
    const seed = seedClusterParam();
    return {
      k8s_cluster_installation_param: {
        ...seed,
        vim_name: `kubeadm-test-${run}`,
        // Seed 002's proxy and registries point at hosts the test machine has not: the proxy is given (its no_proxy reaches the script), the registries are not.
        proxy: {
          http_proxy: 'http://user1:proxy-secret-41@host1:3128',
          https_proxy: 'http://user1:proxy-secret-41@host1:3128',
          no_proxy: 'registry.example.com',
        },
        private_registry_connection_info: undefined,
        master_node: { ...(seed['master_node'] as object), username: 'ubuntu', password: hosts.users['ubuntu'] },
        worker_node: { ...(seed['worker_node'] as object), username: 'vnfm', password: hosts.users['vnfm'] },
        ...overrides,
      },
    };
  };

  beforeAll(async () => {
    await ensureK8s();
    hosts = await ensureSshHosts();
    await sh('bash', [`${repoRoot()}/tools/ansible/link-k8s.sh`]);
    // Nodes of earlier runs on these addresses (the API server outlives test runs).
    await deleteKubeadmClusters(NODE_NAMES());
  }, 900_000);

  afterAll(async () => {
    await deleteKubeadmClusters(NODE_NAMES());
    // Fresh disks, and none of the clusters' processes (HAProxy, keepalived) left running for the next specs.
    await reset(...[7, 8, 9, 10, 11, 12, 13, 14].map(ip));
  }, 120_000);

  describe('one master (flavour simple): instantiate, scale out and in, heal a worker, terminate', () => {
    let harness: ClusterDriverHarness;
    const m7 = master(7);
    const w8 = worker(8);
    const w9 = worker(9);
    const w10 = worker(10);

    beforeAll(async () => {
      await reset(ip(7), ip(8), ip(9), ip(10));
      harness = new ClusterDriverHarness(clusterParam(), KUBEADM);
      await harness.start();
    }, 300_000);
    afterAll(() => harness?.dispose());

    it('instantiate_end fails on a worker whose VM already ran kubeadm, naming the command and the cause, the token masked; a retry completes', async () => {
      // A worker VM someone joined by hand: kubeadm's preflight refuses it.
      await inVm(ip(9), ['sh', '-c', 'mkdir -p /etc/kubernetes && echo stale > /etc/kubernetes/kubelet.conf']);
      const error = (await harness
        .run('instantiate_end', {}, { added: [m7, w8, w9], current: [m7, w8, w9] })
        .catch((caught: unknown) => caught)) as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 502, code: 'KUBEADM_INSTALL_FAILED' });
      expect(error.detail).toContain(`install_k8s_cluster.sh failed on ${nameOf(w9)} (vnfm@${ip(9)})`);
      expect(error.detail).toMatch(
        new RegExp(
          `bash /tmp/install_k8s_cluster.sh -w ${ip(9).replace(/\./g, '\\.')} -i ${ip(7).replace(/\./g, '\\.')} -t \\[SECRET\\] -s [0-9a-f]{64}`,
        ),
      );
      expect(error.detail).toContain('FileAvailable--etc-kubernetes-kubelet.conf');
      expect(error.detail).not.toMatch(/[a-z0-9]{6}\.[a-z0-9]{16}/);
      expect(error.detail).not.toContain('proxy-secret-41');
      expect(error.detail).not.toContain(hosts.users['vnfm']);
      // The first master and worker 8 are in; worker 9 is not.
      expect(await k8sNode(m7)).toBe(`node/${nameOf(m7)}`);
      expect(await k8sNode(w9)).toBe('');

      await inVm(ip(9), ['rm', '-f', '/etc/kubernetes/kubelet.conf']);
      const outputs = await harness.run('instantiate_end', {}, { added: [m7, w8, w9], current: [m7, w8, w9] });
      const vim = (outputs?.['kubeadm'] ?? {}) as { vimId: string; vimName: string; authUrl: string };
      expect(vim).toEqual({ vimId: expect.any(String), vimName: `kubeadm-test-${run}`, authUrl: 'https://127.0.0.1:16443' });

      for (const vnfc of [m7, w8, w9]) expect(await k8sNode(vnfc)).toBe(`node/${nameOf(vnfc)}`);
      const cluster = (await kubectl(['get', 'node', nameOf(m7), '-o', 'jsonpath={.metadata.labels.vnfm\\.test/kubeadm-cluster}'])).trim();
      expect(cluster).toMatch(/^c[0-9a-f]{10}$/);
      for (const vnfc of [w8, w9])
        expect((await kubectl(['get', 'node', nameOf(vnfc), '-o', 'jsonpath={.metadata.labels.vnfm\\.test/kubeadm-cluster}'])).trim()).toBe(
          cluster,
        );
      // Every node's /etc/hosts names every node once; the script got the proxies with the extended no_proxy.
      for (const vm of [7, 8, 9]) expect(await nodeHostsLines(ip(vm))).toEqual([m7, w8, w9].map(hostsLine).sort());
      const installLog = await inVm(ip(8), ['cat', '/var/lib/vnfm-kubeadm/install.log']);
      expect(installLog).toContain(`mode=worker node=${nameOf(w8)} cluster_ip=${ip(7)} `);
      expect(installLog).toContain(
        // Every address of the first master's /24 too (no k8s_node_cidr given).
        `no_proxy=registry.example.com,192.168.3.0/24,10.199.187.0/24,127.0.0.1,localhost,${ip(7)},127.10.0.0,127.10.0.1,`,
      );
      expect(await inVm(ip(7), ['cat', '/var/lib/vnfm-kubeadm/install.log'])).toMatch(/mode=main_master .* ha_flag= /);
      expect(await etcdMemberNames(ip(7), nameOf(m7))).toEqual([nameOf(m7)]);

      // The VIM answers as a driver of it reaches it: endpoint and CA in interfaceInfo, the token in accessInfo.
      const resolved = await harness.resolveVim(vim.vimId);
      const { endpoint, ssl_ca_cert: caPem } = resolved.interfaceInfo as { endpoint: string; ssl_ca_cert: string };
      const answer = await getWithToken(
        `${endpoint}/api/v1/nodes/${nameOf(w9)}`,
        (resolved.accessInfo as { bearer_token: string }).bearer_token,
        caPem,
      );
      expect(answer.status).toBe(200);
      // The single master's API server answers on its own address, port 6443 (the cluster address the workers joined).
      expect(await apiAnswers(ip(7), 6443)).toBe(true);
    });

    it('scale_end of a scale-out joins the new worker with a fresh token; every node gets its hosts line', async () => {
      await harness.run(
        'scale_end',
        { type: 'SCALE_OUT', aspectId: 'worker_instance', numberOfSteps: 1 },
        { added: [w10], current: [m7, w8, w9, w10] },
      );
      expect(await k8sNode(w10)).toBe(`node/${nameOf(w10)}`);
      for (const vm of [7, 8, 9, 10]) expect(await nodeHostsLines(ip(vm))).toEqual([m7, w8, w9, w10].map(hostsLine).sort());
      expect(await inVm(ip(10), ['cat', '/var/lib/vnfm-kubeadm/install.log'])).toContain(
        `mode=worker node=${nameOf(w10)} cluster_ip=${ip(7)} `,
      );
    });

    it('scale_start of a scale-in drains the worker (its pod evicted), deletes it and drops its hosts line everywhere', async () => {
      const pod = `drain-me-${run}`;
      await placePodToDrain(pod, nameOf(w8), { operator: 'Exists' });
      await harness.run(
        'scale_start',
        { type: 'SCALE_IN', aspectId: 'worker_instance', numberOfSteps: 1 },
        { removing: [w8], current: [m7, w8, w9, w10] },
      );
      expect(await k8sNode(w8)).toBe('');
      expect(await drainedPodLeft(pod)).toBe('');
      for (const vm of [7, 9, 10]) expect(await nodeHostsLines(ip(vm))).toEqual([m7, w9, w10].map(hostsLine).sort());
    });

    it('heal of a worker: heal_start drains and deletes it, heal_end joins the fresh VM in its place', async () => {
      const heal = { vnfcInstanceId: [w9.id], cause: 'worker broken' };
      await harness.run('heal_start', heal, { removing: [w9], current: [m7, w9, w10] });
      expect(await k8sNode(w9)).toBe('');
      await reset(ip(9));
      await harness.run('heal_end', heal, { added: [w9], current: [m7, w9, w10] });
      expect(await k8sNode(w9)).toBe(`node/${nameOf(w9)}`);
      expect(await inVm(ip(9), ['cat', '/tmp/installed'])).toContain('Install Success!');
      for (const vm of [7, 9, 10]) expect(await nodeHostsLines(ip(vm))).toEqual([m7, w9, w10].map(hostsLine).sort());
    });

    it('terminate_end deregisters the VIM', async () => {
      const { vimId } = harness.outputs['kubeadm'] as { vimId: string };
      expect(await harness.run('terminate_end', { terminationType: 'FORCEFUL' }, { current: [m7, w9, w10] })).toEqual({ kubeadm: null });
      await expect(harness.getVim(vimId)).rejects.toMatchObject({ status: 404, code: 'VIM_NOT_FOUND' });
    });

    it('a refused login fails the hook naming user and host, the password nowhere', async () => {
      const hostile = `wr'ong"$(touch /tmp/kubeadm-pwned)\`id\``;
      const failing = new ClusterDriverHarness(
        clusterParam({ master_node: { ...(seedClusterParam()['master_node'] as object), username: 'ubuntu', password: hostile } }),
        KUBEADM,
      );
      await failing.start();
      try {
        const error = (await failing.run('instantiate_end', {}, { current: [m7, w9] }).catch((caught: unknown) => caught)) as AppError;
        expect(error).toMatchObject({ code: 'SSH_AUTH_REFUSED', detail: expect.stringContaining(`ubuntu@${ip(7)}`) });
        expect(error.detail).not.toContain(hostile);
      } finally {
        await failing.dispose();
      }
    });
  });

  describe('three masters behind a VIP (flavour complex): instantiate, heal of a master while the VIP answers', () => {
    let harness: ClusterDriverHarness;
    // The VIP: an address of no VM, held by the HAProxy of one master at a time (tools/kubeadm/README.md).
    const vip = `127.10.1.${octet(ip(11))}`;
    const m11 = master(11);
    const m12 = master(12);
    const m13 = master(13);
    const w14 = worker(14);
    const servers = (...nodes: VnfcResourceInfo[]) => nodes.map((vnfc) => `${nameOf(vnfc)} ${ipOf(vnfc)}:6443`).sort();

    beforeAll(async () => {
      await reset(ip(11), ip(12), ip(13), ip(14));
      harness = new ClusterDriverHarness(
        clusterParam({
          proxy: undefined,
          master_node: {
            ...(seedClusterParam()['master_node'] as object),
            username: 'ubuntu',
            password: hosts.users['ubuntu'],
            cluster_cp_name: 'vip_CP',
            cluster_ip: vip,
          },
        }),
        KUBEADM,
      );
      await harness.start();
    }, 300_000);
    afterAll(() => harness?.dispose());

    it('instantiate_end: the first master inits behind the VIP, the others join its control plane, the worker joins through the VIP', async () => {
      await harness.run('instantiate_end', {}, { added: [m11, m12, m13, w14], current: [m11, m12, m13, w14] });
      for (const vnfc of [m11, m12, m13, w14]) expect(await k8sNode(vnfc)).toBe(`node/${nameOf(vnfc)}`);
      for (const vnfc of [m11, m12, m13]) expect(await haproxyServers(ipOf(vnfc))).toEqual(servers(m11, m12, m13));
      expect(await etcdMemberNames(ip(11), nameOf(m11))).toEqual([m11, m12, m13].map(nameOf).sort());
      expect(await apiAnswers(vip, 16443)).toBe(true);
      expect(await inVm(ip(14), ['cat', '/var/lib/vnfm-kubeadm/install.log'])).toContain(
        `mode=worker node=${nameOf(w14)} cluster_ip=${vip} `,
      );
      expect(await inVm(ip(14), ['cat', '/var/lib/vnfm-kubeadm/install.log'])).toContain('ha_flag=True');
      expect(await inVm(ip(12), ['cat', '/var/lib/vnfm-kubeadm/install.log'])).toContain(
        `mode=normal_master node=${nameOf(m12)} cluster_ip=${vip} masters=${ip(11)},${ip(12)},${ip(13)} `,
      );
    });

    it('heal of a master: the VIP answers throughout, the new VM joins the control plane, HAProxy and etcd have exactly the three masters', async () => {
      const heal = { vnfcInstanceId: [m13.id], cause: 'master broken' };
      const poll = pollApi(vip, 16443);
      try {
        await harness.run('heal_start', heal, { removing: [m13], current: [m11, m12, m13, w14] });
        expect(await k8sNode(m13)).toBe('');
        expect(await etcdMemberNames(ip(11), nameOf(m11))).toEqual([m11, m12].map(nameOf).sort());
        for (const vnfc of [m11, m12]) expect(await haproxyServers(ipOf(vnfc))).toEqual(servers(m11, m12));
        // The infrastructure replaces the VM: its disk and processes are gone.
        await reset(ip(13));
        await harness.run('heal_end', heal, { added: [m13], current: [m11, m12, m13, w14] });
      } finally {
        const polled = await poll.stop();
        expect(polled.failed).toEqual([]);
        expect(polled.answered).toBeGreaterThan(10);
      }
      expect(await k8sNode(m13)).toBe(`node/${nameOf(m13)}`);
      expect(await etcdMemberNames(ip(12), nameOf(m12))).toEqual([m11, m12, m13].map(nameOf).sort());
      for (const vnfc of [m11, m12, m13]) expect(await haproxyServers(ipOf(vnfc))).toEqual(servers(m11, m12, m13));
      expect(await inVm(ip(13), ['cat', '/var/lib/vnfm-kubeadm/install.log'])).toContain(
        `mode=normal_master node=${nameOf(m13)} cluster_ip=${vip} masters=${ip(11)},${ip(12)},${ip(13)} `,
      );
      expect(await apiAnswers(vip, 16443)).toBe(true);
    });

    it('terminate_end deregisters the VIM', async () => {
      expect(await harness.run('terminate_end', {}, { current: [m11, m12, m13, w14] })).toEqual({ kubeadm: null });
    });
  });
});
