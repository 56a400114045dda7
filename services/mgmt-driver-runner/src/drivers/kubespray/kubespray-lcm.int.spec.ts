import { laneVm } from '../../../../../e2e/support/lanes';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createHash, randomUUID } from 'node:crypto';
import { NodeSSH } from 'node-ssh';
import type { VnfcResourceInfo } from '@vnfm/contracts';
import { nodeName } from '@vnfm/kubespray';
import { cpAddress } from '@vnfm/vm-cluster';
import {
  LCM_COORDINATOR,
  type LcmOperationRequest,
  type StartOperationReply,
  type VnfInstanceView,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { VIM_REGISTRY_MESSAGES, type ResolveVimConnectionInfoReply } from '@vnfm/vim-domain';
import { repoRoot } from '@vnfm/vnf-package/testing';
import { zipStagedPackage } from '../../../../../e2e/support/corpus-packages';
import { ensureK8s } from '../../../../../e2e/support/k8s';
import { ensureSshHosts, type SshHosts } from '../../../../../e2e/support/ssh-hosts';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../../../tools/openstack-sim/src';
import { LcmHarness } from '../../../../lcm-coordinator/src/testing/lcm-harness';
import { KubernetesDriverModule } from '../../../../kubernetes-driver/src/kubernetes-driver.module';
import { OpenstackDriverModule } from '../../../../openstack-driver/src/openstack-driver.module';
import { MgmtDriverRunnerModule } from '../../mgmt-driver-runner.module';
import {
  getOnce,
  kubectl,
  lbConfig,
  lbNodeportRoutes,
  nodeRecord,
  serveNodePort,
  stopNodePort,
} from '../../testing/kubespray/cluster-probes';
import { freshDockerVms, inVm, pullsWithDockerAndCri } from '../../testing/private-registry/docker-vms';
import { startTestRegistries, type TestRegistries } from '../../testing/private-registry/test-registries';

// test-lane-group: cnf-nodeport-sample (Tacker's CNF nodeport sample: fixed NodePorts 30422/32019 and objects in namespace default of the test API server)

// Tacker's mgmt-kubespray package as packaged (its hooks name Scripts/kubespray_mgmt.py) through the coordinator,
// the OpenStack driver on the simulator and the product's runner; the simulator's servers are SSH hosts.
jest.setTimeout(400_000);
const sh = promisify(execFile);

// SSH hosts 2-6, which the kubespray driver spec also uses (run the two one after the other): the other SSH specs use others.
const POOL = [laneVm(2), laneVm(3), laneVm(4), laneVm(5), laneVm(6)];
// The Docker private registries every node connects to (tacker-specs cir-k8s-cluster): HTTP, and HTTPS with the package's CA and a login.
const REGISTRY_VM = laneVm(15);
const CA_PATH = 'Files/registries/ca.crt';

describe('mgmt-kubespray through the LCM: a Kubernetes cluster VNF built, scaled, healed and terminated by the kubespray MgmtDriver', () => {
  const harness = new LcmHarness({
    openstackDriver: OpenstackDriverModule,
    kubernetesDriver: KubernetesDriverModule,
    runner: MgmtDriverRunnerModule,
  });
  let hosts: SshHosts;
  let sim: OpenStackSimulator;
  let vnfInstanceId: string;
  let registries: TestRegistries;

  const clusterParam = () => ({
    vim_name: `mgmt-kubespray-${Date.now()}`,
    ansible: {
      ip_address: hosts.ansibleServer.ip,
      username: hosts.ansibleServer.username,
      password: hosts.ansibleServer.password,
      kubespray_root_path: hosts.ansibleServer.kubesprayRoot,
      transferring_inventory_path: 'inventory/mgmt-kubespray-lcm',
    },
    master_node: {
      aspect_id: 'master_instance',
      ssh_cp_name: 'masterNode_CP1',
      nic_cp_name: 'masterNode_CP1',
      username: 'vnfm',
      password: hosts.users['vnfm'],
      pod_cidr: '192.168.0.0/16',
      cluster_cidr: '10.199.187.0/24',
      cluster_cp_name: 'masterNode_CP1',
    },
    worker_node: {
      aspect_id: 'worker_instance',
      ssh_cp_name: 'workerNode_CP2',
      nic_cp_name: 'workerNode_CP2',
      username: 'vnfm',
      password: hosts.users['vnfm'],
    },
    proxy: { http_proxy: 'http://user1:proxy-secret-77@host1:port1', no_proxy: '192.168.246.0/24,10.0.0.1' },
    external_lb_param: {
      ssh_cp_name: 'externalLB_CP3',
      ssh_username: 'vnfm',
      ssh_password: hosts.users['vnfm'],
      script_path: './Scripts/install_external_lb.sh',
    },
    private_registry_connection_info: registries.connectionInfo(CA_PATH),
  });
  // The seed 000 body, adapted to the simulator: the BaseHOT's nfv parameters, and the SSH hosts' logins.
  const instantiate = (): LcmOperationRequest => ({
    operation: 'INSTANTIATE',
    params: {
      flavourId: 'simple',
      additionalParams: {
        nfv: {
          VDU: Object.fromEntries(
            ['masterNode', 'workerNode', 'externalLB'].map((vdu) => [
              vdu,
              { flavor: 'm1.medium', image: 'ubuntu-20.04-server-cloudimg-amd64' },
            ]),
          ),
          CP: Object.fromEntries(['masterNode_CP1', 'workerNode_CP2', 'externalLB_CP3'].map((cp) => [cp, { network: 'net0' }])),
        },
        k8s_cluster_installation_param: clusterParam(),
      },
    },
  });

  const instance = () => harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId });
  const vnfcs = async (vduId: string) =>
    ((await instance()).instantiatedVnfInfo?.vnfcResourceInfo ?? []).filter((vnfc) => vnfc.vduId === vduId);
  const start = async (request: LcmOperationRequest) =>
    (await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, { apiMajor: 2, vnfInstanceId, request })).vnfLcmOpOccId;
  const ended = (vnfLcmOpOccId: string) => harness.opOccIn(vnfLcmOpOccId, ['COMPLETED', 'FAILED_TEMP', 'FAILED', 'ROLLED_BACK'], 300_000);
  const expectCompleted = (opOcc: VnfLcmOpOccView) =>
    expect({ state: opOcc.operationState, error: opOcc.error }).toEqual({ state: 'COMPLETED', error: undefined });
  const address = (vnfc: VnfcResourceInfo, cp: string) => cpAddress(vnfc, cp) ?? '';
  const worker = (vnfc: VnfcResourceInfo) => nodeName('worker', vnfc.id);
  // backend kubernetes-nodeport of the LB VM: a server per master and worker, in haproxy.cfg and in the running HAProxy.
  const routesOf = async (workers: VnfcResourceInfo[]) => {
    const masters = (await vnfcs('masterNode')).map((vnfc) => address(vnfc, 'masterNode_CP1'));
    const addresses = [...masters, ...workers.map((vnfc) => address(vnfc, 'workerNode_CP2'))].sort();
    return { configured: addresses, running: addresses };
  };
  const lbAddress = async () => address((await vnfcs('externalLB'))[0] as VnfcResourceInfo, 'externalLB_CP3');
  // The node's own dockerd, and its containerd as the kubelet asks it (CRI, through crictl), pull an image from each
  // registry, by the names its /etc/hosts gives them, each named there once.
  const pullsFromBoth = async (vnfc: VnfcResourceInfo, cp: string) => {
    const ip = address(vnfc, cp);
    for (const image of [registries.httpImage, registries.tlsImage]) await pullsWithDockerAndCri(ip, image);
    const hostsLines = (await inVm(ip, ['cat', '/etc/hosts'])).split('\n');
    for (const name of ['registry-http.test', 'registry-tls.test'])
      expect({ ip, lines: hostsLines.filter((line) => line === `${REGISTRY_VM} ${name}`).length }).toEqual({ ip, lines: 1 });
  };
  const registeredVimId = async () =>
    ((await instance()).metadata?.['mgmtDriverOutputs'] as { kubespray?: { vimId: string } } | undefined)?.kubespray?.vimId;

  beforeAll(async () => {
    await ensureK8s();
    hosts = await ensureSshHosts();
    await sh('bash', [`${repoRoot()}/tools/ansible/link-k8s.sh`]);
    // Fresh disks, each VM able to run its own dockerd (tools/docker).
    await freshDockerVms(...POOL, REGISTRY_VM);
    const work = await mkdtemp(join(tmpdir(), 'vnfm-kubespray-registries-'));
    registries = await startTestRegistries(REGISTRY_VM, work, randomUUID().slice(0, 8));
    // The package carries the HTTPS registry's CA, as certificate_path names it.
    await mkdir(join(work, 'extra', 'Files', 'registries'), { recursive: true });
    await copyFile(registries.caFile, join(work, 'extra', CA_PATH));
    sim = await startOpenStackSimulator({ delayMs: 0, addressPool: POOL });
    await harness.start();
    await harness.registerVim(sim.credentials.authUrl);
    const vnfdId = await harness.onboardZip(
      await zipStagedPackage(harness.dataDir, 'mgmt-kubespray', { restampDigests: true, extraFolders: [join(work, 'extra')] }),
    );
    vnfInstanceId = (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } })).id;
  }, 900_000);

  afterAll(async () => {
    const names = ((await instance().catch(() => undefined))?.instantiatedVnfInfo?.vnfcResourceInfo ?? []).map((vnfc) =>
      nodeName(vnfc.vduId === 'masterNode' ? 'master' : 'worker', vnfc.id),
    );
    if (names.length > 0) await kubectl(['delete', 'node', '--ignore-not-found', ...names]).catch(() => undefined);
    await harness.dispose();
    await sim?.close();
    await registries?.stop();
  });

  it('instantiate: cluster.yml on exactly the VNFCs, HAProxy routing to every worker, a Kubernetes VIM registered and recorded on the instance', async () => {
    expectCompleted(await ended(await start(instantiate())));
    const [master] = await vnfcs('masterNode');
    const workers = await vnfcs('workerNode');
    expect(workers).toHaveLength(2);
    expect(await nodeRecord(hosts, address(master as VnfcResourceInfo, 'masterNode_CP1'))).toMatchObject({
      node: nodeName('master', (master as VnfcResourceInfo).id),
      role: 'control-plane',
      state: 'member',
      playbook: 'cluster.yml',
      ssh_user: 'vnfm',
    });
    for (const vnfc of workers)
      expect(await nodeRecord(hosts, address(vnfc, 'workerNode_CP2'))).toMatchObject({
        node: worker(vnfc),
        role: 'worker',
        state: 'member',
        playbook: 'cluster.yml',
      });
    expect(await lbNodeportRoutes(await lbAddress())).toEqual(await routesOf(workers));
    for (const vnfc of workers) expect((await kubectl(['get', 'node', worker(vnfc), '-o', 'name'])).trim()).toBe(`node/${worker(vnfc)}`);
    await pullsFromBoth(master as VnfcResourceInfo, 'masterNode_CP1');
    for (const vnfc of workers) await pullsFromBoth(vnfc, 'workerNode_CP2');
    const vimId = await registeredVimId();
    expect(vimId).toEqual(expect.any(String));
    const resolved = await harness.request<ResolveVimConnectionInfoReply>(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, {
      vimConnectionInfo: { c: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } },
    });
    expect(resolved.vimConnectionInfo['c']).toMatchObject({
      vimType: 'ETSINFV.KUBERNETES.V_1',
      interfaceInfo: { endpoint: 'https://127.0.0.1:16443' },
      accessInfo: { bearer_token: expect.any(String) },
    });
  });

  // Tacker's CNF NodePort sample on the cluster's VIM. The test API server's nodes are kwok's, so no kube-proxy forwards
  // a node's NodePort: a stand-in process on each node VM listens on the node's address and the NodePort, as kube-proxy's
  // listener would (testing/kubespray/cluster-probes.ts), and answers which node it is.
  it("a CNF of Tacker's mgmt-kubespray-cnf-nodeport on the cluster's VIM: the cnf-nodeport MgmtDriver exposes its NodePorts on the LB VM, a whole heal keeps them, terminate removes them", async () => {
    const clusterVimId = await registeredVimId();
    const lb = await lbAddress();
    const nodes = [
      ...(await vnfcs('masterNode')).map((vnfc) => address(vnfc, 'masterNode_CP1')),
      ...(await vnfcs('workerNode')).map((vnfc) => address(vnfc, 'workerNode_CP2')),
    ];
    const cnfVnfdId = await harness.onboardZip(
      await zipStagedPackage(harness.dataDir, 'mgmt-kubespray-cnf-nodeport', { restampDigests: true, tackerTypes: true }),
    );
    const cnfId = (
      await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId: cnfVnfdId } })
    ).id;
    const onCnf = async (request: LcmOperationRequest) =>
      ended(
        (await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, { apiMajor: 2, vnfInstanceId: cnfId, request }))
          .vnfLcmOpOccId,
      );
    const through = (port: number) => getOnce(`http://${lb}:${port}/`);
    for (const node of nodes) for (const port of [30422, 32019]) await serveNodePort(node, port);
    try {
      expectCompleted(
        await onCnf({
          operation: 'INSTANTIATE',
          params: {
            flavourId: 'simple',
            vimConnectionInfo: { vim1: { vimId: String(clusterVimId), vimType: 'ETSINFV.KUBERNETES.V_1' } },
            additionalParams: {
              'lcm-kubernetes-def-files': ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/service_with_nodeport.yaml'],
              'lcm-kubernetes-external-lb': {
                script_path: 'Scripts/configure_lb.sh',
                external_lb_param: { ssh_ip: lb, ssh_username: 'vnfm', ssh_password: hosts.users['vnfm'] },
              },
            },
          },
        }),
      );
      const cnf = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId: cnfId });
      expect(cnf.metadata?.['mgmtDriverOutputs']).toMatchObject({
        'cnf-nodeport': { loadBalancer: lb, frontends: { 'default_nginx-service': [30422, 32019] } },
      });
      // Each request through the LB VM's frontend reaches a node's NodePort; round robin reaches every node.
      const answers = new Set<string>();
      for (let i = 0; i < nodes.length * 2; i++) answers.add(await through(30422));
      expect([...answers].sort()).toEqual(nodes.map((node) => `nodeport 30422 on ${node}`).sort());
      expect(nodes.map((node) => `nodeport 32019 on ${node}`)).toContain(await through(32019));

      expectCompleted(await onCnf({ operation: 'HEAL', params: { cause: 'whole CNF' } }));
      expect((await lbConfig(lb)).match(/^frontend default_nginx-service$/gm)).toHaveLength(1);
      expect(nodes.map((node) => `nodeport 30422 on ${node}`)).toContain(await through(30422));

      expectCompleted(await onCnf({ operation: 'TERMINATE', params: { terminationType: 'FORCEFUL' } }));
      expect(await lbConfig(lb)).not.toContain('frontend default_nginx-service');
      await expect(through(30422)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      // The cluster's routes are untouched.
      expect(await lbNodeportRoutes(lb)).toEqual(await routesOf(await vnfcs('workerNode')));
    } finally {
      for (const node of nodes) for (const port of [30422, 32019]) await stopNodePort(node, port);
    }
  });

  it('scale out: the new worker joins with scale.yml and is routed', async () => {
    const before = (await vnfcs('workerNode')).map((vnfc) => vnfc.id);
    expectCompleted(
      await ended(await start({ operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'worker_instance', numberOfSteps: 1 } })),
    );
    const workers = await vnfcs('workerNode');
    const [added] = workers.filter((vnfc) => !before.includes(vnfc.id));
    expect(await nodeRecord(hosts, address(added as VnfcResourceInfo, 'workerNode_CP2'))).toMatchObject({
      node: worker(added as VnfcResourceInfo),
      state: 'member',
      playbook: 'scale.yml',
    });
    expect(await lbNodeportRoutes(await lbAddress())).toEqual(await routesOf(workers));
    await pullsFromBoth(added as VnfcResourceInfo, 'workerNode_CP2');
  });

  it('scale in: the removed worker is unrouted, drained and removed from the cluster', async () => {
    const before = await vnfcs('workerNode');
    expectCompleted(
      await ended(await start({ operation: 'SCALE', params: { type: 'SCALE_IN', aspectId: 'worker_instance', numberOfSteps: 1 } })),
    );
    const workers = await vnfcs('workerNode');
    const [removed] = before.filter((vnfc) => !workers.some((kept) => kept.id === vnfc.id));
    expect((await kubectl(['get', 'node', worker(removed as VnfcResourceInfo), '--ignore-not-found', '-o', 'name'])).trim()).toBe('');
    expect(await lbNodeportRoutes(await lbAddress())).toEqual(await routesOf(workers));
  });

  it('heal of a master is refused FAILED_TEMP with the reason, before anything is done', async () => {
    const [master] = await vnfcs('masterNode');
    const failed = await ended(await start({ operation: 'HEAL', params: { vnfcInstanceId: [(master as VnfcResourceInfo).id] } }));
    expect(failed.operationState).toBe('FAILED_TEMP');
    expect(String((failed.error as { detail?: string } | undefined)?.detail)).toContain('kubespray has no playbook for that');
    await harness.request(LCM_COORDINATOR.failOpOcc, { apiMajor: 2, vnfLcmOpOccId: failed.id });
  });

  it('heal of a worker: it leaves the cluster at heal_start and its replacement joins at heal_end, routed', async () => {
    const [healed] = await vnfcs('workerNode');
    expectCompleted(
      await ended(
        await start({ operation: 'HEAL', params: { vnfcInstanceId: [(healed as VnfcResourceInfo).id], cause: 'worker broken' } }),
      ),
    );
    const workers = await vnfcs('workerNode');
    const replacement =
      workers.find((vnfc) => vnfc.id === (healed as VnfcResourceInfo).id) ??
      workers.find((vnfc) => vnfc.computeResource.resourceId !== (healed as VnfcResourceInfo).computeResource.resourceId);
    expect(replacement).toBeDefined();
    expect(await nodeRecord(hosts, address(replacement as VnfcResourceInfo, 'workerNode_CP2'))).toMatchObject({
      node: worker(replacement as VnfcResourceInfo),
      state: 'member',
    });
    expect((await kubectl(['get', 'node', worker(replacement as VnfcResourceInfo), '-o', 'name'])).trim()).toBe(
      `node/${worker(replacement as VnfcResourceInfo)}`,
    );
    expect(await lbNodeportRoutes(await lbAddress())).toEqual(await routesOf(workers));
    await pullsFromBoth(replacement as VnfcResourceInfo, 'workerNode_CP2');
  });

  it('heal of the whole VNF: the VIM is deregistered at heal_start, the cluster rebuilt and registered anew at heal_end', async () => {
    const before = await registeredVimId();
    expectCompleted(await ended(await start({ operation: 'HEAL', params: { cause: 'rebuild the cluster' } })));
    const after = await registeredVimId();
    expect(after).toEqual(expect.any(String));
    expect(after).not.toBe(before);
    await expect(harness.request(VIM_REGISTRY_MESSAGES.getVim, { vimId: before })).rejects.toMatchObject({ status: 404 });
    const [master] = await vnfcs('masterNode');
    expect(await nodeRecord(hosts, address(master as VnfcResourceInfo, 'masterNode_CP1'))).toMatchObject({
      state: 'member',
      playbook: 'cluster.yml',
    });
    expect(await lbNodeportRoutes(await lbAddress())).toEqual(await routesOf(await vnfcs('workerNode')));
    await pullsFromBoth(master as VnfcResourceInfo, 'masterNode_CP1');
    for (const vnfc of await vnfcs('workerNode')) await pullsFromBoth(vnfc, 'workerNode_CP2');
  });

  it('a new worker refusing the login: scale_end FAILED_TEMP with scale.yml and the cause; rollback leaves no VNFC or route; retry after the fault is removed completes', async () => {
    // The addresses the simulator gives the next servers.
    const free = [...sim.state().addressPool.free];
    expect(free.length).toBeGreaterThan(0);
    // The fault: the worker's user may not log in (its shell is nologin), on whichever free address the new server gets.
    const onFree = async (command: string) => {
      for (const ip of free) {
        const ssh = await new NodeSSH().connect({
          host: ip,
          port: hosts.port,
          username: 'ubuntu',
          privateKeyPath: hosts.keyPath,
          readyTimeout: 20_000,
        });
        expect((await ssh.execCommand(command)).code).toBe(0);
        ssh.dispose();
      }
    };
    // Ansible keeps its SSH connections for 30 s (ansible.cfg ControlPersist), and a kept one keeps the login shell it began with.
    // Only the connections to the free addresses are closed: other lanes run playbooks from the same Ansible server at the same time.
    // Ansible names a connection's socket by the first 10 hex digits of sha1("<host>-<port>-<user>"), the port "None" when the inventory sets none.
    const closeAnsibleConnections = async (user: string) => {
      const server = await new NodeSSH().connect({
        host: hosts.ansibleServer.ip,
        port: hosts.port,
        username: hosts.ansibleServer.username,
        password: hosts.ansibleServer.password,
      });
      const sockets = free.flatMap((ip) =>
        ['None', String(hosts.port)].map((port) => createHash('sha1').update(`${ip}-${port}-${user}`).digest('hex').slice(0, 10)),
      );
      await server.execCommand(
        `for name in ${sockets.join(' ')}; do [ -S ~/.ansible/cp/$name ] && ssh -o ControlPath=~/.ansible/cp/$name -O exit dummy; done; true`,
      );
      server.dispose();
    };
    await onFree('sudo usermod -s /usr/sbin/nologin vnfm');
    await closeAnsibleConnections('vnfm');
    const workers = await vnfcs('workerNode');
    const routes = await lbNodeportRoutes(await lbAddress());
    const scaleOut: LcmOperationRequest = {
      operation: 'SCALE',
      params: { type: 'SCALE_OUT', aspectId: 'worker_instance', numberOfSteps: 1 },
    };

    const first = await ended(await start(scaleOut));
    expect(first.operationState).toBe('FAILED_TEMP');
    const detail = String((first.error as { detail?: string } | undefined)?.detail);
    expect(detail).toMatch(
      /kubespray playbook failed on the Ansible server .*ansible-playbook -i \S+ --become --become-user=root scale\.yml; fatal: \[worker-[0-9a-f]{10}\]: (UNREACHABLE|FAILED)!/,
    );
    expect(detail).toContain('This account is currently not available.');
    expect(JSON.stringify(first)).not.toContain(hosts.users['vnfm']);
    await harness.request(LCM_COORDINATOR.rollbackOpOcc, { apiMajor: 2, vnfLcmOpOccId: first.id });
    expect(await ended(first.id)).toMatchObject({ operationState: 'ROLLED_BACK' });
    expect((await vnfcs('workerNode')).map((vnfc) => vnfc.id).sort()).toEqual(workers.map((vnfc) => vnfc.id).sort());
    expect(await lbNodeportRoutes(await lbAddress())).toEqual(routes);

    const second = await ended(await start(scaleOut));
    expect(second.operationState).toBe('FAILED_TEMP');
    await onFree('sudo usermod -s /bin/bash vnfm');
    await closeAnsibleConnections('vnfm');
    await harness.request(LCM_COORDINATOR.retryOpOcc, { apiMajor: 2, vnfLcmOpOccId: second.id });
    expectCompleted(await ended(second.id));
    const after = await vnfcs('workerNode');
    expect(after).toHaveLength(workers.length + 1);
    expect(await lbNodeportRoutes(await lbAddress())).toEqual(await routesOf(after));
  });

  it('terminate deregisters the VIM', async () => {
    const vimId = await registeredVimId();
    expectCompleted(await ended(await start({ operation: 'TERMINATE', params: { terminationType: 'FORCEFUL' } })));
    await expect(harness.request(VIM_REGISTRY_MESSAGES.getVim, { vimId })).rejects.toMatchObject({ status: 404 });
  });

  it('left none of the passwords in clear in any file of the services (event stores, step records, blobs)', async () => {
    const entries = await readdir(harness.dataDir, { recursive: true, withFileTypes: true });
    const secrets = [hosts.users['vnfm'] ?? '', hosts.ansibleServer.password, 'proxy-secret-77', registries.login.password];
    const holding: string[] = [];
    for (const entry of entries.filter((one) => one.isFile())) {
      const content = await readFile(join(entry.parentPath, entry.name), 'latin1').catch(() => '');
      if (secrets.some((secret) => content.includes(secret))) holding.push(join(entry.parentPath, entry.name));
    }
    expect(holding).toEqual([]);
  });
});
