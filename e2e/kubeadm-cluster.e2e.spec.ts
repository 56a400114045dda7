import { laneVm } from './support/lanes';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { InstantiatedVnfInfo, VnfcResourceInfo } from '@vnfm/lcm-domain';
import { cpAddress } from '@vnfm/vm-cluster';
import { repoRoot } from '@vnfm/vnf-package/testing';
import {
  deleteKubeadmClusters,
  etcdMemberNames,
  haproxyServers,
  pollApi,
} from '../services/mgmt-driver-runner/src/testing/kubeadm/kubeadm-under-test';
import { kubectl } from '../services/mgmt-driver-runner/src/testing/kubespray/cluster-probes';
import {
  freshDockerVms,
  inVm,
  pullsWithDockerAndCri,
  registryImageTar,
} from '../services/mgmt-driver-runner/src/testing/private-registry/docker-vms';
import { startTlsTestRegistry, type TlsTestRegistry } from '../services/mgmt-driver-runner/src/testing/private-registry/test-registries';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { ensureK8s } from './support/k8s';
import { specInstantiateBody, withAdditions, withChanges } from './support/lcm-requests';
import { LcmStage } from './support/lcm-stage';
import { ensureSshHosts } from './support/ssh-hosts';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import { VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(1_800_000);
const sh = promisify(execFile);

// The simulator's servers, in the order it hands them out: the registry VNF's, the cluster's 3 masters and 2 workers,
// the scaled-out worker's, then (the scaled-in one's address freed) the failing scale-out's and the healed master's. The HTTPS test registry is on a VM of no server.
const POOL = [7, 8, 9, 10, 11, 12, 13, 14].map(laneVm);
const TLS_VM = laneVm(16);
const octet = (address: string) => address.split('.')[3] ?? '';
// The VIP: an address of no VM, held by one master's HAProxy at a time (tools/kubeadm/README.md).
const VIP = `127.10.1.${octet(laneVm(8))}`;
const IMAGE_PATH = 'Files/images/private_registry.tar'; // seed 002's image_path
const CA_PATH = 'Files/registries/ca.crt'; // seed 002's certificate_path
const NODE_NAMES = POOL.flatMap((ip) => [`master${octet(ip)}`, `worker${octet(ip)}`]);
const DOCKER = ['/usr/bin/docker', '-H', 'unix:///run/docker.sock'];

// Needs `npm run build`, tools/k8s, tools/ssh-hosts and tools/docker (prepared here); installs the Tacker CLI when missing.
describe("mgmt-k8s-cluster-kubeadm with the unmodified Tacker CLI (v1): seed 002's registry VNF and kubeadm cluster with private registries, seed 001's scale, a master healed", () => {
  const stage = new LcmStage('kubeadm', { simDelayMs: 10, addressPool: POOL });
  const lcm = () => new VnflcmCli(stage.cli, []);
  const run = Math.random().toString(36).slice(2, 10);
  // The VMs' ubuntu user gets a password of this run, as an image would have its own: the SSH hosts' shared one is
  // "ubuntu", the user's name too and the start of the package's image name, which no search of the product's files
  // could tell from a leak.
  const vmPassword = `node-login-${run}`;
  // Fresh disks (as new servers have), each VM able to run its own dockerd and containerd, with that password.
  const freshVms = async (...ips: string[]) => {
    await freshDockerVms(...ips);
    for (const ip of ips) await inVm(ip, ['/usr/sbin/chpasswd'], `ubuntu:${vmPassword}\n`);
  };
  let tls: TlsTestRegistry;
  let simulatorVimId = '';
  let registryVnfdId = '';
  let clusterVnfdId = '';
  let registryId = '';
  let clusterId = '';
  let registryIp = '';

  const requestFile = (name: string, body: Record<string, unknown>) => {
    const path = join(stage.dataDir, `${name}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  const param = '/additionalParams/k8s_cluster_installation_param';
  const registries = `${param}/private_registry_connection_info`;
  // Seed 002's cluster body as the spec prints it, changed where it names this machine's things (the VMs' password,
  // the simulator's VIM, the registries: the registry VNF over HTTP, the test HTTPS one with its login and hosts line)
  // and made the complex flavour (three masters: a master heal needs the others) with the VIP Tacker reads from Heat
  // (docs/mgmt-drivers.md, "The seeds' request bodies"). The seed's proxy names hosts that do not exist; nothing on
  // the stand-in nodes goes through it, so it stays as written.
  const clusterBody = () =>
    withAdditions(
      withChanges(specInstantiateBody('002', 1), {
        '/flavourId': 'complex',
        [`${param}/master_node/password`]: vmPassword,
        [`${param}/worker_node/password`]: vmPassword,
        [`${registries}/0/server`]: `${registryIp}:5000`,
        [`${registries}/1/server`]: tls.server,
        [`${registries}/1/username`]: tls.login.user,
        [`${registries}/1/password`]: tls.login.password,
        [`${registries}/1/hosts_string`]: tls.hostsString,
        '/vimConnectionInfo/0/vimId': simulatorVimId,
      }),
      { [`${param}/master_node/cluster_ip`]: VIP },
    );
  const httpImage = () => `${registryIp}:5000/vnfm/http-probe:${run}`;

  const completes = (id: string, args: string[]) => lcm().complete(id, args, 600_000);
  const vnfcsOf = async (id: string) => {
    const info = (await lcm().json<CliRecord>(['vnflcm', 'show', id]))['Instantiated Vnf Info'] as InstantiatedVnfInfo | undefined;
    return (info?.vnfcResourceInfo ?? []) as VnfcResourceInfo[];
  };
  const nodes = async () => {
    const vnfcs = await vnfcsOf(clusterId);
    const of = (vduId: string, cp: string, role: string) =>
      vnfcs
        .filter((vnfc) => vnfc.vduId === vduId)
        .map((vnfc) => {
          const ip = cpAddress(vnfc, cp) ?? '';
          return { vnfc, ip, name: `${role}${octet(ip)}` };
        });
    return { masters: of('masterNode', 'masterNode_CP1', 'master'), workers: of('workerNode', 'workerNode_CP2', 'worker') };
  };
  type Node = Awaited<ReturnType<typeof nodes>>['masters'][number];
  const inCluster = async (name: string) => (await kubectl(['get', 'node', name, '--ignore-not-found', '-o', 'name'])).trim();
  // The node's Docker (the HTTP registry in its daemon's insecure registries) and containerd pull from both registries.
  const pullsFromBoth = async (node: Node) => {
    const indexConfigs = JSON.parse(
      await inVm(node.ip, [...DOCKER, 'info', '--format', '{{json .RegistryConfig.IndexConfigs}}']),
    ) as Record<string, { Secure: boolean }>;
    expect({ node: node.name, http: indexConfigs[`${registryIp}:5000`] }).toEqual({
      node: node.name,
      http: expect.objectContaining({ Secure: false }),
    });
    for (const image of [httpImage(), tls.image]) await pullsWithDockerAndCri(node.ip, image);
  };
  const servers = (masters: Node[]) => masters.map((master) => `${master.name} ${master.ip}:6443`).sort();
  const vimNamed = async (name: string) => (await stage.cli.json<CliRecord[]>(['vim', 'list'])).find((vim) => vim.Name === name);
  const stopRegistryVnf = (ip: string) =>
    inVm(ip, ['sh', '-c', '/usr/bin/docker -H unix:///run/docker.sock rm --force private_registry; service docker stop']).catch(() => '');

  beforeAll(async () => {
    await ensureK8s();
    await ensureSshHosts();
    await sh('bash', [`${repoRoot()}/tools/ansible/link-k8s.sh`]);
    await deleteKubeadmClusters(NODE_NAMES);
    await freshVms(...POOL);
    await freshDockerVms(TLS_VM);
    const work = join(stage.dataDir, 'staged');
    mkdirSync(join(work, 'ca', 'Files', 'registries'), { recursive: true });
    tls = await startTlsTestRegistry(TLS_VM, work, run);
    copyFileSync(tls.caFile, join(work, 'ca', CA_PATH));
    mkdirSync(join(work, 'image', 'Files', 'images'), { recursive: true });
    copyFileSync(await registryImageTar(), join(work, 'image', IMAGE_PATH));
    await stage.open();
    simulatorVimId = String((await vimNamed('openstack-sim'))?.ID);
    // As packaged (hooks naming Scripts/private_registry_mgmt.py and Scripts/kubernetes_mgmt.py), plus the files the
    // seed's bodies name: the registry image and the HTTPS registry's CA.
    const zip = (name: string, extra: string, dropImports?: string[]) =>
      zipStagedPackage(stage.dataDir, name, { restampDigests: true, tackerTypes: true, extraFolders: [extra], dropImports });
    registryVnfdId = String(
      (await onboardZip(stage.http, 'mgmt-private-registry', await zip('mgmt-private-registry', join(work, 'image')))).vnfdId,
    );
    // The corpus copy has no podaffinity flavour.
    const kubeadm = await zip('mgmt-k8s-cluster-kubeadm', join(work, 'ca'), ['sample_kubernetes_df_podaffinity.yaml']);
    clusterVnfdId = String((await onboardZip(stage.http, 'mgmt-k8s-cluster-kubeadm', kubeadm)).vnfdId);
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 900_000);

  afterAll(async () => {
    await deleteKubeadmClusters(NODE_NAMES).catch(() => undefined);
    await kubectl(['delete', 'namespace', `kubeadm-e2e-${run}`, '--ignore-not-found', '--wait=false']).catch(() => undefined);
    if (registryIp) await stopRegistryVnf(registryIp);
    await tls?.stop();
    await stage.close();
    // Fresh disks: none of the clusters' processes (HAProxy, keepalived, dockerd) left running for the next specs.
    for (const ip of [...POOL, TLS_VM])
      await sh('bash', [`${repoRoot()}/tools/ssh-hosts/ssh-hosts.sh`, 'reset', ip]).catch(() => undefined);
  }, 300_000);

  it("seed 002's registry VNF: instantiated as the spec prints its body (the VM's password and the VIM changed), it serves /v2/ and takes the probe image", async () => {
    registryId = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'kubeadm-e2e-registry', registryVnfdId])).ID);
    const body = withChanges(specInstantiateBody('002', 0), {
      '/additionalParams/private_registry_installation_param/ssh_password': vmPassword,
      '/vimConnectionInfo/0/vimId': simulatorVimId,
    });
    await completes(registryId, ['vnflcm', 'instantiate', registryId, requestFile('registry-instantiate', body)]);
    const [vnfc] = await vnfcsOf(registryId);
    registryIp = cpAddress(vnfc as VnfcResourceInfo, 'CP1') ?? '';
    expect(registryIp).toBe(POOL[0]);
    // The probe image pushed through the registry from its own VM.
    await inVm(registryIp, [...DOCKER, 'tag', 'registry:latest', httpImage()]);
    await inVm(registryIp, [...DOCKER, 'push', httpImage()]);
    const tags = await fetch(`http://${registryIp}:5000/v2/vnfm/http-probe/tags/list`, { signal: AbortSignal.timeout(5000) });
    expect(await tags.json()).toEqual({ name: 'vnfm/http-probe', tags: [run] });
  });

  it("seed 002's kubeadm cluster (flavour complex, its VIP added): nodes in the API server, a REACHABLE VIM kubernetes_vim, every node pulls from both registries with Docker and containerd", async () => {
    clusterId = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'kubeadm-e2e-cluster', clusterVnfdId])).ID);
    await completes(clusterId, ['vnflcm', 'instantiate', clusterId, requestFile('cluster-instantiate', clusterBody())]);
    const { masters, workers } = await nodes();
    expect([masters.length, workers.length]).toEqual([3, 2]);
    for (const node of [...masters, ...workers]) expect(await inCluster(node.name)).toBe(`node/${node.name}`);
    for (const master of masters) expect(await haproxyServers(master.ip)).toEqual(servers(masters));
    expect(await etcdMemberNames((masters[0] as Node).ip, (masters[0] as Node).name)).toEqual(masters.map((master) => master.name).sort());
    expect(await vimNamed('kubernetes_vim')).toMatchObject({ Type: 'kubernetes', Status: 'REACHABLE' });
    for (const node of [...masters, ...workers]) await pullsFromBoth(node);
  });

  it("seed 001's scale out and in: the new worker joins and pulls from both registries; the removed one is drained and deleted", async () => {
    // Seed 001's body: {"type": ..., "aspectId": "worker_instance", "numberOfSteps": 1} (the seed's "1", a string, is refused by Tacker's v1 schema too).
    const scale = (type: string) =>
      completes(clusterId, ['vnflcm', 'scale', clusterId, '--type', type, '--aspect-id', 'worker_instance', '--number-of-steps', '1']);
    const before = (await nodes()).workers;
    await scale('SCALE_OUT');
    const out = (await nodes()).workers;
    const added = out.filter((node) => !before.some((kept) => kept.vnfc.id === node.vnfc.id));
    expect(added).toHaveLength(1);
    expect(await inCluster((added[0] as Node).name)).toBe(`node/${(added[0] as Node).name}`);
    await pullsFromBoth(added[0] as Node);

    // A pod on each worker: the one on the worker that leaves is evicted by its drain.
    const namespace = `kubeadm-e2e-${run}`;
    const pod = (node: Node) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: `on-${node.name}`, namespace },
      spec: { nodeName: node.name, tolerations: [{ operator: 'Exists' }], containers: [{ name: 'c', image: 'busybox' }] },
    });
    const items = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }, ...out.map(pod)];
    await kubectl(['apply', '-f', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
    await scale('SCALE_IN');
    const kept = (await nodes()).workers;
    const removed = out.filter((node) => !kept.some((one) => one.vnfc.id === node.vnfc.id));
    expect(removed).toHaveLength(1);
    const gone = removed[0] as Node;
    expect(await inCluster(gone.name)).toBe('');
    const pods = (await kubectl(['get', 'pods', '-n', namespace, '-o', 'jsonpath={.items[*].metadata.name}'])).trim().split(' ').sort();
    expect(pods).toEqual(kept.map((node) => `on-${node.name}`).sort());
    // The simulator hands the freed address to a later server, whose VM then gets the fresh disk a new server has.
    await freshVms(gone.ip);
  });

  it('failure paths of a scale-out: a refused login, then a failing script, each FAILED_TEMP naming the command and the cause, secrets masked; rollback leaves no VM and no node; retry after the fault is removed completes', async () => {
    // The fault is on every free address: whichever the simulator hands the new server.
    const free = [...stage.sim.state().addressPool.free];
    expect(free.length).toBeGreaterThan(0);
    const onFree = async (argv: string[], input?: string) => {
      for (const ip of free) await inVm(ip, argv, input);
    };
    const scaleOut = async () => {
      const opId = await lcm().startTask(clusterId, [
        'vnflcm',
        'scale',
        clusterId,
        '--type',
        'SCALE_OUT',
        '--aspect-id',
        'worker_instance',
        '--number-of-steps',
        '1',
      ]);
      return { opId, op: await lcm().settle(opId, undefined, 600_000) };
    };
    const errorOf = (op: CliRecord) => JSON.stringify(op['Error']);
    const workersBefore = (await nodes()).workers;
    const serversBefore = stage.sim.state().servers.length;

    // 1. The new VM refuses the login (its ubuntu user has another password).
    await onFree(['/usr/sbin/chpasswd'], `ubuntu:not-${vmPassword}\n`);
    const refused = await scaleOut();
    expect(refused.op['Operation State']).toBe('FAILED_TEMP');
    expect(errorOf(refused.op)).toMatch(new RegExp(`ubuntu@(${free.map((ip) => ip.replace(/\./g, '\\.')).join('|')})`));
    expect(errorOf(refused.op)).not.toContain(vmPassword);
    expect((await lcm().run(['vnflcm', 'op', 'rollback', refused.opId])).code).toBe(0);
    expect((await lcm().settle(refused.opId, refused.op, 600_000))['Operation State']).toBe('ROLLED_BACK');
    expect((await nodes()).workers.map((node) => node.name)).toEqual(workersBefore.map((node) => node.name));
    expect(stage.sim.state().servers).toHaveLength(serversBefore);
    for (const ip of free) expect(await inCluster(`worker${octet(ip)}`)).toBe('');
    await onFree(['/usr/sbin/chpasswd'], `ubuntu:${vmPassword}\n`);

    // 2. The new VM already ran kubeadm (someone joined it by hand): the package's install_k8s_cluster.sh fails in preflight.
    await onFree(['sh', '-c', 'mkdir -p /etc/kubernetes && echo stale > /etc/kubernetes/kubelet.conf']);
    const failing = await scaleOut();
    expect(failing.op['Operation State']).toBe('FAILED_TEMP');
    const detail = errorOf(failing.op);
    expect(detail).toMatch(/install_k8s_cluster\.sh failed on worker\d+ \(ubuntu@127\.10\.[0-9.]+\)/);
    expect(detail).toMatch(/bash \/tmp\/install_k8s_cluster\.sh -w [0-9.]+ -i [0-9.]+ -t \[SECRET\] -s [0-9a-f]{64}/);
    expect(detail).toContain('FileAvailable--etc-kubernetes-kubelet.conf');
    expect(detail).not.toMatch(/[a-z0-9]{6}\.[a-z0-9]{16}/);
    expect(detail).not.toContain(vmPassword);
    await onFree(['rm', '-f', '/etc/kubernetes/kubelet.conf']);
    expect((await lcm().run(['vnflcm', 'op', 'retry', failing.opId])).code).toBe(0);
    expect((await lcm().settle(failing.opId, failing.op, 600_000))['Operation State']).toBe('COMPLETED');
    const added = (await nodes()).workers.filter((node) => !workersBefore.some((kept) => kept.vnfc.id === node.vnfc.id));
    expect(added).toHaveLength(1);
    expect(await inCluster((added[0] as Node).name)).toBe(`node/${(added[0] as Node).name}`);
    await pullsFromBoth(added[0] as Node);
  });

  it('heal of one master (v1 --vnfc-instance): the VIP answers throughout; etcd and HAProxy have exactly the three masters; the new one pulls from both registries', async () => {
    const { masters } = await nodes();
    // A master that does not hold the VIP (its holder's haproxy.cfg binds it).
    const holds = async (master: Node) => (await inVm(master.ip, ['cat', '/etc/haproxy/haproxy.cfg'])).includes(`${VIP}:16443`);
    const others: Node[] = [];
    for (const master of masters) if (!(await holds(master))) others.push(master);
    expect(others).toHaveLength(2);
    const target = others[1] as Node;
    const poll = pollApi(VIP, 16443);
    try {
      await completes(clusterId, ['vnflcm', 'heal', clusterId, '--cause', 'e2e: one master', '--vnfc-instance', target.vnfc.id]);
    } finally {
      const polled = await poll.stop();
      expect(polled.failed).toEqual([]);
      expect(polled.answered).toBeGreaterThan(10);
    }
    const after = (await nodes()).masters;
    expect(after).toHaveLength(3);
    const fresh = after.find((master) => !masters.some((old) => old.ip === master.ip)) as Node;
    expect(fresh).toBeDefined();
    expect(await inCluster(fresh.name)).toBe(`node/${fresh.name}`);
    expect(await inCluster(target.name)).toBe('');
    expect(await etcdMemberNames(fresh.ip, fresh.name)).toEqual(after.map((master) => master.name).sort());
    for (const master of after) expect(await haproxyServers(master.ip)).toEqual(servers(after));
    await pullsFromBoth(fresh);
  });

  it('terminate: the cluster VIM is deregistered; no password of the requests in any file or log line of the product; the registry VNF terminated', async () => {
    await completes(clusterId, ['vnflcm', 'terminate', clusterId, '--termination-type', 'FORCEFUL']);
    expect(await vimNamed('kubernetes_vim')).toBeUndefined();
    await completes(registryId, ['vnflcm', 'terminate', registryId, '--termination-type', 'FORCEFUL']);
    const secrets: Record<string, string> = {
      'VM password': vmPassword,
      'registry password': tls.login.password,
      'proxy password1': 'password1',
      'proxy password2': 'password2',
    };
    // The files holding it, by name (grep: exit code 1 is "none").
    const holding = async (secret: string) => {
      const { stdout } = await sh('grep', ['-rlF', '-e', secret, join(stage.dataDir, 'data')]).catch(
        (error: { code?: number; stdout?: string }) => {
          if (error.code === 1) return { stdout: '' };
          throw error;
        },
      );
      return stdout.split('\n').filter((line) => line !== '');
    };
    const found: Record<string, string[]> = {};
    for (const [what, secret] of Object.entries(secrets)) found[what] = await holding(secret);
    expect(found).toEqual(Object.fromEntries(Object.keys(secrets).map((what) => [what, []])));
    expect(stage.output.filter((line) => Object.values(secrets).some((secret) => line.includes(secret)))).toEqual([]);
  });
});
