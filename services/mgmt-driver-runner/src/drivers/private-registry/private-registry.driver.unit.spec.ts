import type { HookArtifact } from '@vnfm/contracts';
import type { ServiceRuntime } from '@vnfm/platform';
import { toSealedMarker } from '@vnfm/util';
import type { RemoteShell } from '../../ssh/remote-shell';
import { SupportedHooksController } from '../../supported-hooks.controller';
import { MgmtDriverRegistry } from '../mgmt-driver-registry';
import { PrivateRegistryDriver } from './private-registry.driver';
import { readRegistryParams } from './registry-params';

const artifact = (path: string, type?: string, additionalParameters: Record<string, unknown> = {}): HookArtifact => ({
  name: 'mgmt',
  type,
  path,
  dependencies: [],
  additionalParameters,
  vnfdId: 'vnfd-1',
});
const refusingShell: RemoteShell = { open: () => Promise.reject(new Error('no SSH in this test')) };
const secrets = { vimConnectionInfo: {}, open: async <T>(value: T) => value };
const noFiles = {
  read: () => {
    throw new Error('no files');
  },
};
const param = { ssh_cp_name: 'CP1', ssh_username: 'ubuntu', ssh_password: 'pw' };

describe('the private registry MgmtDriver', () => {
  const driver = new PrivateRegistryDriver({
    shell: refusingShell,
    runtime: { logger: { info: () => undefined } } as unknown as ServiceRuntime,
  });
  const run = (hook: string, additionalParams: unknown, operation = 'INSTANTIATE') =>
    driver.run(
      {
        hook,
        operation,
        operationParams: {},
        instantiation: { flavourId: 'simple', additionalParams },
        vnfcs: { removing: [], added: [], current: [] },
        earlierOutputs: {},
      } as never,
      new AbortController().signal,
      secrets,
      noFiles,
    );

  it("runs Tacker's sample artifact Scripts/private_registry_mgmt.py, and any artifact whose hook names it (vnfm_mgmt_driver: private-registry)", () => {
    expect(driver.matches(artifact('Scripts/private_registry_mgmt.py', 'tosca.artifacts.Implementation.Python'))).toBe(true);
    expect(
      driver.matches(artifact('Scripts/registry.py', 'tosca.artifacts.Implementation.Python', { vnfm_mgmt_driver: 'private-registry' })),
    ).toBe(true);
    expect(driver.matches(artifact('Scripts/private_registry_mgmt.py', undefined, { vnfm_mgmt_driver: 'kubespray' }))).toBe(false);
    expect(driver.matches(artifact('Scripts/kubespray_mgmt.py', 'tosca.artifacts.Implementation.Python'))).toBe(false);
  });

  it('refuses scale (the spec does not support it) with a 422, before any SSH login', async () => {
    await expect(run('scale_start', { private_registry_installation_param: param }, 'SCALE')).rejects.toMatchObject({
      status: 422,
      code: 'PRIVATE_REGISTRY_OPERATION_NOT_SUPPORTED',
    });
    await expect(run('scale_end', { private_registry_installation_param: param }, 'SCALE')).rejects.toMatchObject({ status: 422 });
  });

  it('does nothing at terminate hooks', async () => {
    await expect(run('terminate_end', {}, 'TERMINATE')).resolves.toBeUndefined();
  });

  it('refuses instantiate_end without the parameter, or with no VNFC on ssh_cp_name, before any SSH login', async () => {
    await expect(run('instantiate_end', {})).rejects.toMatchObject({
      status: 422,
      code: 'PRIVATE_REGISTRY_PARAMS_INVALID',
      detail: 'additionalParams.private_registry_installation_param is required by the private registry MgmtDriver and is missing.',
    });
    await expect(run('instantiate_end', { private_registry_installation_param: param })).rejects.toMatchObject({
      status: 422,
      detail: expect.stringContaining('No VNFC of the instance has an address on CP CP1'),
    });
  });
});

describe('the private registry parameters, checked before the operation starts', () => {
  const driver = new PrivateRegistryDriver({ shell: refusingShell, runtime: {} as ServiceRuntime });
  const controller = new SupportedHooksController(new MgmtDriverRegistry([driver]));
  const answers = async (hooks: string[], additionalParams: Record<string, unknown>) =>
    (
      await controller.supportedHooks({
        artifacts: hooks.map((hook) => ({ hook, artifact: artifact('Scripts/private_registry_mgmt.py') })),
        additionalParams,
      })
    ).answers;
  // As the coordinator sends them: the SSH password sealed at intake.
  const sealed = { ...param, ssh_password: toSealedMarker('c2VhbGVk.cGFzc3dvcmQ') };

  it("refuses a wrong member with 422 naming it at the install hooks, and any scale, before anything is made; takes seed 002's body with its password sealed", async () => {
    const [instantiate, heal, terminate] = await answers(['instantiate_end', 'heal_end', 'terminate_end'], {
      private_registry_installation_param: { ...sealed, port_no: 'http' },
    });
    expect(instantiate?.refused).toEqual({
      code: 'PRIVATE_REGISTRY_PARAMS_INVALID',
      detail: 'additionalParams.private_registry_installation_param.port_no must be a TCP port (1-65535), not "http".',
    });
    expect(heal?.refused?.code).toBe('PRIVATE_REGISTRY_PARAMS_INVALID');
    expect(terminate).toEqual({ hook: 'terminate_end', driver: 'private-registry' });
    expect((await answers(['instantiate_end'], {}))[0]?.refused?.detail).toBe(
      'additionalParams.private_registry_installation_param is required by the private registry MgmtDriver and is missing.',
    );
    expect(
      (await answers(['instantiate_end'], { private_registry_installation_param: { ...sealed, ssh_password: undefined } }))[0]?.refused
        ?.detail,
    ).toContain('ssh_password is required');
    expect((await answers(['scale_start'], { private_registry_installation_param: sealed }))[0]?.refused).toEqual({
      code: 'PRIVATE_REGISTRY_OPERATION_NOT_SUPPORTED',
      detail: expect.stringContaining('scale_start refused'),
    });
    expect(
      await answers(['instantiate_end', 'heal_end', 'terminate_end'], {
        private_registry_installation_param: { ...sealed, image_path: 'Files/images/private_registry.tar' },
      }),
    ).toEqual([
      { hook: 'instantiate_end', driver: 'private-registry' },
      { hook: 'heal_end', driver: 'private-registry' },
      { hook: 'terminate_end', driver: 'private-registry' },
    ]);
  });
});

describe('private_registry_installation_param', () => {
  const read = (extra: Record<string, unknown>) => readRegistryParams({ private_registry_installation_param: { ...param, ...extra } });

  it('defaults port_no to 5000, takes it as a number or a numeric string, drops a leading ./ of image_path', () => {
    expect(read({})).toEqual({ sshCpName: 'CP1', sshUsername: 'ubuntu', sshPassword: 'pw', imagePath: undefined, portNo: 5000 });
    expect(read({ port_no: '5001', image_path: './Files/images/registry.tar' })).toMatchObject({
      portNo: 5001,
      imagePath: 'Files/images/registry.tar',
    });
    expect(read({ port_no: 6000 })).toMatchObject({ portNo: 6000 });
  });

  it('names a wrong member', () => {
    expect(() => read({ port_no: 70000 })).toThrow(
      'additionalParams.private_registry_installation_param.port_no must be a TCP port (1-65535), not 70000.',
    );
    expect(() => read({ ssh_password: '' })).toThrow('ssh_password is required');
    expect(() => read({ ssh_username: '-oProxyCommand=x' })).toThrow("must not start with '-'");
    expect(() => read({ image_path: '../../etc/passwd' })).toThrow('must be a path inside the VNF package');
    expect(() => read({ ssh_cp_name: 3 })).toThrow('ssh_cp_name must be a string.');
  });
});
