import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { NodeSSH } from 'node-ssh';
import { ensureSshHosts, SshHosts } from '../support/ssh-hosts';

// Real sshd processes on loopback (tools/ssh-hosts); a cold start may apt-install them.
jest.setTimeout(120_000);

describe('SSH hosts standing in for VMs', () => {
  let hosts: SshHosts;
  let vmA: string;
  let vmB: string;
  const open: NodeSSH[] = [];
  const marker = `vnfm-test-${randomUUID()}`;
  const localDir = mkdtempSync(path.join(tmpdir(), 'ssh-hosts-spec-'));

  const connect = async (host: string, auth: { password: string } | { privateKeyPath: string }, username = 'ubuntu') => {
    const ssh = new NodeSSH();
    open.push(ssh);
    return ssh.connect({ host, port: hosts.port, username, readyTimeout: 20_000, ...auth });
  };

  const run = async (ssh: NodeSSH, command: string): Promise<string> => {
    const result = await ssh.execCommand(command);
    if (result.code !== 0) throw new Error(`'${command}' exited ${result.code}: ${result.stderr}`);
    return result.stdout;
  };

  beforeAll(async () => {
    hosts = await ensureSshHosts();
    // The first addresses of the pool; the Ansible spec uses the last ones.
    [vmA, vmB] = hosts.vms as [string, string];
  }, 600_000);

  afterAll(async () => {
    if (vmA) {
      const ssh = await connect(vmA, { privateKeyPath: hosts.keyPath });
      await ssh.execCommand(`sudo sed -i '/${marker}/d' /etc/hosts; rm -f ~/${marker}*`);
    }
    for (const ssh of open) ssh.dispose();
    rmSync(localDir, { recursive: true, force: true });
  });

  it('logs in with the ubuntu password and answers on the VM address that was dialled', async () => {
    const ssh = await connect(vmA, { password: hosts.users['ubuntu'] ?? '' });

    const [user, identity, serverAddress] = (
      await run(ssh, 'id -un; grep ^address= /var/lib/vnfm-vm/identity; echo "$SSH_CONNECTION" | cut -d" " -f3')
    ).split('\n');

    expect(user).toBe('ubuntu');
    expect(identity).toBe(`address=${vmA}`);
    expect(serverAddress).toBe(vmA);
  });

  it('logs in as vnfm with the generated key, and sudo works without a password', async () => {
    const ssh = await connect(vmB, { privateKeyPath: hosts.keyPath }, 'vnfm');

    expect(await run(ssh, 'id -un; sudo -n id -un; hostname')).toBe(`vnfm\nroot\nvm-${vmB.replace(/\./g, '-')}`);
  });

  it('transfers files over SFTP both ways', async () => {
    const ssh = await connect(vmA, { privateKeyPath: hosts.keyPath });
    const upload = path.join(localDir, 'upload.txt');
    const download = path.join(localDir, 'download.txt');
    writeFileSync(upload, `payload ${marker}\n`);

    await ssh.putFile(upload, `/home/ubuntu/${marker}.txt`);
    expect(await run(ssh, `cat ~/${marker}.txt`)).toBe(`payload ${marker}`);

    await ssh.getFile(download, `/home/ubuntu/${marker}.txt`);
    expect(readFileSync(download, 'utf8')).toBe(`payload ${marker}\n`);
  });

  it('keeps what is written on one VM off the other VMs and off this machine', async () => {
    const a = await connect(vmA, { privateKeyPath: hosts.keyPath });
    const b = await connect(vmB, { password: hosts.users['ubuntu'] ?? '' });

    await run(a, `echo ${marker} > ~/${marker}.home && echo "127.0.0.9 ${marker}" | sudo tee -a /etc/hosts >/dev/null`);

    expect(await run(a, `cat ~/${marker}.home; grep -c ${marker} /etc/hosts`)).toBe(`${marker}\n1`);
    expect(await run(b, `test -e ~/${marker}.home && echo present || echo absent; grep -c ${marker} /etc/hosts || true`)).toBe('absent\n0');
    expect(await run(b, 'grep ^address= /var/lib/vnfm-vm/identity')).toBe(`address=${vmB}`);
    expect(readFileSync('/etc/hosts', 'utf8')).not.toContain(marker);
  });

  it('refuses a wrong password', async () => {
    await expect(connect(vmA, { password: 'not-the-password' })).rejects.toThrow(/authentication/i);
  });
});
