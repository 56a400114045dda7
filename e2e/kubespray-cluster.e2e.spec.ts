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
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

// test-lane-group: cnf-nodeport-sample (Tacker's CNF nodeport sample: fixed NodePorts 30422/32019 and objects in namespace default of the test API server)
jest.setTimeout(1_800_000);
const sh = promisify(execFile);

// The simulator's servers are SSH hosts 2-6 (the kubespray int specs use them too: run one at a time).
const POOL = [laneVm(2), laneVm(3), laneVm(4), laneVm(5), laneVm(6)];

type VnfcInfoShown = { id: string; vnfcResourceInfoId: string };

// Needs `npm run build`, tools/k8s and tools/ssh-hosts (started here); installs the Tacker CLI when missing.
describe('mgmt-kubespray with the unmodified Tacker CLI (v2): a Kubernetes cluster VNF built by the kubespray MgmtDriver on the OpenStack simulator', () => {
  const stage = new LcmStage('kubespray', { simDelayMs: 10, addressPool: POOL });
  const lcm = () => new VnflcmCli(stage.cli, API_V2);
  let hosts: SshHosts;
  let vnfdId = '';
  let id = '';

  const requestFile = (name: string, body: Record<string, unknown>) => {
    const path = join(stage.dataDir, `${name}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  // The seed's body adapted to the simulator (the BaseHOT's nfv parameters, its default VIM) and to the SSH hosts' logins.
  const instantiateBody = () => ({
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
      k8s_cluster_installation_param: {
        vim_name: 'kubespray-e2e-cluster',
        ansible: {
          ip_address: hosts.ansibleServer.ip,
          username: hosts.ansibleServer.username,
          password: hosts.ansibleServer.password,
          kubespray_root_path: hosts.ansibleServer.kubesprayRoot,
          transferring_inventory_path: 'inventory/kubespray-e2e',
        },
        master_node: {
          aspect_id: 'master_instance',
          ssh_cp_name: 'masterNode_CP1',
          nic_cp_name: 'masterNode_CP1',
          username: 'vnfm',
          password: hosts.users['vnfm'],
          pod_cidr: '192.168.3.0/16',
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
        proxy: { http_proxy: 'http://user1:e2e-proxy-secret@host1:port1', no_proxy: '192.168.246.0/24,10.0.0.1' },
        external_lb_param: {
          ssh_cp_name: 'externalLB_CP3',
          ssh_username: 'vnfm',
          ssh_password: hosts.users['vnfm'],
          script_path: './Scripts/install_external_lb.sh',
        },
      },
    },
  });

  const completes = (args: string[]) => lcm().complete(id, args, 600_000);
  const shown = async () => {
    const record = await lcm().json<CliRecord>(['vnflcm', 'show', id]);
    const info = record['Instantiated Vnf Info'] as (InstantiatedVnfInfo & { vnfcInfo?: VnfcInfoShown[] }) | undefined;
    return { record, info, vnfcs: (info?.vnfcResourceInfo ?? []) as VnfcResourceInfo[] };
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
  const clusterVim = async () => (await stage.cli.json<CliRecord[]>(['vim', 'list'])).find((vim) => vim.Name === 'kubespray-e2e-cluster');

  beforeAll(async () => {
    await ensureK8s();
    hosts = await ensureSshHosts();
    await sh('bash', [`${repoRoot()}/tools/ansible/link-k8s.sh`]);
    for (const ip of POOL) await sh('bash', [`${repoRoot()}/tools/ssh-hosts/ssh-hosts.sh`, 'reset', ip]);
    await stage.open();
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
    const cnfId = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'kubespray-e2e-cnf', String(cnf.vnfdId)])).ID);
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
      const op = await lcm().settle(await lcm().startTask(cnfId, args), undefined, 300_000);
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
    expect(await lcm().run(['vnflcm', 'delete', cnfId])).toMatchObject({ code: 0 });
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
    const { info, vnfcs } = await shown();
    const [worker] = of(vnfcs, 'workerNode') as [VnfcResourceInfo];
    const vnfcInfoId = info?.vnfcInfo?.find((one) => one.vnfcResourceInfoId === worker.id)?.id;
    await completes(['vnflcm', 'heal', id, '--cause', 'e2e: one worker', '--vnfc-instance', String(vnfcInfoId)]);
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
      'e2e-proxy-secret',
      join(stage.dataDir, 'data'),
    ]).catch((error: { code?: number; stdout?: string }) => {
      if (error.code === 1) return { stdout: '' };
      throw error;
    });
    expect(stdout).toBe('');
    expect(stage.output.filter((line) => line.includes(hosts.users['vnfm'] ?? '') || line.includes('e2e-proxy-secret'))).toEqual([]);
  });
});
