import { laneVm } from './support/lanes';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeSSH } from 'node-ssh';
import type { VnfcResourceInfo, VnfInstanceView } from '@vnfm/lcm-domain';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { zipFolder } from '@vnfm/vnf-package/testing';
import { stageGenericPackage } from '../services/mgmt-driver-runner/src/testing/generic-package';
import { getJson } from './support/lcm-http';
import { LcmStage } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { ensureSshHosts, type SshHosts } from './support/ssh-hosts';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(600_000);

// Addresses of the SSH-host pool the other suites leave alone; the simulator hands them to the servers it creates.
const POOL = [laneVm(5), laneVm(6), laneVm(14)];

// Needs `npm run build`; installs the Tacker CLI when missing. The product's own runner (built-in MgmtDrivers) runs
// the generic-driver test package's shell script and playbook over SSH on the servers the simulator created.
describe('generic MgmtDriver: the unmodified Tacker CLI drives a package whose hooks are its own shell script and Ansible playbook', () => {
  const stage = new LcmStage('mgmt-generic', { simDelayMs: 0, addressPool: POOL });
  let hosts: SshHosts;
  const connections: NodeSSH[] = [];
  let vnfInstanceId = '';

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
  const vmFile = async (address: string, path: string): Promise<string | undefined> => {
    const result = await (await vm(address)).execCommand(`cat ${path}`);
    return result.code === 0 ? result.stdout : undefined;
  };
  const addressOf = (vnfc: VnfcResourceInfo) =>
    vnfc.vnfcCpInfo?.find((cp) => cp.cpdId === 'VDU1_CP1')?.cpProtocolInfo?.[0]?.ipOverEthernet?.ipAddresses?.[0]?.addresses[0] ?? '';
  const vdu1 = async () =>
    (
      (await getJson<VnfInstanceView>(stage.http, `/vnflcm/v2/vnf_instances/${vnfInstanceId}`)).instantiatedVnfInfo?.vnfcResourceInfo ?? []
    ).filter((vnfc) => vnfc.vduId === 'VDU1');

  beforeAll(async () => {
    hosts = await ensureSshHosts();
    await stage.open();
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 600_000);
  afterAll(async () => {
    if (vnfInstanceId)
      for (const address of POOL)
        await (
          await vm(address).catch(() => undefined)
        )?.execCommand(`rm -rf ~/vnfm-generic/${vnfInstanceId}; sudo -n rm -rf /root/vnfm-generic/${vnfInstanceId}`);
    connections.forEach((ssh) => ssh.dispose());
    await stage.close();
  });

  it('onboards the package, instantiates (script on the VNFC), scales out (playbook on the Ansible server), terminates and deletes; no password in any log line', async () => {
    const zip = await zipFolder(await stageGenericPackage(stage.dataDir), join(stage.dataDir, 'generic.zip'));
    const created = await stage.cli.json<CliRecord>(['vnf', 'package', 'create']);
    expect((await stage.cli.run(['vnf', 'package', 'upload', '--path', zip, String(created.ID)])).code).toBe(0);
    const pkg = await pollUntil(
      'generic package onboarded',
      () => getJson<VnfPkgInfo>(stage.http, `/vnfpkgm/v1/vnf_packages/${String(created.ID)}`),
      (info) => info.onboardingState !== 'CREATED' && info.onboardingState !== 'PROCESSING' && info.onboardingState !== 'UPLOADING',
      120_000,
    );
    expect([pkg.onboardingState, pkg.onboardingFailureDetails]).toEqual(['ONBOARDED', undefined]);

    const lcm = new VnflcmCli(stage.cli, API_V2);
    vnfInstanceId = String((await lcm.json<CliRecord>(['vnflcm', 'create', String(pkg.vnfdId)])).ID);
    const completes = async (args: string[]) => {
      const { op } = await lcm.operate(vnfInstanceId, args);
      expect([args[1], op['Operation State'], op.Error || 'no error']).toEqual([args[1], 'COMPLETED', 'no error']);
    };
    const request = join(stage.dataDir, 'instantiate.json');
    const additionalParams = {
      nfv: {
        VDU: { VDU1: { name: 'VDU1' } },
        CP: { VDU1_CP1: { network: 'net0' }, VDU2_CP1: { network: 'net0', fixed_ips: [{ subnet: 'subnet0' }] } },
      },
      generic_mgmt_driver: {
        ssh: { username: 'vnfm', password: hosts.users['vnfm'] },
        ansible: { ip_address: hosts.ansibleServer.ip, username: hosts.ansibleServer.username, password: hosts.ansibleServer.password },
      },
    };
    writeFileSync(request, JSON.stringify({ flavourId: 'simple', additionalParams }));

    await completes(['vnflcm', 'instantiate', vnfInstanceId, request]);
    const [first] = await vdu1();
    const instantiated = JSON.parse((await vmFile(addressOf(first), `~/vnfm-generic/${vnfInstanceId}/instantiate_end.json`)) ?? '{}');
    expect(instantiated).toMatchObject({
      hook: 'instantiate_end',
      target: { id: first.id, address: addressOf(first) },
      instantiation: { additionalParams },
    });

    await completes(['vnflcm', 'scale', vnfInstanceId, '--type', 'SCALE_OUT', '--aspect-id', 'VDU1_scale']);
    const added = (await vdu1()).find((vnfc) => vnfc.id !== first.id) as VnfcResourceInfo;
    const played = JSON.parse(
      (await vmFile(addressOf(added), `~/vnfm-generic/${vnfInstanceId}/scale_end-playbook-${added.id}.json`)) ?? '{}',
    );
    expect(played).toMatchObject({ hook: 'scale_end', vnfcs: { added: [{ id: added.id }] } });
    const shown = await getJson<VnfInstanceView>(stage.http, `/vnflcm/v2/vnf_instances/${vnfInstanceId}`);
    expect(shown.metadata?.mgmtDriverOutputs).toEqual({
      instantiate_end_ran_on: addressOf(first),
      scale_end_playbook_ran_on: [addressOf(added)],
    });
    // The view shows sealed request secrets as [SECRET].
    expect(JSON.stringify(shown)).not.toContain(hosts.users['vnfm']);

    await completes(['vnflcm', 'terminate', vnfInstanceId]);
    expect((await lcm.run(['vnflcm', 'delete', vnfInstanceId])).code).toBe(0);
    const leaking = stage.output.filter((line) => line.includes(hosts.users['vnfm'] ?? '') || line.includes(hosts.ansibleServer.password));
    expect(leaking).toEqual([]);
  });
});
