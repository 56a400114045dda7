import { laneVm } from './support/lanes';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { InstantiatedVnfInfo, VnfcResourceInfo } from '@vnfm/lcm-domain';
import { frontendPorts, nodeName } from '@vnfm/kubespray';
import { cpAddress } from '@vnfm/vm-cluster';
import { repoRoot } from '@vnfm/vnf-package/testing';
import { kubectl, lbConfig, lbNodeportRoutes, nodeRecord } from '../services/mgmt-driver-runner/src/testing/kubespray/cluster-probes';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { ensureK8s } from './support/k8s';
import { LcmStage } from './support/lcm-stage';
import { ensureSshHosts, type SshHosts } from './support/ssh-hosts';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import { specInstantiateBody, withChanges } from './support/lcm-requests';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

// test-lane-group: cnf-nodeport-sample (Tacker's CNF nodeport sample: fixed NodePorts 30422/32019 and objects in namespace default of the test API server)
jest.setTimeout(1_800_000);
const sh = promisify(execFile);

// The simulator's servers are SSH hosts 2-6 (the kubespray int specs use them too: run one at a time).
const POOL = [laneVm(2), laneVm(3), laneVm(4), laneVm(5), laneVm(6)];

// Needs `npm run build`, tools/k8s and tools/ssh-hosts (started here); installs the Tacker CLI when missing.
describe('mgmt-kubespray with the unmodified Tacker CLI (v2): a Kubernetes cluster VNF built by the kubespray MgmtDriver on the OpenStack simulator', () => {
  const stage = new LcmStage('kubespray', { simDelayMs: 10, addressPool: POOL });
  // The cluster through the v1 API, as seed 000's body is written; the CNF on it through v2.
  const lcm = () => new VnflcmCli(stage.cli, []);
  const lcmV2 = () => new VnflcmCli(stage.cli, API_V2);
  let hosts: SshHosts;
  let vnfdId = '';
  let simulatorVimId = '';
  let id = '';

  const requestFile = (name: string, body: Record<string, unknown>) => {
    const path = join(stage.dataDir, `${name}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  // Seed 000's instantiate body as the spec prints it (the v1 API), changed only where it names this machine's
  // things (the Ansible server, its kubespray and inventory paths, the VMs' logins, the simulator's VIM) and
  // where Tacker's driver refuses it too: the package's LB CP is externalLB_CP3, its LB script is
  // install_external_lb.sh, and a pod network has no host bits (docs/mgmt-drivers.md, "The seeds' request
  // bodies"). The user data fills the BaseHOT's nfv: none is given.
  // The nodes' login is the VMs' vnfm user: their ubuntu user's password is "ubuntu", its own name, which the
  // check that no password rests anywhere could not tell from the user name.
  const instantiateBody = () => {
    const param = '/additionalParams/k8s_cluster_installation_param';
    return withChanges(specInstantiateBody('000'), {
      [`${param}/ansible/ip_address`]: hosts.ansibleServer.ip,
      [`${param}/ansible/username`]: hosts.ansibleServer.username,
      [`${param}/ansible/password`]: hosts.ansibleServer.password,
      [`${param}/ansible/kubespray_root_path`]: hosts.ansibleServer.kubesprayRoot,
      [`${param}/ansible/transferring_inventory_path`]: 'inventory/kubespray-e2e',
      [`${param}/master_node/pod_cidr`]: '192.168.0.0/16',
      [`${param}/master_node/username`]: 'vnfm',
      [`${param}/master_node/password`]: hosts.users['vnfm'],
      [`${param}/worker_node/username`]: 'vnfm',
      [`${param}/worker_node/password`]: hosts.users['vnfm'],
      [`${param}/external_lb_param/ssh_cp_name`]: 'externalLB_CP3',
      [`${param}/external_lb_param/ssh_username`]: 'vnfm',
      [`${param}/external_lb_param/ssh_password`]: hosts.users['vnfm'],
      [`${param}/external_lb_param/script_path`]: './Scripts/install_external_lb.sh',
      '/extVirtualLinks/2/extCps/0/cpdId': 'externalLB_CP3',
      '/vimConnectionInfo/0/vimId': simulatorVimId,
    });
  };

  const completes = (args: string[]) => lcm().complete(id, args, 600_000);
  const shown = async () => {
    const record = await lcm().json<CliRecord>(['vnflcm', 'show', id]);
    const info = record['Instantiated Vnf Info'] as InstantiatedVnfInfo | undefined;
    return { record, vnfcs: (info?.vnfcResourceInfo ?? []) as VnfcResourceInfo[] };
  };
  const of = (vnfcs: VnfcResourceInfo[], vduId: string) => vnfcs.filter((vnfc) => vnfc.vduId === vduId);
  // backend kubernetes-nodeport of the LB VM: a server per master and worker, in haproxy.cfg and in the running HAProxy.
  const routesOf = (vnfcs: VnfcResourceInfo[]) => {
    const addresses = [
      ...of(vnfcs, 'masterNode').map((vnfc) => cpAddress(vnfc, 'masterNode_CP1') ?? ''),
      ...of(vnfcs, 'workerNode').map((vnfc) => cpAddress(vnfc, 'workerNode_CP2') ?? ''),
    ].sort();
    return { configured: addresses, running: addresses };
  };
  const lbOf = (vnfcs: VnfcResourceInfo[]) => cpAddress(of(vnfcs, 'externalLB')[0] as VnfcResourceInfo, 'externalLB_CP3') ?? '';
  const vimNamed = async (name: string) => (await stage.cli.json<CliRecord[]>(['vim', 'list'])).find((vim) => vim.Name === name);
  // The seed's vim_name.
  const clusterVim = () => vimNamed('kubernetes_vim');

  beforeAll(async () => {
    await ensureK8s();
    hosts = await ensureSshHosts();
    await sh('bash', [`${repoRoot()}/tools/ansible/link-k8s.sh`]);
    for (const ip of POOL) await sh('bash', [`${repoRoot()}/tools/ssh-hosts/ssh-hosts.sh`, 'reset', ip]);
    await stage.open();
    simulatorVimId = String((await vimNamed('openstack-sim'))?.ID);
    // As packaged (its hooks name Scripts/kubespray_mgmt.py), plus the scripts the package names; zipped as Tacker zips it.
    const info = await onboardZip(
      stage.http,
      'mgmt-kubespray',
      await zipStagedPackage(stage.dataDir, 'mgmt-kubespray', { restampDigests: true, tackerTypes: true }),
    );
    vnfdId = String(info.vnfdId);
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 900_000);

  afterAll(async () => {
    const names = ((await shown().catch(() => undefined))?.vnfcs ?? []).map((vnfc) =>
      nodeName(vnfc.vduId === 'masterNode' ? 'master' : 'worker', vnfc.id),
    );
    if (names.length > 0) await kubectl(['delete', 'node', '--ignore-not-found', ...names]).catch(() => undefined);
    await stage.close();
  });

  it('instantiate: cluster.yml on exactly the VNFCs, their nodes in the API server, a REACHABLE Kubernetes VIM, HAProxy routing to every worker', async () => {
    id = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'kubespray-e2e', vnfdId])).ID);
    await completes(['vnflcm', 'instantiate', id, requestFile('kubespray-instantiate', instantiateBody())]);
    const { vnfcs } = await shown();
    const [master] = of(vnfcs, 'masterNode') as [VnfcResourceInfo];
    expect(await nodeRecord(hosts, cpAddress(master, 'masterNode_CP1') ?? '')).toMatchObject({
      node: nodeName('master', master.id),
      role: 'control-plane',
      state: 'member',
      playbook: 'cluster.yml',
    });
    for (const worker of of(vnfcs, 'workerNode')) {
      expect(await nodeRecord(hosts, cpAddress(worker, 'workerNode_CP2') ?? '')).toMatchObject({
        node: nodeName('worker', worker.id),
        role: 'worker',
        state: 'member',
      });
      expect((await kubectl(['get', 'node', nodeName('worker', worker.id), '-o', 'name'])).trim()).toBe(
        `node/${nodeName('worker', worker.id)}`,
      );
    }
    expect(await lbNodeportRoutes(lbOf(vnfcs))).toEqual(routesOf(vnfcs));
    const vim = await clusterVim();
    expect(vim).toMatchObject({ Type: 'kubernetes', Status: 'REACHABLE' });
  });

  it("a CNF instantiates on the cluster's registered VIM, its NodePort Service exposed on the cluster's LB by Tacker's cnf_nodeport_mgmt.py hooks, and terminates (mgmt-kubespray-cnf-nodeport)", async () => {
    const vim = await clusterVim();
    const lb = lbOf((await shown()).vnfcs);
    const cnf = await onboardZip(
      stage.http,
      'mgmt-kubespray-cnf-nodeport',
      await zipStagedPackage(stage.dataDir, 'mgmt-kubespray-cnf-nodeport', { restampDigests: true, tackerTypes: true }),
    );
    const cnfId = String((await lcmV2().json<CliRecord>(['vnflcm', 'create', '--name', 'kubespray-e2e-cnf', String(cnf.vnfdId)])).ID);
    const body = {
      flavourId: 'simple',
      vimConnectionInfo: { vim1: { vimId: String(vim?.ID), vimType: 'ETSINFV.KUBERNETES.V_1' } },
      additionalParams: {
        'lcm-kubernetes-def-files': ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/service_with_nodeport.yaml'],
        'lcm-kubernetes-external-lb': {
          script_path: 'Scripts/configure_lb.sh',
          external_lb_param: { ssh_ip: lb, ssh_username: 'vnfm', ssh_password: hosts.users['vnfm'] },
        },
      },
    };
    const onCnf = async (args: string[]) => {
      const op = await lcmV2().settle(await lcmV2().startTask(cnfId, args), undefined, 300_000);
      const error = op.Error ? String((op.Error as { detail?: unknown }).detail ?? JSON.stringify(op.Error)) : 'no error';
      expect([args[1], op['Operation State'], error]).toEqual([args[1], 'COMPLETED', 'no error']);
    };
    await onCnf(['vnflcm', 'instantiate', cnfId, requestFile('kubespray-cnf-instantiate', body)]);
    expect((await kubectl(['get', 'deployment', 'vdu1-simple', '-n', 'default', '-o', 'jsonpath={.status.readyReplicas}'])).trim()).toBe(
      '1',
    );
    expect((await kubectl(['get', 'service', 'nginx-service', '-n', 'default', '-o', 'jsonpath={.spec.type}'])).trim()).toBe('NodePort');
    expect(frontendPorts(await lbConfig(lb), 'default_nginx-service')).toEqual([30422, 32019]);
    await onCnf(['vnflcm', 'terminate', cnfId, '--termination-type', 'FORCEFUL']);
    expect(await lbConfig(lb)).not.toContain('frontend default_nginx-service');
    expect((await kubectl(['get', 'deployment', 'vdu1-simple', '-n', 'default', '--ignore-not-found', '-o', 'name'])).trim()).toBe('');
    expect(await lcmV2().run(['vnflcm', 'delete', cnfId])).toMatchObject({ code: 0 });
  });

  it('scale out then in: the new worker joins and is routed, the removed one drained, removed and unrouted', async () => {
    const before = of((await shown()).vnfcs, 'workerNode');
    await completes(['vnflcm', 'scale', id, '--type', 'SCALE_OUT', '--aspect-id', 'worker_instance']);
    const out = (await shown()).vnfcs;
    expect(of(out, 'workerNode')).toHaveLength(before.length + 1);
    expect(await lbNodeportRoutes(lbOf(out))).toEqual(routesOf(out));
    await completes(['vnflcm', 'scale', id, '--type', 'SCALE_IN', '--aspect-id', 'worker_instance']);
    const inn = (await shown()).vnfcs;
    const [removed] = of(out, 'workerNode').filter((vnfc) => !inn.some((kept) => kept.id === vnfc.id)) as [VnfcResourceInfo];
    expect((await kubectl(['get', 'node', nodeName('worker', removed.id), '--ignore-not-found', '-o', 'name'])).trim()).toBe('');
    expect(await lbNodeportRoutes(lbOf(inn))).toEqual(routesOf(inn));
  });

  it('heal a worker, then the whole cluster: the VIM is replaced by a REACHABLE one, HAProxy routes to the workers', async () => {
    const [worker] = of((await shown()).vnfcs, 'workerNode') as [VnfcResourceInfo];
    // v1 (SOL 003 v2.6.1) names the VNFC to heal by its vnfcResourceInfo id.
    await completes(['vnflcm', 'heal', id, '--cause', 'e2e: one worker', '--vnfc-instance', worker.id]);
    const healed = (await shown()).vnfcs;
    expect(await lbNodeportRoutes(lbOf(healed))).toEqual(routesOf(healed));
    const vimBefore = await clusterVim();
    await completes(['vnflcm', 'heal', id, '--cause', 'e2e: whole cluster']);
    const rebuilt = (await shown()).vnfcs;
    const vimAfter = await clusterVim();
    expect(vimAfter).toMatchObject({ Status: 'REACHABLE' });
    expect(vimAfter?.ID).not.toBe(vimBefore?.ID);
    expect(await lbNodeportRoutes(lbOf(rebuilt))).toEqual(routesOf(rebuilt));
  });

  it('terminate: the VIM is deregistered; no password of the request in any file of the product', async () => {
    await completes(['vnflcm', 'terminate', id, '--termination-type', 'FORCEFUL']);
    expect(await clusterVim()).toBeUndefined();
    const { stdout } = await sh('grep', [
      '-rlF',
      '-e',
      hosts.users['vnfm'] ?? '',
      '-e',
      hosts.ansibleServer.password,
      '-e',
      'password1',
      '-e',
      'password2',
      join(stage.dataDir, 'data'),
    ]).catch((error: { code?: number; stdout?: string }) => {
      if (error.code === 1) return { stdout: '' };
      throw error;
    });
    expect(stdout).toBe('');
    const secrets = [hosts.users['vnfm'] ?? '', 'password1', 'password2'];
    expect(stage.output.filter((line) => secrets.some((secret) => line.includes(secret)))).toEqual([]);
  });
});
