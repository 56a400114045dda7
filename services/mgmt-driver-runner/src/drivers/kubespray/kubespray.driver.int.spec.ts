import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { AppError, type VnfcResourceInfo } from '@vnfm/contracts';
import { nodeName } from '@vnfm/kubespray';
import { sampleClusterParam } from '@vnfm/kubespray/testing';
import { vnfcOf } from '@vnfm/vm-cluster/testing';
import { repoRoot } from '@vnfm/vnf-package/testing';
import { ensureK8s } from '../../../../../e2e/support/k8s';
import { ensureSshHosts, type SshHosts } from '../../../../../e2e/support/ssh-hosts';
import {
  getWithToken,
  drainedPodLeft,
  kubectl,
  lbConfig,
  lbNodeportRoutes,
  nodeRecord,
  placePodToDrain,
} from '../../testing/kubespray/cluster-probes';
import { KUBESPRAY } from '../../testing/kubespray/kubespray-under-test';
import { ClusterDriverHarness } from '../../testing/vm-cluster/cluster-driver-harness';

// Real ansible-playbook runs over SSH on the test hosts, and a real API server: seconds per hook on 2 cores.
jest.setTimeout(300_000);
const sh = promisify(execFile);

/** The kubespray MgmtDriver on the real SSH hosts, Ansible server, test API server and vim-registry (tools/ssh-hosts, tools/ansible, tools/k8s). */
describe('kubespray MgmtDriver: a Kubernetes cluster on VMs with an external load balancer', () => {
  let hosts: SshHosts;
  let harness: ClusterDriverHarness;
  const run = randomUUID().slice(0, 8);
  let ips: { master: string; w1: string; w2: string; w3: string; lb: string };
  let master: VnfcResourceInfo;
  let w1: VnfcResourceInfo;
  let w2: VnfcResourceInfo;
  let w3: VnfcResourceInfo;
  let lb: VnfcResourceInfo;
  const name = (vnfc: VnfcResourceInfo) => nodeName(vnfc.vduId === 'masterNode' ? 'master' : 'worker', vnfc.id);
  // backend kubernetes-nodeport has a server per master and worker (Tacker's install_external_lb.sh), in haproxy.cfg and in the running HAProxy.
  const routes = (...workers: { vnfc: VnfcResourceInfo; ip: string }[]) => {
    const addresses = [ips.master, ...workers.map(({ ip }) => ip)].sort();
    return { configured: addresses, running: addresses };
  };
  const k8sNode = async (vnfc: VnfcResourceInfo) => (await kubectl(['get', 'node', name(vnfc), '--ignore-not-found', '-o', 'name'])).trim();

  const clusterParam = (overrides: Record<string, unknown> = {}) => {
    const param = sampleClusterParam();
    return {
      k8s_cluster_installation_param: {
        ...param,
        vim_name: `kubespray-test-${run}`,
        ansible: {
          ip_address: hosts.ansibleServer.ip,
          username: hosts.ansibleServer.username,
          password: hosts.ansibleServer.password,
          kubespray_root_path: hosts.ansibleServer.kubesprayRoot,
          transferring_inventory_path: `inventory/test-${run}`,
        },
        master_node: { ...(param['master_node'] as object), username: 'ubuntu', password: hosts.users['ubuntu'] },
        worker_node: { ...(param['worker_node'] as object), username: 'vnfm', password: hosts.users['vnfm'] },
        external_lb_param: {
          ssh_cp_name: 'externalLB_CP3',
          ssh_username: 'ubuntu',
          ssh_password: hosts.users['ubuntu'],
          script_path: './Scripts/install_external_lb.sh',
        },
        ...overrides,
      },
    };
  };

  beforeAll(async () => {
    await ensureK8s();
    hosts = await ensureSshHosts();
    await sh('bash', [`${repoRoot()}/tools/ansible/link-k8s.sh`]);
    // VMs 2-6 of the pool, which kubespray-lcm.int.spec.ts also uses (run the two one after the other): the other SSH specs use others.
    const [m, a, b, c, l] = hosts.vms.slice(1, 6) as [string, string, string, string, string];
    ips = { master: m, w1: a, w2: b, w3: c, lb: l };
    // Fresh disks, as newly created servers have.
    for (const ip of Object.values(ips)) await sh('bash', [`${repoRoot()}/tools/ssh-hosts/ssh-hosts.sh`, 'reset', ip]);
    master = vnfcOf(`master-${run}`, 'masterNode', { masterNode_CP1: ips.master });
    w1 = vnfcOf(`w1-${run}`, 'workerNode', { workerNode_CP2: ips.w1 });
    w2 = vnfcOf(`w2-${run}`, 'workerNode', { workerNode_CP2: ips.w2 });
    w3 = vnfcOf(`w3-${run}`, 'workerNode', { workerNode_CP2: ips.w3 });
    lb = vnfcOf(`lb-${run}`, 'externalLB', { externalLB_CP3: ips.lb });
    harness = new ClusterDriverHarness(clusterParam(), KUBESPRAY);
    await harness.start();
  }, 900_000);

  afterAll(async () => {
    await harness?.dispose();
    if (master) await kubectl(['delete', 'node', '--ignore-not-found', ...[master, w1, w2, w3].map(name)]).catch(() => undefined);
  });

  it('instantiate_end: cluster.yml makes every VNFC a member, HAProxy routes to exactly the workers, the cluster is a registered VIM that answers', async () => {
    const outputs = await harness.run('instantiate_end', {}, { added: [master, w1, w2, lb], current: [master, w1, w2, lb] });
    const vim = (outputs?.['kubespray'] ?? {}) as { vimId: string; vimName: string; authUrl: string };
    expect(vim).toEqual({ vimId: expect.any(String), vimName: `kubespray-test-${run}`, authUrl: 'https://127.0.0.1:16443' });

    for (const [vnfc, ip, role] of [
      [master, ips.master, 'control-plane'],
      [w1, ips.w1, 'worker'],
      [w2, ips.w2, 'worker'],
    ] as const) {
      expect(await nodeRecord(hosts, ip)).toMatchObject({
        node: name(vnfc),
        address: ip,
        role,
        state: 'member',
        playbook: 'cluster.yml',
        run_from: 'ansible-server',
      });
    }
    expect(await nodeRecord(hosts, ips.lb)).toBeUndefined();
    expect(await lbNodeportRoutes(ips.lb)).toEqual(routes({ vnfc: w1, ip: ips.w1 }, { vnfc: w2, ip: ips.w2 }));
    // Tacker's sections, written once, the API server frontend on the LB VM's address.
    const config = await lbConfig(ips.lb);
    expect(config.match(/^backend kubernetes-nodeport$/gm)).toHaveLength(1);
    expect(config).toContain(`    bind                 ${ips.lb}:8383`);
    for (const vnfc of [master, w1, w2]) expect(await k8sNode(vnfc)).toBe(`node/${name(vnfc)}`);

    const view = (await harness.getVim(vim.vimId)).vim as unknown as Record<string, unknown>;
    expect(view).toMatchObject({ name: `kubespray-test-${run}`, type: 'kubernetes', auth_url: 'https://127.0.0.1:16443' });
    // As a driver of the VIM reaches it: SOL003 vimConnectionInfo with the endpoint and CA in interfaceInfo, the token in accessInfo.
    const resolved = await harness.resolveVim(vim.vimId);
    const { endpoint, ssl_ca_cert: caPem } = resolved.interfaceInfo as { endpoint: string; ssl_ca_cert: string };
    const answer = await getWithToken(
      `${endpoint}/api/v1/nodes/${name(master)}`,
      (resolved.accessInfo as { bearer_token: string }).bearer_token,
      caPem,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ kind: 'Node', metadata: { name: name(master) } });
  });

  it('scale_end of a scale-out: scale.yml joins the new worker only, and HAProxy routes to it too', async () => {
    const before = await nodeRecord(hosts, ips.w1);
    await harness.run(
      'scale_end',
      { type: 'SCALE_OUT', aspectId: 'worker_instance', numberOfSteps: 1 },
      { added: [w3], current: [master, w1, w2, w3, lb] },
    );
    expect(await nodeRecord(hosts, ips.w3)).toMatchObject({ node: name(w3), role: 'worker', state: 'member', playbook: 'scale.yml' });
    expect(await nodeRecord(hosts, ips.w1)).toEqual(before);
    expect(await k8sNode(w3)).toBe(`node/${name(w3)}`);
    expect(await lbNodeportRoutes(ips.lb)).toEqual(routes({ vnfc: w1, ip: ips.w1 }, { vnfc: w2, ip: ips.w2 }, { vnfc: w3, ip: ips.w3 }));

    // Run again (a retry of the hook): the load balancer is left as it was.
    const config = await lbConfig(ips.lb);
    await harness.run(
      'scale_end',
      { type: 'SCALE_OUT', aspectId: 'worker_instance', numberOfSteps: 1 },
      { added: [w3], current: [master, w1, w2, w3, lb] },
    );
    expect(await lbConfig(ips.lb)).toBe(config);
    expect(await lbNodeportRoutes(ips.lb)).toEqual(routes({ vnfc: w1, ip: ips.w1 }, { vnfc: w2, ip: ips.w2 }, { vnfc: w3, ip: ips.w3 }));
  });

  it('scale_start of a scale-in: the worker is unrouted, drained (its pod evicted) and removed with remove-node.yml', async () => {
    const pod = `drain-me-${run}`;
    await placePodToDrain(pod, name(w1), { key: 'vnfm.test/kubespray-cluster', operator: 'Exists', effect: 'NoSchedule' });
    await harness.run(
      'scale_start',
      { type: 'SCALE_IN', aspectId: 'worker_instance', numberOfSteps: 1 },
      { removing: [w1], current: [master, w1, w2, w3, lb] },
    );
    expect(await nodeRecord(hosts, ips.w1)).toMatchObject({ node: name(w1), state: 'removed', playbook: 'remove-node.yml' });
    expect(await nodeRecord(hosts, ips.w2)).toMatchObject({ state: 'member' });
    expect(await k8sNode(w1)).toBe('');
    expect(await drainedPodLeft(pod)).toBe('');
    expect(await lbNodeportRoutes(ips.lb)).toEqual(routes({ vnfc: w2, ip: ips.w2 }, { vnfc: w3, ip: ips.w3 }));
  });

  it('heal of a worker: heal_start removes it as a scale-in, heal_end joins its fresh replacement as a scale-out', async () => {
    const heal = { vnfcInstanceId: [w2.id], cause: 'worker broken' };
    await harness.run('heal_start', heal, { removing: [w2], current: [master, w2, w3, lb] });
    expect(await lbNodeportRoutes(ips.lb)).toEqual(routes({ vnfc: w3, ip: ips.w3 }));
    expect(await k8sNode(w2)).toBe('');
    await sh('bash', [`${repoRoot()}/tools/ssh-hosts/ssh-hosts.sh`, 'reset', ips.w2]);
    await harness.run('heal_end', heal, { added: [w2], current: [master, w2, w3, lb] });
    expect(await nodeRecord(hosts, ips.w2)).toMatchObject({ node: name(w2), state: 'member', playbook: 'scale.yml' });
    expect(await k8sNode(w2)).toBe(`node/${name(w2)}`);
    expect(await lbNodeportRoutes(ips.lb)).toEqual(routes({ vnfc: w2, ip: ips.w2 }, { vnfc: w3, ip: ips.w3 }));
  });

  it('heal of a master is refused before anything is done, saying why', async () => {
    const refused = await harness
      .run('heal_start', { vnfcInstanceId: [master.id] }, { removing: [master], current: [master, w2, w3, lb] })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 422,
      code: 'KUBESPRAY_OPERATION_NOT_SUPPORTED',
      detail: expect.stringContaining('kubespray has no playbook for that'),
    });
    expect(await nodeRecord(hosts, ips.master)).toMatchObject({ state: 'member' });
  });

  it('terminate_end deregisters the VIM', async () => {
    const { vimId } = harness.outputs['kubespray'] as { vimId: string };
    expect(await harness.run('terminate_end', { terminationType: 'FORCEFUL' }, { current: [master, w2, w3, lb] })).toEqual({
      kubespray: null,
    });
    await expect(harness.getVim(vimId)).rejects.toMatchObject({ status: 404, code: 'VIM_NOT_FOUND' });
    expect(harness.outputs['kubespray']).toBeUndefined();
  });

  describe('failures: the hook fails with the command and its cause, passwords masked', () => {
    const hostile = `wr'ong"$(touch /tmp/kubespray-pwned)\`id\``;
    const failureOf = async (param: Record<string, unknown>): Promise<AppError> => {
      const failing = new ClusterDriverHarness(param, KUBESPRAY);
      await failing.start();
      try {
        const error = await failing.run('instantiate_end', {}, { added: [master, w3, lb], current: [master, w3, lb] }).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(AppError);
        return error as AppError;
      } finally {
        await failing.dispose();
      }
    };

    it('an unreachable Ansible server', async () => {
      const error = await failureOf(
        clusterParam({
          ansible: {
            ip_address: '127.10.0.199',
            username: 'ansible',
            password: hostile,
            kubespray_root_path: '/k',
            transferring_inventory_path: '/k/i',
          },
        }),
      );
      expect(error).toMatchObject({ code: 'SSH_UNREACHABLE', detail: expect.stringContaining('ansible@127.10.0.199:22') });
      expect(error.detail).not.toContain(hostile);
    });

    it('a wrong password for the Ansible server', async () => {
      const error = await failureOf(
        clusterParam({
          ansible: {
            ip_address: hosts.ansibleServer.ip,
            username: hosts.ansibleServer.username,
            password: hostile,
            kubespray_root_path: hosts.ansibleServer.kubesprayRoot,
            transferring_inventory_path: `inventory/test-${run}`,
          },
        }),
      );
      expect(error).toMatchObject({
        code: 'SSH_AUTH_REFUSED',
        detail: expect.stringContaining(`${hosts.ansibleServer.username}@${hosts.ansibleServer.ip}`),
      });
      expect(error.detail).not.toContain(hostile);
    });

    // Tacker's own script, run as is with the arguments Tacker gives it: it installs (apt) and writes the routes, but
    // starts HAProxy on a configuration HAProxy 2.2 and later refuse (servers without a port and with `check`), and exits 0.
    it("Tacker's install_external_lb.sh as is: routes written for -m/-w, HAProxy refusing them, the hook failing with HAProxy's reason", async () => {
      await sh('bash', [`${repoRoot()}/tools/ssh-hosts/ssh-hosts.sh`, 'reset', ips.lb]);
      const real = new ClusterDriverHarness(clusterParam({ proxy: { no_proxy: '10.0.0.0/8' } }), KUBESPRAY, 'tacker');
      await real.start();
      try {
        const error = await real.run('instantiate_end', {}, { added: [master, w3, lb], current: [master, w3, lb] }).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toMatchObject({ status: 502, code: 'EXTERNAL_LB_FAILED' });
        const { detail } = error as AppError;
        expect(detail).toContain(`HAProxy is not running on the load balancer ubuntu@${ips.lb}`);
        expect(detail).toContain('Active: failed (Result: exit-code)');
        expect(detail).toMatch(/server '(master|worker)\d+' has neither service port nor check port/);
        const config = await lbConfig(ips.lb);
        expect(config).toContain(`    server  worker${ips.w3.split('.')[3]} ${ips.w3} check`);
        expect(config).toContain(`    server  master${ips.master.split('.')[3]} ${ips.master}:6443 check`);
        expect(config).toContain('    bind                 *:8383');
      } finally {
        await real.dispose();
      }
    }, 900_000);

    // The test hosts also take the Ansible server's key, so the login is refused by a user name the workers lack.
    it('cluster.yml failing on a worker that refuses the login: nothing is recorded on any node', async () => {
      const before = await nodeRecord(hosts, ips.master);
      const error = await failureOf(
        clusterParam({ worker_node: { ssh_cp_name: 'workerNode_CP2', username: 'kubespray-nobody', password: hostile } }),
      );
      expect(error.code).toBe('KUBESPRAY_PLAYBOOK_FAILED');
      expect(error.detail).toContain(
        `ansible-playbook -i ${hosts.ansibleServer.kubesprayRoot}/inventory/test-${run}/hosts.ini --become --become-user=root cluster.yml`,
      );
      expect(error.detail).toMatch(/UNREACHABLE|Invalid\/incorrect password|Permission denied/);
      expect(error.detail).not.toContain(hostile);
      expect(await nodeRecord(hosts, ips.master)).toEqual(before);
    });
  });
});
