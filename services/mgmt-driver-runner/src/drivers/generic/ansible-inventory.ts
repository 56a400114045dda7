import type { SshLogin } from './generic-logins';
import type { VnfcTarget } from './generic-targets';

/**
 * A YAML string Ansible takes as it is: `!unsafe` keeps Jinja from templating
 * it (a password holding `{{` stays a password), and a JSON string is a valid
 * YAML 1.2 double-quoted scalar.
 */
const unsafe = (value: string) => `!unsafe ${JSON.stringify(value)}`;

/** An inventory host or group name: letters, digits and underscores (Ansible warns on, and mishandles, others). */
const inventoryName = (text: string) => text.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(\d)/, '_$1');

/**
 * The playbook's YAML inventory: one host per VNFC (named `vnfc_<index>`,
 * with `vnfc_id` and `vdu_id` host vars), a group per VDU, the VNFC login,
 * and SSH told to trust exactly the host keys the runner pinned.
 */
export function ansibleInventory(targets: readonly VnfcTarget[], login: SshLogin | undefined, knownHostsPath: string): string {
  const lines = [
    'all:',
    '  vars:',
    `    ansible_ssh_common_args: ${unsafe(`-o UserKnownHostsFile=${knownHostsPath} -o StrictHostKeyChecking=yes`)}`,
  ];
  if (login) {
    lines.push(`    ansible_user: ${unsafe(login.username)}`);
    if (login.password !== undefined)
      lines.push(`    ansible_password: ${unsafe(login.password)}`, `    ansible_become_password: ${unsafe(login.password)}`);
    if (login.port !== undefined) lines.push(`    ansible_port: ${login.port}`);
  }
  lines.push(targets.length > 0 ? '  hosts:' : '  hosts: {}');
  targets.forEach((target, index) => {
    lines.push(
      `    vnfc_${index}:`,
      `      ansible_host: ${unsafe(target.address)}`,
      `      vnfc_id: ${unsafe(target.vnfc.id)}`,
      `      vdu_id: ${unsafe(target.vnfc.vduId)}`,
    );
  });
  const vdus = [...new Set(targets.map((target) => target.vnfc.vduId))];
  if (vdus.length > 0) lines.push('  children:');
  for (const vdu of vdus) {
    lines.push(`    ${inventoryName(vdu)}:`, '      hosts:');
    targets.forEach((target, index) => target.vnfc.vduId === vdu && lines.push(`        vnfc_${index}: {}`));
  }
  return `${lines.join('\n')}\n`;
}
