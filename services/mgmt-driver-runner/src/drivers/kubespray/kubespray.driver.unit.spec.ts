import type { HookArtifact } from '@vnfm/contracts';
import { sampleClusterParam } from '@vnfm/kubespray/testing';
import type { ServiceRuntime } from '@vnfm/platform';
import { toSealedMarker } from '@vnfm/util';
import type { RemoteShell } from '../../ssh/remote-shell';
import { SupportedHooksController } from '../../supported-hooks.controller';
import { MgmtDriverRegistry } from '../mgmt-driver-registry';
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

describe('the kubespray parameters, checked before the operation starts', () => {
  const driver = new KubesprayDriver({ shell: refusingShell, runtime: {} as ServiceRuntime });
  const controller = new SupportedHooksController(new MgmtDriverRegistry([driver]));
  const sealed = toSealedMarker('c2VhbGVk.cGFzc3dvcmQ');
  // As the coordinator sends them: every password sealed at intake.
  const sealedParam = (overrides: Record<string, unknown> = {}) => {
    const param = sampleClusterParam() as Record<string, Record<string, unknown>>;
    return {
      ...param,
      ansible: { ...param['ansible'], password: sealed },
      master_node: { ...param['master_node'], password: sealed },
      worker_node: { ...param['worker_node'], password: sealed },
      private_registry_connection_info: [
        { connection_type: '0', server: '192.168.0.10:5000' },
        { connection_type: '1', server: 'registry.example.com', username: 'user01', password: sealed },
      ],
      ...overrides,
    };
  };
  const answers = async (param: unknown) =>
    (
      await controller.supportedHooks({
        artifacts: ['instantiate_end', 'scale_end', 'terminate_end'].map((hook) => ({
          hook,
          artifact: artifact('Scripts/kubespray_mgmt.py', 'tosca.artifacts.Implementation.Python'),
        })),
        additionalParams: param === undefined ? {} : { k8s_cluster_installation_param: param },
      })
    ).answers;

  it('refuses a missing or wrong member with 422 KUBESPRAY_PARAMS_INVALID naming it, for every hook of the driver; a sealed password counts as given', async () => {
    const refusedWith = async (param: unknown) => {
      const all = await answers(param);
      expect(all.map((answer) => answer.refused?.code)).toEqual(Array(3).fill('KUBESPRAY_PARAMS_INVALID'));
      return all[0]?.refused?.detail;
    };
    expect(await refusedWith(undefined)).toBe(
      'additionalParams.k8s_cluster_installation_param is required by the kubespray MgmtDriver and is missing.',
    );
    const param = sealedParam();
    expect(await refusedWith({ ...param, ansible: { ...param.ansible, password: undefined } })).toBe(
      'additionalParams.k8s_cluster_installation_param.ansible.password is required by the kubespray MgmtDriver and is missing or empty.',
    );
    expect(await refusedWith({ ...param, master_node: { ...param.master_node, pod_cidr: '10.0.0.1/8' } })).toContain(
      'master_node.pod_cidr must be a network with no host bits set',
    );
    expect(await refusedWith(sealedParam({ private_registry_connection_info: [{ connection_type: '2', server: 'r:5000' }] }))).toBe(
      'additionalParams.k8s_cluster_installation_param.private_registry_connection_info[0].connection_type must be 0 (HTTP) or 1 (HTTPS), not "2".',
    );
    expect(
      await refusedWith(sealedParam({ private_registry_connection_info: [{ connection_type: '1', server: 'r:5000', username: 'u' }] })),
    ).toContain('must give both username and password to log in, or neither');
    expect(await answers(sealedParam())).toEqual([
      { hook: 'instantiate_end', driver: 'kubespray' },
      { hook: 'scale_end', driver: 'kubespray' },
      { hook: 'terminate_end', driver: 'kubespray' },
    ]);
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
