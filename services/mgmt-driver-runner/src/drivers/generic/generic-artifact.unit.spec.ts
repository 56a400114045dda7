import type { HookContext } from '@vnfm/contracts';
import { ansibleInventory } from './ansible-inventory';
import { genericModeOf } from './generic-artifact';
import { genericSettingsOf } from './generic-settings';
import { openedSecrets } from './hook-inputs';

const artifact = (type: string | undefined, path: string, additionalParameters: Record<string, unknown> = {}) => ({
  type,
  path,
  additionalParameters,
});

describe('generic MgmtDriver: which artifacts it takes', () => {
  it('takes Bash artifacts as scripts and Ansible artifacts as playbooks', () => {
    expect(genericModeOf(artifact('tosca.artifacts.Implementation.Bash', 'Scripts/setup.sh'))).toBe('script');
    expect(genericModeOf(artifact('tosca.artifacts.Implementation.Ansible', 'Playbooks/site.yaml'))).toBe('playbook');
  });

  it('takes an artifact of another type only when the hook names it, by file extension', () => {
    const named = { vnfm_mgmt_driver: 'generic' };
    expect(genericModeOf(artifact(undefined, 'Scripts/setup.sh'))).toBeUndefined();
    expect(genericModeOf(artifact(undefined, 'Scripts/setup.sh', named))).toBe('script');
    expect(genericModeOf(artifact('tosca.artifacts.File', 'Playbooks/site.yml', named))).toBe('playbook');
    expect(genericModeOf(artifact(undefined, 'Scripts/setup.txt', named))).toBeUndefined();
  });

  it("never claims Tacker's Python MgmtDrivers, nor an artifact naming another driver", () => {
    expect(genericModeOf(artifact('tosca.artifacts.Implementation.Python', 'Scripts/kubespray_mgmt.py'))).toBeUndefined();
    expect(
      genericModeOf(artifact('tosca.artifacts.Implementation.Python', 'Scripts/mgmt.py', { vnfm_mgmt_driver: 'generic' })),
    ).toBeUndefined();
    expect(genericModeOf(artifact('tosca.artifacts.Implementation.Bash', 'Scripts/mgmt.py'))).toBeUndefined();
    expect(
      genericModeOf(artifact('tosca.artifacts.Implementation.Bash', 'Scripts/lb.sh', { vnfm_mgmt_driver: 'kubespray' })),
    ).toBeUndefined();
  });
});

describe('generic MgmtDriver: settings, inventory, secrets', () => {
  const context = (hook: string, additionalParameters: Record<string, unknown>) =>
    ({
      hook,
      artifact: { name: 'a', path: 'Scripts/a.sh', dependencies: [], additionalParameters, vnfdId: 'd' },
    }) as unknown as HookContext;

  it('acts on the VNFCs removing at <op>_start and added at <op>_end unless told, and refuses bad members naming them', () => {
    expect(genericSettingsOf(context('scale_start', {}), 'script')).toMatchObject({
      runOn: 'vnfcs',
      vnfcs: 'removing',
      become: false,
      timeoutMs: 600_000,
      rerunnable: false,
    });
    expect(genericSettingsOf(context('scale_end', { vdus: ['VDU1'], timeout_seconds: 5 }), 'script')).toMatchObject({
      vnfcs: 'added',
      vdus: ['VDU1'],
      timeoutMs: 5000,
    });
    expect(genericSettingsOf(context('heal_end', {}), 'playbook').runOn).toBe('ansible_server');
    // A VNFD's YAML scalars may arrive as strings.
    expect(genericSettingsOf(context('scale_end', { timeout_seconds: '120', become: 'true', rerunnable: 'true' }), 'script')).toMatchObject(
      {
        timeoutMs: 120_000,
        become: true,
        rerunnable: true,
      },
    );
    expect(() => genericSettingsOf(context('scale_end', { rerunnable: 'yes' }), 'script')).toThrow(
      /additional_parameters.rerunnable must be true or false/,
    );
    expect(() => genericSettingsOf(context('scale_end', { vnfcs: 'all' }), 'script')).toThrow(
      /additional_parameters.vnfcs must be one of added, removing, current/,
    );
    expect(() => genericSettingsOf(context('scale_end', { timeout_seconds: -1 }), 'script')).toThrow(/timeout_seconds/);
  });

  it('writes every inventory string unsafe for Jinja, so a password holding {{ }} stays as it is', () => {
    const target = {
      vnfc: { id: 'vnfc-1', vduId: 'VDU-1', computeResource: { resourceId: 'r1' } },
      address: '127.10.0.3',
      pinId: 'r1',
    } as never;
    const inventory = ansibleInventory([target], { username: 'ubuntu', password: 'p{{ lookup("pipe","id") }}"' }, '/h/known_hosts');
    expect(inventory).toContain('ansible_password: !unsafe "p{{ lookup(\\"pipe\\",\\"id\\") }}\\""');
    expect(inventory).toContain('    VDU_1:\n      hosts:\n        vnfc_0: {}');
    expect(ansibleInventory([], undefined, '/k')).toContain('  hosts: {}');
  });

  it('finds the opened secret values where the sealed value held markers', () => {
    const sealed = { a: 'sealed:v1:abc.def', b: 'plain', c: [{ password: 'sealed:v1:ghi.jkl' }], n: 'sealed:v1:x.y' };
    const opened = { a: 'pw-1', b: 'plain', c: [{ password: 'pw-2' }], n: { token: 't-3' } };
    expect(openedSecrets(sealed, opened).sort()).toEqual(['pw-1', 'pw-2', 't-3', '{"token":"t-3"}'].sort());
  });
});
