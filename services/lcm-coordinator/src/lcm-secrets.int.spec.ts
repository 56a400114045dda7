import { type RunStepMessage, openStepSecrets, stepSecretsOpener, type RequestingBus } from '@vnfm/contracts';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { DataKeyMissingError, OwnerSecrets, keyRingAt } from '@vnfm/crypto';
import type { EventStore } from '@vnfm/event-store';
import {
  LCM_COORDINATOR,
  vnfInstanceStream,
  type AuditTrailReply,
  type StartOperationReply,
  type VnfInstanceView,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../tools/openstack-sim/src';
import { LcmHarness } from './testing/lcm-harness';

jest.setTimeout(120_000);

/**
 * The additionalParams of Tacker's mgmt-driver instantiate requests
 * (testdata/corpus/tacker-specs: kubespray, kubeadm with a private registry),
 * each secret with its own value so that finding one anywhere is a leak.
 */
const additionalParams = {
  k8s_cluster_installation_param: {
    script_path: 'Scripts/install_k8s_cluster.sh',
    vim_name: 'kubernetes_vim',
    ansible: { ip_address: '10.10.0.50', username: 'ansible', password: 'ansible-Pw#1', kubespray_root_path: '/opt/kubespray' },
    master_node: {
      aspect_id: 'master_instance',
      ssh_cp_name: 'masterNode_CP1',
      username: 'ubuntu',
      password: 'master-Pw%2',
      pod_cidr: '192.168.0.0/16',
    },
    worker_node: { aspect_id: 'worker_instance', ssh_cp_name: 'workerNode_CP2', username: 'ubuntu', password: 'worker pw/3' },
    proxy: {
      http_proxy: 'http://user1:proxy-Pw4@host1:port1',
      https_proxy: 'https://user2:proxy-Pw5@host2:port2',
      no_proxy: '192.168.246.0/24,10.0.0.1',
    },
    external_lb_param: {
      ssh_cp_name: 'externalLB_instance',
      ssh_username: 'ubuntu',
      ssh_password: 'lb-Pw&6',
      script_path: './Scripts/ExternalLB_installation.sh',
    },
    private_registry_connection_info: [
      { connection_type: '0', server: '192.168.0.10:5000' },
      {
        connection_type: '1',
        server: 'registry.example.com',
        username: 'user01',
        password: 'registry-Pw7',
        certificate_path: 'Files/registries/ca.crt',
      },
    ],
  },
  private_registry_installation_param: {
    ssh_cp_name: 'PrivateRegistry_CP',
    ssh_username: 'ubuntu',
    ssh_password: 'registry-install-Pw8',
    image_path: [],
  },
  'lcm-operation-user-data': './UserData/k8s_cluster_user_data.py',
  'lcm-operation-user-data-class': 'KubernetesClusterUserData',
};
const METADATA_TOKEN = 'meta-Token-9';
const SECRETS = [
  'ansible-Pw#1',
  'master-Pw%2',
  'worker pw/3',
  'proxy-Pw4',
  'proxy-Pw5',
  'lb-Pw&6',
  'registry-Pw7',
  'registry-install-Pw8',
  METADATA_TOKEN,
];
/** Every form a secret could leak in: plain, JSON-escaped, base64, base64url, URL-encoded. */
const formsOf = (secret: string) => [
  secret,
  JSON.stringify(secret).slice(1, -1),
  Buffer.from(secret).toString('base64'),
  Buffer.from(secret).toString('base64url'),
  encodeURIComponent(secret),
];
const leaksIn = (text: string) => SECRETS.flatMap(formsOf).filter((form) => text.includes(form));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('lcm-coordinator: request secrets sealed end to end', () => {
  const harness = new LcmHarness();
  const bus: RequestingBus = { request: (type, payload) => harness.request(type, payload) };
  let sim: OpenStackSimulator;
  let vimId: string;
  let vnfdId: string;

  const start = (vnfInstanceId: string, operation: string, params: Record<string, unknown>) =>
    harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, { apiMajor: 2, vnfInstanceId, request: { operation, params } });
  const create = async (metadata: Record<string, unknown> = {}) =>
    (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId, metadata } })).id;
  const heldStep = async (vnfLcmOpOccId: string): Promise<RunStepMessage> => {
    for (let i = 0; i < 500; i++) {
      const step = harness.held.find((s) => s.vnfLcmOpOccId === vnfLcmOpOccId);
      if (step) return step;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no step of ${vnfLcmOpOccId} reached the driver`);
  };
  /** The instantiation's additionalParams as the instance's stream holds them (sealed). */
  const recordedParams = async (vnfInstanceId: string) => {
    const events = await (harness.coordinator?.runtime.store as EventStore).readStream(vnfInstanceStream(vnfInstanceId));
    const started = events.find((event) => event.type === 'VnfLcmOperationStarted');
    return (started?.data as { operationParams: { additionalParams: typeof additionalParams } }).operationParams.additionalParams;
  };

  beforeAll(async () => {
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    vimId = await harness.registerVim(sim.credentials.authUrl);
    vnfdId = await harness.onboard('vnf-v2-basic-lcms-max');
  });
  afterAll(async () => {
    await harness.dispose();
    await sim.close();
  });

  it('seals every seed secret at intake: views and audit show [SECRET], no form of a secret is on disk, the running step opens each exactly, deletion shreds the key', async () => {
    const id = await create({ api_token: METADATA_TOKEN, owner: 'team-a' });
    harness.behaviour = () => 'hold';
    const { vnfLcmOpOccId } = await start(id, 'INSTANTIATE', { flavourId: 'simple', additionalParams });
    const step = await heldStep(vnfLcmOpOccId);

    const opOcc = await harness.request<VnfLcmOpOccView>(LCM_COORDINATOR.getOpOcc, { apiMajor: 2, vnfLcmOpOccId });
    expect(opOcc.operationParams).toMatchObject({
      additionalParams: {
        k8s_cluster_installation_param: {
          ansible: { username: 'ansible', password: '[SECRET]' },
          proxy: { http_proxy: '[SECRET]', https_proxy: '[SECRET]', no_proxy: '192.168.246.0/24,10.0.0.1' },
          external_lb_param: { ssh_username: 'ubuntu', ssh_password: '[SECRET]' },
          private_registry_connection_info: [{ server: '192.168.0.10:5000' }, { username: 'user01', password: '[SECRET]' }],
        },
        private_registry_installation_param: { ssh_password: '[SECRET]' },
      },
    });
    const view = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId: id });
    expect(view.metadata).toEqual({ api_token: '[SECRET]', owner: 'team-a' });
    const audit = await harness.request<AuditTrailReply>(LCM_COORDINATOR.getAuditTrail, { vnfInstanceId: id });
    expect(audit.entries.find((e) => e.type === 'VnfLcmOperationStarted')?.request).toMatchObject({
      additionalParams: { k8s_cluster_installation_param: { master_node: { password: '[SECRET]' } } },
    });
    for (const reply of [opOcc, view, audit, step]) expect(leaksIn(JSON.stringify(reply))).toEqual([]);

    // What the instance's events hold is ciphertext; the running step opens it back exactly.
    const sealed = await recordedParams(id);
    expect(sealed.k8s_cluster_installation_param.ansible.password).toMatch(/^sealed:v1:/);
    expect(step.additionalParams).toEqual(sealed);
    expect(await stepSecretsOpener(bus)(step.additionalParams, step)).toEqual(additionalParams);
    expect(
      await openStepSecrets(
        bus,
        { vnfInstanceId: id, stepId: step.stepId, root: '/additionalParams/k8s_cluster_installation_param' },
        sealed.k8s_cluster_installation_param,
      ),
    ).toEqual(additionalParams.k8s_cluster_installation_param);
    await expect(
      openStepSecrets(bus, { vnfInstanceId: id, stepId: 'not-the-running-step', root: '/additionalParams' }, sealed),
    ).rejects.toMatchObject({ status: 409, code: 'STEP_NOT_RUNNING' });
    // A marker opens only where it was sealed.
    await expect(openStepSecrets(bus, { vnfInstanceId: id, stepId: step.stepId }, sealed)).rejects.toMatchObject({
      status: 422,
      code: 'SEALED_SECRETS_NOT_OPENABLE',
    });

    await harness.report(step, { status: 'SUCCEEDED', result: {} });
    await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
    await expect(openStepSecrets(bus, { vnfInstanceId: id, stepId: step.stepId, root: '/additionalParams' }, sealed)).rejects.toMatchObject(
      { status: 409, code: 'STEP_NOT_RUNNING' },
    );

    // A later operation's step opens the instantiation's additionalParams under the same root.
    const terminate = await start(id, 'TERMINATE', { terminationType: 'FORCEFUL' });
    const terminateStep = await heldStep(terminate.vnfLcmOpOccId);
    expect(await openStepSecrets(bus, { vnfInstanceId: id, stepId: terminateStep.stepId, root: '/additionalParams' }, sealed)).toEqual(
      additionalParams,
    );
    await harness.report(terminateStep, { status: 'SUCCEEDED', result: {} });
    await harness.opOccIn(terminate.vnfLcmOpOccId, ['COMPLETED']);

    const files = filesUnder(harness.dataDir).map((file) => ({ file, text: readFileSync(file, 'latin1') }));
    // The event store keeps what it is given readable on disk (the non-secret metadata is found), so a secret would be found too.
    expect(files.some(({ text }) => text.includes('192.168.246.0/24,10.0.0.1') && text.includes('team-a'))).toBe(true);
    expect(files.filter(({ text }) => leaksIn(text).length > 0).map(({ file }) => file)).toEqual([]);

    await harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id });
    const keys = new OwnerSecrets(keyRingAt(loadConfig(), 'lcm-coordinator'));
    await expect(keys.open(id, sealed, '/additionalParams')).rejects.toThrow(DataKeyMissingError);
    const after = await harness.request<AuditTrailReply>(LCM_COORDINATOR.getAuditTrail, { vnfInstanceId: id });
    expect(after.entries.at(-1)?.type).toBe('VnfInstanceDeleted');
    expect(after.entries.find((e) => e.type === 'VnfLcmOperationStarted')?.request).toMatchObject({
      additionalParams: { k8s_cluster_installation_param: { ansible: { password: '[SECRET]' } } },
    });
  });

  it('refuses client input holding a sealed marker with 400, and records nothing of it', async () => {
    const id = await create();
    const sealed = await recordedParamsOfAnother();
    const marker = sealed.k8s_cluster_installation_param.ansible.password;
    await expect(start(id, 'INSTANTIATE', { flavourId: 'simple', additionalParams: { note: marker } })).rejects.toMatchObject({
      status: 400,
      code: 'SEALED_MARKER_IN_REQUEST',
    });
    await expect(create({ copied: marker })).rejects.toMatchObject({ status: 400, code: 'SEALED_MARKER_IN_REQUEST' });
    const view = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId: id });
    expect(view.instantiationState).toBe('NOT_INSTANTIATED');
  });

  it('refuses VIM credentials given beside a registered vimId with 422, without repeating them', async () => {
    const id = await create();
    const vimConnectionInfo = {
      vim1: {
        vimId,
        vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3',
        interfaceInfo: { endpoint: sim.credentials.authUrl },
        accessInfo: { username: 'nfv_user', password: 'inline-Vim-Pw', project: 'nfv' },
      },
    };
    const refused = start(id, 'INSTANTIATE', { flavourId: 'simple', vimConnectionInfo });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      code: 'INLINE_VIM_CREDENTIALS',
      detail: expect.stringContaining(`beside vimId ${vimId}`),
    });
    expect(JSON.stringify(await refused.catch((error: unknown) => error))).not.toMatch(/inline-Vim-Pw|nfv_user/);
  });

  /** A marker the coordinator wrote, from an instance instantiated for the purpose. */
  async function recordedParamsOfAnother() {
    const id = await create();
    harness.behaviour = () => ({ status: 'SUCCEEDED', result: {} });
    const { vnfLcmOpOccId } = await start(id, 'INSTANTIATE', { flavourId: 'simple', additionalParams });
    await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
    return recordedParams(id);
  }
});
