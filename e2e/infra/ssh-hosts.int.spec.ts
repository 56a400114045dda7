import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect as tcpConnect } from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { NodeSSH } from 'node-ssh';
import { repoRoot } from '@vnfm/vnf-package/testing';
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

  it('gives each VM its own /run, as a VM has its own: a pidfile written on one is on no other VM and not on this machine', async () => {
    // Fresh VMs of the image as this checkout defines it (a VM keeps the image it was started from).
    await promisify(execFile)('bash', [path.join(repoRoot(), 'tools', 'ssh-hosts', 'ssh-hosts.sh'), 'reset', vmA, vmB], {
      timeout: 120_000,
    });
    const a = await connect(vmA, { privateKeyPath: hosts.keyPath });
    const b = await connect(vmB, { privateKeyPath: hosts.keyPath });

    await run(a, `sudo touch /run/${marker}.pid /var/run/${marker}.var`);

    expect(await run(a, `ls /run/${marker}.pid /run/${marker}.var`)).toBe(`/run/${marker}.pid\n/run/${marker}.var`);
    expect(await run(b, `ls /run/${marker}.pid 2>/dev/null || echo absent`)).toBe('absent');
    expect(existsSync(`/run/${marker}.pid`)).toBe(false);
    // sshd's privilege-separation directory, the machine's, shows through.
    expect(await run(b, 'test -d /run/sshd && echo present')).toBe('present');
  });

  it("has a systemctl that manages HAProxy as on Ubuntu, with systemctl's exit codes, though no systemd runs", async () => {
    const ssh = await connect(vmB, { privateKeyPath: hosts.keyPath });
    const status = async (command: string) => {
      const result = await ssh.execCommand(command);
      return { code: result.code, out: result.stdout, err: result.stderr };
    };
    await run(ssh, 'sudo systemctl stop haproxy; sudo cp /etc/haproxy/haproxy.cfg /tmp/haproxy.cfg.orig');
    try {
      expect(await status('systemctl status haproxy')).toMatchObject({ code: 3, out: expect.stringContaining('Active: inactive (dead)') });
      expect(await status('systemctl is-active haproxy')).toMatchObject({ code: 3, out: 'inactive' });
      expect(await status('systemctl restart haproxy')).toMatchObject({ code: 1, err: expect.stringContaining('Access denied') });

      expect(await status('sudo systemctl restart haproxy')).toMatchObject({ code: 0 });
      expect(await status('sudo systemctl status haproxy | grep Active')).toMatchObject({
        code: 0,
        out: expect.stringMatching(/^\s*Active: active \(running\) since /),
      });
      const pid = await run(ssh, 'cat /run/haproxy.pid');
      expect(await run(ssh, `cat /proc/${pid}/comm`)).toBe('haproxy');

      // A configuration HAProxy refuses: the restart fails, the status says why.
      await run(ssh, 'echo "bogus-keyword" | sudo tee -a /etc/haproxy/haproxy.cfg >/dev/null');
      expect(await status('sudo systemctl restart haproxy')).toMatchObject({
        code: 1,
        err: expect.stringContaining('Job for haproxy.service failed because the control process exited with error code.'),
      });
      const failed = await status('systemctl status haproxy');
      expect(failed.code).toBe(3);
      expect(failed.out).toContain('Active: failed (Result: exit-code)');
      expect(failed.out).toContain("unknown keyword 'bogus-keyword'");
      expect(await status('systemctl is-active haproxy')).toMatchObject({ code: 3, out: 'failed' });

      // Another unit is the machine's systemctl's: no systemd here.
      expect((await status('sudo systemctl restart docker')).err).toContain('System has not been booted with systemd');
    } finally {
      await run(ssh, 'sudo cp /tmp/haproxy.cfg.orig /etc/haproxy/haproxy.cfg; sudo systemctl stop haproxy');
    }
  });

  it("reloads HAProxy as the unit does: no connection refused, the new worker running when systemctl returns; stop ends the unit's processes only", async () => {
    const ssh = await connect(vmB, { privateKeyPath: hosts.keyPath });
    const [port, otherPort] = [18_443, 18_444];
    const config = (bind: string) =>
      Buffer.from(
        `global\n    daemon\ndefaults\n    mode tcp\n    timeout connect 5s\n    timeout client 5s\n    timeout server 5s\nfrontend probe\n    bind ${bind}\n    default_backend none\nbackend none\n`,
      ).toString('base64');
    // Whether a TCP connection to the frontend is accepted (HAProxy accepts, then closes it: the backend has no server).
    const accepted = () =>
      new Promise<boolean>((resolve) => {
        const socket = tcpConnect({ host: vmB, port }, () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
    await run(ssh, 'sudo systemctl stop haproxy; sudo cp /etc/haproxy/haproxy.cfg /tmp/haproxy.cfg.orig');
    try {
      await run(ssh, `echo ${config(`${vmB}:${port}`)} | base64 -d | sudo tee /etc/haproxy/haproxy.cfg >/dev/null`);
      await run(ssh, 'sudo systemctl restart haproxy');
      // Another HAProxy of the VM, not the unit's (as the kubeadm stand-in's API server proxy).
      await run(
        ssh,
        `echo ${config(`${vmB}:${otherPort}`)} | base64 -d > /tmp/other.cfg; sudo haproxy -D -f /tmp/other.cfg -p /tmp/other.pid`,
      );
      const master = await run(ssh, 'cat /run/haproxy.pid');
      const workers = async () => (await run(ssh, `pgrep -P ${master} -x haproxy || true`)).split('\n').filter(Boolean);
      expect(await accepted()).toBe(true);

      let probing = true;
      const refused: number[] = [];
      const probes = (async () => {
        for (let i = 0; probing; i++) if (!(await accepted())) refused.push(i);
      })();
      try {
        for (let reload = 0; reload < 3; reload++) {
          const before = await workers();
          await run(ssh, 'sudo systemctl reload haproxy');
          expect((await workers()).filter((pid) => !before.includes(pid))).toHaveLength(1);
          expect(await run(ssh, 'cat /run/haproxy.pid')).toBe(master);
        }
      } finally {
        probing = false;
        await probes;
      }
      expect(refused).toEqual([]);

      await run(ssh, 'sudo systemctl stop haproxy');
      expect(await accepted()).toBe(false);
      expect(await run(ssh, `test -d /proc/${master} && echo running || echo gone`)).toBe('gone');
      expect(await run(ssh, 'sudo kill -0 "$(cat /tmp/other.pid)" && echo running')).toBe('running');
    } finally {
      await run(
        ssh,
        'sudo kill "$(cat /tmp/other.pid)" 2>/dev/null; sudo cp /tmp/haproxy.cfg.orig /etc/haproxy/haproxy.cfg; sudo systemctl stop haproxy',
      );
    }
  });

  it('refuses a wrong password', async () => {
    await expect(connect(vmA, { password: 'not-the-password' })).rejects.toThrow(/authentication/i);
  });
});
