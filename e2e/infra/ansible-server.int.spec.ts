import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { NodeSSH, SSHExecCommandResponse } from 'node-ssh';
import { ensureSshHosts, SshHosts } from '../support/ssh-hosts';

// Real ansible-playbook runs over SSH on a 2-core machine: seconds per playbook.
jest.setTimeout(240_000);

interface NodeRecord {
  cluster: string;
  node: string;
  address: string;
  role: 'control-plane' | 'worker';
  etcd: boolean;
  state: 'member' | 'removed';
  playbook: string;
  ssh_user: string;
  run_from: string;
}

interface InventoryNode {
  name: string;
  ip: string;
  user: string;
  password: string;
}

/** The inventory shape of the kubespray MgmtDriver spec (groups spelled as in its sample). */
function inventory(cluster: string, masters: InventoryNode[], workers: InventoryNode[]): string {
  const line = (n: InventoryNode, extra = '') =>
    `${n.name} ansible_host=${n.ip} ip=${n.ip}${extra} ansible_user=${n.user} ansible_password=${n.password} ansible_become_password=${n.password}`;
  return [
    '[all]',
    ...masters.map((n, i) => line(n, ` etcd_member_name=etcd${i + 1}`)),
    ...workers.map((n) => line(n)),
    '',
    '[all:vars]',
    `cluster_name=${cluster}`,
    '',
    '[kube_control_plane]',
    ...masters.map((n) => n.name),
    '',
    '[etcd]',
    ...masters.map((n) => n.name),
    '',
    '[kube-node]',
    ...workers.map((n) => n.name),
    '',
    '[calico-rr]',
    '',
    '[k8s-cluster:children]',
    'kube_control_plane',
    'kube-node',
    'calico-rr',
    '',
  ].join('\n');
}

describe('Ansible server running the kubespray test playbooks', () => {
  let hosts: SshHosts;
  let server: NodeSSH;
  let master1: InventoryNode;
  let worker1: InventoryNode;
  let worker2: InventoryNode;
  let worker3: InventoryNode;
  let spare: InventoryNode;
  const cluster = `vnfm-test-${randomUUID().slice(0, 8)}`;
  const localDir = mkdtempSync(path.join(tmpdir(), 'ansible-spec-'));
  const nodeSessions = new Map<string, NodeSSH>();

  const inventoryDir = () => `${hosts.ansibleServer.kubesprayRoot}/inventory/${cluster}`;

  /** SFTP the inventory to the Ansible server, as the MgmtDriver transfers it. */
  const transferInventory = async (file: string, content: string): Promise<string> => {
    const local = path.join(localDir, file);
    writeFileSync(local, content);
    const remote = `${inventoryDir()}/${file}`;
    await server.putFile(local, remote);
    return remote;
  };

  const playbook = (inventoryPath: string, args: string): Promise<SSHExecCommandResponse> =>
    server.execCommand(`ansible-playbook -i ${inventoryPath} --become --become-user=root ${args}`, {
      cwd: hosts.ansibleServer.kubesprayRoot,
    });

  const expectSuccess = (result: SSHExecCommandResponse) => {
    if (result.code !== 0) throw new Error(`ansible-playbook exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  };

  /** What the playbooks recorded on a node, read over SSH on that node. */
  const recordOn = async (node: InventoryNode): Promise<NodeRecord | undefined> => {
    let ssh = nodeSessions.get(node.ip);
    if (!ssh) {
      ssh = await new NodeSSH().connect({ host: node.ip, port: hosts.port, username: 'ubuntu', privateKeyPath: hosts.keyPath });
      nodeSessions.set(node.ip, ssh);
    }
    const result = await ssh.execCommand('cat /var/lib/vnfm-vm/kubespray.json');
    return result.code === 0 ? (JSON.parse(result.stdout) as NodeRecord) : undefined;
  };

  const clearRecordOn = async (node: InventoryNode) => {
    await recordOn(node);
    await nodeSessions.get(node.ip)?.execCommand('sudo rm -f /var/lib/vnfm-vm/kubespray.json /var/lib/vnfm-vm/kubespray.log');
  };

  beforeAll(async () => {
    hosts = await ensureSshHosts();
    const pool = hosts.vms;
    if (pool.length < 7) throw new Error(`needs at least 7 VMs (SSH_VM_COUNT), has ${pool.length}`);
    // The last addresses of the pool; the SSH hosts spec uses the first ones.
    const [spareIp, m1, w1, w2, w3] = pool.slice(-5) as [string, string, string, string, string];
    const vnfmPassword = hosts.users['vnfm'] ?? '';
    const ubuntuPassword = hosts.users['ubuntu'] ?? '';
    master1 = { name: 'master1', ip: m1, user: 'ubuntu', password: ubuntuPassword };
    worker1 = { name: 'worker1', ip: w1, user: 'vnfm', password: vnfmPassword };
    worker2 = { name: 'worker2', ip: w2, user: 'vnfm', password: vnfmPassword };
    worker3 = { name: 'worker3', ip: w3, user: 'ubuntu', password: ubuntuPassword };
    spare = { name: 'spare1', ip: spareIp, user: 'ubuntu', password: ubuntuPassword };
    for (const node of [master1, worker1, worker2, worker3, spare]) await clearRecordOn(node);

    // Logged in with ip_address/username/password, as the MgmtDriver reaches its Ansible server.
    const { ip, username, password } = hosts.ansibleServer;
    server = await new NodeSSH().connect({ host: ip, port: hosts.port, username, password });
    const mkdir = await server.execCommand(`mkdir -p ${inventoryDir()}`);
    expect(mkdir.code).toBe(0);
  }, 600_000);

  afterAll(async () => {
    if (server) {
      await server.execCommand(`rm -rf ${inventoryDir()}`);
      server.dispose();
    }
    for (const ssh of nodeSessions.values()) ssh.dispose();
    rmSync(localDir, { recursive: true, force: true });
  });

  // The steps below build on each other: install, scale out, scale in.

  it('cluster.yml installs the control plane and the workers of the inventory, each over its own credentials', async () => {
    const hostsIni = await transferInventory('hosts.ini', inventory(cluster, [master1], [worker1, worker2]));

    expectSuccess(await playbook(hostsIni, 'cluster.yml'));

    expect(await recordOn(master1)).toMatchObject({
      cluster,
      node: 'master1',
      address: master1.ip,
      role: 'control-plane',
      etcd: true,
      state: 'member',
      playbook: 'cluster.yml',
      ssh_user: 'ubuntu',
      run_from: 'ansible-server',
    });
    for (const worker of [worker1, worker2]) {
      expect(await recordOn(worker)).toMatchObject({
        cluster,
        node: worker.name,
        address: worker.ip,
        role: 'worker',
        etcd: false,
        state: 'member',
        ssh_user: 'vnfm',
      });
    }
    expect(await recordOn(worker3)).toBeUndefined();
  });

  it('scale.yml joins only the worker added to the inventory', async () => {
    const before = await Promise.all([master1, worker1, worker2].map(recordOn));
    const hostsIni = await transferInventory('hosts.ini', inventory(cluster, [master1], [worker1, worker2, worker3]));

    expectSuccess(await playbook(hostsIni, 'scale.yml'));

    expect(await recordOn(worker3)).toMatchObject({ cluster, node: 'worker3', role: 'worker', state: 'member', playbook: 'scale.yml' });
    expect(await Promise.all([master1, worker1, worker2].map(recordOn))).toEqual(before);
  });

  it('remove-node.yml -e node=worker2 removes worker2 and leaves every other node alone', async () => {
    const others = [master1, worker1, worker3];
    const before = await Promise.all(others.map(recordOn));
    const hostsIni = `${inventoryDir()}/hosts.ini`;

    expectSuccess(await playbook(hostsIni, 'remove-node.yml -e node=worker2'));

    expect(await recordOn(worker2)).toMatchObject({ cluster, node: 'worker2', state: 'removed', playbook: 'remove-node.yml' });
    expect(await Promise.all(others.map(recordOn))).toEqual(before);
  });

  it('remove-node.yml refuses a node that is not in the inventory', async () => {
    const result = await playbook(`${inventoryDir()}/hosts.ini`, 'remove-node.yml -e node=worker9');

    expect(result.code).not.toBe(0);
    expect(result.stdout).toContain('node worker9 is not in the inventory');
  });

  it('cluster.yml stops with a clear message when kube_control_plane is missing, touching no node', async () => {
    const broken = inventory(cluster, [], [spare]).replace('[kube_control_plane]\n', '').replace('kube_control_plane\n', '');
    const brokenIni = await transferInventory('broken.ini', broken);

    const result = await playbook(brokenIni, 'cluster.yml');

    expect(result.code).not.toBe(0);
    expect(result.stdout).toContain('group kube_control_plane (or the older kube-master) is missing or empty');
    expect(await recordOn(spare)).toBeUndefined();
  });

  it("serves the same kubespray root at the path of Tacker's guide for the ubuntu user", async () => {
    const ubuntu = await new NodeSSH().connect({
      host: hosts.ansibleServer.ip,
      port: hosts.port,
      username: 'ubuntu',
      password: hosts.users['ubuntu'] ?? '',
    });
    try {
      const result = await ubuntu.execCommand(
        'readlink -f /home/ubuntu/kubespray-2.16.0 && test -f /home/ubuntu/kubespray-2.16.0/cluster.yml',
      );
      expect(result).toMatchObject({ code: 0, stdout: hosts.ansibleServer.kubesprayRoot });
    } finally {
      ubuntu.dispose();
    }
  });
});
