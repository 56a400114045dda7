import { inventoryFile, playbookArgv } from './ansible-paths';

const ansible = (transferringInventoryPath: string) => ({
  ipAddress: 'a',
  username: 'u',
  password: 'p',
  kubesprayRootPath: '/home/ubuntu/kubespray',
  transferringInventoryPath,
});

describe('paths and commands on the Ansible server', () => {
  it('puts hosts.ini in a directory, writes a named file as named, and reads relative paths from the kubespray root', () => {
    expect(inventoryFile(ansible('/home/ubuntu/kubespray/inventory/mycluster'))).toBe(
      '/home/ubuntu/kubespray/inventory/mycluster/hosts.ini',
    );
    expect(inventoryFile(ansible('/tmp/inv/cluster.ini'))).toBe('/tmp/inv/cluster.ini');
    expect(inventoryFile(ansible('inventory/c1/'))).toBe('/home/ubuntu/kubespray/inventory/c1/hosts.ini');
  });

  it("runs the spec's command lines, one argument per word", () => {
    expect(playbookArgv('/i/hosts.ini', 'cluster.yml')).toEqual([
      'ansible-playbook',
      '-i',
      '/i/hosts.ini',
      '--become',
      '--become-user=root',
      'cluster.yml',
    ]);
    expect(playbookArgv('/i/hosts.ini', 'remove-node.yml', { node: 'worker-a,worker-b', skip_confirmation: 'yes' })).toEqual([
      'ansible-playbook',
      '-i',
      '/i/hosts.ini',
      '--become',
      '--become-user=root',
      'remove-node.yml',
      '-e',
      'node=worker-a,worker-b',
      '-e',
      'skip_confirmation=yes',
    ]);
  });
});
