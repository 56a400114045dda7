import { execFile } from 'node:child_process';
import * as path from 'node:path';

/** What `tools/ssh-hosts/ssh-hosts.sh up` started: loopback SSH hosts standing in for VMs. */
export interface SshHosts {
  /** One 127.x address per simulated VM, each its own sshd with its own filesystem view. */
  vms: string[];
  port: number;
  /** user name -> password, valid on every VM (the key at keyPath works for them too). */
  users: Record<string, string>;
  /** Private key whose public half is in every VM user's authorized_keys. */
  keyPath: string;
  /** Reached over SSH like the Ansible server of the kubespray MgmtDriver. */
  ansibleServer: { ip: string; username: string; password: string; kubesprayRoot: string };
}

const SCRIPT = path.resolve(__dirname, '../../tools/ssh-hosts/ssh-hosts.sh');
// A cold start may install openssh-server, sshpass and ansible-core with apt.
const UP_TIMEOUT_MS = 10 * 60_000;

let started: Promise<SshHosts> | undefined;

/** Starts the SSH hosts unless already running (idempotent across test files and processes). */
export function ensureSshHosts(): Promise<SshHosts> {
  started ??= runUp().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}

function runUp(): Promise<SshHosts> {
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      [SCRIPT, 'up'],
      { timeout: UP_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`ssh-hosts.sh up failed: ${error.message}\n${stderr}`));
          return;
        }
        try {
          resolve(parseSshHostsEnv(lastLine(stdout)));
        } catch (parseError) {
          reject(parseError);
        }
      },
    );
  });
}

function lastLine(output: string): string {
  const lines = output.trim().split('\n');
  return lines[lines.length - 1] ?? '';
}

/** Parses the env line ssh-hosts.sh prints: `SSH_VMS=a,b SSH_VM_PORT=22 SSH_USERS=u:p,... SSH_KEY=... ANSIBLE_...`. */
export function parseSshHostsEnv(line: string): SshHosts {
  const env = new Map<string, string>();
  for (const pair of line.trim().split(/\s+/)) {
    const eq = pair.indexOf('=');
    if (eq > 0) env.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const get = (name: string): string => {
    const value = env.get(name);
    if (!value) throw new Error(`ssh-hosts.sh printed no ${name} in its env line: ${line}`);
    return value;
  };
  const ansibleUsers = parseUsers(get('ANSIBLE_USERS'));
  const [ansibleUser, ansiblePassword] = Object.entries(ansibleUsers)[0] ?? [];
  if (!ansibleUser || ansiblePassword === undefined) throw new Error(`no Ansible server user in: ${line}`);
  return {
    vms: get('SSH_VMS').split(','),
    port: Number(get('SSH_VM_PORT')),
    users: parseUsers(get('SSH_USERS')),
    keyPath: get('SSH_KEY'),
    ansibleServer: {
      ip: get('ANSIBLE_SERVER'),
      username: ansibleUser,
      password: ansiblePassword,
      kubesprayRoot: get('KUBESPRAY_ROOT'),
    },
  };
}

function parseUsers(list: string): Record<string, string> {
  const users: Record<string, string> = {};
  for (const entry of list.split(',')) {
    const colon = entry.indexOf(':');
    users[entry.slice(0, colon)] = entry.slice(colon + 1);
  }
  return users;
}
