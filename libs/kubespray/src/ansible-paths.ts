import { posix } from 'node:path';
import type { AnsibleServerParams } from './cluster-params';

const INVENTORY_FILE = /\.(ini|cfg|ya?ml|txt)$/i;

/**
 * The inventory file on the Ansible server: `transferring_inventory_path` is
 * that file when it names one (`.../hosts.ini`), otherwise the directory that
 * gets `hosts.ini` (Tacker's guide gives `.../inventory/mycluster`); a relative
 * path is taken from `kubespray_root_path`, where the playbooks run.
 */
export function inventoryFile(ansible: AnsibleServerParams): string {
  const path = posix.resolve(ansible.kubesprayRootPath, ansible.transferringInventoryPath);
  return INVENTORY_FILE.test(path) ? path : posix.join(path, 'hosts.ini');
}

/** `ansible-playbook` as the spec runs it from the kubespray root: `-i <inventory> --become --become-user=root <playbook> [-e node=...]`. */
export function playbookArgv(
  inventory: string,
  playbook: 'cluster.yml' | 'scale.yml' | 'remove-node.yml',
  extraVars: Record<string, string> = {},
): string[] {
  const extra = Object.entries(extraVars).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  return ['ansible-playbook', '-i', inventory, '--become', '--become-user=root', playbook, ...extra];
}
