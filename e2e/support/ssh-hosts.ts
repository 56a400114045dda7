import { infraUp } from './infra-script';
import { laneVm, TEST_LANE, VMS_PER_LANE } from './lanes';

/** What `tools/ssh-hosts/ssh-hosts.sh up` started: loopback SSH hosts standing in for VMs. */
export interface SshHosts {
  /** This test lane's VMs (e2e/support/lanes.ts): one 127.x address each, its own sshd with its own filesystem view. */
  vms: string[];
  port: number;
  /** user name -> password, valid on every VM (the key at keyPath works for them too). */
  users: Record<string, string>;
  /** Private key whose public half is in every VM user's authorized_keys. */
  keyPath: string;
  /** Reached over SSH like the Ansible server of the kubespray MgmtDriver. */
  ansibleServer: { ip: string; username: string; password: string; kubesprayRoot: string };
}

// A cold start may install openssh-server, sshpass and ansible-core with apt.
const UP_TIMEOUT_MS = 10 * 60_000;

let started: Promise<SshHosts> | undefined;

/** Starts the SSH hosts unless already running (idempotent across test files and processes). */
export function ensureSshHosts(): Promise<SshHosts> {
  started ??= infraUp('tools/ssh-hosts/ssh-hosts.sh', UP_TIMEOUT_MS)
    .then(toSshHosts)
    .catch((error: unknown) => {
      started = undefined;
      throw error;
    });
  return started;
}

/** Maps the env line of `ssh-hosts.sh up` (SSH_VMS=a,b SSH_VM_PORT=22 SSH_USERS=u:p,... SSH_KEY=... ANSIBLE_...). */
function toSshHosts(env: Record<string, string>): SshHosts {
  const get = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`ssh-hosts.sh up printed no ${name} on its last line`);
    return value;
  };
  const ansibleUsers = parseUsers(get('ANSIBLE_USERS'));
  const [ansibleUser, ansiblePassword] = Object.entries(ansibleUsers)[0] ?? [];
  if (!ansibleUser || ansiblePassword === undefined) throw new Error('ssh-hosts.sh up printed no Ansible server user');
  return {
    vms: laneVms(get('SSH_VMS').split(',')),
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

function laneVms(all: readonly string[]): string[] {
  const own = Array.from({ length: VMS_PER_LANE }, (_, i) => laneVm(i + 1));
  const missing = own.filter((vm) => !all.includes(vm));
  if (missing.length > 0)
    throw new Error(
      `test lane ${TEST_LANE} needs SSH-host VMs ${own[0]}-${own.at(-1)}; ssh-hosts.sh runs ${all.length} (start it with SSH_VM_COUNT=${TEST_LANE * VMS_PER_LANE})`,
    );
  return own;
}

function parseUsers(list: string): Record<string, string> {
  const users: Record<string, string> = {};
  for (const entry of list.split(',')) {
    const colon = entry.indexOf(':');
    users[entry.slice(0, colon)] = entry.slice(colon + 1);
  }
  return users;
}
