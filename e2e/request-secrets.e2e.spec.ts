import { testPort } from './support/lanes';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditTrailReply, VnfInstanceView, VnfLcmOpOccView } from '@vnfm/lcm-domain';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import { startOpenStackSimulator, type OpenStackSimulator } from '../tools/openstack-sim/src';
import { ensureKafka, localKafkaDataDir } from './support/kafka';
import { filesIfPresent, readIfPresent } from './support/present-files';
import { gatewayHttp, getJson, settledOpOcc, startTask, type GatewayHttp } from './support/lcm-http';
import { registerSimulatorVim } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';

// test-lane-group: kafka-bus (the product's bus topics and consumer groups on Kafka have fixed names)

jest.setTimeout(600_000);

/**
 * The acceptance test of request secrets: the product as a process
 * over a real Kafka broker, with a recording MgmtDriver plugged into its
 * runner (e2e/support/recording-hooks.main.ts). Every secret Tacker's
 * mgmt-driver requests carry (seeds 000–002: kubespray, load balancer,
 * private registries, proxies) reaches the hook exactly, and no form of any
 * of them is in a response, a log line, a file of the data folder or a Kafka
 * log segment; deleting the instance destroys its data key. (The product over
 * Kafka as seven processes is the distributed e2e's; here the bus is the same
 * Kafka, in one process, so a test MgmtDriver can be plugged in.)
 */
const PKG = 'vnf-v2-userdata-standard';
// Fresh values per run, so finding one anywhere (even in a broker log segment of an earlier run) is this run's leak.
const RUN = randomBytes(6).toString('hex');
const SECRETS = [
  'ansible-Pw#1',
  'master-Pw%2',
  'worker pw/3',
  'proxy-Pw4',
  'proxy-Pw5',
  'lb-Pw&6',
  'registry-Pw7',
  'registry-install-Pw8',
  'meta-Token-9',
].map((name) => `${name}-${RUN}`);
const [ANSIBLE, MASTER, WORKER, PROXY1, PROXY2, LB, REGISTRY, REGISTRY_INSTALL, TOKEN] = SECRETS;
const ARTIFACT = 'Scripts/sample_script.py';
const additionalParams = {
  nfv: {
    VDU: { VDU1: { name: 'VDU1' } },
    CP: { VDU1_CP1: { network: 'net0' }, VDU2_CP1: { network: 'net0', fixed_ips: [{ subnet: 'subnet0' }] } },
  },
  k8s_cluster_installation_param: {
    script_path: 'Scripts/install_k8s_cluster.sh',
    vim_name: 'kubernetes_vim',
    ansible: {
      ip_address: '10.10.0.50',
      username: 'ansible',
      password: ANSIBLE,
      kubespray_root_path: '/opt/kubespray',
      transferring_inventory_path: '/opt/inventory',
    },
    master_node: {
      aspect_id: 'master_instance',
      ssh_cp_name: 'masterNode_CP1',
      username: 'ubuntu',
      password: MASTER,
      pod_cidr: '192.168.0.0/16',
    },
    worker_node: { aspect_id: 'worker_instance', ssh_cp_name: 'workerNode_CP2', username: 'ubuntu', password: WORKER },
    proxy: {
      http_proxy: `http://user1:${PROXY1}@host1:port1`,
      https_proxy: `https://user2:${PROXY2}@host2:port2`,
      no_proxy: '192.168.246.0/24,10.0.0.1',
    },
    external_lb_param: {
      ssh_cp_name: 'externalLB_instance',
      ssh_username: 'ubuntu',
      ssh_password: LB,
      script_path: './Scripts/ExternalLB_installation.sh',
    },
    private_registry_connection_info: [
      { connection_type: '0', server: '192.168.0.10:5000' },
      {
        connection_type: '1',
        server: 'registry.example.com',
        username: 'user01',
        password: REGISTRY,
        certificate_path: 'Files/registries/ca.crt',
        hosts_string: '192.168.0.20 registry.example.com',
      },
    ],
  },
  private_registry_installation_param: {
    ssh_cp_name: 'PrivateRegistry_CP',
    ssh_username: 'ubuntu',
    ssh_password: REGISTRY_INSTALL,
    image_path: 'Files/images/private_registry.tar',
  },
};
/** Every form a secret could leak in: plain, JSON-escaped, base64, base64url, URL-encoded. */
const FORMS = SECRETS.flatMap((secret) => [
  secret,
  JSON.stringify(secret).slice(1, -1),
  Buffer.from(secret).toString('base64'),
  Buffer.from(secret).toString('base64url'),
  encodeURIComponent(secret),
]);
const leaksIn = (text: string) => FORMS.filter((form) => text.includes(form));

interface HookRecord {
  hook: string;
  operation: string;
  additionalParams: unknown;
  vnfcsAdded: number;
}

/** The files under `dir` written since `since`: those holding any form of a secret, and those holding `witness` (proof the search looked where the test wrote). */
async function searchFiles(dir: string, witness: string, since = 0): Promise<{ leaking: string[]; witnessed: number }> {
  const files = filesIfPresent(dir);
  const leaking: string[] = [];
  let witnessed = 0;
  for (const file of files) {
    // The running product replaces files by writing `<name>.tmp` and renaming it: one listed may be gone, its
    // content now in the file renamed to (listed too, or read in a later search).
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs < since) continue;
    const content = readIfPresent(file)?.toString('latin1') ?? '';
    if (leaksIn(content).length > 0) leaking.push(file);
    if (content.includes(witness)) witnessed++;
  }
  return { leaking, witnessed };
}

describe('request secrets: sealed end to end, opened only by the running hook (product over Kafka)', () => {
  const work = mkdtempSync(join(tmpdir(), 'vnfm-secrets-e2e-'));
  const dataDir = join(work, 'data');
  const hookLog = join(work, 'hooks.jsonl');
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const http: GatewayHttp = gatewayHttp(endpoint, 'secrets-e2e-admin-token');
  const responses: string[] = [];
  const startedAt = Date.now();
  let brokers: string[];
  let product: ProductProcess | undefined;
  let sim: OpenStackSimulator;
  let vnfInstanceId: string;

  /** GET as JSON, keeping the body for the leak check. */
  const read = async <T>(path: string): Promise<T> => {
    const body = await getJson<T>(http, path);
    responses.push(JSON.stringify(body));
    return body;
  };
  const hooks = (): HookRecord[] =>
    existsSync(hookLog)
      ? readFileSync(hookLog, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as HookRecord)
      : [];
  const run = async (task: string, body: Record<string, unknown>): Promise<VnfLcmOpOccView> => {
    const opOcc = await settledOpOcc(http, await startTask(http, vnfInstanceId, task, body), 120_000);
    responses.push(JSON.stringify(opOcc));
    expect({ operationState: opOcc.operationState, error: opOcc.error }).toEqual({ operationState: 'COMPLETED' });
    return opOcc;
  };
  const keyFile = (): string | undefined => filesIfPresent(dataDir).find((path) => path.endsWith(`/vnfi-${vnfInstanceId}.key`));

  beforeAll(async () => {
    brokers = await ensureKafka();
    sim = await startOpenStackSimulator({ delayMs: 0 });
    product = startProduct(
      process.execPath,
      ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', 'e2e/support/recording-hooks.main.ts'],
      {
        TS_NODE_TRANSPILE_ONLY: 'true',
        TS_NODE_SWC: 'true',
        VNFM_BUS: 'kafka',
        VNFM_KAFKA_BROKERS: brokers.join(','),
        VNFM_PORT: new URL(endpoint).port,
        VNFM_DATA_DIR: dataDir,
        VNFM_ADMIN_TOKEN: 'secrets-e2e-admin-token',
        VNFM_LOG_LEVEL: 'debug',
        VNFM_TEST_HOOK_LOG: hookLog,
        VNFM_TEST_HOOK_ARTIFACT: ARTIFACT,
      },
    );
    await waitForHttp(`${endpoint}/health`, 240_000);
    await registerSimulatorVim(http, sim, 'openstack-sim');
    // Tacker's sample package with a Vnflcm interface whose hooks name the artifact the recording driver takes.
    const stage = await stageFolders(work, corpusPath('tacker', PKG), fixturePath('tacker', PKG));
    const { id } = (await (await http('/vnfpkgm/v1/vnf_packages', { method: 'POST', body: '{}' })).json()) as VnfPkgInfo;
    const zip = readFileSync(await zipFolder(stage, join(work, 'hooks.zip')));
    expect(
      (
        await http(`/vnfpkgm/v1/vnf_packages/${id}/package_content`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/zip' },
          body: zip,
        })
      ).status,
    ).toBe(202);
    const pkg = await pollUntil(
      'package onboarded',
      () => getJson<VnfPkgInfo>(http, `/vnfpkgm/v1/vnf_packages/${id}`),
      (info) => info.onboardingState !== 'PROCESSING' && info.onboardingState !== 'UPLOADING',
      120_000,
    );
    expect(pkg.onboardingState).toBe('ONBOARDED');
    const created = await http('/vnflcm/v2/vnf_instances', {
      method: 'POST',
      body: JSON.stringify({ vnfdId: pkg.vnfdId, vnfInstanceName: 'secrets-e2e', metadata: { api_token: TOKEN } }),
    });
    const instance = (await created.json()) as VnfInstanceView;
    responses.push(JSON.stringify(instance));
    expect([created.status, instance.metadata]).toEqual([201, { api_token: '[SECRET]' }]);
    vnfInstanceId = instance.id;
  }, 600_000);

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGTERM');
    await sim?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('instantiates: each hook gets every secret exactly as given, views show only that a secret was given', async () => {
    const instantiate = await http(`/vnflcm/v2/vnf_instances/${vnfInstanceId}/instantiate`, {
      method: 'POST',
      body: JSON.stringify({ flavourId: 'simple', additionalParams }),
    });
    responses.push(await instantiate.clone().text());
    const opOcc = await settledOpOcc(
      http,
      /\/vnf_lcm_op_occs\/([^/]+)$/.exec(instantiate.headers.get('location') ?? '')?.[1] ?? '',
      120_000,
    );
    expect(opOcc).toMatchObject({ operationState: 'COMPLETED' });
    const instantiated = hooks().filter((record) => record.operation === 'INSTANTIATE');
    expect(instantiated.map((record) => record.hook)).toEqual(['instantiate_start', 'instantiate_end']);
    for (const record of instantiated) expect(record.additionalParams).toEqual(additionalParams);
    const view = await read<VnfLcmOpOccView>(`/vnflcm/v2/vnf_lcm_op_occs/${opOcc.id}`);
    expect(JSON.stringify(view.operationParams)).toContain('[SECRET]');
    expect(keyFile()).toBeDefined();
  });

  it('scales out: scale_end gets the instantiation secrets exactly, kept with the instance', async () => {
    await run('scale', { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 1 });
    const end = hooks().filter((record) => record.hook === 'scale_end');
    expect(end).toHaveLength(1);
    expect(end[0]).toMatchObject({ operation: 'SCALE', additionalParams, vnfcsAdded: 1 });
  });

  it('refuses a request holding a sealed marker (ours to write) with 400', async () => {
    const marker = await http(`/vnflcm/v2/vnf_instances/${vnfInstanceId}/scale`, {
      method: 'POST',
      body: JSON.stringify({ type: 'SCALE_OUT', aspectId: 'VDU1_scale', additionalParams: { note: 'sealed:v1:djE.aXY.Y3Q.dGFn' } }),
    });
    expect(marker.status).toBe(400);
  });

  it('shows no form of any secret in a response: instances, occurrences and audit, v1 and v2', async () => {
    await read(`/vnflcm/v2/vnf_instances/${vnfInstanceId}`);
    await read(`/vnflcm/v1/vnf_instances/${vnfInstanceId}`);
    await read('/vnflcm/v2/vnf_lcm_op_occs');
    await read('/vnflcm/v1/vnf_lcm_op_occs');
    await read(`/audit/v1/vnf_instances/${vnfInstanceId}/events`);
    expect(responses.flatMap(leaksIn)).toEqual([]);
  });

  it('terminates and deletes: the data key is destroyed, the audit trail stays readable', async () => {
    await run('terminate', { terminationType: 'FORCEFUL' });
    const key = keyFile();
    expect(key).toBeDefined();
    expect((await http(`/vnflcm/v2/vnf_instances/${vnfInstanceId}`, { method: 'DELETE' })).status).toBe(204);
    await pollUntil(
      'data key destroyed',
      async () => existsSync(key as string),
      (exists) => !exists,
      10_000,
    );
    const audit = await read<AuditTrailReply>(`/audit/v1/vnf_instances/${vnfInstanceId}/events`);
    const started = audit.entries.filter((entry) => entry.type === 'VnfLcmOperationStarted');
    expect(started.map((entry) => entry.operation)).toEqual(['INSTANTIATE', 'SCALE', 'TERMINATE']);
    expect(started[0].request).toMatchObject({
      additionalParams: { k8s_cluster_installation_param: { master_node: { password: '[SECRET]' }, proxy: { http_proxy: '[SECRET]' } } },
    });
  });

  it('leaves no form of any secret in a log line, a file of the data folder or a Kafka log segment', async () => {
    const logged = (product as ProductProcess).lines;
    expect(logged.filter((line) => line.includes(vnfInstanceId)).length).toBeGreaterThan(5);
    expect(logged.filter((line) => leaksIn(line).length > 0)).toEqual([]);
    const stored = await searchFiles(dataDir, vnfInstanceId);
    expect(stored.leaking).toEqual([]);
    expect(stored.witnessed).toBeGreaterThan(0);
    const kafkaData = localKafkaDataDir(brokers);
    if (!kafkaData) {
      console.warn(`Kafka log segments not checked: broker ${brokers.join(',')} is not the one tools/kafka runs on this machine`);
      return;
    }
    // Message keys are instance ids in clear: the segments searched are those this test's messages went to.
    const segments = await searchFiles(kafkaData, vnfInstanceId, startedAt - 1000);
    expect(segments.leaking).toEqual([]);
    expect(segments.witnessed).toBeGreaterThan(0);
  });
});
