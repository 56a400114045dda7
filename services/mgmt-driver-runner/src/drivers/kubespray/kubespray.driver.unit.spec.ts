import type { HookArtifact } from '@vnfm/contracts';
import type { ServiceRuntime } from '@vnfm/platform';
import type { RemoteShell } from '../../ssh/remote-shell';
import { KubesprayDriver } from './kubespray.driver';
import { playbookCause, playbookFailed } from './playbook-failure';

const artifact = (path: string, type?: string, additionalParameters: Record<string, unknown> = {}): HookArtifact => ({
  name: 'mgmt',
  type,
  path,
  dependencies: [],
  additionalParameters,
  vnfdId: 'vnfd-1',
});
const refusingShell: RemoteShell = { open: () => Promise.reject(new Error('no SSH in this test')) };

describe('the kubespray MgmtDriver', () => {
  const driver = new KubesprayDriver({ shell: refusingShell, runtime: {} as ServiceRuntime });

  it("runs Tacker's sample artifact Scripts/kubespray_mgmt.py, and any artifact whose hook names it (vnfm_mgmt_driver: kubespray)", () => {
    expect(driver.matches(artifact('Scripts/kubespray_mgmt.py', 'tosca.artifacts.Implementation.Python'))).toBe(true);
    expect(driver.matches(artifact('Scripts/cluster.py', 'tosca.artifacts.Implementation.Python', { vnfm_mgmt_driver: 'kubespray' }))).toBe(
      true,
    );
    expect(driver.matches(artifact('Scripts/kubespray_mgmt.py', undefined, { vnfm_mgmt_driver: 'generic' }))).toBe(false);
    expect(driver.matches(artifact('Scripts/kubernetes_mgmt.py', 'tosca.artifacts.Implementation.Python'))).toBe(false);
    expect(driver.matches(artifact('Scripts/kubespray_mgmt.py.bak'))).toBe(false);
  });

  it('refuses a request without k8s_cluster_installation_param before any SSH login, naming the member', async () => {
    const context = {
      hook: 'instantiate_end',
      operation: 'INSTANTIATE',
      operationParams: {},
      instantiation: { flavourId: 'simple', additionalParams: {} },
      vnfcs: { removing: [], added: [], current: [] },
      earlierOutputs: {},
    };
    const secrets = { vimConnectionInfo: {}, open: async <T>(value: T) => value };
    await expect(
      driver.run(context as never, new AbortController().signal, secrets, {
        read: () => {
          throw new Error('no files');
        },
      }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'KUBESPRAY_PARAMS_INVALID',
      detail: 'additionalParams.k8s_cluster_installation_param is required by the kubespray MgmtDriver and is missing.',
    });
  });
});

describe('a failed playbook', () => {
  it("is named by its command, its exit code and ansible-playbook's failure lines (which it prints on stdout)", () => {
    const stdout = [
      'PLAY [Check] ****',
      'ok: [localhost]',
      'fatal: [localhost]: FAILED! => {"changed": false, "msg": "inventory error: group etcd must list an odd number of hosts (1, 3, 5...), it lists 2"}',
      'PLAY RECAP ****',
    ].join('\n');
    const error = playbookFailed('ansible@10.0.0.250', ['ansible-playbook', '-i', 'hosts.ini', 'cluster.yml'], {
      code: 2,
      stdout,
      stderr: '',
    });
    expect(error).toMatchObject({ status: 502, code: 'KUBESPRAY_PLAYBOOK_FAILED' });
    expect(error.detail).toBe(
      'kubespray playbook failed on the Ansible server ansible@10.0.0.250 (exit code 2): ansible-playbook -i hosts.ini cluster.yml; fatal: [localhost]: FAILED! => {"changed": false, "msg": "inventory error: group etcd must list an odd number of hosts (1, 3, 5...), it lists 2"}',
    );
  });

  it('gives the end of the output when no line says what failed, capped', () => {
    expect(playbookCause({ code: 1, stdout: '', stderr: 'ansible-playbook: command not found' })).toBe(
      'ansible-playbook: command not found',
    );
    expect(playbookCause({ code: 1, stdout: 'x'.repeat(5000), stderr: '' })).toHaveLength(2003);
  });
});
