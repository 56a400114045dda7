import { laneVm } from '../../../../../e2e/support/lanes';
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HookContext, VnfcResourceInfo } from '@vnfm/contracts';
import { EmbeddedEventStore } from '@vnfm/event-store';
import { vnfcOf } from '@vnfm/vm-cluster/testing';
import type { ServiceRuntime } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { fixturePath } from '@vnfm/vnf-package/testing';
import { ensureSshHosts, type SshHosts } from '../../../../../e2e/support/ssh-hosts';
import { HostKeyPins } from '../../ssh/host-key-pins';
import { SshRemoteShell } from '../../ssh/ssh-remote-shell';
import { freshDockerVms, inVm, registryImageTar } from '../../testing/private-registry/docker-vms';
import { PrivateRegistryDriver } from './private-registry.driver';

// Real dockerd on a real SSH host: loading a 22 MB image and starting the daemon take seconds on 2 cores.
jest.setTimeout(300_000);

/** The private registry MgmtDriver on a real SSH host with its own Docker daemon (tools/ssh-hosts, tools/docker). */
describe('private registry MgmtDriver: a Docker registry on the VNF VM', () => {
  // The last VMs of the pool: the other SSH specs use the others.
  const ip = laneVm(15);
  const run = randomUUID().slice(0, 8);
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-private-registry-'));
  let hosts: SshHosts;
  let tar: string;
  let store: EmbeddedEventStore;
  let driver: PrivateRegistryDriver;
  let vm: VnfcResourceInfo;

  const additionalParams = (param: Record<string, unknown> = {}) => ({
    private_registry_installation_param: {
      ssh_cp_name: 'CP1',
      ssh_username: 'vnfm',
      ssh_password: hosts.users['vnfm'],
      image_path: 'Files/images/registry.tar',
      ...param,
    },
  });
  const files = {
    read: (path: string) =>
      createReadStream(path === 'Files/images/registry.tar' ? tar : fixturePath('tacker', 'mgmt-private-registry', path)),
  };
  const secrets = { vimConnectionInfo: {}, open: async <T>(value: T) => value };
  const context = (
    hook: string,
    vnfcs: { added?: VnfcResourceInfo[]; current: VnfcResourceInfo[] },
    params = additionalParams(),
  ): HookContext => ({
    hook,
    operation: hook.startsWith('heal') ? 'HEAL' : 'INSTANTIATE',
    vnfLcmOpOccId: randomUUID(),
    vnfInstanceId: `registry-${run}`,
    vnfdId: 'vnfd-private-registry',
    operationParams: {},
    instantiation: { flavourId: 'simple', additionalParams: params },
    vnfcs: { removing: [], added: vnfcs.added ?? [], current: vnfcs.current },
    earlierOutputs: {},
    artifact: {
      name: 'mgmt-drivers-private-registry',
      type: 'tosca.artifacts.Implementation.Python',
      path: 'Scripts/private_registry_mgmt.py',
      dependencies: [],
      additionalParameters: {},
      vnfdId: 'vnfd-private-registry',
    },
    vimConnectionInfo: {},
  });
  const runHook = (ctx: HookContext) => driver.run(ctx, new AbortController().signal, secrets, files);
  const get = async (path: string) => {
    const response = await fetch(`http://${ip}:5000${path}`, { signal: AbortSignal.timeout(5000) });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const docker = (...argv: string[]) => inVm(ip, ['/usr/bin/docker', '-H', 'unix:///run/docker.sock', ...argv]);

  beforeAll(async () => {
    hosts = await ensureSshHosts();
    tar = await registryImageTar();
    await freshDockerVms(ip);
    store = await EmbeddedEventStore.open({ dataDir: join(dataDir, 'pins') });
    const runtime = { logger: createLogger('mgmt-driver-runner', 'silent') } as unknown as ServiceRuntime;
    driver = new PrivateRegistryDriver({ shell: new SshRemoteShell(new HostKeyPins(store)), runtime });
    vm = vnfcOf(`registry-${run}`, 'PrivateRegistryVDU', { CP1: ip });
  }, 900_000);

  afterAll(async () => {
    await docker('rm', '--force', 'private_registry').catch(() => undefined);
    await store?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('instantiate_end: Docker started, the package image loaded, /v2/ served; push and pull work, the data under the user home', async () => {
    const outputs = await runHook(context('instantiate_end', { added: [vm], current: [vm] }));
    expect(outputs).toEqual({ 'private-registry': { [vm.id]: { address: ip, port: 5000 } } });
    expect(await get('/v2/')).toEqual({ status: 200, body: {} });
    expect(
      await docker(
        'inspect',
        '--format',
        '{{.HostConfig.RestartPolicy.Name}} {{.HostConfig.NetworkMode}} {{.Config.Image}}',
        'private_registry',
      ),
    ).toBe('always host registry:latest\n');

    await docker('tag', 'registry:latest', `${ip}:5000/vnfm/probe:${run}`);
    await docker('push', `${ip}:5000/vnfm/probe:${run}`);
    await docker('rmi', `${ip}:5000/vnfm/probe:${run}`);
    await docker('pull', `${ip}:5000/vnfm/probe:${run}`);
    expect(await get('/v2/vnfm/probe/tags/list')).toEqual({ status: 200, body: { name: 'vnfm/probe', tags: [run] } });
    expect(
      existsSync(
        `${process.env['VNFM_INFRA_HOME'] ?? `${process.env['HOME']}/.cache/vnfm-infra`}/ssh-hosts/vms/${ip}/home/vnfm/registry/docker/registry/v2/repositories/vnfm/probe`,
      ),
    ).toBe(true);
    // The uploaded tar is removed once loaded.
    expect(await inVm(ip, ['sh', '-c', 'ls /home/vnfm/.vnfm/uploads/private-registry | wc -l'])).toBe('0\n');
  });

  it('a retry of instantiate_end replaces the container and keeps the data', async () => {
    await runHook(context('instantiate_end', { added: [vm], current: [vm] }));
    expect(await get('/v2/vnfm/probe/tags/list')).toEqual({ status: 200, body: { name: 'vnfm/probe', tags: [run] } });
    expect((await docker('ps', '--all', '--filter', 'name=private_registry', '--format', '{{.Names}}')).trim().split('\n')).toEqual([
      'private_registry',
    ]);
  });

  it('a docker load that fails fails the hook with its cause, the password masked', async () => {
    const error = (await runHook(
      context('instantiate_end', { current: [vm] }, additionalParams({ image_path: 'Scripts/private_registry_mgmt.py' })),
    ).catch((caught: unknown) => caught)) as { code: string; detail: string };
    expect(error).toMatchObject({ code: 'REMOTE_COMMAND_FAILED' });
    expect(error.detail).toContain("'docker' 'load'");
    expect(error.detail).toContain('Error processing tar file');
    expect(error.detail).not.toContain(hosts.users['vnfm']);
  });

  it('a wrong SSH password fails the hook naming the VM, the password nowhere', async () => {
    const wrong = `wrong-${run}`;
    const error = (await runHook(context('instantiate_end', { current: [vm] }, additionalParams({ ssh_password: wrong }))).catch(
      (caught: unknown) => caught,
    )) as Error & { detail?: string };
    expect(error.detail ?? error.message).toContain(ip);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(wrong);
  });

  it('an unreachable registry VNFC fails the hook naming its address', async () => {
    const nowhere = vnfcOf(`registry-nowhere-${run}`, 'PrivateRegistryVDU', { CP1: '127.10.0.199' });
    await expect(runHook(context('instantiate_end', { current: [nowhere] }))).rejects.toMatchObject({
      code: 'SSH_UNREACHABLE',
      detail: expect.stringContaining('127.10.0.199'),
    });
  });

  it('heal_end on the new VM: a fresh registry, the old data gone', async () => {
    // The healed server: same address, a new disk (Docker not started, no image, no data), a new resource id.
    await freshDockerVms(ip);
    const healed = { ...vnfcOf(`registry-healed-${run}`, 'PrivateRegistryVDU', { CP1: ip }) };
    await runHook(context('heal_end', { added: [healed], current: [healed] }));
    expect(await get('/v2/')).toEqual({ status: 200, body: {} });
    expect(await get('/v2/_catalog')).toEqual({ status: 200, body: { repositories: [] } });
  });
});
