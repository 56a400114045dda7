import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterNode } from './cluster-nodes';
import { renderInventory } from './inventory';

const HOSTILE = [
  `it's`,
  `a "b" c`,
  'line\nbreak',
  '$(touch /tmp/pwned-by-inventory)',
  '`id`',
  'x #comment',
  'a=b',
  '123',
  'True',
  '[1, 2]',
  '{{ lookup("pipe", "id") }}',
  'a{%b',
  '{#c',
  'back\\slash',
  'ünïcode',
  ' spaced ',
  '',
];

const node = (index: number, password: string): ClusterNode => ({
  vnfcId: `v${index}`,
  vduId: 'workerNode',
  role: index === 0 ? 'master' : 'worker',
  name: `node-${index}`,
  sshHost: `10.0.0.${index + 1}`,
  ip: `10.1.0.${index + 1}`,
  username: 'ubuntu',
  password,
});

/** Runs the real Ansible (ansible-core, as on the Ansible server) on a generated inventory. */
describe("the inventory as Ansible's INI parser reads it", () => {
  const dir = mkdtempSync(join(tmpdir(), 'kubespray-inventory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives back every hostile password and proxy value byte for byte, and templates none of them', () => {
    const nodes = HOSTILE.map((password, index) => node(index, password));
    const file = join(dir, 'hosts.ini');
    writeFileSync(
      file,
      renderInventory({
        masters: nodes.slice(0, 1),
        workers: nodes.slice(1),
        vars: { http_proxy: HOSTILE.join('|'), no_proxy: `it's\n{{ x }}` },
      }),
    );
    const listed = JSON.parse(
      execFileSync('ansible-inventory', ['-i', file, '--list'], {
        encoding: 'utf8',
        env: { ...process.env, ANSIBLE_FORCE_VALID_GROUP_NAMES: 'ignore' },
      }),
    ) as { _meta: { hostvars: Record<string, Record<string, unknown>> } };
    HOSTILE.forEach((_password, index) => {
      expect(listed._meta.hostvars[`node-${index}`]).toMatchObject({
        ansible_host: `10.0.0.${index + 1}`,
        ip: `10.1.0.${index + 1}`,
        ansible_user: 'ubuntu',
      });
    });
    // Values are templated when used: ask Ansible for them as a play would see them.
    const out = execFileSync(
      'ansible',
      [
        'all',
        '-i',
        file,
        '-c',
        'local',
        '-m',
        'ansible.builtin.debug',
        '-a',
        'msg={{ [ansible_password, ansible_become_password, http_proxy, no_proxy] | to_json }}',
        '-o',
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, ANSIBLE_FORCE_VALID_GROUP_NAMES: 'ignore', ANSIBLE_HOST_KEY_CHECKING: 'False' },
      },
    );
    const seen = new Map<string, unknown>();
    for (const line of out.split('\n')) {
      const match = /^(node-\d+) \| SUCCESS => (.*)$/.exec(line);
      if (match) seen.set(match[1] as string, JSON.parse((JSON.parse(match[2] as string) as { msg: string }).msg));
    }
    expect(seen.size).toBe(HOSTILE.length);
    HOSTILE.forEach((password, index) =>
      expect(seen.get(`node-${index}`)).toEqual([password, password, HOSTILE.join('|'), `it's\n{{ x }}`]),
    );
  });
});
