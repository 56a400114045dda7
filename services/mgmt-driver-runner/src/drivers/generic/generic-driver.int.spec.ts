import { laneVm } from '../../../../../e2e/support/lanes';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NodeSSH } from 'node-ssh';
import type { VnfcResourceInfo } from '@vnfm/contracts';
import {
  LCM_COORDINATOR,
  type LcmOperationRequest,
  type StartOperationReply,
  type VnfInstanceView,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { zipFolder } from '@vnfm/vnf-package/testing';
import { ensureSshHosts, type SshHosts } from '../../../../../e2e/support/ssh-hosts';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../../../tools/openstack-sim/src';
import { LcmHarness } from '../../../../lcm-coordinator/src/testing/lcm-harness';
import { OpenstackDriverModule } from '../../../../openstack-driver/src/openstack-driver.module';
import { MgmtDriverRunnerModule } from '../../mgmt-driver-runner.module';
import { stageGenericPackage } from '../../testing/generic-package';

// The product's runner (built-in MgmtDrivers) behind the coordinator and the OpenStack driver on the simulator,
// whose servers get addresses of the SSH hosts (tools/ssh-hosts): hooks really run over SSH and Ansible.
jest.setTimeout(300_000);

// Addresses the other SSH specs do not use; each test instance writes under its own directory.
const POOL = [laneVm(7), laneVm(8), laneVm(9), laneVm(10), laneVm(11), laneVm(12)];

describe('generic MgmtDriver: a package runs its own shell script and Ansible playbook as hooks, on real SSH hosts', () => {
  const harness = new LcmHarness({ openstackDriver: OpenstackDriverModule, runner: MgmtDriverRunnerModule });
  let hosts: SshHosts;
  let sim: OpenStackSimulator;
  let vnfInstanceId: string;
  const connections: NodeSSH[] = [];

  const additionalParams = () => ({
    // What the package's BaseHOT takes (Tacker's userdata-standard sample).
    nfv: {
      VDU: { VDU1: { name: 'VDU1' } },
      CP: { VDU1_CP1: { network: 'net0' }, VDU2_CP1: { network: 'net0', fixed_ips: [{ subnet: 'subnet0' }] } },
    },
    generic_mgmt_driver: {
      ssh: { username: 'vnfm', password: hosts.users['vnfm'] },
      ansible: { ip_address: hosts.ansibleServer.ip, username: hosts.ansibleServer.username, password: hosts.ansibleServer.password },
    },
    site: 'lab-1',
  });
  const vm = async (address: string) => {
    const ssh = await new NodeSSH().connect({
      host: address,
      port: hosts.port,
      username: 'vnfm',
      privateKeyPath: hosts.keyPath,
      readyTimeout: 20_000,
    });
    connections.push(ssh);
    return ssh;
  };
  /** A file of the VNFC's disk, read over SSH; undefined when absent. */
  const vmFile = async (address: string, path: string, asRoot = false): Promise<string | undefined> => {
    const result = await (await vm(address)).execCommand(`${asRoot ? 'sudo -n ' : ''}cat ${path}`);
    return result.code === 0 ? result.stdout : undefined;
  };
  const addressOf = (vnfc: VnfcResourceInfo) =>
    vnfc.vnfcCpInfo?.find((cp) => cp.cpdId === 'VDU1_CP1')?.cpProtocolInfo?.[0]?.ipOverEthernet?.ipAddresses?.[0]?.addresses[0] ?? '';
  const instance = () => harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId });
  const vdu1 = async () => ((await instance()).instantiatedVnfInfo?.vnfcResourceInfo ?? []).filter((vnfc) => vnfc.vduId === 'VDU1');
  const start = async (request: LcmOperationRequest) =>
    (await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, { apiMajor: 2, vnfInstanceId, request })).vnfLcmOpOccId;
  /** Run-directory files on a host that name this instance (a hook document does): none once a hook ended. */
  const runFilesOn = async (host: NodeSSH) => (await host.execCommand(`grep -rlsF -- ${vnfInstanceId} ~/.vnfm-hooks`)).stdout;
  /** The occurrence's state and error: a failure shows its cause in the diff. */
  const expectCompleted = (opOcc: VnfLcmOpOccView) =>
    expect({ state: opOcc.operationState, error: opOcc.error }).toEqual({ state: 'COMPLETED', error: undefined });
  const ended = (vnfLcmOpOccId: string) => harness.opOccIn(vnfLcmOpOccId, ['COMPLETED', 'FAILED_TEMP', 'FAILED', 'ROLLED_BACK'], 120_000);

  beforeAll(async () => {
    hosts = await ensureSshHosts();
    sim = await startOpenStackSimulator({ delayMs: 0, addressPool: POOL });
    await harness.start();
    await harness.registerVim(sim.credentials.authUrl);
    const stage = await stageGenericPackage(harness.dataDir);
    const vnfdId = await harness.onboardZip(await readFile(await zipFolder(stage, join(harness.dataDir, 'generic.zip'))));
    vnfInstanceId = (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } })).id;
  }, 600_000);

  afterAll(async () => {
    for (const address of POOL)
      await (
        await vm(address).catch(() => undefined)
      )?.execCommand(
        `rm -rf ~/vnfm-generic/${vnfInstanceId} ~/vnfm-generic/fail-${vnfInstanceId}; sudo -n rm -rf /root/vnfm-generic/${vnfInstanceId}`,
      );
    connections.forEach((ssh) => ssh.dispose());
    await harness.dispose();
    await sim?.close();
  });

  it('instantiate_end runs the script on the VDU1 VNFC with the hook document, secrets opened for the run only, and records its outputs', async () => {
    const opOcc = await ended(
      await start({ operation: 'INSTANTIATE', params: { flavourId: 'simple', additionalParams: additionalParams() } }),
    );
    expectCompleted(opOcc);
    const [vnfc] = await vdu1();
    const address = addressOf(vnfc);
    expect(POOL).toContain(address);
    const document = JSON.parse((await vmFile(address, `~/vnfm-generic/${vnfInstanceId}/instantiate_end.json`)) ?? '{}');
    expect(document).toMatchObject({
      version: 1,
      hook: 'instantiate_end',
      operation: 'INSTANTIATE',
      vnfInstanceId,
      artifact: { name: 'vnf-script', type: 'tosca.artifacts.Implementation.Bash', path: 'Scripts/generic_hook.sh' },
      hookParameters: { vdus: ['VDU1'], ssh_cp: 'VDU1_CP1' },
      instantiation: { flavourId: 'simple', additionalParams: additionalParams() },
      target: { id: vnfc.id, vduId: 'VDU1', address },
    });
    expect(document.vnfcs.added.map((added: { id: string }) => added.id).sort()).toEqual(
      ((await instance()).instantiatedVnfInfo?.vnfcResourceInfo ?? []).map((one) => one.id).sort(),
    );
    const env = await vmFile(address, `~/vnfm-generic/${vnfInstanceId}/instantiate_end.env`);
    expect(env).toMatch(
      /^user=vnfm\ncwd=\/home\/vnfm\/\.vnfm-hooks\/[0-9a-f-]{36}\ncontext=\/home\/vnfm\/\.vnfm-hooks\/[0-9a-f-]{36}\/hook-context\.json$/,
    );
    // The run directory, with the opened secrets of the document, is gone.
    expect(await runFilesOn(await vm(address))).toBe('');
    expect((await instance()).metadata).toEqual({ mgmtDriverOutputs: { instantiate_end_ran_on: address } });
  });

  it('scale_end runs the playbook on the Ansible server against exactly the VNFC added, trusting the host key the runner pinned', async () => {
    const before = (await vdu1()).map((vnfc) => vnfc.id);
    const opOcc = await ended(await start({ operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 1 } }));
    expectCompleted(opOcc);
    const added = (await vdu1()).filter((vnfc) => !before.includes(vnfc.id));
    expect(added).toHaveLength(1);
    const address = addressOf(added[0]);
    const document = JSON.parse((await vmFile(address, `~/vnfm-generic/${vnfInstanceId}/scale_end-playbook-${added[0].id}.json`)) ?? '{}');
    expect(document).toMatchObject({
      hook: 'scale_end',
      operation: 'SCALE',
      operationParams: { type: 'SCALE_OUT' },
      target: null,
      vnfcs: { added: [{ id: added[0].id, vduId: 'VDU1' }] },
    });
    expect((await instance()).metadata?.mgmtDriverOutputs).toMatchObject({ scale_end_playbook_ran_on: [address] });
    // Nothing of the run is left on the Ansible server (other tests use it at the same time).
    const server = await new NodeSSH().connect({
      host: hosts.ansibleServer.ip,
      port: hosts.port,
      username: hosts.ansibleServer.username,
      password: hosts.ansibleServer.password,
    });
    connections.push(server);
    expect(await runFilesOn(server)).toBe('');
  });

  it('a failing script fails the hook FAILED_TEMP with the command, exit code and stderr, the password masked; a retry after the fault is removed completes', async () => {
    const addresses = (await vdu1()).map(addressOf);
    for (const address of addresses) await (await vm(address)).execCommand(`touch ~/vnfm-generic/fail-${vnfInstanceId}`);
    const vnfLcmOpOccId = await start({ operation: 'SCALE', params: { type: 'SCALE_IN', aspectId: 'VDU1_scale', numberOfSteps: 1 } });
    const failed = await ended(vnfLcmOpOccId);
    expect(failed.operationState).toBe('FAILED_TEMP');
    const detail = String((failed.error as { detail?: string } | undefined)?.detail);
    expect(detail).toMatch(
      /Hook scale_start \(artifact Scripts\/generic_hook\.sh, generic MgmtDriver\) on VNFC .* exited with code 3: 'env' 'VNFM_HOOK_CONTEXT=.*' 'bash' '.*generic_hook\.sh'/,
    );
    expect(detail).toContain('logged in with [SECRET]');
    expect(JSON.stringify(failed)).not.toContain(hosts.users['vnfm']);

    for (const address of addresses) await (await vm(address)).execCommand(`rm -f ~/vnfm-generic/fail-${vnfInstanceId}`);
    await harness.request(LCM_COORDINATOR.retryOpOcc, { apiMajor: 2, vnfLcmOpOccId });
    expectCompleted(await ended(vnfLcmOpOccId));
    expect(await vdu1()).toHaveLength(1);
  });

  it('a refused login fails the hook FAILED_TEMP naming the host, never the password; rollback undoes the scale-out', async () => {
    const wrong = {
      generic_mgmt_driver: { ...additionalParams().generic_mgmt_driver, ssh: { username: 'vnfm', password: 'not-the-pass-91' } },
    };
    const vnfLcmOpOccId = await start({
      operation: 'SCALE',
      params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 1, additionalParams: wrong },
    });
    const failed = await ended(vnfLcmOpOccId);
    expect(failed.operationState).toBe('FAILED_TEMP');
    const detail = String((failed.error as { detail?: string } | undefined)?.detail);
    expect(detail).toMatch(/Hook scale_end .* on VNFC .*: SSH login to vnfm@127\.10\.0\.\d+:\d+ was refused/);
    expect(JSON.stringify(failed)).not.toContain('not-the-pass-91');
    await harness.request(LCM_COORDINATOR.rollbackOpOcc, { apiMajor: 2, vnfLcmOpOccId });
    expect(await ended(vnfLcmOpOccId)).toMatchObject({ operationState: 'ROLLED_BACK' });
    expect(await vdu1()).toHaveLength(1);
  });

  it('an unreachable VNFC fails the hook FAILED_TEMP saying so; rollback undoes the scale-out', async () => {
    // Nothing listens on port 1 of the VNFC: the connection is refused.
    const closed = {
      generic_mgmt_driver: { ...additionalParams().generic_mgmt_driver, ssh: { username: 'vnfm', password: hosts.users['vnfm'], port: 1 } },
    };
    const vnfLcmOpOccId = await start({
      operation: 'SCALE',
      params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 1, additionalParams: closed },
    });
    const failed = await ended(vnfLcmOpOccId);
    expect(failed.operationState).toBe('FAILED_TEMP');
    expect(String((failed.error as { detail?: string } | undefined)?.detail)).toMatch(
      /Hook scale_end .* on VNFC .*: SSH host vnfm@127\.10\.0\.\d+:1 is unreachable: ECONNREFUSED/,
    );
    await harness.request(LCM_COORDINATOR.rollbackOpOcc, { apiMajor: 2, vnfLcmOpOccId });
    expect(await ended(vnfLcmOpOccId)).toMatchObject({ operationState: 'ROLLED_BACK' });
  });

  it('terminate_start runs the script on the VNFC being removed, as root (become), and cleans up after it', async () => {
    const [vnfc] = await vdu1();
    expectCompleted(await ended(await start({ operation: 'TERMINATE', params: { terminationType: 'FORCEFUL' } })));
    // Through sudo, the script's $HOME is root's.
    const document = JSON.parse((await vmFile(addressOf(vnfc), `/root/vnfm-generic/${vnfInstanceId}/terminate_start.json`, true)) ?? '{}');
    expect(document).toMatchObject({
      hook: 'terminate_start',
      operation: 'TERMINATE',
      hookParameters: { become: 'true' },
      target: { id: vnfc.id },
      vnfcs: { removing: expect.arrayContaining([expect.objectContaining({ id: vnfc.id })]) },
    });
    expect(await vmFile(addressOf(vnfc), `/root/vnfm-generic/${vnfInstanceId}/terminate_start.env`, true)).toMatch(/^user=root\n/);
    expect((await (await vm(addressOf(vnfc))).execCommand('ls -A ~/.vnfm-hooks')).stdout).toBe('');
  });

  it('left none of the logins in clear in any file of the services (event stores, step records, blobs)', async () => {
    const entries = await readdir(harness.dataDir, { recursive: true, withFileTypes: true });
    const secrets = [hosts.users['vnfm'] ?? '', hosts.ansibleServer.password, 'not-the-pass-91'];
    expect(entries.filter((one) => one.isFile()).length).toBeGreaterThan(5);
    const holding: string[] = [];
    for (const entry of entries.filter((one) => one.isFile())) {
      const content = await readFile(join(entry.parentPath, entry.name), 'latin1').catch(() => '');
      if (secrets.some((secret) => content.includes(secret))) holding.push(join(entry.parentPath, entry.name));
    }
    expect(holding).toEqual([]);
  });
});
